"""The platform's carriers: ``flatrate`` and ``freeshipping``.

Items a cart price rule made free to ship (``item.free_shipping``), and every item when a rule freed
the whole shipment (``total.free_shipping``), cost nothing on any carrier; ``shippable_qty`` is what
a carrier charges for.
"""
from __future__ import annotations

from decimal import Decimal, InvalidOperation

from ...framework.context import Context
from ..quote.totals import ZERO, Address, Quote, Total, cents
from .registry import Rate


def shippable_qty(quote: Quote, total: Total) -> Decimal:
    """Units that travel and are not free to ship."""
    if total.free_shipping:
        return ZERO
    return sum((i.qty for i in quote.items if not i.is_virtual and not i.free_shipping), ZERO)


def config_amount(ctx: Context, path: str) -> Decimal:
    try:
        return Decimal(str(ctx.config_value(path, "0")).strip() or "0")
    except InvalidOperation:
        return ZERO


def _titles(ctx: Context, code: str) -> tuple[str, str]:
    return ctx.config_value(f"carriers/{code}/title", ""), ctx.config_value(f"carriers/{code}/name", "")


class FlatRate:
    """``price`` per unit (``type`` I, the default) or per shipment (``type`` O)."""
    code = "flatrate"

    def rates(self, ctx: Context, quote: Quote, total: Total, address: Address) -> list[Rate]:
        price = config_amount(ctx, f"carriers/{self.code}/price")
        qty = shippable_qty(quote, total)
        if str(ctx.config_value(f"carriers/{self.code}/type", "I")).upper() == "O":
            amount = price if qty > 0 else ZERO
        else:
            amount = price * qty
        title, name = _titles(ctx, self.code)
        return [Rate(self.code, self.code, title, name, cents(amount))]


class FreeShipping:
    """Offered when the subtotal after item discounts reaches ``free_shipping_subtotal``."""
    code = "freeshipping"

    def rates(self, ctx: Context, quote: Quote, total: Total, address: Address) -> list[Rate]:
        threshold = config_amount(ctx, f"carriers/{self.code}/free_shipping_subtotal")
        after_discount = sum((i.row_total - i.discount_amount for i in quote.items), ZERO)
        if after_discount < threshold:
            return []
        title, name = _titles(ctx, self.code)
        return [Rate(self.code, self.code, title, name, ZERO)]
