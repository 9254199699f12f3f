"""The order attribute services: the admin entity-data repository and the checkout routes of customers
and guests (docs/modules/orderattr.md). The definitions' repository is in ``attributes``."""
from __future__ import annotations

import datetime as dt
import logging
import re
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from ...framework.data import digits
from ...framework.context import PLACEHOLDERS, Context, Service
from ...framework.exceptions import CouldNotDeleteException, CouldNotSaveException, InputException, NoSuchEntityException
from ...framework.repository import Record, Repository
from ...framework.search import SearchCriteria
from ...platform.quote import carts
from . import values as store
from .api import EntityDataInterface, EntityDataSearchResultsInterface
from .attributes import FORM_CODES, MULTI_CHOICE, SINGLE_CHOICE, AttributeRepository, Definition, definitions
from .tables import entity as entity_t

log = logging.getLogger("vdcommerce.orderattr")

NOT_FOUND = 'EntityData with specified ID "%1" not found.'
SAVE_FAILED = "Unable to save Order Attributes. Error: %1"
UNKNOWN_FORM = "Unknown Form Code"
NO_QUOTE = "Quote doesn't exist."
CHECKOUT_FAILED = "Something went wrong."
PARENT_TAKEN = 'The %1 with ID "%2" already has order attribute values (entity %3).'
NO_METHOD = ("", "unknown")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_MAX_ID = 2**31


def _vd_cart_id(ctx: Context) -> int:
    """``%vd_cart_id%``: the calling customer's active cart, as ``%cart_id%``."""
    cart_id = carts.active_cart_id(ctx, ctx.caller.customer_id)
    if cart_id is None:
        raise NoSuchEntityException(carts.NO_ACTIVE_CART)
    return cart_id


PLACEHOLDERS["%vd_cart_id%"] = _vd_cart_id


def custom_values(entity_data: EntityDataInterface) -> list[dict[str, Any]]:
    return list(entity_data.custom_attributes or [])


# --------------------------------------------------------------------------- admin: entity data

class EntityDataRepository(Repository[EntityDataInterface, EntityDataSearchResultsInterface]):
    interface = "Vendor\\Orderattr\\Api\\EntityDataRepositoryInterface"
    summary = "Order attribute values of orders and carts"
    entity = "entityData"
    table = entity_t
    data = EntityDataInterface
    results = EntityDataSearchResultsInterface
    not_found = NOT_FOUND

    _values: dict[int, str]

    # --- routed methods

    def save(self, entity_data: EntityDataInterface) -> EntityDataInterface:
        return self.save_record(entity_data)

    def get_by_id(self, entity_id: int) -> EntityDataInterface:
        return self.get_record(entity_id)

    def delete_by_id(self, entity_id: int) -> bool:
        self.load(entity_id)
        try:
            store.delete_entity(self.conn, entity_id)
        except SQLAlchemyError as e:
            log.exception("removing order attribute entity %s failed", entity_id)
            raise CouldNotDeleteException("Unable to remove entityData with ID %1. Error: %2",
                                        [entity_id, type(e).__name__]) from None
        return True

    def get_list(self, search_criteria: SearchCriteria) -> EntityDataSearchResultsInterface:
        return self.list_records(search_criteria)

    # --- hooks

    def identify(self, sent: Record) -> Any:
        """The entity a save names; ``entity_id`` 0 names none (a new entity), as on the platform."""
        return super().identify(sent) or None

    def find(self, record_id: Any) -> Record | None:
        if not isinstance(record_id, int) or not 0 <= record_id < _MAX_ID:
            return None
        return super().find(record_id)

    def with_links(self, records: list[Record]) -> list[Record]:
        by_entity = store.values_of(self.conn, [r["entity_id"] for r in records])
        for r in records:
            r["custom_attributes"] = [{"attribute_code": code, "value": v}
                                      for _, code, _, v in by_entity[r["entity_id"]]]
        return records

    def convert(self, sent: Record, stored: Record | None) -> Record:
        values = super().convert(sent, stored)
        ids = store.codes_to_ids(self.conn)
        self._values = {}
        for entry in sent.get("custom_attributes") or []:
            code = entry["attribute_code"]
            text = store.as_text(code, entry["value"])
            if code in ids:  # codes that are no order attribute are dropped
                self._values[ids[code]] = text
        return values

    def check(self, record: Record, stored: Record | None) -> None:
        for key in ("parent_id", "parent_entity_type"):
            if record.get(key) is None:
                raise InputException.required(key)
        if record["parent_entity_type"] not in store.PARENT_TYPES:
            raise InputException.invalid_value("parent_entity_type", str(record["parent_entity_type"]))
        if not 0 <= record["parent_id"] < _MAX_ID:
            raise InputException.invalid_value("parent_id", record["parent_id"])
        other = store.entity_of(self.conn, record["parent_id"], record["parent_entity_type"])
        if other is not None and (stored is None or other != stored["entity_id"]):
            kind = "order" if record["parent_entity_type"] == store.ORDER else "cart"
            reason = InputException(PARENT_TAKEN, [kind, record["parent_id"], other]).rendered()
            log.warning("order attributes not saved: %s", reason)
            raise CouldNotSaveException(SAVE_FAILED, [reason])

    def write(self, stored: Record | None, record: Record, sent_links: list[str]) -> Record:
        try:
            record = super().write(stored, record, sent_links)
            store.write_values(self.conn, record["entity_id"], self._values)
        except SQLAlchemyError as e:
            log.exception("saving order attribute entity failed")
            raise CouldNotSaveException(SAVE_FAILED, [type(e).__name__]) from None
        return self.with_links([record])[0]

    def to_data(self, record: Record) -> EntityDataInterface:
        return entity_data(record["entity_id"], record["parent_id"], record["parent_entity_type"],
                           record.get("custom_attributes") or [])


def entity_data(entity_id: int, parent_id: int, parent_type: int,
                custom_attributes: list[dict[str, Any]]) -> EntityDataInterface:
    return EntityDataInterface.of(entity_id=entity_id, parent_id=parent_id, parent_entity_type=parent_type,
                                  custom_attributes=custom_attributes or None)


# --------------------------------------------------------------------------- checkout

def problem(d: Definition, text: str, store_id: int) -> str | None:
    """What is wrong with a value a checkout form sent for this attribute (None: nothing)."""
    label = d.label_for(store_id)
    if text.strip() == "":
        return f'"{label}" is a required value.' if d.is_required else None
    if d.input in SINGLE_CHOICE + MULTI_CHOICE:
        parts = [p.strip() for p in text.split(",")] if d.input in MULTI_CHOICE else [text.strip()]
        for p in parts:
            if not digits(p) or int(p) not in d.options:
                return f'"{label}" has no option "{p}".'
    elif d.input == "date":
        try:
            if not _DATE.fullmatch(text):
                raise ValueError
            dt.date.fromisoformat(text)
        except ValueError:
            return f'"{label}" needs a date as YYYY-MM-DD.'
    elif d.input == "boolean" and text not in ("0", "1"):
        return f'"{label}" takes 0 or 1.'
    return None


def normalised(d: Definition, text: str) -> str:
    if d.input in MULTI_CHOICE and text.strip():
        return ",".join(p.strip() for p in text.split(","))
    return text.strip() if d.input in SINGLE_CHOICE + ("date", "boolean") else text


def save_for_cart(ctx: Context, row: Any, form_code: str, shipping_method_code: str,
                  data: EntityDataInterface) -> EntityDataInterface:
    """Save what a checkout form sent for a cart: the values of the attributes of that form that apply
    to the cart's store view, customer group and shipping method, each validated."""
    method = None if shipping_method_code in NO_METHOD else shipping_method_code
    form = {d.code: d for d in definitions(ctx.conn)
            if d.applies(form_code, row.store_id, row.customer_group_id or 0, method)}
    errors: list[str] = []
    sent: dict[int, str] = {}
    for entry in custom_values(data):
        d = form.get(entry["attribute_code"])
        text = store.as_text(entry["attribute_code"], entry["value"])
        if d is None:
            continue
        found = problem(d, text, row.store_id)
        if found is not None:
            errors.append(found)
        else:
            sent[d.attribute_id] = normalised(d, text)
    if errors:
        raise InputException(" ".join(errors))
    try:
        entity_id = store.entity_of(ctx.conn, row.id, store.QUOTE)
        if entity_id is None:
            entity_id = store.create_entity(ctx.conn, row.id, store.QUOTE)
        store.write_values(ctx.conn, entity_id, sent)
    except SQLAlchemyError:
        log.exception("saving the order attributes of cart %s failed", row.id)
        raise InputException(CHECKOUT_FAILED) from None
    saved = store.values_of(ctx.conn, [entity_id])[entity_id]
    return entity_data(entity_id, row.id, store.QUOTE, [{"attribute_code": c, "value": v} for _, c, _, v in saved])


def check_form(form_code: str) -> None:
    if form_code not in FORM_CODES:
        raise InputException(UNKNOWN_FORM)


class CheckoutDataRepository(Service):
    """The logged-in customer's checkout: values of their active cart (``vdCartId`` is forced)."""
    interface = "Vendor\\Orderattr\\Api\\CheckoutDataRepositoryInterface"

    def save(self, vd_cart_id: int, checkout_form_code: str, shipping_method_code: str,
             entity_data: EntityDataInterface) -> EntityDataInterface:
        check_form(checkout_form_code)
        return save_for_cart(self.ctx, carts.row_of(self.ctx, vd_cart_id), checkout_form_code,
                             shipping_method_code, entity_data)


class GuestCheckoutDataRepository(Service):
    """A guest's checkout: values of the cart with this masked id."""
    interface = "Vendor\\Orderattr\\Api\\GuestCheckoutDataRepositoryInterface"

    def save(self, vd_cart_id: str, checkout_form_code: str, shipping_method_code: str,
             entity_data: EntityDataInterface) -> EntityDataInterface:
        check_form(checkout_form_code)
        try:
            row = carts.by_masked_id(self.ctx, vd_cart_id)
        except NoSuchEntityException:
            raise InputException(NO_QUOTE) from None
        return save_for_cart(self.ctx, row, checkout_form_code, shipping_method_code, entity_data)


__all__ = ["AttributeRepository", "CheckoutDataRepository", "EntityDataRepository", "GuestCheckoutDataRepository"]
