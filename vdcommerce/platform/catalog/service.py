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
from typing import Any, Iterable

import orjson
from sqlalchemy import bindparam, delete, insert, select, update

from ...framework import events
from ...framework.context import Service
from ...framework.db import Query
from ...framework.exceptions import InputException, NoSuchEntityException
from ...framework.search import SearchCriteria, SearchField, search, search_limits
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


def _out(row, websites: tuple[int, ...]) -> ProductInterface:
    qty = Decimal(row.qty or 0)
    stock = StockItemInterface.of(item_id=row.entity_id, product_id=row.entity_id, stock_id=1, qty=float(qty),
                                  is_in_stock=bool(row.is_in_stock))
    return ProductInterface.of(
        id=row.entity_id, sku=row.sku, name=row.name, attribute_set_id=row.attribute_set_id, price=float(row.price),
        status=row.status, visibility=row.visibility, type_id=row.type_id,
        created_at=row.created_at, updated_at=row.updated_at,
        weight=None if row.weight is None else float(row.weight),
        extension_attributes=ProductExtensionInterface.of(website_ids=list(websites), stock_item=stock),
        custom_attributes=orjson.loads(row.custom_attributes or "[]"))


def _search_fields() -> dict[str, SearchField]:
    p = product_t.c
    return {
        "entity_id": SearchField(p.entity_id, "int"), "id": SearchField(p.entity_id, "int"),
        "sku": SearchField(p.sku), "name": SearchField(p.name), "price": SearchField(p.price, "float"),
        "status": SearchField(p.status, "int"), "visibility": SearchField(p.visibility, "int"),
        "type_id": SearchField(p.type_id), "attribute_set_id": SearchField(p.attribute_set_id, "int"),
        "weight": SearchField(p.weight, "float"), "qty": SearchField(stock_t.c.qty, "float"),
        "created_at": SearchField(p.created_at, "datetime"), "updated_at": SearchField(p.updated_at, "datetime"),
    }


_SEARCH_FIELDS = _search_fields()


class ProductRepository(Service):
    interface = "Magento\\Catalog\\Api\\ProductRepositoryInterface"
    summary = "Products"

    def get(self, sku: str, edit_mode: bool = False, store_id: int | None = None,
            force_reload: bool = False) -> ProductInterface:
        row = _by_sku.first(self.conn, sku=sku)
        if row is None:
            raise NoSuchEntityException(NOT_FOUND)
        return _out(row, tuple(r.website_id for r in _websites_of.all(self.conn, pid=row.entity_id)))

    def get_list(self, search_criteria: SearchCriteria) -> ProductSearchResultsInterface:
        page = search(self.conn, _base, search_criteria, _SEARCH_FIELDS, product_t.c.entity_id,
                      search_limits(self.ctx))
        websites = _websites(self.conn, [r.entity_id for r in page.rows])
        return ProductSearchResultsInterface.of(items=[_out(r, websites[r.entity_id]) for r in page.rows],
                                                search_criteria=page.criteria, total_count=page.total_count)

    def save(self, product: ProductInterface, save_options: bool = False) -> ProductInterface:
        sent = product.sent()
        sku = (product.sku or "").strip()
        existing = _by_sku.first(self.conn, sku=sku) if sku else None
        if existing is None:
            missing = [InputException.required(name) for name in ("sku", "name", "price") if sent.get(name) in (None, "")]
            if missing:
                raise InputException.aggregate(missing)
        values = _validated(sent)
        ext = product.extension_attributes
        stock = ext.stock_item.sent() if ext is not None and ext.stock_item is not None else {}
        websites = ext.website_ids if ext is not None and ext.website_ids is not None else None
        if "custom_attributes" in sent:
            merged = _attributes(existing.custom_attributes) if existing is not None else {}
            for a in sent["custom_attributes"] or []:
                value = a["value"]
                if a["attribute_code"] == "category_ids":
                    value = list(_category_ids(value))
                merged[a["attribute_code"]] = value
            values["custom_attributes"] = orjson.dumps(
                [{"attribute_code": k, "value": v} for k, v in merged.items()]).decode()
        now = _now()
        if existing is None:
            values.setdefault("attribute_set_id", 4)
            values.setdefault("type_id", "simple")
            values.setdefault("status", 1)
            values.setdefault("visibility", 4)
            values.setdefault("custom_attributes", "[]")
            values.update(sku=sku, created_at=now, updated_at=now)
            pid = self.conn.execute(insert(product_t).values(**values)).inserted_primary_key[0]
            self.conn.execute(insert(stock_t).values(product_id=pid, **_stock_values(stock, Decimal(0))))
            websites = [1] if websites is None else websites
        else:
            pid = existing.entity_id
            values["updated_at"] = now
            self.conn.execute(update(product_t).where(product_t.c.entity_id == pid).values(**values))
            if stock:
                self.conn.execute(update(stock_t).where(stock_t.c.product_id == pid)
                                  .values(**_stock_values(stock, Decimal(existing.qty or 0))))
        if websites is not None:
            self.conn.execute(delete(website_t).where(website_t.c.product_id == pid))
            for wid in sorted(set(websites)):
                self.conn.execute(insert(website_t).values(product_id=pid, website_id=wid))
        events.dispatch(self.ctx, "catalog_product_save_after", product_id=pid, sku=sku)
        return self.get(sku)

    def delete_by_id(self, sku: str) -> bool:
        row = _by_sku.first(self.conn, sku=sku)
        if row is None:
            raise NoSuchEntityException(NOT_FOUND)
        events.dispatch(self.ctx, "catalog_product_delete_before", product_id=row.entity_id, sku=row.sku)
        self.conn.execute(delete(stock_t).where(stock_t.c.product_id == row.entity_id))
        self.conn.execute(delete(website_t).where(website_t.c.product_id == row.entity_id))
        self.conn.execute(delete(product_t).where(product_t.c.entity_id == row.entity_id))
        return True


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


def _stock_values(stock: dict[str, Any], current: Decimal) -> dict[str, Any]:
    qty = Decimal(str(stock["qty"])) if stock.get("qty") is not None else current
    in_stock = stock.get("is_in_stock")
    return {"qty": qty, "is_in_stock": bool(in_stock) if in_stock is not None else qty > 0}
