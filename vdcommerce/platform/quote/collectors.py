"""The quote package's totals collectors (platform.md 9.10): subtotal, shipping, tax, grand_total.

Declared in ``etc/sales.xml``; the salesrule package adds ``freeshipping`` (200) and ``discount`` (400)
between them. The shipping collector also keeps every method offered for the cart's shipping address
in ``total.extra["shipping_rates"]`` (cheapest first), which the shipping-method routes answer.
"""
from __future__ import annotations

from ...framework.context import Context
from ..shipping import registry as carriers
from .totals import ZERO, Quote, Segment, Total, cents


class Subtotal:
    code = "subtotal"

    def collect(self, ctx: Context, quote: Quote, total: Total) -> None:
        for item in quote.items:
            item.row_total = cents(item.price * item.qty)
        total.subtotal = sum((i.row_total for i in quote.items), ZERO)

    def fetch(self, ctx: Context, quote: Quote, total: Total) -> Segment:
        return Segment("subtotal", "Subtotal", total.subtotal)


class Shipping:
    code = "shipping"

    def collect(self, ctx: Context, quote: Quote, total: Total) -> None:
        rates = []
        if quote.items and not quote.is_virtual and quote.shipping_address is not None:
            rates = carriers.rates(ctx, quote, total, quote.shipping_address)
        total.extra["shipping_rates"] = rates
        chosen = next((r for r in rates if r.carrier_code == quote.shipping_carrier_code
                       and r.method_code == quote.shipping_method_code), None)
        if chosen is not None:
            total.shipping_amount = chosen.amount
            total.shipping_carrier_title = chosen.carrier_title
            total.shipping_method_title = chosen.method_title

    def fetch(self, ctx: Context, quote: Quote, total: Total) -> Segment | None:
        if quote.is_virtual:
            return None
        title = "Shipping & Handling"
        if total.shipping_carrier_title is not None:
            title += f" ({total.shipping_carrier_title} - {total.shipping_method_title})"
        return Segment("shipping", title, total.shipping_amount)


class Tax:
    """No tax is configured (platform.md 9.0): the amount is 0, the segment is still shown."""
    code = "tax"

    def collect(self, ctx: Context, quote: Quote, total: Total) -> None:
        total.tax_amount = ZERO

    def fetch(self, ctx: Context, quote: Quote, total: Total) -> Segment:
        return Segment("tax", "Tax", total.tax_amount, extension_attributes={"tax_grandtotal_details": []})


class GrandTotal:
    code = "grand_total"

    def collect(self, ctx: Context, quote: Quote, total: Total) -> None:
        amount = (total.subtotal + total.shipping_amount + total.discount_amount + total.tax_amount
                  + sum(total.adjustments.values(), ZERO))
        total.grand_total = max(ZERO, cents(amount))

    def fetch(self, ctx: Context, quote: Quote, total: Total) -> Segment:
        return Segment("grand_total", "Grand Total", total.grand_total, area="footer")
