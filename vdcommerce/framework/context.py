"""What a service call runs within: the transaction, the store scope and the caller."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Protocol

from sqlalchemy import Connection


# user types
INTEGRATION, ADMIN, CUSTOMER, GUEST = 1, 2, 3, 4


@dataclass(frozen=True)
class Caller:
    user_type: int = GUEST
    user_id: int | None = None
    resources: frozenset[str] | None = None  # admin/integration grants (None: all)

    @property
    def customer_id(self) -> int | None:
        return self.user_id if self.user_type == CUSTOMER else None


GUEST_CALLER = Caller()


class ConfigReader(Protocol):
    """The configuration a service reads, for a store view (None: the default scope).

    The framework names only what it needs; the config package's snapshot provides it, so that the
    framework does not import the packages built on it.
    """

    @property
    def website_of(self) -> Mapping[int, int]:
        """The website of each store view, from the cached scope tree."""

    def get(self, path: str, store_id: int | None = None) -> str | None: ...

    def flag(self, path: str, store_id: int | None = None) -> bool: ...

    def number(self, path: str, store_id: int | None = None, default: float = 0) -> float: ...

    def input_limits_enabled(self, store_id: int | None = None) -> bool: ...


@dataclass
class Context:
    conn: Connection
    store_id: int = 1          # the current store view: the URL's store code, 1 without one, 0 (admin) under `all`
    website_id: int = 1        # that store view's website (0 under `all`)
    caller: Caller = GUEST_CALLER
    config: ConfigReader | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    client_ip: str | None = None  # the caller's IP address; None outside an HTTP request (queue, CLI)
    clock: dt.datetime | None = None  # a job run's time (naive UTC); None: the real clock

    def now(self) -> dt.datetime:
        """Now, naive UTC to the second: the run's time in a scheduled job (the ``--at`` time of
        ``cron run``, else the real clock when the run started), the real clock in a request."""
        if self.clock is not None:
            return self.clock
        return dt.datetime.now(dt.timezone.utc).replace(tzinfo=None, microsecond=0)

    def config_value(self, path: str, default: Any = None) -> Any:
        value = self.config.get(path, self.store_id) if self.config else None
        return default if value is None else value

    def config_flag(self, path: str) -> bool:
        """A yes/no configuration path for the current store view."""
        return self.config.flag(path, self.store_id) if self.config else False


class Service:
    """Base of every service class bound to routes.

    A subclass names the interface it implements (``interface = "Vendor\\Faq\\Api\\QuestionRepositoryInterface"``);
    webapi.xml routes name that interface and a method, written in camelCase there and in
    snake_case here (``getById`` -> ``get_by_id``). Parameters are annotated with their types; the
    framework binds and converts them, and writes the return value by its annotation.
    """

    interface: str = ""
    summary: str = ""
    registry: dict[str, type["Service"]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.interface:
            Service.registry[cls.interface] = cls

    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.conn = ctx.conn


# Placeholders of forced route parameters: ``%name%`` -> its value for the request's
# context. A package adds its own at import (the quote package adds ``%cart_id%``); a resolver may raise
# a LocalizedException (a customer without a cart).
PLACEHOLDERS: dict[str, Callable[[Context], Any]] = {
    "%customer_id%": lambda ctx: ctx.caller.customer_id,
}


# Owned records of "resource or owner" routes: a route whose resources name ``self`` together with an
# admin resource may be called by an admin or integration granted that resource, or by the customer who
# owns the record its path parameter names. ``OWNERS`` maps such a parameter name (``cartId``) to the
# check ``(ctx, value) -> bool`` (does the calling customer own the record with this id?); a package
# adds its own at import (the quote package adds ``cartId``, the sales package ``orderId``).
OWNERS: dict[str, Callable[[Context, str], bool]] = {}
