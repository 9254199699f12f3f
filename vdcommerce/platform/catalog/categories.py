"""Categories: the tree, its records, and the products assigned to each.

The tree is kept as materialised paths: a category's ``path`` is its ancestors' ids and its own
(``1/2/5``) and its ``level`` the number of ancestors. Id 1 is the root of every tree ("Root
Catalog", level 0), id 2 the store's root ("Default Category", level 1); the revision seeds both and
neither may be deleted or moved. A new category without ``parent_id`` goes under 2, after its last
sibling. Deleting a category deletes its subtree and the product links of every category in it;
moving one rewrites the paths and levels of its subtree, and a category cannot move under itself or
its own descendants.

Other packages read the tree through ``category_exists``, ``subtree_ids`` and ``product_ids_in``.
"""
from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

import orjson
from sqlalchemy import bindparam, delete, func, insert, literal, or_, select, update

from ...framework.data import digits
from ...framework.dates import utc_now as _now
from ...framework import events
from ...framework.exceptions import (CouldNotSaveException, InputException, LocalizedException,
                                     NoSuchEntityException, StateException)
from ...framework.repository import Repository
from ...framework.context import Service
from ...framework.search import SearchCriteria, SearchField
from .api import PRODUCT_NOT_FOUND as NOT_FOUND
from .api import CategoryInterface, CategoryProductLinkInterface, CategorySearchResultsInterface, CategoryTreeInterface
from .tables import category as category_t
from .tables import category_product as link_t
from .tables import product as product_t

ROOT_ID = 1
STORE_ROOT_ID = 2
PROTECTED = (ROOT_ID, STORE_ROOT_ID)
MOVE_INTO_CHILD = "Operation do not allow to move a parent category to any of children category"
NOT_IN_CATEGORY = "The category doesn't contain the specified product."
# custom attributes computed from the tree, never stored
_DERIVED = ("children_count", "path", "level", "url_path")
_URL_KEY = re.compile(r"[a-z0-9_-]+(\.[a-z0-9_-]+)?")



def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "category"


def _missing(category_id: Any) -> NoSuchEntityException:
    return NoSuchEntityException.single_field("id", category_id)


_one = select(category_t.c.entity_id, category_t.c.path, category_t.c.level, category_t.c.parent_id)
_by_id = _one.where(category_t.c.entity_id == bindparam("cid"))
_children = (select(category_t.c.parent_id, category_t.c.entity_id)
             .where(category_t.c.parent_id.in_(bindparam("ids", expanding=True)))
             .order_by(category_t.c.parent_id, category_t.c.position, category_t.c.entity_id))
_counts = (select(link_t.c.category_id, func.count()).where(link_t.c.category_id.in_(bindparam("ids", expanding=True)))
           .group_by(link_t.c.category_id))


# --------------------------------------------------------------------------- reads for other packages

def category_exists(conn, category_id: int) -> bool:
    return conn.execute(_by_id, {"cid": category_id}).first() is not None


def subtree_ids(conn, category_id: int) -> list[int]:
    """The category and all its descendants (empty when it does not exist)."""
    row = conn.execute(_by_id, {"cid": category_id}).first()
    if row is None:
        return []
    return list(conn.execute(select(category_t.c.entity_id).where(
        or_(category_t.c.entity_id == category_id, category_t.c.path.like(row.path + "/%")))
        .order_by(category_t.c.level, category_t.c.position)).scalars())


def product_ids_in(conn, category_ids: Iterable[int]) -> set[int]:
    """The products assigned to any of these categories."""
    ids = list(category_ids)
    if not ids:
        return set()
    return set(conn.execute(select(link_t.c.product_id).where(link_t.c.category_id.in_(ids))).scalars())


# --------------------------------------------------------------------------- the repository

class CategoryRepository(Repository[CategoryInterface, CategorySearchResultsInterface]):
    """``Magento\\Catalog\\Api\\CategoryRepositoryInterface`` (and the list)."""

    interface = "Magento\\Catalog\\Api\\CategoryRepositoryInterface"
    summary = "Categories"
    table = category_t
    data = CategoryInterface
    results = CategorySearchResultsInterface
    renamed = {"id": "entity_id"}
    id_key = "id"
    entity = "category"

    def get(self, category_id: int, store_id: int | None = None) -> CategoryInterface:
        return self.get_record(category_id)

    def save(self, category: CategoryInterface) -> CategoryInterface:
        return self.save_record(category)

    def delete_by_identifier(self, category_id: int) -> bool:
        record = self.load(category_id)
        if category_id in PROTECTED:
            raise StateException("Cannot delete category with id %1", [category_id])
        ids = subtree_ids(self.conn, category_id)
        self.conn.execute(delete(link_t).where(link_t.c.category_id.in_(ids)))
        self.conn.execute(delete(category_t).where(category_t.c.entity_id.in_(ids)))
        for cid in reversed(ids):  # the deepest first
            events.dispatch(self.ctx, "catalog_category_delete_after", category_id=cid,
                            parent_id=record["parent_id"] if cid == category_id else None)
        return True

    def get_list(self, search_criteria: SearchCriteria) -> CategorySearchResultsInterface:
        return self.list_records(search_criteria)

    # --- hooks

    def missing(self, record_id: Any) -> NoSuchEntityException:
        return _missing(record_id)

    def convert(self, sent: dict[str, Any], stored: dict[str, Any] | None) -> dict[str, Any]:
        values: dict[str, Any] = {}
        if "name" in sent:
            values["name"] = (sent["name"] or "").strip()
        for key in ("is_active", "include_in_menu", "position"):
            if sent.get(key) is not None:
                values[key] = sent[key]
        if "available_sort_by" in sent:
            values["available_sort_by"] = ",".join(sent["available_sort_by"] or []) or None
        parent_id = sent.get("parent_id")
        if stored is None and parent_id is None:
            parent_id = STORE_ROOT_ID
        if parent_id is not None and (stored is None or parent_id != stored["parent_id"]):
            if stored is not None and stored["id"] in PROTECTED:
                raise InputException.invalid_value("parent_id", parent_id)
            values["parent_id"] = parent_id
        if "custom_attributes" in sent or stored is None:
            merged = _attributes(stored["custom_attributes"]) if stored is not None else {}
            for a in sent.get("custom_attributes") or []:
                if a["attribute_code"] not in _DERIVED:
                    merged[a["attribute_code"]] = a["value"]
            url_key = merged.get("url_key")
            if url_key in (None, ""):
                merged["url_key"] = _slug(values.get("name") or (stored or {}).get("name") or "")
            elif not isinstance(url_key, str) or not _URL_KEY.fullmatch(url_key):
                raise InputException.invalid_value("url_key", url_key)
            values["custom_attributes"] = orjson.dumps(
                [{"attribute_code": k, "value": v} for k, v in merged.items()]).decode()
        values["updated_at"] = _now()
        if stored is None:
            values["created_at"] = values["updated_at"]
        return values

    def check(self, record: dict[str, Any], stored: dict[str, Any] | None) -> None:
        if not record.get("name"):
            raise CouldNotSaveException("Could not save category: %1",
                                        ['The "name" attribute value is empty. Set the attribute and try again.'])

    def write(self, stored: dict[str, Any] | None, record: dict[str, Any], sent_links: list[str]) -> dict[str, Any]:
        moved_to = record.get("parent_id") if stored is None or record["parent_id"] != stored["parent_id"] else None
        parent = None
        if moved_to is not None:
            parent = self.conn.execute(_by_id, {"cid": moved_to}).first()
            if parent is None:
                raise _missing(moved_to)
        if stored is None:
            assert parent is not None
            if self.sent.get("position") is None:
                record["position"] = _next_position(self.conn, parent.entity_id)
            row = self.to_row({**record, "path": "", "level": parent.level + 1})
            record["id"] = self.conn.execute(self._insert, row).inserted_primary_key[0]  # type: ignore[index]
            record["path"], record["level"] = f"{parent.path}/{record['id']}", parent.level + 1
            self.conn.execute(update(category_t).where(category_t.c.entity_id == record["id"])
                              .values(path=record["path"]))
            return record
        record["id"] = stored["id"]
        if moved_to is not None:
            record["parent_id"] = stored["parent_id"]  # the move below rewrites it with the subtree
        self.conn.execute(self._update, {"b_record_id": stored["id"], **self.to_row(record)})
        if moved_to is not None:
            _move(self.conn, stored["id"], moved_to, None)
            moved = self.conn.execute(select(category_t).where(category_t.c.entity_id == stored["id"])).first()
            assert moved is not None
            record.update(parent_id=moved.parent_id, path=moved.path, level=moved.level, position=moved.position)
        return record

    def after_save(self, record: dict[str, Any], stored: dict[str, Any] | None) -> None:
        events.dispatch(self.ctx, "catalog_category_save_after", category_id=record["id"],
                        parent_id=record["parent_id"])

    def with_links(self, records: list[dict[str, Any]]) -> list[dict[str, Any]]:
        ids = [r["id"] for r in records]
        children: dict[int, list[int]] = {i: [] for i in ids}
        if ids:
            for parent_id, child_id in self.conn.execute(_children, {"ids": ids}):
                children[parent_id].append(child_id)
        for r in records:
            r["children"] = children[r["id"]]
        return records

    def search_fields(self) -> Mapping[str, SearchField]:
        return _SEARCH_FIELDS

    def to_data(self, r: dict[str, Any]) -> CategoryInterface:
        attributes = orjson.loads(r["custom_attributes"] or "[]")
        attributes.append({"attribute_code": "children_count", "value": str(len(r.get("children") or []))})
        attributes.append({"attribute_code": "path", "value": r["path"]})
        return CategoryInterface.of(
            id=r["id"], parent_id=r["parent_id"], name=r["name"], is_active=bool(r["is_active"]),
            position=r["position"], level=r["level"], children=",".join(str(c) for c in r.get("children") or []),
            created_at=r["created_at"], updated_at=r["updated_at"], path=r["path"],
            available_sort_by=(r["available_sort_by"] or "").split(",") if r["available_sort_by"] else [],
            include_in_menu=bool(r["include_in_menu"]), custom_attributes=attributes)


class CategoryList(CategoryRepository):
    """``Magento\\Catalog\\Api\\CategoryListInterface``: the searchCriteria list."""

    interface = "Magento\\Catalog\\Api\\CategoryListInterface"
    summary = "Category list"


CategoryInterface.__id_field__ = "id"
_SEARCH_FIELDS = {**CategoryRepository._search, "entity_id": CategoryRepository._search["id"]}


def _attributes(text: str) -> dict[str, Any]:
    return {a["attribute_code"]: a["value"] for a in orjson.loads(text or "[]")}


def _next_position(conn, parent_id: int) -> int:
    top = conn.execute(select(func.max(category_t.c.position)).where(category_t.c.parent_id == parent_id)).scalar()
    return (top or 0) + 1


def _move(conn, category_id: int, parent_id: int, after_id: int | None) -> None:
    """Put a category under ``parent_id``, after its child ``after_id`` (None: after the last; 0 or an id
    that is not a child: first), and rewrite the paths and levels of its subtree."""
    row = conn.execute(_by_id, {"cid": category_id}).first()
    if row is None:
        raise _missing(category_id)
    parent = conn.execute(_by_id, {"cid": parent_id}).first()
    if parent is None:
        raise _missing(parent_id)
    if category_id in PROTECTED:
        raise LocalizedException("Cannot move category with id %1", [category_id])
    if parent_id == category_id or parent.path.startswith(row.path + "/"):
        raise LocalizedException(MOVE_INTO_CHILD)
    siblings = [cid for cid in conn.execute(
        select(category_t.c.entity_id).where(category_t.c.parent_id == parent_id,
                                             category_t.c.entity_id != category_id)
        .order_by(category_t.c.position, category_t.c.entity_id)).scalars()]
    if after_id is None:
        siblings.append(category_id)
    else:
        at = siblings.index(after_id) + 1 if after_id in siblings else 0
        siblings.insert(at, category_id)
    new_path, shift = f"{parent.path}/{category_id}", parent.level + 1 - row.level
    if new_path != row.path or shift:
        conn.execute(update(category_t).where(category_t.c.path.like(row.path + "/%")).values(
            path=literal(new_path) + func.substr(category_t.c.path, len(row.path) + 1),
            level=category_t.c.level + shift))
    conn.execute(update(category_t).where(category_t.c.entity_id == category_id).values(
        parent_id=parent_id, path=new_path, level=parent.level + 1, updated_at=_now()))
    for position, cid in enumerate(siblings, start=1):
        conn.execute(update(category_t).where(category_t.c.entity_id == cid).values(position=position))


# --------------------------------------------------------------------------- the tree and moves

class CategoryManagement(Service):
    """``Magento\\Catalog\\Api\\CategoryManagementInterface``: the tree and moves."""

    interface = "Magento\\Catalog\\Api\\CategoryManagementInterface"
    summary = "Category tree"

    def get_tree(self, root_category_id: int | None = None, depth: int | None = None) -> CategoryTreeInterface:
        root_id = STORE_ROOT_ID if root_category_id is None else root_category_id
        root = self.conn.execute(_by_id, {"cid": root_id}).first()
        if root is None:
            raise _missing(root_id)
        if depth is not None and depth < 0:
            raise InputException.invalid_value("depth", depth)
        stmt = select(category_t.c.entity_id, category_t.c.parent_id, category_t.c.name, category_t.c.is_active,
                      category_t.c.position, category_t.c.level).where(
            or_(category_t.c.entity_id == root_id, category_t.c.path.like(root.path + "/%")))
        if depth is not None:
            stmt = stmt.where(category_t.c.level <= root.level + depth)
        rows = self.conn.execute(stmt.order_by(category_t.c.level, category_t.c.position,
                                               category_t.c.entity_id)).all()
        counts: dict[int, int] = {cid: n for cid, n in self.conn.execute(
            _counts, {"ids": [r.entity_id for r in rows]})}
        nodes: dict[int, CategoryTreeInterface] = {}
        for r in rows:
            node = CategoryTreeInterface.of(id=r.entity_id, parent_id=r.parent_id, name=r.name,
                                            is_active=bool(r.is_active), position=r.position, level=r.level,
                                            product_count=counts.get(r.entity_id, 0), children_data=[])
            nodes[r.entity_id] = node
            if r.entity_id != root_id and r.parent_id in nodes:
                nodes[r.parent_id].children_data.append(node)  # type: ignore[attr-defined]
        return nodes[root_id]

    def move(self, category_id: int, parent_id: int, after_id: int | None = None) -> bool:
        _move(self.conn, category_id, parent_id, after_id)
        events.dispatch(self.ctx, "catalog_category_save_after", category_id=category_id, parent_id=parent_id)
        return True


# --------------------------------------------------------------------------- product assignment

def _product_id(conn, sku: str) -> int:
    pid = conn.execute(select(product_t.c.entity_id).where(product_t.c.sku == sku)).scalar()
    if pid is None:
        raise NoSuchEntityException(NOT_FOUND)
    return int(pid)


class CategoryLinkManagement(Service):
    """``Magento\\Catalog\\Api\\CategoryLinkManagementInterface``: the products of a category."""

    interface = "Magento\\Catalog\\Api\\CategoryLinkManagementInterface"
    summary = "Products of a category"

    def get_assigned_products(self, category_id: int) -> list[CategoryProductLinkInterface]:
        if not category_exists(self.conn, category_id):
            raise _missing(category_id)
        rows = self.conn.execute(
            select(product_t.c.sku, link_t.c.position).join(product_t, product_t.c.entity_id == link_t.c.product_id)
            .where(link_t.c.category_id == category_id).order_by(link_t.c.position, product_t.c.entity_id)).all()
        return [CategoryProductLinkInterface.of(sku=r.sku, position=r.position, category_id=str(category_id))
                for r in rows]


class CategoryLinkRepository(Service):
    """``Magento\\Catalog\\Api\\CategoryLinkRepositoryInterface``: assign a product to a category (again:
    its position changes) or take it out."""

    interface = "Magento\\Catalog\\Api\\CategoryLinkRepositoryInterface"
    summary = "Category product links"

    def save(self, product_link: CategoryProductLinkInterface, category_id: int | None = None) -> bool:
        cid: Any = category_id if category_id is not None else product_link.category_id
        missing = []
        if not (product_link.sku or "").strip():
            missing.append(InputException.required("sku"))
        if cid in (None, ""):
            missing.append(InputException.required("category_id"))
        if missing:
            raise InputException.aggregate(missing)
        if not digits(str(cid).strip()):
            raise InputException.invalid_value("category_id", cid)
        cid = int(str(cid).strip())
        if not category_exists(self.conn, cid):
            raise _missing(cid)
        pid = _product_id(self.conn, (product_link.sku or "").strip())
        position = product_link.position or 0
        if position < 0:
            raise InputException.invalid_value("position", position)
        self.conn.execute(delete(link_t).where(link_t.c.category_id == cid, link_t.c.product_id == pid))
        self.conn.execute(insert(link_t).values(category_id=cid, product_id=pid, position=position))
        return True

    def delete_by_ids(self, category_id: int, sku: str) -> bool:
        if not category_exists(self.conn, category_id):
            raise _missing(category_id)
        pid = _product_id(self.conn, sku)
        gone = self.conn.execute(delete(link_t).where(link_t.c.category_id == category_id,
                                                      link_t.c.product_id == pid)).rowcount
        if not gone:
            raise InputException(NOT_IN_CATEGORY)
        return True
