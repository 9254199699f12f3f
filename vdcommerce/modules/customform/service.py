"""The custom form services: the form and answer repositories on the shared kit
(framework/repository.py), docs/modules/customform.md.

Both repositories merge a save over the stored record (keys left out keep their values) and report
a failed save or delete as "Unable to save/remove ..." wrapping the inner message; a missing record
stays a 404. What is their own:

- an answer copies its form's title and code (``form_name``, ``form_code``) while ``form_name`` is
  null, and shows two computed keys: ``recipient_email`` (the reply address) and ``customer_name``;
- a form's ``code`` is unique, its ``store_id`` and ``customer_group`` are comma-separated id lists and
  its ``form_json`` must be the JSON text of an array (pages of fields, or the old flat field list).

A REST save only stores: no mail leaves and no storefront submit event is raised.
"""
from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping
from typing import Any

from sqlalchemy import select

from ...framework.dates import parse_datetime, utc_now
from ...framework.exceptions import (CouldNotDeleteException, InputException, LocalizedException,
                                     NoSuchEntityException)
from ...framework.repository import Record, Repository, joined, parse_ids
from ...framework.search import SearchCriteria
from ...platform.customer.service import load_customer, valid_email
from .api import AnswerInterface, AnswerSearchResultsInterface, FormInterface, FormSearchResultsInterface
from .tables import answer as answer_table
from .tables import form as form_table

ANSWER_NOT_FOUND = 'Answer with specified ID "%1" was not found.'
FORM_NOT_FOUND = 'Form with specified ID "%1" was not found.'
FORM_CODE_NOT_FOUND = 'Form with specified code "%1" was not found.'
PENDING, ANSWERED = "0", "1"
_TIME = "%Y-%m-%d %H:%M:%S"

_FORM_BY_ID = select(form_table.c.form_id, form_table.c.title, form_table.c.code, form_table.c.email_field)


def _time_out(value: Any) -> str | None:
    return value.strftime(_TIME) if isinstance(value, dt.datetime) else value


def _time_in(value: Any, key: str) -> dt.datetime | None:
    """A time as sent (``YYYY-MM-DD HH:MM:SS``, a date alone is its midnight); empty: none."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    return parse_datetime(value, key)


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None


def submitted_value(response_json: str | None, name: str) -> str:
    """The value the submitter gave to the field ``name``, as text ("" when there is none).

    ``response_json`` is the submission as stored: an object keyed by field name whose entries are
    ``{"value", "label", "type"}``; a bare value instead of an entry is accepted too."""
    if not response_json or not name:
        return ""
    values = _json(response_json)
    if not isinstance(values, dict):
        return ""
    entry = values.get(name)
    if isinstance(entry, dict):
        entry = entry.get("value")
    return entry.strip() if isinstance(entry, str) else ""


def form_fields(form_json: str | None) -> list[dict[str, Any]]:
    """The fields of a form definition: its pages flattened, or the old flat field list as it is."""
    parsed = _json(form_json) if form_json else None
    if not isinstance(parsed, list):
        return []
    fields: list[dict[str, Any]] = []
    for item in parsed:
        if isinstance(item, list):
            fields.extend(f for f in item if isinstance(f, dict))
        elif isinstance(item, dict):
            fields.append(item)
    return fields


def _check_form_json(text: str) -> None:
    """A form definition is empty or the JSON text of an array of pages (arrays of field objects) or
    of field objects (the old flat shape)."""
    if not text.strip():
        return
    parsed = _json(text)
    ok = isinstance(parsed, list) and all(
        isinstance(item, dict) or (isinstance(item, list) and all(isinstance(f, dict) for f in item))
        for item in parsed)
    if not ok:
        raise InputException.invalid_value("form_json", text)


# --------------------------------------------------------------------------- forms

class FormRepository(Repository[FormInterface, FormSearchResultsInterface]):
    interface = "Vendor\\Customform\\Api\\FormRepositoryInterface"
    summary = "Custom forms"
    entity = "form"
    table = form_table
    data = FormInterface
    results = FormSearchResultsInterface
    not_found = FORM_NOT_FOUND
    could_not_save = True
    renamed = {"hide_email_field": "email_field_hide"}
    required = ("code", "title")
    choices = {"status": (0, 1), "send_notification": (0, 1)}

    # --- routed methods

    def save(self, form: FormInterface) -> FormInterface:
        return self.save_record(form)

    def get(self, form_id: int) -> FormInterface:
        return self.get_record(form_id)

    def get_list(self) -> list[FormInterface]:
        rows = self.conn.execute(self.base.order_by(self.pk)).all()
        return [self.to_data(self.from_row(r._mapping)) for r in rows]

    def delete_by_id(self, form_id: int) -> bool:
        self.load(form_id)  # a missing form is a 404, not a failed delete
        try:
            return self.delete_record(form_id)
        except LocalizedException as e:
            raise CouldNotDeleteException("Unable to remove form with ID %1. Error: %2",
                                          [form_id, e.rendered()]) from None

    # --- not routed

    def get_by_form_code(self, form_code: str) -> FormInterface:
        row = self.conn.execute(self.base.where(form_table.c.code == form_code)).first()
        if row is None:
            raise NoSuchEntityException(FORM_CODE_NOT_FOUND, [form_code])
        return self.to_data(self.from_row(row._mapping))

    def delete(self, form: FormInterface) -> bool:
        return self.delete_by_id(form.form_id or 0)

    # --- hooks

    def identify(self, sent: Record) -> Any:
        """``form_id`` 0 names no form: a new one."""
        return super().identify(sent) or None

    def convert(self, sent: Record, stored: Record | None) -> Record:
        values = {k: v for k, v in super().convert(sent, stored).items() if k != "hide_email_field"}
        for key in ("created_at", "scheduled_from", "scheduled_to"):
            if key in values:
                values[key] = _time_in(values[key], key)
        if stored is None and values.get("created_at") is None:
            values["created_at"] = utc_now()
        elif "created_at" in values and values["created_at"] is None:
            del values["created_at"]  # the creation time stays
        if "store_id" in values:
            stores = parse_ids(values["store_id"] if values["store_id"] is not None else "0", "store_id")
            known = self.ctx.config.website_of if self.ctx.config is not None else None
            for store_id in stores:
                if known is not None and store_id not in known:
                    raise InputException.invalid_value("store_id", values["store_id"])
            values["store_id"] = joined(stores or [0])
        if "customer_group" in values:
            values["customer_group"] = joined(parse_ids(values["customer_group"] or "", "customer_group"))
        for key, value in list(values.items()):  # a null text or flag key is its default again
            if value is None and key not in ("scheduled_from", "scheduled_to", "code", "title"):
                default = self.defaults.get(key)
                if default is not None:
                    values[key] = default
        return values

    def check(self, record: Record, stored: Record | None) -> None:
        super().check(record, stored)
        code = record["code"].strip()
        record["code"] = code
        taken = select(form_table.c.form_id).where(form_table.c.code == code)
        if stored is not None:
            taken = taken.where(form_table.c.form_id != stored["form_id"])
        if self.conn.execute(taken.limit(1)).first() is not None:
            raise LocalizedException('A form with code "%1" already exists.', [code])
        if record["scheduled_from"] and record["scheduled_to"] and record["scheduled_from"] > record["scheduled_to"]:
            raise InputException.invalid_value("scheduled_to", _time_out(record["scheduled_to"]))
        _check_form_json(record["form_json"] or "")
        for key, column in self.columns.items():
            length = getattr(form_table.c[column].type, "length", None)
            value = record.get(key)
            if length and isinstance(value, str) and len(value) > length:
                raise InputException.invalid_value(key, value)

    def to_data(self, record: Record) -> FormInterface:
        out = {key: record.get(key) for key in self.columns}
        for key in ("created_at", "scheduled_from", "scheduled_to"):
            out[key] = _time_out(out[key])
        out["orig_form_json"] = record.get("form_json")
        return FormInterface.of(**out)


# --------------------------------------------------------------------------- answers

class AnswerRepository(Repository[AnswerInterface, AnswerSearchResultsInterface]):
    interface = "Vendor\\Customform\\Api\\AnswerRepositoryInterface"
    summary = "Custom form answers (submissions)"
    entity = "answer"
    table = answer_table
    data = AnswerInterface
    results = AnswerSearchResultsInterface
    not_found = ANSWER_NOT_FOUND
    could_not_save = True
    renamed = {"response_message": "admin_response_message"}
    required = ("form_id",)
    choices = {"admin_response_status": (PENDING, ANSWERED)}

    # --- routed methods

    def save(self, answer: AnswerInterface) -> AnswerInterface:
        return self.save_record(answer)

    def get(self, answer_id: int) -> AnswerInterface:
        return self.get_record(answer_id)

    def get_list(self) -> list[AnswerInterface]:
        rows = self.conn.execute(self.base.order_by(self.pk)).all()
        return self.to_list([self.from_row(r._mapping) for r in rows])

    def get_list_filter(self, search_criteria: SearchCriteria) -> list[AnswerInterface]:
        return list(self.list_records(search_criteria).items or [])

    def delete_by_id(self, answer_id: int) -> bool:
        self.load(answer_id)  # a missing answer is a 404, not a failed delete
        try:
            return self.delete_record(answer_id)
        except LocalizedException as e:
            raise CouldNotDeleteException("Unable to remove answer with ID %1. Error: %2",
                                          [answer_id, e.rendered()]) from None

    # --- not routed

    def delete(self, answer: AnswerInterface) -> bool:
        return self.delete_by_id(answer.answer_id or 0)

    # --- saving

    def identify(self, sent: Record) -> Any:
        """``answer_id`` 0 names no answer: a new one."""
        return super().identify(sent) or None

    def convert(self, sent: Record, stored: Record | None) -> Record:
        values = {k: v for k, v in super().convert(sent, stored).items()
                  if k not in ("recipient_email", "customer_name")}
        values.pop("updated_at", None)  # the server keeps it
        if "created_at" in values:
            values["created_at"] = _time_in(values["created_at"], "created_at")
            if values["created_at"] is None:
                del values["created_at"]
        if stored is None:
            values.setdefault("created_at", utc_now())
            values.setdefault("store_id", str(self.ctx.store_id))
            if values.get("admin_response_status") is None:
                values["admin_response_status"] = PENDING
        values["updated_at"] = utc_now()
        for key in ("store_id", "ip", "response_json", "customer_id"):
            if key in values and values[key] is None:
                values[key] = stored[key] if stored is not None else self.defaults[key]
        return values

    def check(self, record: Record, stored: Record | None) -> None:
        if record.get("admin_response_status") is None:
            record["admin_response_status"] = PENDING
        super().check(record, stored)
        if record["customer_id"] < 0:
            raise InputException.invalid_value("customer_id", record["customer_id"])
        if record["form_id"] <= 0:
            raise InputException.invalid_value("form_id", record["form_id"])
        moved = stored is None or record["form_id"] != stored["form_id"]
        if moved or record.get("form_name") is None:
            form = self.conn.execute(_FORM_BY_ID.where(form_table.c.form_id == record["form_id"])).first()
            if form is None:  # reported inside "Unable to save ...", not as a 404 of the answer
                raise LocalizedException(FORM_NOT_FOUND, [record["form_id"]])
            if record.get("form_name") is None:
                record["form_name"], record["form_code"] = form.title, form.code
        for key, column in self.columns.items():
            length = getattr(answer_table.c[column].type, "length", None)
            value = record.get(key)
            if length and isinstance(value, str) and len(value) > length:
                raise InputException.invalid_value(key, value)

    # --- reading

    def to_data(self, record: Record) -> AnswerInterface:
        return self.to_list([record])[0]

    def to_list(self, records: list[Record]) -> list[AnswerInterface]:
        """The answers with their computed keys; each form and customer is read once."""
        form_ids = {r["form_id"] for r in records if r.get("form_id") is not None}
        email_fields: Mapping[int, str] = {}
        if form_ids:
            rows = self.conn.execute(_FORM_BY_ID.where(form_table.c.form_id.in_(form_ids)))
            email_fields = {row.form_id: row.email_field for row in rows}
        customers: dict[int, tuple[str, str]] = {}
        out = []
        for record in records:
            customer_id = record.get("customer_id") or 0
            if customer_id and customer_id not in customers:
                customers[customer_id] = self.customer(customer_id)
            email, first_name = customers.get(customer_id, ("", ""))
            recipient = (record.get("admin_response_email") or "").strip() \
                or submitted_value(record.get("response_json"), email_fields.get(record["form_id"], "")) \
                or email
            values = {key: record.get(key) for key in self.columns}
            values["created_at"] = _time_out(values["created_at"])
            values["updated_at"] = _time_out(values["updated_at"])
            out.append(AnswerInterface.of(**values, recipient_email=recipient if valid_email(recipient) else "",
                                          customer_name=first_name))
        return out

    def customer(self, customer_id: int) -> tuple[str, str]:
        """The email and first name of a customer account; empty when there is none."""
        try:
            customer = load_customer(self.ctx, customer_id)
        except NoSuchEntityException:
            return "", ""
        return customer.email or "", customer.firstname or ""
