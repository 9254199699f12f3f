"""Landing pages: their repository on the shared kit (framework/repository.py), the page -> product
index, the URL rewrites and the category listings of dynamic pages (docs/modules/xlanding.md).

A page's conditions are a product tree of the platform's condition engine (platform/rule). What a
save does beyond the row, in its transaction:

- a dynamic page (``is_active`` 2) takes its category from every other dynamic page of that category
  (they are disabled);
- the page's URL rewrites are written again for its store views (``identifier`` -> the page's view path);
- the products its conditions select now replace its index rows (positions of products that stay are
  kept), and the listings of the categories it replaces (or stopped replacing) are rebuilt.

Product saves and deletes keep the index current through the catalog's events (``observers.py``).
"""
from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterable
from typing import Any

from sqlalchemy import Connection, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from ...framework.context import Service
from ...framework.dates import utc_now
from ...framework.exceptions import (CouldNotDeleteException, CouldNotSaveException, InputException,
                                     LocalizedException, NoSuchEntityException)
from ...framework.repository import Record, Repository, StoreLinks
from ...framework.search import SearchResults
from ...platform import rule
from ...platform.catalog.categories import category_exists
from ...platform.catalog.service import products_by_ids
from ...platform.rule.products import as_item
from .api import PageInterface, PageProductInterface, PageViewInterface
from .tables import category_product, page as page_table, page_product, page_store, url_rewrite

DISABLED, ACTIVE, DYNAMIC = 0, 1, 2
NOT_FOUND = 'page with specified ID "%1" not found.'
TARGET_PATH = "vendor_xlanding/page/view/page_id/{}"
#: lower-case letters, digits, "-", "_" and "." in segments joined by "/"; a segment starts with a
#: letter, digit, "-" or "_" (no empty, "." or ".." segment)
_IDENTIFIER = re.compile(r"[a-z0-9_-][a-z0-9_.-]*(/[a-z0-9_-][a-z0-9_.-]*)*")
_CATEGORY_ID = re.compile(r"[1-9][0-9]*")
_SYSTEM_KEYS = ("creation_time", "update_time")
_STOREFRONT_VISIBILITY = (2, 4)  # catalog, catalog and search

_p = page_table.c
_pp = page_product.c
_cp = category_product.c
_rw = url_rewrite.c


def _time(value: Any) -> str | None:
    return value.strftime("%Y-%m-%d %H:%M:%S") if isinstance(value, dt.datetime) else value


def _category_of(record: Record | None) -> int | None:
    """The category a stored or merged page replaces, when it is a dynamic page."""
    if record is None or record.get("is_active") != DYNAMIC:
        return None
    value = str(record.get("dynamic_category_id") or "")
    return int(value) if _CATEGORY_ID.fullmatch(value) else None


def layout_update(page: PageInterface) -> str:
    """The layout instructions a page is rendered with: the generated ones (the grid's body class, the
    removal of the layered navigation) in front of the page's own ``layout_update_xml``."""
    parts = []
    if page.layout_columns_count:
        parts.append(f'<body><attribute name="class" value="vendor-xlanding-columns{page.layout_columns_count}"/></body>')
    if page.layout_include_navigation == 0:
        parts.append('<referenceBlock name="catalog.leftnav" remove="true"/>')
    if page.layout_update_xml:
        parts.append(page.layout_update_xml)
    return "\n".join(parts)


def store_meta(page: PageInterface, store_id: int) -> dict[str, str | None]:
    """The meta title, keywords and description a store view shows: its own entry of the page's
    ``meta_data`` map (keyed by store id), else store 0's; the page title when there is no meta title."""
    try:
        decoded = json.loads(page.meta_data) if page.meta_data else {}
    except ValueError:
        decoded = {}
    entry: Any = {}
    if isinstance(decoded, dict):
        for key in (str(store_id), "0"):
            if isinstance(decoded.get(key), dict):
                entry = decoded[key]
                break

    def text(key: str) -> str | None:
        value = entry.get(key)
        return str(value) if value not in (None, "") else None

    return {"meta_title": text("meta_title") or page.title, "meta_keywords": text("meta_keywords"),
            "meta_description": text("meta_description")}


# --------------------------------------------------------------------------- the index

class PageIndexer:
    """Writes the page -> product index and the category listings on one connection."""

    def __init__(self, conn: Connection):
        self.conn = conn

    def reindex_page(self, page_id: int, serialized: str | None) -> None:
        """The page's rows replaced by the products its conditions select now; positions of the
        products that stay are kept, new ones come at position 0."""
        tree = rule.parse(serialized, rule.ITEM) if serialized else None
        wanted = rule.matching_product_ids(self.conn, tree)
        kept = dict(self.conn.execute(select(_pp.product_id, _pp.position).where(_pp.page_id == page_id)).all())
        self.conn.execute(delete(page_product).where(_pp.page_id == page_id))
        if wanted:
            self.conn.execute(insert(page_product), [{"page_id": page_id, "product_id": pid,
                                                      "position": kept.get(pid, 0)} for pid in wanted])

    def reindex_product(self, product_id: int) -> set[int]:
        """The product re-tested against every page; the pages whose listing changed."""
        product = products_by_ids(self.conn, [product_id]).get(product_id)
        current = set(self.conn.execute(select(_pp.page_id).where(_pp.product_id == product_id)).scalars())
        matching: set[int] = set()
        if product is not None:
            item = as_item(product)
            for page_id, serialized in self.conn.execute(select(_p.page_id, _p.conditions_serialized)):
                if rule.item_predicate(serialized or None)(item):
                    matching.add(page_id)
        gone, new = current - matching, matching - current
        if gone:
            self.conn.execute(delete(page_product).where(_pp.product_id == product_id, _pp.page_id.in_(gone)))
        if new:
            self.conn.execute(insert(page_product), [{"page_id": pid, "product_id": product_id, "position": 0}
                                                     for pid in sorted(new)])
        return gone | new

    def reindex_testing(self, attribute: str) -> set[int]:
        """The pages whose conditions test ``attribute`` reindexed; their ids."""
        done = set()
        for page_id, serialized in self.conn.execute(select(_p.page_id, _p.conditions_serialized)).all():
            tree = rule.parse(serialized, rule.ITEM) if serialized else None
            if tree is not None and attribute in tree.attributes():
                self.reindex_page(page_id, serialized)
                done.add(page_id)
        return done

    def reindex_all(self) -> None:
        pages = self.conn.execute(select(_p.page_id, _p.conditions_serialized)).all()
        for page_id, serialized in pages:
            self.reindex_page(page_id, serialized)
        self.refresh_categories(self.dynamic_categories(p for p, _ in pages))

    def forget_product(self, product_id: int) -> None:
        self.conn.execute(delete(page_product).where(_pp.product_id == product_id))
        self.conn.execute(delete(category_product).where(_cp.product_id == product_id))

    def dynamic_categories(self, page_ids: Iterable[int]) -> set[int]:
        """The categories the given pages replace (dynamic pages only)."""
        ids = list(page_ids)
        if not ids:
            return set()
        rows = self.conn.execute(select(_p.is_active, _p.dynamic_category_id).where(_p.page_id.in_(ids)))
        return {c for c in (_category_of({"is_active": a, "dynamic_category_id": d}) for a, d in rows)
                if c is not None}

    def refresh_categories(self, category_ids: Iterable[int]) -> None:
        """Each category's listing rebuilt from the dynamic page that replaces it (empty without one)."""
        for category_id in sorted(set(category_ids)):
            self.conn.execute(delete(category_product).where(_cp.category_id == category_id))
            page_id = self.conn.execute(
                select(_p.page_id).where(_p.is_active == DYNAMIC, _p.dynamic_category_id == str(category_id))
                .order_by(_p.page_id.desc()).limit(1)).scalar()
            if page_id is None:
                continue
            rows = self.conn.execute(select(_pp.product_id, _pp.position).where(_pp.page_id == page_id)).all()
            if rows:
                self.conn.execute(insert(category_product), [
                    {"category_id": category_id, "product_id": pid, "page_id": page_id, "position": pos}
                    for pid, pos in rows])

    def forget_category(self, category_id: int) -> None:
        self.conn.execute(delete(category_product).where(_cp.category_id == category_id))

    def write_rewrites(self, page_id: int, identifier: str | None, store_ids: list[int]) -> None:
        """The page's URL rewrites, one per store view it is assigned to (store 0: every store view)."""
        self.conn.execute(delete(url_rewrite).where(_rw.page_id == page_id))
        if identifier and store_ids:
            self.conn.execute(insert(url_rewrite), [
                {"page_id": page_id, "store_id": store_id, "request_path": identifier,
                 "target_path": TARGET_PATH.format(page_id)} for store_id in store_ids])


# --------------------------------------------------------------------------- the repository

class PageRepository(Repository[PageInterface, SearchResults[Any]]):
    interface = "Vendor\\Xlanding\\Api\\PageRepositoryInterface"
    summary = "Landing pages"
    entity = "page"
    table = page_table
    data = PageInterface
    not_found = NOT_FOUND
    links = {"stores": StoreLinks(page_store.c.page_id, page_store.c.store_id, csv=False)}
    choices = {"is_active": (DISABLED, ACTIVE, DYNAMIC), "layout_include_navigation": (0, 1)}
    required = ("title", "identifier")

    # --- routed

    def save(self, page: PageInterface) -> PageInterface:
        return self.save_record(page)

    def get_by_id(self, id: int) -> PageInterface:
        return self.get_record(id)

    def delete_by_id(self, id: int) -> bool:
        record = self.load(id)
        try:
            self.conn.execute(delete(url_rewrite).where(_rw.page_id == id))
            self.conn.execute(delete(page_product).where(_pp.page_id == id))
            self.conn.execute(delete(category_product).where(_cp.page_id == id))
            self.delete_record(id)
        except NoSuchEntityException:
            raise
        except LocalizedException as e:
            raise CouldNotDeleteException("Unable to remove page with ID %1. Error: %2", [id, e.rendered()]) from None
        category_id = _category_of(record)
        if category_id is not None:
            PageIndexer(self.conn).refresh_categories([category_id])
        return True

    def get_list(self, store_id: int | None = None) -> list[PageInterface]:
        stmt = self.base.order_by(_p.sort_order, _p.page_id)
        if store_id is not None:
            self.known_store(store_id)
            linked = select(page_store.c.page_id).where(page_store.c.store_id.in_({0, store_id}))
            stmt = stmt.where(_p.page_id.in_(linked))
        records = self.with_links([self.from_row(r._mapping) for r in self.conn.execute(stmt)])
        return [self.to_data(r) for r in records]

    # --- not routed: what the storefront views use

    def get_by_url_key(self, url_key: str, store_id: int) -> PageInterface:
        """The page answering on ``url_key`` in a store view (its own rewrite or store 0's)."""
        page_id = self.conn.execute(
            select(_rw.page_id).where(_rw.request_path == url_key, _rw.store_id.in_({0, store_id}))
            .order_by(_rw.store_id.desc()).limit(1)).scalar()
        if page_id is None:
            raise NoSuchEntityException('No landing page answers on "%1".', [url_key])
        return self.get_record(page_id)

    # --- hooks

    def identify(self, sent: Record) -> Any:
        """The page a save names; ``page_id`` 0 names none (a new page)."""
        return super().identify(sent) or None

    def _failed(self, stored: Record | None, e: LocalizedException) -> CouldNotSaveException:
        if stored is None:
            return CouldNotSaveException("Unable to save new page. Error: %1", [e.rendered()])
        return CouldNotSaveException("Unable to save page with ID %1. Error: %2", [stored["page_id"], e.rendered()])

    def convert(self, sent: Record, stored: Record | None) -> Record:
        values = super().convert(sent, stored)
        for key in _SYSTEM_KEYS:
            values.pop(key, None)
        now = utc_now()
        values["update_time"] = now
        if stored is None:
            values["creation_time"] = now
        if "conditions_serialized" in values:
            text = values["conditions_serialized"]
            if text is None or not str(text).strip():
                values["conditions_serialized"] = None
            else:
                try:
                    values["conditions_serialized"] = rule.serialize(rule.parse(text, rule.ITEM))
                except LocalizedException as e:
                    raise self._failed(stored, e) from None
        meta = values.get("meta_data")
        if isinstance(meta, str) and meta.strip():
            try:
                decoded = json.loads(meta)
            except ValueError:
                decoded = None
            if not isinstance(decoded, dict):
                raise self._failed(stored, LocalizedException("The meta data is not a JSON object."))
        if "dynamic_category_id" in values and values["dynamic_category_id"] is None:
            values["dynamic_category_id"] = ""
        return values

    def check(self, record: Record, stored: Record | None) -> None:
        super().check(record, stored)  # the kit's checks: text that fits its column among them
        identifier = record["identifier"]
        if not _IDENTIFIER.fullmatch(identifier):
            raise InputException.invalid_value("identifier", identifier)
        category = str(record.get("dynamic_category_id") or "").strip()
        record["dynamic_category_id"] = category
        if record["is_active"] == DYNAMIC:
            if not category:
                raise InputException.required("dynamic_category_id")
            if not _CATEGORY_ID.fullmatch(category) or not category_exists(self.conn, int(category)):
                raise InputException.invalid_value("dynamic_category_id", category)
        stores = record.get("stores") or ([0] if stored is None else [])
        links = self.links["stores"]
        assert isinstance(links, StoreLinks)
        if links.taken(self.conn, _p.identifier, identifier, stores, stored["page_id"] if stored else None):
            raise self._failed(stored, LocalizedException('URL key "%1" is already used by another page.',
                                                          [identifier]))

    def write(self, stored: Record | None, record: Record, sent_links: list[str]) -> Record:
        if stored is None:  # a page created here is shown in every store view
            record["stores"] = [0]
            sent_links = [*sent_links, "stores"]
        return super().write(stored, record, sent_links)

    def after_save(self, record: Record, stored: Record | None) -> None:
        indexer = PageIndexer(self.conn)
        page_id = record["page_id"]
        categories = {c for c in (_category_of(stored), _category_of(record)) if c is not None}
        category = _category_of(record)
        if category is not None:  # one dynamic page per category: the others are disabled
            self.conn.execute(update(page_table).where(
                _p.page_id != page_id, _p.is_active == DYNAMIC,
                _p.dynamic_category_id == record["dynamic_category_id"]).values(is_active=DISABLED))
        try:
            indexer.write_rewrites(page_id, record["identifier"], record.get("stores") or [])
        except IntegrityError:  # a concurrent save took the URL key after this one checked it
            raise self._failed(stored, LocalizedException('URL key "%1" is already used by another page.',
                                                          [record["identifier"]])) from None
        indexer.reindex_page(page_id, record["conditions_serialized"])
        indexer.refresh_categories(categories)

    def to_data(self, record: Record) -> PageInterface:
        out = {key: record.get(key) for key in self.columns}
        out["creation_time"] = _time(out["creation_time"])
        out["update_time"] = _time(out["update_time"])
        out["dynamic_category_id"] = out["dynamic_category_id"] or ""
        return PageInterface.of(**out)


# --------------------------------------------------------------------------- products and storefront

def _products(conn: Connection, rows: list[Any], website_id: int | None = None,
              storefront: bool = False) -> list[PageProductInterface]:
    """(product id, position) rows as listing items, by position then id; on the storefront only the
    enabled, visible products of the store view's website."""
    facts = products_by_ids(conn, [r[0] for r in rows])
    out = []
    for product_id, position in sorted(rows, key=lambda r: (r[1], r[0])):
        product = facts.get(product_id)
        if product is None:
            continue
        if storefront and (product.status != 1 or product.visibility not in _STOREFRONT_VISIBILITY
                           or (website_id is not None and website_id not in product.website_ids)):
            continue
        out.append(PageProductInterface.of(product_id=product_id, sku=product.sku, position=position))
    return out


class PageProductManagement(Service):
    """The products a page's conditions select (what the index holds) and their positions, for the admin."""

    interface = "Vendor\\Xlanding\\Api\\PageProductManagementInterface"
    summary = "Landing page products"

    def get_products(self, id: int) -> list[PageProductInterface]:
        PageRepository(self.ctx).load(id)
        rows = self.conn.execute(select(_pp.product_id, _pp.position).where(_pp.page_id == id)).all()
        return _products(self.conn, list(rows))

    def save_positions(self, id: int, products: list[PageProductInterface]) -> list[PageProductInterface]:
        """Positions of products the page lists (what the admin's drag and drop sets); the positions
        stay while the products keep matching. Answers the page's products."""
        record = PageRepository(self.ctx).load(id)
        listed = set(self.conn.execute(select(_pp.product_id).where(_pp.page_id == id)).scalars())
        for item in products:
            sent = item.sent()
            if sent.get("product_id") is None:
                raise InputException.required("product_id")
            if sent.get("position") is None:
                raise InputException.required("position")
            if sent["product_id"] not in listed:
                raise InputException.invalid_value("product_id", sent["product_id"])
            if sent["position"] < 0:
                raise InputException.invalid_value("position", sent["position"])
            self.conn.execute(update(page_product).where(_pp.page_id == id, _pp.product_id == sent["product_id"])
                              .values(position=sent["position"]))
        category_id = _category_of(record)
        if category_id is not None:
            PageIndexer(self.conn).refresh_categories([category_id])
        return self.get_products(id)


class PageViewManagement(Service):
    """Landing pages as the storefront shows them: by the request path a page answers on, or as the
    listing of a category a dynamic page replaces. Disabled pages are not shown."""

    interface = "Vendor\\Xlanding\\Api\\PageViewManagementInterface"
    summary = "Landing pages on the storefront"

    def _website(self) -> int | None:
        return self.ctx.config.website_of.get(self.ctx.store_id) if self.ctx.config is not None else None

    def get_by_request_path(self, request_path: str) -> PageViewInterface:
        path = request_path.strip().strip("/")
        repository = PageRepository(self.ctx)
        page = repository.get_by_url_key(path, self.ctx.store_id)
        if page.is_active not in (ACTIVE, DYNAMIC):
            raise NoSuchEntityException('No landing page answers on "%1".', [path])
        rows = self.conn.execute(select(_pp.product_id, _pp.position).where(_pp.page_id == page.page_id)).all()
        return PageViewInterface.of(page=page, request_path=path, target_path=TARGET_PATH.format(page.page_id),
                                    category_id=None, layout_update=layout_update(page),
                                    **store_meta(page, self.ctx.store_id),
                                    products=_products(self.conn, list(rows), self._website(), storefront=True))

    def get_by_category_id(self, category_id: int) -> PageViewInterface:
        row = self.conn.execute(select(_cp.page_id).where(_cp.category_id == category_id).limit(1)).scalar()
        if row is None:
            row = self.conn.execute(select(_p.page_id).where(
                _p.is_active == DYNAMIC, _p.dynamic_category_id == str(category_id)).limit(1)).scalar()
        if row is None:
            raise NoSuchEntityException('No landing page replaces category "%1".', [category_id])
        page = PageRepository(self.ctx).get_record(row)
        linked = select(page_store.c.page_id).where(page_store.c.page_id == page.page_id,
                                                    page_store.c.store_id.in_({0, self.ctx.store_id}))
        if self.conn.execute(linked).first() is None:
            raise NoSuchEntityException('No landing page replaces category "%1".', [category_id])
        rows = self.conn.execute(select(_cp.product_id, _cp.position).where(_cp.category_id == category_id)).all()
        return PageViewInterface.of(page=page, request_path=page.identifier,
                                    target_path=TARGET_PATH.format(page.page_id), category_id=category_id,
                                    layout_update=layout_update(page), **store_meta(page, self.ctx.store_id),
                                    products=_products(self.conn, list(rows), self._website(), storefront=True))
