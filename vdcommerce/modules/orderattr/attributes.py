"""Order attribute definitions: the admin repository and what checkout reads of them.

A definition is a ``Repository`` record (framework/repository.py) whose options and store-view labels
live in tables of their own and whose applicability lists (store views, customer groups, shipping
methods, checkout forms) are JSON lists on its row; an empty list means "everywhere".
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import orjson
from sqlalchemy import Connection, bindparam, delete, insert, select

from ...framework.exceptions import InputException
from ...framework.repository import Record, Repository
from ...framework.search import SearchCriteria, SearchField
from .api import AttributeInterface, AttributeOptionInterface, AttributeSearchResultsInterface, AttributeStoreLabelInterface
from .tables import attribute as attribute_t
from .tables import attribute_label as label_t
from .tables import attribute_option as option_t
from .tables import value as value_t

NOT_FOUND = 'The order attribute with ID "%1" doesn\'t exist.'
TEXT_INPUTS = ("text", "textarea", "date", "boolean", "file")
SINGLE_CHOICE = ("select", "radios")
MULTI_CHOICE = ("multiselect", "checkboxes")
INPUTS = TEXT_INPUTS + SINGLE_CHOICE + MULTI_CHOICE
FORM_CODES = ("vd_checkout", "vd_checkout_shipping", "vd_checkout_virtual")
LISTS = ("store_ids", "customer_group_ids", "shipping_methods", "form_codes")
_CODE = re.compile(r"[a-z][a-z0-9_]{0,59}")
_METHOD = re.compile(r"[A-Za-z0-9_-]+_[A-Za-z0-9_-]+")

_OPTIONS = select(option_t).where(option_t.c.attribute_id.in_(bindparam("ids", expanding=True))) \
    .order_by(option_t.c.attribute_id, option_t.c.sort_order, option_t.c.value)
_LABELS = select(label_t).where(label_t.c.attribute_id.in_(bindparam("ids", expanding=True))) \
    .order_by(label_t.c.attribute_id, label_t.c.store_id)


@dataclass
class Definition:
    """What checkout needs of one attribute."""
    attribute_id: int
    code: str
    label: str
    input: str
    is_required: bool
    options: dict[int, str]
    labels: dict[int, str]
    store_ids: list[int] = field(default_factory=list)
    customer_group_ids: list[int] = field(default_factory=list)
    shipping_methods: list[str] = field(default_factory=list)
    form_codes: list[str] = field(default_factory=list)

    def label_for(self, store_id: int) -> str:
        return self.labels.get(store_id) or self.label

    def applies(self, form_code: str | None, store_id: int, group_id: int, shipping_method: str | None) -> bool:
        """Whether the attribute belongs to this checkout form (None: any form) for a cart of this store
        view and customer group, shipping with this ``carrier_method`` (None: no method chosen)."""
        if form_code is not None and self.form_codes and form_code not in self.form_codes:
            return False
        if self.store_ids and store_id not in self.store_ids:
            return False
        if self.customer_group_ids and group_id not in self.customer_group_ids:
            return False
        return not self.shipping_methods or shipping_method in self.shipping_methods


def definitions(conn: Connection) -> list[Definition]:
    """Every attribute definition, in sort order (the table is small: shops define a handful)."""
    rows = conn.execute(select(attribute_t).order_by(attribute_t.c.sort_order, attribute_t.c.attribute_id)).all()
    ids = [r.attribute_id for r in rows]
    options: dict[int, dict[int, str]] = {i: {} for i in ids}
    labels: dict[int, dict[int, str]] = {i: {} for i in ids}
    if ids:
        for o in conn.execute(_OPTIONS, {"ids": ids}):
            options[o.attribute_id][o.value] = o.label
        for lb in conn.execute(_LABELS, {"ids": ids}):
            labels[lb.attribute_id][lb.store_id] = lb.label
    return [Definition(r.attribute_id, r.attribute_code, r.frontend_label, r.frontend_input, r.is_required,
                       options[r.attribute_id], labels[r.attribute_id],
                       **{name: orjson.loads(getattr(r, name)) for name in LISTS}) for r in rows]


def _ints(value: Any, key: str) -> list[int]:
    out: list[int] = []
    for v in value or []:
        if v is None or v < 0:
            raise InputException.invalid_value(key, v)
        if v not in out:
            out.append(v)
    return sorted(out)


class AttributeRepository(Repository[AttributeInterface, AttributeSearchResultsInterface]):
    interface = "Vendor\\Orderattr\\Api\\AttributeRepositoryInterface"
    summary = "Order attribute definitions"
    entity = "order attribute"
    table = attribute_t
    data = AttributeInterface
    results = AttributeSearchResultsInterface
    not_found = NOT_FOUND
    required = ("attribute_code", "frontend_label", "frontend_input")

    # --- routed methods

    def save(self, attribute: AttributeInterface) -> AttributeInterface:
        return self.save_record(attribute)

    def get_by_id(self, attribute_id: int) -> AttributeInterface:
        return self.get_record(attribute_id)

    def delete_by_id(self, attribute_id: int) -> bool:
        self.load(attribute_id)
        # the values go with their attribute (explicitly: SQLite may run without foreign keys)
        for table in (value_t, option_t, label_t):
            self.conn.execute(delete(table).where(table.c.attribute_id == attribute_id))
        return self.delete_record(attribute_id)

    def get_list(self, search_criteria: SearchCriteria) -> AttributeSearchResultsInterface:
        return self.list_records(search_criteria)

    # --- hooks

    def search_fields(self) -> dict[str, SearchField]:
        return {k: v for k, v in self._search.items() if k not in LISTS}

    def with_links(self, records: list[Record]) -> list[Record]:
        ids = [r["attribute_id"] for r in records]
        by_id = {i: r for i, r in zip(ids, records)}
        for r in records:
            r["options"], r["store_labels"] = [], []
        if ids:
            for o in self.conn.execute(_OPTIONS, {"ids": ids}):
                by_id[o.attribute_id]["options"].append({"value": o.value, "label": o.label,
                                                         "sort_order": o.sort_order})
            for lb in self.conn.execute(_LABELS, {"ids": ids}):
                by_id[lb.attribute_id]["store_labels"].append({"store_id": lb.store_id, "label": lb.label})
        return records

    def from_row(self, row: Any) -> Record:
        record = super().from_row(row)
        for name in LISTS:
            record[name] = orjson.loads(record[name] or "[]")
        return record

    def new_record(self) -> Record:
        record = super().new_record()
        record.update({name: [] for name in LISTS}, options=[], store_labels=[], is_required=False, sort_order=0)
        return record

    def convert(self, sent: Record, stored: Record | None) -> Record:
        values = super().convert(sent, stored)
        for name in LISTS:
            if name in values and values[name] is None:
                values[name] = []
        for key in ("is_required", "sort_order"):
            if key in values and values[key] is None:
                values[key] = False if key == "is_required" else 0
        if sent.get("options") is not None:
            values["options"] = [o.sent() for o in sent["options"]]
        elif "options" in sent:
            values["options"] = []
        if sent.get("store_labels") is not None:
            values["store_labels"] = [lb.sent() for lb in sent["store_labels"]]
        elif "store_labels" in sent:
            values["store_labels"] = []
        return values

    def check(self, record: Record, stored: Record | None) -> None:
        super().check(record, stored)
        code = record["attribute_code"]
        if not _CODE.fullmatch(code):
            raise InputException.invalid_value("attribute_code", code)
        taken = self.conn.execute(select(attribute_t.c.attribute_id).where(
            attribute_t.c.attribute_code == code)).scalar()
        if taken is not None and (stored is None or taken != stored["attribute_id"]):
            raise InputException('An order attribute with the code "%1" already exists.', [code])
        if len(record["frontend_label"]) > 255:
            raise InputException.invalid_value("frontend_label", record["frontend_label"])
        if record["frontend_input"] not in INPUTS:
            raise InputException.invalid_value("frontend_input", record["frontend_input"])
        record["store_ids"] = _ints(record["store_ids"], "store_ids")
        known = self.ctx.config.website_of if self.ctx.config is not None else None
        for store_id in record["store_ids"]:
            if known is not None and store_id not in known:
                raise InputException.invalid_value("store_ids", store_id)
        record["customer_group_ids"] = _ints(record["customer_group_ids"], "customer_group_ids")
        methods: list[str] = []
        for m in record["shipping_methods"]:
            if m is None or not _METHOD.fullmatch(m) or len(m) > 255:
                raise InputException.invalid_value("shipping_methods", m)
            if m not in methods:
                methods.append(m)
        record["shipping_methods"] = methods
        forms: list[str] = []
        for f in record["form_codes"]:
            if f not in FORM_CODES:
                raise InputException.invalid_value("form_codes", f)
            if f not in forms:
                forms.append(f)
        record["form_codes"] = forms
        self._check_options(record)
        seen_stores: set[int] = set()
        for lb in record["store_labels"]:
            store_id, label = lb.get("store_id"), lb.get("label")
            if store_id is None:
                raise InputException.required("store_id")
            if store_id in seen_stores or (known is not None and store_id not in known) or store_id < 0:
                raise InputException.invalid_value("store_id", store_id)
            seen_stores.add(store_id)
            if label is None or not str(label).strip():
                raise InputException.required("label")
            if len(label) > 255:
                raise InputException.invalid_value("label", label)

    def _check_options(self, record: Record) -> None:
        options = record["options"]
        if options and record["frontend_input"] not in SINGLE_CHOICE + MULTI_CHOICE:
            raise InputException('Options are only for the select, radios, multiselect and checkboxes inputs; '
                                 '"%1" takes none.', [record["frontend_input"]])
        values = [o.get("value") for o in options if o.get("value") is not None]
        seen: set[int] = set()
        for v in values:
            if v <= 0 or v >= 2**31 or v in seen:
                raise InputException.invalid_value("value", v)
            seen.add(v)
        next_value = max(values, default=0) + 1
        for position, o in enumerate(options):
            label = o.get("label")
            if label is None or not str(label).strip():
                raise InputException.required("label")
            if len(label) > 255:
                raise InputException.invalid_value("label", label)
            if o.get("value") is None:
                o["value"] = next_value
                next_value += 1
            if o.get("sort_order") is None:
                o["sort_order"] = position

    def to_row(self, record: Record) -> dict[str, Any]:
        row = super().to_row(record)
        for name in LISTS:
            row[name] = orjson.dumps(record[name]).decode()
        return row

    def write(self, stored: Record | None, record: Record, sent_links: list[str]) -> Record:
        record = super().write(stored, record, sent_links)
        attribute_id = record["attribute_id"]
        if stored is None or "options" in self.sent:
            self.conn.execute(delete(option_t).where(option_t.c.attribute_id == attribute_id))
            if record["options"]:
                self.conn.execute(insert(option_t), [
                    {"attribute_id": attribute_id, "value": o["value"], "label": o["label"],
                     "sort_order": o["sort_order"]} for o in record["options"]])
            record["options"] = sorted(record["options"], key=lambda o: (o["sort_order"], o["value"]))
        if stored is None or "store_labels" in self.sent:
            self.conn.execute(delete(label_t).where(label_t.c.attribute_id == attribute_id))
            if record["store_labels"]:
                self.conn.execute(insert(label_t), [
                    {"attribute_id": attribute_id, "store_id": lb["store_id"], "label": lb["label"]}
                    for lb in record["store_labels"]])
            record["store_labels"] = sorted(record["store_labels"], key=lambda lb: lb["store_id"])
        return record

    def to_data(self, record: Record) -> AttributeInterface:
        out = {key: record.get(key) for key in self.columns}
        out["options"] = [AttributeOptionInterface.of(value=o["value"], label=o["label"], sort_order=o["sort_order"])
                          for o in record.get("options") or []]
        out["store_labels"] = [AttributeStoreLabelInterface.of(store_id=lb["store_id"], label=lb["label"])
                               for lb in record.get("store_labels") or []]
        return AttributeInterface.of(**out)
