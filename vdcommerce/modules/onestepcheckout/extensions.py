"""Extension attributes of the module: the cart's ``vendor_checkout`` (what the checkout stored on it)
and the order's ``vendor_checkout_delivery`` and ``vendor_checkout_gift_messages``."""
from __future__ import annotations

from typing import Any

from ...framework.context import Context
from . import records


class CartCheckout:
    def load(self, ctx: Context, ids: list[Any]) -> dict[Any, Any]:
        return records.cart_data(ctx, [int(i) for i in ids]) if ids else {}

    def save(self, ctx: Context, record_id: Any, value: Any) -> None:
        """Read-only on the cart: the module's own routes change it."""
        return None


class OrderDelivery:
    def load(self, ctx: Context, ids: list[Any]) -> dict[Any, Any]:
        return records.order_deliveries(ctx, [int(i) for i in ids]) if ids else {}

    def save(self, ctx: Context, record_id: Any, value: Any) -> None:
        return None


class OrderGiftMessages:
    def load(self, ctx: Context, ids: list[Any]) -> dict[Any, Any]:
        return records.order_messages(ctx, [int(i) for i in ids]) if ids else {}

    def save(self, ctx: Context, record_id: Any, value: Any) -> None:
        return None
