"""Reading and writing scoped configuration.

A value is looked up for a store view, then its website, then the default scope, then the
packages' etc/config.xml defaults. Each worker keeps a copy (``ConfigCache``) that it re-reads
when older than ``VDC_CONFIG_CACHE_SECONDS``: a ``config set`` takes effect within that time.
"""
from __future__ import annotations

import time
from typing import Any

from sqlalchemy import Connection, delete, select

from ...framework import db
from ...framework.exceptions import InputException
from ..store import service as scopes
from .tables import config_data

SCOPES = ("default", "websites", "stores")


class ConfigState:
    """One consistent snapshot of the scope tree and the configuration."""

    def __init__(self, defaults: dict[str, str], rows, stores: list[scopes.StoreView]):
        self.defaults = defaults
        self.values: dict[tuple[str, int, str], str | None] = {(r.scope, r.scope_id, r.path): r.value for r in rows}
        self.stores: dict[str, tuple[int, int]] = {s.code: (s.store_id, s.website_id)
                                                   for s in stores if s.store_id != 0 and s.is_active}
        self.website_of: dict[int, int] = {s.store_id: s.website_id for s in stores}
        self._memo: dict[tuple[str, int], Any] = {}

    def get(self, path: str, store_id: int | None = None) -> str | None:
        key = (path, store_id or 0)
        try:
            return self._memo[key]
        except KeyError:
            pass
        v = None
        values = self.values
        if store_id:
            v = values.get(("stores", store_id, path))
            if v is None:
                v = values.get(("websites", self.website_of.get(store_id, 0), path))
        if v is None:
            v = values.get(("default", 0, path))
        if v is None:
            v = self.defaults.get(path)
        self._memo[key] = v
        return v

    def flag(self, path: str, store_id: int | None = None) -> bool:
        return (self.get(path, store_id) or "0").strip().lower() in ("1", "true", "yes", "on")

    def number(self, path: str, store_id: int | None = None, default: float = 0) -> float:
        v = self.get(path, store_id)
        try:
            return float(v) if v not in (None, "") else default
        except ValueError:
            return default

    # web API input limits
    def input_limits_enabled(self, store_id: int | None = None) -> bool:
        return self.flag("webapi/validation/input_limit_enabled", store_id)

    def sync_array_limit(self, store_id: int | None = None) -> int:
        return int(self.number("webapi/sync/default_input_array_size_limit", store_id, 0)
                   or self.number("webapi/validation/complex_array_limit", store_id, 20))


class ConfigCache:
    def __init__(self, defaults: dict[str, str], ttl: float):
        self.defaults = defaults
        self.ttl = ttl
        self._state: ConfigState | None = None
        self._loaded = 0.0

    def current(self) -> ConfigState:
        now = time.monotonic()
        if self._state is None or now - self._loaded >= self.ttl:
            with db.get_engine().connect() as conn:
                self._state = load_state(conn, self.defaults)
            self._loaded = now
        return self._state


def load_state(conn: Connection, defaults: dict[str, str]) -> ConfigState:
    rows = conn.execute(select(config_data.c.scope, config_data.c.scope_id, config_data.c.path, config_data.c.value)).all()
    return ConfigState(defaults, rows, scopes.store_views(conn))


def _scope_id(conn: Connection, scope: str, code: str | None) -> int:
    if scope not in SCOPES:
        raise InputException.invalid_value("scope", scope)
    if scope == "default":
        return 0
    if scope == "stores":
        view = scopes.store_view_by_code(conn, code) or scopes.store_view(conn, _int_or(code))
        if view is not None:
            return view.store_id
    else:
        site = scopes.website_by_code(conn, code) or scopes.website(conn, _int_or(code))
        if site is not None:
            return site.website_id
    raise InputException.invalid_value("scope_code", code)


def _int_or(v):
    try:
        return int(v)
    except (TypeError, ValueError):
        return -1


def set_value(conn: Connection, path: str, value: str | None, scope: str = "default", code: str | None = None) -> None:
    sid = _scope_id(conn, scope, code)
    conn.execute(delete(config_data).where(config_data.c.scope == scope, config_data.c.scope_id == sid,
                                           config_data.c.path == path))
    if value is not None:
        conn.execute(config_data.insert().values(scope=scope, scope_id=sid, path=path, value=value))


def get_value(conn: Connection, defaults: dict[str, str], path: str, scope: str = "default", code: str | None = None) -> str | None:
    state = load_state(conn, defaults)
    sid = _scope_id(conn, scope, code)
    if scope == "stores":
        return state.get(path, sid)
    if scope == "websites":
        v = state.values.get(("websites", sid, path))
        return v if v is not None else state.get(path)
    return state.get(path)
