"""The product repository and the product facts other packages read.

Choices where the platform leaves room (docs/platform/catalog.md lists them):

- ``save`` finds the product by ``sku``: an existing SKU is updated (keys the client leaves out keep
  their values, sent custom attributes are merged by code), a new one is created. A PUT's path SKU
  decides which product, so a SKU cannot be renamed.
- A new product needs ``sku``, ``name`` and ``price``; it defaults to attribute set 4, type
  ``simple``, status 1, visibility 4, website 1 and no stock (qty 0, out of stock).
- ``is_in_stock`` follows ``qty`` (qty above 0) unless the client sends it.
- A product's categories are rows of their own: ``custom_attributes.category_ids`` and
  ``extension_attributes.category_links`` (with positions) both read and replace them.
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Iterable, Iterator, Mapping

import orjson
from sqlalchemy import String, bindparam, cast, delete, func, insert, literal, literal_column, select, update

from ...framework.data import digits
from ...framework.dates import utc_now as _now
from ...framework import events
from ...framework.db import Query, in_ids
from ...framework.exceptions import InputException, NoSuchEntityException
from ...framework.repository import LinkSet, Repository
from ...framework.search import SearchCriteria, SearchField
from . import stock
from .api import PRODUCT_NOT_FOUND, CategoryLinkInterface, ProductExtensionInterface, ProductInterface, \
    ProductSearchResultsInterface
from .categories import category_exists
from .tables import category_product as category_link_t
from .tables import product as product_t
from .tables import product_website as website_t
from .tables import stock_item as stock_t

NOT_FOUND = PRODUCT_NOT_FOUND
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
            *(c for c in stock_t.c if c.name != "product_id"))
_base = select(*_columns).select_from(product_t.outerjoin(stock_t, stock_t.c.product_id == product_t.c.entity_id))
# a product's websites and categories come with its row, each a list of ids in one string (the order
# is not the database's to keep: _id_list sorts them), so the facts of any number of products are one
# statement rather than three (the separator written into the SQL: these run through db.Query)
_COMMA = literal_column("','")
_website_list = (select(func.aggregate_strings(cast(website_t.c.website_id, String), _COMMA))
                 .where(website_t.c.product_id == product_t.c.entity_id).scalar_subquery())
_category_list = (select(func.aggregate_strings(cast(category_link_t.c.category_id, String), _COMMA))
                  .where(category_link_t.c.product_id == product_t.c.entity_id).scalar_subquery())
_with_links = _base.add_columns(_website_list.label("website_list"), _category_list.label("category_list"))
_by_sku = Query(_with_links.where(product_t.c.sku == bindparam("sku")))
# products by ids: one SQL for any number of ids (the list is one parameter), run on the driver
_facts_by_ids = Query(_with_links.where(in_ids(product_t.c.entity_id, "ids")))
_websites_in = (select(website_t.c.product_id, website_t.c.website_id)
                .where(website_t.c.product_id.in_(bindparam("ids", expanding=True)))
                .order_by(website_t.c.product_id, website_t.c.website_id))
_categories_of = (select(category_link_t.c.product_id, category_link_t.c.category_id)
                  .where(category_link_t.c.product_id.in_(bindparam("ids", expanding=True)))
                  .order_by(category_link_t.c.product_id, category_link_t.c.category_id))


def _categories(conn, ids: list[int]) -> dict[int, tuple[str, ...]]:
    out: dict[int, list[str]] = {i: [] for i in ids}
    if ids:
        for pid, cid in conn.execute(_categories_of, {"ids": ids}):
            out[pid].append(str(cid))
    return {k: tuple(v) for k, v in out.items()}



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
        for pid, wid in conn.execute(_websites_in, {"ids": ids}):
            out[pid].append(wid)
    return {k: tuple(v) for k, v in out.items()}


def _facts(row, websites: tuple[int, ...], categories: tuple[str, ...]) -> ProductFacts:
    attributes = _attributes(row.custom_attributes)
    if categories:
        attributes["category_ids"] = list(categories)
    return ProductFacts(row.entity_id, row.sku, row.name, Decimal(row.price), row.status, row.visibility, row.type_id,
                        None if row.weight is None else Decimal(row.weight), row.attribute_set_id,
                        Decimal(row.qty or 0), bool(row.is_in_stock), websites, categories, attributes)


def _id_list(text: str | None) -> list[int]:
    """A product's website or category ids as its row brings them, in ascending order."""
    return sorted(int(v) for v in text.split(",")) if text else []


def _linked_facts(row) -> ProductFacts:
    return _facts(row, tuple(_id_list(row.website_list)), tuple(str(c) for c in _id_list(row.category_list)))


def product_facts(conn, sku: str) -> ProductFacts | None:
    row = _by_sku.first(conn, sku=sku)
    return None if row is None else _linked_facts(row)


def products_by_ids(conn, ids: Iterable[int]) -> dict[int, ProductFacts]:
    ids = sorted(set(ids))
    if not ids:
        return {}
    rows = _facts_by_ids.all(conn, ids=ids)
    rows.sort(key=_entity_id)  # in id order, whatever order the database's lookup took
    return {r.entity_id: _linked_facts(r) for r in rows}


def _entity_id(row) -> int:
    return row.entity_id


class CategoryLinks(LinkSet):
    """A product's categories with their positions: ``(category id, position)`` pairs."""

    def __init__(self) -> None:
        super().__init__(category_link_t.c.product_id, category_link_t.c.category_id, csv=False,
                         query=select(category_link_t.c.product_id, category_link_t.c.category_id,
                                      category_link_t.c.position))

    def part(self, name: str):
        return select(literal(name).label("kind"), self.target.label("id"),
                      cast(category_link_t.c.position, String).label("title"))

    def value(self, row) -> Any:
        return (int(row[1]), int(row[2] or 0))

    def replace(self, conn, owner_id: Any, values: list[Any], new: bool = False) -> None:
        if not new:
            conn.execute(delete(category_link_t).where(category_link_t.c.product_id == owner_id))
        if values:
            conn.execute(insert(category_link_t), [{"product_id": owner_id, "category_id": c, "position": p}
                                                   for c, p in values])


def iter_product_facts(conn, batch: int = 500) -> Iterator[ProductFacts]:
    """Every product's facts in id order, read a batch at a time (rules that select products)."""
    last = 0
    while True:
        rows = conn.execute(_base.where(product_t.c.entity_id > last).order_by(product_t.c.entity_id)
                            .limit(batch)).all()
        if not rows:
            return
        ids = [r.entity_id for r in rows]
        websites, categories = _websites(conn, ids), _categories(conn, ids)
        for r in rows:
            yield _facts(r, websites[r.entity_id], categories[r.entity_id])
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
    links = {"website_ids": LinkSet(website_t.c.product_id, website_t.c.website_id, csv=False),
             "category_ids": CategoryLinks()}
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
        record["stock"] = {c.name: row[c.name] for c in stock_t.c if c.name != "product_id"}
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
        sent_stock = ext.stock_item.sent() if ext is not None and ext.stock_item is not None else {}
        if sent_stock or stored is None:
            changes = stock.item_values(sent_stock, stored["stock"] if stored is not None else None)
            values["stock"] = {**(stored["stock"] if stored is not None else _NEW_STOCK), **changes}
            values.update(qty=values["stock"]["qty"], is_in_stock=values["stock"]["is_in_stock"])
        if ext is not None and ext.category_links is not None:
            values["category_ids"] = _links(self.conn, ext.category_links)
        if "custom_attributes" in sent:
            merged = _attributes(stored["custom_attributes"]) if stored is not None else {}
            for a in sent["custom_attributes"] or []:
                value = a["value"]
                if a["attribute_code"] == "category_ids":
                    if "category_ids" not in values:
                        kept = dict(stored["category_ids"]) if stored is not None else {}
                        values["category_ids"] = [(c, kept.get(c, 0)) for c, _ in _links(self.conn, [
                            CategoryLinkInterface.of(category_id=c, position=0) for c in _category_ids(value)])]
                    continue
                merged[a["attribute_code"]] = value
            values["custom_attributes"] = orjson.dumps(
                [{"attribute_code": k, "value": v} for k, v in merged.items()]).decode()
        return values

    def write(self, stored: dict[str, Any] | None, record: dict[str, Any], sent_links: list[str]) -> dict[str, Any]:
        changed_stock = stored is None or record["stock"] != stored["stock"]
        record = super().write(stored, record, sent_links)
        if stored is None:
            self.conn.execute(insert(stock_t).values(product_id=record["id"], **record["stock"]))
        elif changed_stock:
            self.conn.execute(update(stock_t).where(stock_t.c.product_id == record["id"]).values(**record["stock"]))
        return record

    def after_save(self, record: dict[str, Any], stored: dict[str, Any] | None) -> None:
        events.dispatch(self.ctx, "catalog_product_save_after", product_id=record["id"], sku=record["sku"])

    def before_delete(self, record: dict[str, Any]) -> None:
        events.dispatch(self.ctx, "catalog_product_delete_before", product_id=record["id"], sku=record["sku"])

    def search_fields(self) -> Mapping[str, SearchField]:
        return _SEARCH_FIELDS

    def to_data(self, r: dict[str, Any]) -> ProductInterface:
        stock_item = stock.item_out({"product_id": r["id"], **r["stock"]}, stock.defaults(self.ctx))
        links = sorted(r.get("category_ids") or [])
        attributes = orjson.loads(r["custom_attributes"] or "[]")
        if links:
            attributes.append({"attribute_code": "category_ids", "value": [str(c) for c, _ in links]})
        return ProductInterface.of(
            id=r["id"], sku=r["sku"], name=r["name"], attribute_set_id=r["attribute_set_id"],
            price=float(r["price"]), status=r["status"], visibility=r["visibility"], type_id=r["type_id"],
            created_at=r["created_at"], updated_at=r["updated_at"],
            weight=None if r["weight"] is None else float(r["weight"]),
            extension_attributes=ProductExtensionInterface.of(
                website_ids=list(r["website_ids"]), stock_item=stock_item,
                category_links=[CategoryLinkInterface.of(position=p, category_id=str(c)) for c, p in links]),
            custom_attributes=attributes)


_by_ids = _with_links.where(product_t.c.entity_id.in_(bindparam("ids", expanding=True)))


def product_objects(ctx, ids: Iterable[int] | None = None, batch: int = 500) -> list[ProductInterface]:
    """Products as the product routes answer them (``GET /V1/products/:sku``), for packages that answer
    product objects: those with these ids in the order given (repeats and unknown ids left out), or
    every product in id order when ``ids`` is None. Read a batch at a time, without paging limits."""
    repo = ProductRepository(ctx)
    order = product_t.c.entity_id
    if ids is None:
        out: list[ProductInterface] = []
        last = 0
        while True:
            rows = ctx.conn.execute(_base.where(order > last).order_by(order).limit(batch)).all()
            if not rows:
                return out
            records = repo.with_links([repo.from_row(r._mapping) for r in rows])
            out.extend(repo.to_data(r) for r in records)
            last = rows[-1].entity_id
    wanted = list(dict.fromkeys(ids))
    found: dict[int, ProductInterface] = {}
    for start in range(0, len(wanted), batch):
        chunk = wanted[start:start + batch]
        rows = ctx.conn.execute(_by_ids, {"ids": chunk}).all()
        for record in repo.with_links([repo.from_row(r._mapping) for r in rows]):
            found[record["id"]] = repo.to_data(record)
    return [found[i] for i in wanted if i in found]


_SEARCH_FIELDS = {**ProductRepository._search, "entity_id": ProductRepository._search["id"],
                  "category_id": ProductRepository._search["category_ids"],
                  "qty": SearchField(stock_t.c.qty, "float")}
_NEW_STOCK = {"qty": Decimal(0), "is_in_stock": False, **{"use_config_" + n: True for n in stock.SETTINGS},
              "min_qty": Decimal(0), "min_sale_qty": Decimal(1), "max_sale_qty": Decimal(10000), "backorders": 0,
              "notify_stock_qty": Decimal(1), "manage_stock": True}


def _links(conn, sent: list[CategoryLinkInterface]) -> list[tuple[int, int]]:
    """The category links a client sent, checked: each category exists, each is named once."""
    out: dict[int, int] = {}
    for link in sent:
        text = (link.category_id or "").strip()
        if not digits(text):
            raise InputException.invalid_value("category_id", link.category_id)
        if not category_exists(conn, int(text)):
            raise NoSuchEntityException.single_field("id", text)
        out[int(text)] = link.position or 0
    return sorted(out.items())


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
