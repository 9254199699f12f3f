"""The Shipping Table Rates admin services: methods (with their labels per store view), the rate rows
of a method, and the CSV import that loads them (``importer.py``).

Methods and rates are plain repositories on the shared kit (framework/repository.py). What an estimate
does with them is in ``carrier.py``.
"""
from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from sqlalchemy import delete, insert, select

from ...framework.context import Service
from ...framework.exceptions import InputException, NoSuchEntityException
from ...framework.repository import Record, Repository, joined, parse_ids
from ...framework.search import SearchCriteria
from .api import (FileContentInterface, ImportResultInterface, MethodInterface, MethodLabelInterface,
                  MethodSearchResultsInterface, RateInterface, RateSearchResultsInterface)
from .importer import decode_file, import_rates
from .tables import method as method_t
from .tables import method_label as label_t
from .tables import rate as rate_t

RESOURCE = "Vendor_ShippingTableRates::vdstrates"
_MAX_AMOUNT = Decimal("9999999999.99")


def method_missing(method_id: Any) -> NoSuchEntityException:
    return NoSuchEntityException.single_field("methodId", method_id)


def require_method(conn: Any, method_id: int) -> None:
    if conn.execute(select(method_t.c.id).where(method_t.c.id == method_id)).first() is None:
        raise method_missing(method_id)


def _amount(key: str, value: Any) -> Decimal:
    try:
        amount = Decimal(str(value if value is not None else 0))
    except InvalidOperation:
        raise InputException.invalid_value(key, value) from None
    if not amount.is_finite() or amount < 0 or amount > _MAX_AMOUNT:
        raise InputException.invalid_value(key, value)
    return amount.quantize(Decimal("0.01"))


def _labels_of(conn: Any, ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    out: dict[int, list[dict[str, Any]]] = {i: [] for i in ids}
    if ids:
        rows = conn.execute(select(label_t).where(label_t.c.method_id.in_(ids))
                            .order_by(label_t.c.method_id, label_t.c.store_id))
        for r in rows:
            out[r.method_id].append({"store_id": r.store_id, "label": r.label, "comment": r.comment})
    return out


class MethodRepository(Repository[MethodInterface, MethodSearchResultsInterface]):
    interface = "Vendor\\ShippingTableRates\\Api\\MethodRepositoryInterface"
    summary = "Shipping table rate methods"
    entity = "method"
    table = method_t
    data = MethodInterface
    results = MethodSearchResultsInterface
    id_key = "id"
    required = ("name",)
    choices = {"is_active": (0, 1), "select_rate": (0, 1, 2)}

    def save(self, method: MethodInterface) -> MethodInterface:
        """Create a method (no ``id``) or change the keys sent of one."""
        return self.save_record(method)

    def get_by_id(self, method_id: int) -> MethodInterface:
        return self.get_record(method_id)

    def get_list(self, search_criteria: SearchCriteria) -> MethodSearchResultsInterface:
        return self.list_records(search_criteria)

    def delete_by_id(self, method_id: int) -> bool:
        """Delete the method with its rates and labels."""
        if self.find(method_id) is None:
            raise self.missing(method_id)
        self.conn.execute(delete(rate_t).where(rate_t.c.method_id == method_id))
        self.conn.execute(delete(label_t).where(label_t.c.method_id == method_id))
        return self.delete_record(method_id)

    # --- hooks

    def missing(self, record_id: Any) -> NoSuchEntityException:
        return method_missing(record_id)

    def convert(self, sent: Record, stored: Record | None) -> Record:
        values = super().convert(sent, stored)
        if isinstance(values.get("name"), str):
            values["name"] = values["name"].strip()
        for key in ("is_active", "select_rate"):
            if key in values and values[key] is None:
                del values[key]
        for key in ("stores", "cust_groups"):
            if key in values:
                values[key] = joined(parse_ids(values[key], key)) if values[key] is not None else ""
        if "free_types" in values:
            text = values["free_types"] or ""
            values["free_types"] = ",".join(p.strip() for p in str(text).split(",") if p.strip())
        for key in ("min_rate", "max_rate"):
            if key in values:
                values[key] = _amount(key, values[key])
        if "labels" in sent:
            labels: dict[int, dict[str, Any]] = {}
            for label in sent["labels"] or []:
                item = label if isinstance(label, dict) else label.sent()
                store_id = item.get("store_id")
                if store_id is None or store_id < 0 or (
                        self.ctx.config is not None and store_id not in self.ctx.config.website_of):
                    raise InputException.invalid_value("store_id", store_id)
                labels[store_id] = {"store_id": store_id, "label": (item.get("label") or "").strip() or None,
                                    "comment": item.get("comment") or None}
            values["labels"] = [labels[k] for k in sorted(labels)]
        return values

    def write(self, stored: Record | None, record: Record, sent_links: list[str]) -> Record:
        saved = super().write(stored, record, sent_links)
        if "labels" in self.sent:
            self.conn.execute(delete(label_t).where(label_t.c.method_id == saved["id"]))
            if saved.get("labels"):
                self.conn.execute(insert(label_t), [{"method_id": saved["id"], **label} for label in saved["labels"]])
        return saved

    def with_links(self, records: list[Record]) -> list[Record]:
        records = super().with_links(records)
        labels = _labels_of(self.conn, [r["id"] for r in records])
        for r in records:
            r["labels"] = labels[r["id"]]
        return records

    def new_record(self) -> Record:
        return {**super().new_record(), "is_active": 1, "select_rate": 0, "stores": "", "cust_groups": "",
                "free_types": "", "min_rate": Decimal("0"), "max_rate": Decimal("0"), "labels": []}

    def to_data(self, record: Record) -> MethodInterface:
        data = super().to_data(record)
        data.labels = [MethodLabelInterface.of(**label) for label in record.get("labels") or []]
        return data


class RateRepository(Repository[RateInterface, RateSearchResultsInterface]):
    interface = "Vendor\\ShippingTableRates\\Api\\RateRepositoryInterface"
    summary = "Shipping table rate rows"
    entity = "rate"
    table = rate_t
    data = RateInterface
    results = RateSearchResultsInterface

    def get_list(self, search_criteria: SearchCriteria) -> RateSearchResultsInterface:
        """Rate rows; usually filtered by ``method_id``."""
        return self.list_records(search_criteria)

    def delete_by_method_id(self, method_id: int) -> bool:
        """Delete every rate row of the method."""
        require_method(self.conn, method_id)
        self.conn.execute(delete(rate_t).where(rate_t.c.method_id == method_id))
        return True


class RateImport(Service):
    interface = "Vendor\\ShippingTableRates\\Api\\RateImportInterface"
    summary = "Shipping table rate import"

    def import_(self, method_id: int, file_content: FileContentInterface,
                delete_existing: bool = False) -> ImportResultInterface:
        """Load the rate rows of a CSV file into the method (after deleting its rows, when asked); in one
        transaction: a file that cannot be read as a whole stores nothing."""
        require_method(self.conn, method_id)
        text = decode_file(file_content.base64_encoded_data)
        count, messages = import_rates(self.conn, method_id, text, bool(delete_existing))
        return ImportResultInterface.of(imported_count=count, messages=messages)


# ``import`` is the interface's method name and a Python keyword: the routes bind to it by that name
setattr(RateImport, "import", RateImport.import_)
