"""The product repository (platform.md 9.0) and the product facts other packages read.

Choices where the platform leaves room (docs/platform/catalog.md lists them):

- ``save`` finds the product by ``sku``: an existing SKU is updated (keys the client leaves out keep
  their values, sent custom attributes are merged by code), a new one is created. A PUT's path SKU
  decides which product (platform.md 2.5), so a SKU cannot be renamed.
- A new product needs ``sku``, ``name`` and ``price``; it defaults to attribute set 4, type
  ``simple``, status 1, visibility 4, website 1 and no stock (qty 0, out of stock).
- ``is_in_stock`` follows ``qty`` (qty above 0) unless the client sends it.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Iterable, Iterator, Mapping

import orjson
from sqlalchemy import bindparam, insert, select, update

from ...framework import events
from ...framework.db import Query
from ...framework.exceptions import InputException, NoSuchEntityException
from ...framework.repository import LinkSet, Repository
from ...framework.search import SearchCriteria, SearchField
from .api import ProductExtensionInterface, ProductInterface, ProductSearchResultsInterface, StockItemInterface
from .tables import product as product_t
from .tables import product_website as website_t
from .tables import stock_item as stock_t

NOT_FOUND = "The product that was requested doesn't exist. Verify the product and try again."
TYPES = ("simple", "virtual")
STATUSES = (1, 2)
VISIBILITIES = (1, 2, 3, 4)


@dataclass(frozen=True)
class ProductFacts:
    """What carts, rules and orders read of a product."""
    id: int
    sku: str
    name: str
    price: Decimal
    status: int
    visibility: int
    type_id: str
    weight: Decimal | None
    attribute_set_id: int
    qty: Decimal
    is_in_stock: bool
    website_ids: tuple[int, ...]
    category_ids: tuple[str, ...]
    custom_attributes: dict[str, Any]


_columns = (product_t.c.entity_id, product_t.c.sku, product_t.c.name, product_t.c.attribute_set_id,
            product_t.c.type_id, product_t.c.price, product_t.c.status, product_t.c.visibility, product_t.c.weight,
            product_t.c.custom_attributes, product_t.c.created_at, product_t.c.updated_at,
            stock_t.c.qty, stock_t.c.is_in_stock)
_base = select(*_columns).select_from(product_t.outerjoin(stock_t, stock_t.c.product_id == product_t.c.entity_id))
_by_sku = Query(_base.where(product_t.c.sku == bindparam("sku")))
_websites_of = Query(select(website_t.c.website_id).where(website_t.c.product_id == bindparam("pid"))
                     .order_by(website_t.c.website_id))


def _now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc).replace(tzinfo=None, microsecond=0)


def _attributes(text: str) -> dict[str, Any]:
    return {a["attribute_code"]: a["value"] for a in orjson.loads(text or "[]")}


def _category_ids(value: Any) -> tuple[str, ...]:
    if value is None or value == "":
        return ()
    if isinstance(value, str):
        value = value.split(",")
    if not isinstance(value, list):
        value = [value]
    return tuple(str(v).strip() for v in value if str(v).strip())


def _websites(conn, ids: list[int]) -> dict[int, tuple[int, ...]]:
    out: dict[int, list[int]] = {i: [] for i in ids}
    if ids:
        for pid, wid in conn.execute(select(website_t.c.product_id, website_t.c.website_id)
                                     .where(website_t.c.product_id.in_(ids))
                                     .order_by(website_t.c.product_id, website_t.c.website_id)):
            out[pid].append(wid)
    return {k: tuple(v) for k, v in out.items()}


def _facts(row, websites: tuple[int, ...]) -> ProductFacts:
    attributes = _attributes(row.custom_attributes)
    return ProductFacts(row.entity_id, row.sku, row.name, Decimal(row.price), row.status, row.visibility, row.type_id,
                        None if row.weight is None else Decimal(row.weight), row.attribute_set_id,
                        Decimal(row.qty or 0), bool(row.is_in_stock), websites,
                        _category_ids(attributes.get("category_ids")), attributes)


def product_facts(conn, sku: str) -> ProductFacts | None:
    row = _by_sku.first(conn, sku=sku)
    if row is None:
        return None
    return _facts(row, tuple(r.website_id for r in _websites_of.all(conn, pid=row.entity_id)))


def products_by_ids(conn, ids: Iterable[int]) -> dict[int, ProductFacts]:
    ids = sorted(set(ids))
    if not ids:
        return {}
    rows = conn.execute(_base.where(product_t.c.entity_id.in_(ids))).all()
    websites = _websites(conn, [r.entity_id for r in rows])
    return {r.entity_id: _facts(r, websites[r.entity_id]) for r in rows}


def iter_product_facts(conn, batch: int = 500) -> Iterator[ProductFacts]:
    """Every product's facts in id order, read a batch at a time (rules that select products)."""
    last = 0
    while True:
        rows = conn.execute(_base.where(product_t.c.entity_id > last).order_by(product_t.c.entity_id)
                            .limit(batch)).all()
        if not rows:
            return
        websites = _websites(conn, [r.entity_id for r in rows])
        for r in rows:
            yield _facts(r, websites[r.entity_id])
        last = rows[-1].entity_id


class ProductRepository(Repository[ProductInterface, ProductSearchResultsInterface]):
    """Products by SKU: a save with an unknown SKU creates the product. The stock item is a 1:1 table
    written beside the row; the websites are a link set (``extension_attributes.website_ids``)."""

    interface = "Magento\\Catalog\\Api\\ProductRepositoryInterface"
    summary = "Products"
    table = product_t
    data = ProductInterface
    results = ProductSearchResultsInterface
    not_found = NOT_FOUND
    identifier = product_t.c.sku
    create_missing = True
    renamed = {"id": "entity_id"}
    links = {"website_ids": LinkSet(website_t.c.product_id, website_t.c.website_id, csv=False)}
    base = _base

    def get(self, sku: str, edit_mode: bool = False, store_id: int | None = None,
            force_reload: bool = False) -> ProductInterface:
        return self.get_record(sku)

    def get_list(self, search_criteria: SearchCriteria) -> ProductSearchResultsInterface:
        return self.list_records(search_criteria)

    def save(self, product: ProductInterface, save_options: bool = False) -> ProductInterface:
        return self.save_record(product)

    def delete_by_id(self, sku: str) -> bool:
        return self.delete_record(sku)

    # --- the repository's hooks

    def missing(self, record_id: Any) -> NoSuchEntityException:
        return NoSuchEntityException(NOT_FOUND)

    def identify(self, sent: dict[str, Any]) -> Any:
        return (sent.get("sku") or "").strip() or None

    def from_row(self, row: Any) -> dict[str, Any]:
        record = super().from_row(row)
        record["qty"], record["is_in_stock"] = Decimal(row["qty"] or 0), bool(row["is_in_stock"])
        return record

    def convert(self, sent: dict[str, Any], stored: dict[str, Any] | None) -> dict[str, Any]:
        if stored is None:
            missing = [InputException.required(k) for k in ("sku", "name", "price") if sent.get(k) in (None, "")]
            if missing:
                raise InputException.aggregate(missing)
        values = _validated(sent)
        now = _now()
        values["updated_at"] = now
        if stored is None:
            values.update(sku=sent["sku"].strip(), created_at=now, website_ids=[1])
        ext = sent.get("extension_attributes")
        if ext is not None and ext.website_ids is not None:
            values["website_ids"] = sorted(set(ext.website_ids))
        stock = ext.stock_item.sent() if ext is not None and ext.stock_item is not None else {}
        if stock or stored is None:
            qty = Decimal(str(stock["qty"])) if stock.get("qty") is not None else (
                stored["qty"] if stored is not None else Decimal(0))
            in_stock = stock.get("is_in_stock")
            values.update(qty=qty, is_in_stock=bool(in_stock) if in_stock is not None else qty > 0)
        if "custom_attributes" in sent:
            merged = _attributes(stored["custom_attributes"]) if stored is not None else {}
            for a in sent["custom_attributes"] or []:
                value = a["value"]
                if a["attribute_code"] == "category_ids":
                    value = list(_category_ids(value))
                merged[a["attribute_code"]] = value
            values["custom_attributes"] = orjson.dumps(
                [{"attribute_code": k, "value": v} for k, v in merged.items()]).decode()
        return values

    def write(self, stored: dict[str, Any] | None, record: dict[str, Any], sent_links: list[str]) -> dict[str, Any]:
        changed_stock = stored is None or (record["qty"], record["is_in_stock"]) != (stored["qty"],
                                                                                     stored["is_in_stock"])
        record = super().write(stored, record, sent_links)
        stock = {"qty": record["qty"], "is_in_stock": record["is_in_stock"]}
        if stored is None:
            self.conn.execute(insert(stock_t).values(product_id=record["id"], **stock))
        elif changed_stock:
            self.conn.execute(update(stock_t).where(stock_t.c.product_id == record["id"]).values(**stock))
        return record

    def after_save(self, record: dict[str, Any], stored: dict[str, Any] | None) -> None:
        events.dispatch(self.ctx, "catalog_product_save_after", product_id=record["id"], sku=record["sku"])

    def before_delete(self, record: dict[str, Any]) -> None:
        events.dispatch(self.ctx, "catalog_product_delete_before", product_id=record["id"], sku=record["sku"])

    def search_fields(self) -> Mapping[str, SearchField]:
        return _SEARCH_FIELDS

    def to_data(self, r: dict[str, Any]) -> ProductInterface:
        stock = StockItemInterface.of(item_id=r["id"], product_id=r["id"], stock_id=1, qty=float(r["qty"]),
                                      is_in_stock=r["is_in_stock"])
        return ProductInterface.of(
            id=r["id"], sku=r["sku"], name=r["name"], attribute_set_id=r["attribute_set_id"],
            price=float(r["price"]), status=r["status"], visibility=r["visibility"], type_id=r["type_id"],
            created_at=r["created_at"], updated_at=r["updated_at"],
            weight=None if r["weight"] is None else float(r["weight"]),
            extension_attributes=ProductExtensionInterface.of(website_ids=list(r["website_ids"]), stock_item=stock),
            custom_attributes=orjson.loads(r["custom_attributes"] or "[]"))


_SEARCH_FIELDS = {**ProductRepository._search, "entity_id": ProductRepository._search["id"],
                  "qty": SearchField(stock_t.c.qty, "float")}


def _validated(sent: dict[str, Any]) -> dict[str, Any]:
    """The product row values the client sent, checked."""
    values: dict[str, Any] = {}
    for name in ("name", "attribute_set_id", "type_id", "price", "status", "visibility", "weight"):
        if name not in sent:
            continue
        value = sent[name]
        if name == "name":
            if not value or not str(value).strip():
                raise InputException.required("name")
            value = str(value).strip()
        elif name == "type_id" and value not in TYPES:
            raise InputException.invalid_value("type_id", value)
        elif name == "status" and value not in STATUSES:
            raise InputException.invalid_value("status", value)
        elif name == "visibility" and value not in VISIBILITIES:
            raise InputException.invalid_value("visibility", value)
        elif name in ("price", "weight") and value is not None:
            if value < 0:
                raise InputException.invalid_value(name, value)
            value = Decimal(str(value))
        elif name == "price" and value is None:
            raise InputException.required("price")
        values[name] = value
    return values
