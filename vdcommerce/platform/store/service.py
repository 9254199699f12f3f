"""The scope tree: websites, store groups and store views. The store package owns their tables; every
other package reads scopes through these functions.

Look-ups take the caller's connection (so they see its transaction) and run one query each;
``tree`` reads the whole tree in one go for those that keep it in memory (the configuration cache).
``create_website``, ``create_group`` and ``create_store_view`` grow the tree (``vdcommerce store``);
the services at the end are the platform's store reads (``GET /V1/store/...``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from sqlalchemy import Connection, func, select, update

from ...framework.data import digits
from ...framework.context import Service
from ...framework.exceptions import AlreadyExistsException, InputException, NoSuchEntityException
from ...settings import get_settings
from .api import GroupInterface, StoreConfigInterface, StoreInterface, WebsiteInterface

from .tables import group as group_t
from .tables import store as store_t
from .tables import website as website_t

ADMIN_STORE_ID = 0     # the admin store view (``all``), in the admin website 0
DEFAULT_ROOT_CATEGORY_ID = 2   # the platform's "Default Category"


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
    code: str
    root_category_id: int


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
_GROUPS = select(group_t.c.group_id, group_t.c.website_id, group_t.c.name, group_t.c.default_store_id,
                 group_t.c.code, group_t.c.root_category_id)
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


def group_by_code(conn: Connection, code: str) -> Group | None:
    return _group(conn.execute(_GROUPS.where(group_t.c.code == code)).first())


def store_views(conn: Connection) -> list[StoreView]:
    """Every store view, the admin one included."""
    return [_store(r) for r in conn.execute(_STORES.order_by(store_t.c.store_id))]


def websites(conn: Connection) -> list[Website]:
    """Every website, the admin one included."""
    return [Website(*r) for r in conn.execute(_WEBSITES.order_by(website_t.c.website_id))]


def groups(conn: Connection) -> list[Group]:
    """Every store group, the admin one included."""
    return [Group(*r) for r in conn.execute(_GROUPS.order_by(group_t.c.group_id))]


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


# --------------------------------------------------------------------------- growing the tree

# a code is what a URL carries: a letter, then letters, digits or underscores (as the platform checks it)
_CODE = re.compile(r"[a-z][a-z0-9_]*", re.I)
# codes a store view cannot take: `all` is the admin scope of a URL, `admin` the admin store's own
_RESERVED = frozenset({"all", "admin"})
_CODE_MESSAGE = ("The %1 code may contain only letters (a-z), numbers (0-9) or underscore (_), and the first "
                 "character must be a letter.")


def _check_code(kind: str, code: str) -> str:
    code = (code or "").strip()
    if not code:
        raise InputException.required("code")
    if len(code) > 32 or not _CODE.fullmatch(code):
        raise InputException(_CODE_MESSAGE, [kind])
    if code.lower() in _RESERVED:
        raise InputException('The code "%1" is reserved. Choose another one.', [code])
    return code


def _check_name(name: str) -> str:
    name = (name or "").strip()
    if not name:
        raise InputException.required("name")
    return name


def _next_id(conn: Connection, column) -> int:
    return int(conn.execute(select(func.coalesce(func.max(column), 0))).scalar_one()) + 1


def _website_of(conn: Connection, ref: str | int) -> Website:
    found = website_by_code(conn, str(ref))
    if found is None and digits(str(ref)):
        found = website(conn, int(ref))
    if found is None or found.website_id == 0:
        raise NoSuchEntityException('The website with code "%1" that was requested wasn\'t found. Verify the website '
                                    'and try again.', [str(ref)])
    return found


def _group_of(conn: Connection, ref: str | int) -> Group:
    found = group_by_code(conn, str(ref))
    if found is None and digits(str(ref)):
        found = group(conn, int(ref))
    if found is None or found.group_id == 0:
        raise NoSuchEntityException('The store group with code "%1" that was requested wasn\'t found. Verify the '
                                    'store group and try again.', [str(ref)])
    return found


def create_website(conn: Connection, code: str, name: str) -> Website:
    """A new website (without a store group until ``create_group`` gives it one)."""
    code, name = _check_code("website", code), _check_name(name)
    if website_by_code(conn, code) is not None:
        raise AlreadyExistsException('Website with the same code "%1" already exists.', [code])
    website_id = _next_id(conn, website_t.c.website_id)
    conn.execute(website_t.insert().values(website_id=website_id, code=code, name=name, default_group_id=0))
    return Website(website_id, code, name, 0)


def create_group(conn: Connection, code: str, name: str, website_ref: str | int = 1,
                 root_category_id: int = DEFAULT_ROOT_CATEGORY_ID) -> Group:
    """A new store group of a website (by code or id); the website's first group becomes its default."""
    code, name = _check_code("group", code), _check_name(name)
    site = _website_of(conn, website_ref)
    if group_by_code(conn, code) is not None:
        raise AlreadyExistsException('Group with the same code "%1" already exists.', [code])
    group_id = _next_id(conn, group_t.c.group_id)
    conn.execute(group_t.insert().values(group_id=group_id, website_id=site.website_id, name=name, code=code,
                                         default_store_id=0, root_category_id=root_category_id))
    if site.default_group_id == 0:
        conn.execute(update(website_t).where(website_t.c.website_id == site.website_id).values(default_group_id=group_id))
    return Group(group_id, site.website_id, name, 0, code, root_category_id)


def create_store_view(conn: Connection, code: str, name: str, group_ref: str | int | None = None,
                      sort_order: int = 0, is_active: bool = True) -> StoreView:
    """A new store view in a store group (by code or id; default: the main website's default group);
    the group's first store view becomes its default."""
    code, name = _check_code("store", code), _check_name(name)
    if group_ref is None:
        main = website(conn, 1)
        grp = group(conn, main.default_group_id) if main is not None else None
        if grp is None:
            raise NoSuchEntityException("The main website has no store group. Name one with --group.")
    else:
        grp = _group_of(conn, group_ref)
    if store_view_by_code(conn, code) is not None:
        raise AlreadyExistsException('Store with the same code "%1" already exists.', [code])
    store_id = _next_id(conn, store_t.c.store_id)
    conn.execute(store_t.insert().values(store_id=store_id, code=code, website_id=grp.website_id, group_id=grp.group_id,
                                         name=name, sort_order=sort_order, is_active=is_active))
    if grp.default_store_id == 0:
        conn.execute(update(group_t).where(group_t.c.group_id == grp.group_id).values(default_store_id=store_id))
    return StoreView(store_id, code, grp.website_id, grp.group_id, name, sort_order, is_active)


# --------------------------------------------------------------------------- the platform's store reads

class StoreRepository(Service):
    interface = "Magento\\Store\\Api\\StoreRepositoryInterface"
    summary = "Store views"

    def get_list(self) -> list[StoreInterface]:
        return [StoreInterface.of(id=s.store_id, code=s.code, name=s.name, website_id=s.website_id,
                                  store_group_id=s.group_id, is_active=int(s.is_active))
                for s in store_views(self.conn)]


class GroupRepository(Service):
    interface = "Magento\\Store\\Api\\GroupRepositoryInterface"
    summary = "Store groups"

    def get_list(self) -> list[GroupInterface]:
        return [GroupInterface.of(id=g.group_id, website_id=g.website_id, root_category_id=g.root_category_id,
                                  default_store_id=g.default_store_id, name=g.name, code=g.code)
                for g in groups(self.conn)]


class WebsiteRepository(Service):
    interface = "Magento\\Store\\Api\\WebsiteRepositoryInterface"
    summary = "Websites"

    def get_list(self) -> list[WebsiteInterface]:
        return [WebsiteInterface.of(id=w.website_id, code=w.code, name=w.name, default_group_id=w.default_group_id)
                for w in websites(self.conn)]


def service_base_url() -> str:
    """Where the service is reached when ``web/unsecure/base_url`` is not set: ``VDC_BASE_URL``, else
    the address ``serve`` binds; with a trailing slash."""
    s = get_settings()
    if s.base_url:
        return s.base_url.rstrip("/") + "/"
    host = "127.0.0.1" if s.host in ("0.0.0.0", "::", "") else s.host
    return f"http://{host}:{s.port}/"


class StoreConfigManager(Service):
    interface = "Magento\\Store\\Api\\StoreConfigManagerInterface"
    summary = "Store configuration"

    def get_store_configs(self, store_codes: list[str] | None = None) -> list[StoreConfigInterface]:
        """The configuration of each store view (the admin one never), or of those named."""
        views = [v for v in store_views(self.conn) if v.store_id != ADMIN_STORE_ID]
        if store_codes is not None:
            wanted = set(store_codes)
            views = [v for v in views if v.code in wanted]
        return [self._config_of(v) for v in views]

    def _config_of(self, view: StoreView) -> StoreConfigInterface:
        cfg = self.ctx.config

        def get(path: str) -> str | None:
            value = cfg.get(path, view.store_id) if cfg is not None else None
            return value if value not in (None, "") else None

        base = get("web/unsecure/base_url") or service_base_url()
        secure = get("web/secure/base_url") or base
        urls = {}
        media = get_settings().media_base_url()  # where the service serves the public media folder
        for prefix, root in (("", base), ("secure_", secure)):
            section = "web/secure" if prefix else "web/unsecure"
            for name, default in (("base_link_url", root), ("base_static_url", root + "static/"),
                                  ("base_media_url", media)):
                value = get(f"{section}/{name}")
                urls[prefix + name] = _placeholders(value, base, secure) if value else default
        return StoreConfigInterface.of(
            id=view.store_id, code=view.code, website_id=view.website_id,
            locale=get("general/locale/code") or "en_US",
            base_currency_code=get("currency/options/base") or "USD",
            default_display_currency_code=get("currency/options/default") or "USD",
            timezone=get("general/locale/timezone") or "UTC",
            weight_unit=get("general/locale/weight_unit") or "lbs",
            base_url=base, base_link_url=urls["base_link_url"], base_static_url=urls["base_static_url"],
            base_media_url=urls["base_media_url"], secure_base_url=secure,
            secure_base_link_url=urls["secure_base_link_url"], secure_base_static_url=urls["secure_base_static_url"],
            secure_base_media_url=urls["secure_base_media_url"])


def _placeholders(value: str, base: str, secure: str) -> str:
    """The platform's URL placeholders in a configured URL."""
    return (value.replace("{{unsecure_base_url}}", base).replace("{{secure_base_url}}", secure)
            .replace("{{base_url}}", base))
