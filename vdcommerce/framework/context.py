"""What a service call runs within: the transaction, the store scope and the caller."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from sqlalchemy import Connection

if TYPE_CHECKING:  # pragma: no cover
    from ..platform.config.service import ConfigState


# user types (platform.md 4.1)
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


@dataclass
class Context:
    conn: Connection
    store_id: int = 1          # the current store view (0 = admin store, for `all`)
    website_id: int = 1
    caller: Caller = GUEST_CALLER
    config: "ConfigState | None" = None
    extra: dict[str, Any] = field(default_factory=dict)

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


# Placeholders of forced route parameters (platform.md 2.4): ``%name%`` -> its value for the request's
# context. A package adds its own at import (the quote package adds ``%cart_id%``); a resolver may raise
# a LocalizedException (a customer without a cart).
PLACEHOLDERS: dict[str, Callable[[Context], Any]] = {
    "%customer_id%": lambda ctx: ctx.caller.customer_id,
}
