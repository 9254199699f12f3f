"""The scope tree: websites, store groups and store views. The store package owns their tables; every
other package reads scopes through these functions.

Look-ups take the caller's connection (so they see its transaction) and run one query each;
``tree`` reads the whole tree in one go for those that keep it in memory (the configuration cache).
"""
from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Connection, select

from .tables import group as group_t
from .tables import store as store_t
from .tables import website as website_t

ADMIN_STORE_ID = 0     # the admin store view (``all``), in the admin website 0


@dataclass(frozen=True)
class Website:
    website_id: int
    code: str
    name: str
    default_group_id: int


@dataclass(frozen=True)
class Group:
    group_id: int
    website_id: int
    name: str
    default_store_id: int


@dataclass(frozen=True)
class StoreView:
    store_id: int
    code: str
    website_id: int
    group_id: int
    name: str
    sort_order: int
    is_active: bool


_WEBSITES = select(website_t.c.website_id, website_t.c.code, website_t.c.name, website_t.c.default_group_id)
_GROUPS = select(group_t.c.group_id, group_t.c.website_id, group_t.c.name, group_t.c.default_store_id)
_STORES = select(store_t.c.store_id, store_t.c.code, store_t.c.website_id, store_t.c.group_id, store_t.c.name,
                 store_t.c.sort_order, store_t.c.is_active)


def _website(row) -> Website | None:
    return Website(*row) if row is not None else None


def _group(row) -> Group | None:
    return Group(*row) if row is not None else None


def _store(row) -> StoreView | None:
    return StoreView(*row[:6], bool(row[6])) if row is not None else None


def website(conn: Connection, website_id: int) -> Website | None:
    return _website(conn.execute(_WEBSITES.where(website_t.c.website_id == website_id)).first())


def website_by_code(conn: Connection, code: str) -> Website | None:
    return _website(conn.execute(_WEBSITES.where(website_t.c.code == code)).first())


def group(conn: Connection, group_id: int) -> Group | None:
    return _group(conn.execute(_GROUPS.where(group_t.c.group_id == group_id)).first())


def store_view(conn: Connection, store_id: int) -> StoreView | None:
    return _store(conn.execute(_STORES.where(store_t.c.store_id == store_id)).first())


def store_view_by_code(conn: Connection, code: str) -> StoreView | None:
    return _store(conn.execute(_STORES.where(store_t.c.code == code)).first())


def store_views(conn: Connection) -> list[StoreView]:
    """Every store view, the admin one included."""
    return [_store(r) for r in conn.execute(_STORES.order_by(store_t.c.store_id))]


def first_store_view(conn: Connection, website_id: int) -> StoreView | None:
    """The website's store view with the lowest id (the admin store view never counts)."""
    return _store(conn.execute(_STORES.where(store_t.c.website_id == website_id, store_t.c.store_id != ADMIN_STORE_ID)
                               .order_by(store_t.c.store_id).limit(1)).first())


def default_store_view(conn: Connection, website_id: int) -> StoreView | None:
    """The website's default store view: its default group's default store view."""
    site = website(conn, website_id)
    grp = group(conn, site.default_group_id) if site is not None else None
    return store_view(conn, grp.default_store_id) if grp is not None else None


@dataclass(frozen=True)
class ScopeTree:
    """Every website, group and store view, by id."""
    websites: dict[int, Website]
    groups: dict[int, Group]
    stores: dict[int, StoreView]

    def store_by_code(self, code: str) -> StoreView | None:
        return next((s for s in self.stores.values() if s.code == code), None)

    def website_by_code(self, code: str) -> Website | None:
        return next((w for w in self.websites.values() if w.code == code), None)

    def store_views_of(self, website_id: int) -> list[StoreView]:
        return sorted((s for s in self.stores.values() if s.website_id == website_id), key=lambda s: s.store_id)

    def default_store_view(self, website_id: int) -> StoreView | None:
        site = self.websites.get(website_id)
        grp = self.groups.get(site.default_group_id) if site is not None else None
        return self.stores.get(grp.default_store_id) if grp is not None else None


def tree(conn: Connection) -> ScopeTree:
    """The whole scope tree (three queries)."""
    return ScopeTree(websites={r.website_id: _website(r) for r in conn.execute(_WEBSITES)},
                     groups={r.group_id: _group(r) for r in conn.execute(_GROUPS)},
                     stores={s.store_id: s for s in store_views(conn)})
