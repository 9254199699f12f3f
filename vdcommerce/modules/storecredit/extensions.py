"""The store credit fields of carts and orders (``etc/extension_attributes.xml``).

Cart fields come from the cart's store credit row (the last stored collection); order fields that grow
after placement (invoiced, refunded) from the order's row. Both are read only: a value a client sends
with a cart is ignored (credit is applied and cancelled through the module's own routes)."""
from __future__ import annotations

from decimal import Decimal
from typing import Any, ClassVar

from sqlalchemy import bindparam, select

from ...framework.context import Context
from ...platform.quote.totals import cents
from .tables import order_credit, quote_credit

_CARTS = select(quote_credit).where(quote_credit.c.quote_id.in_(bindparam("ids", expanding=True)))
_ORDERS = select(order_credit).where(order_credit.c.order_id.in_(bindparam("ids", expanding=True)))


class _CartField:
    column: ClassVar[str]

    def load(self, ctx: Context, ids: list[Any]) -> dict[Any, Any]:
        if not ids:
            return {}
        out: dict[Any, Any] = {}
        for r in ctx.conn.execute(_CARTS, {"ids": [int(i) for i in ids]}):
            if self.column == "use_credit":
                out[r.quote_id] = 1 if r.use_credit else 0
            else:
                out[r.quote_id] = cents(r.amount if self.column == "amount" else r.shipping_amount) \
                    if r.use_credit else cents(0)
        return out

    def save(self, ctx: Context, record_id: Any, value: Any) -> None:
        """Read only."""


class CartUse(_CartField):
    column = "use_credit"


class CartAmount(_CartField):
    column = "amount"


class CartShippingAmount(_CartField):
    column = "shipping_amount"


class _OrderField:
    column: ClassVar[str]

    def load(self, ctx: Context, ids: list[Any]) -> dict[Any, Any]:
        if not ids:
            return {}
        return {r.order_id: cents(Decimal(getattr(r, self.column)))
                for r in ctx.conn.execute(_ORDERS, {"ids": [int(i) for i in ids]})}

    def save(self, ctx: Context, record_id: Any, value: Any) -> None:
        """Orders are written at placement; a value sent with an order is ignored."""


class OrderInvoiced(_OrderField):
    column = "invoiced_amount"


class OrderRefunded(_OrderField):
    column = "refunded_amount"
