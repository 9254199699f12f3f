"""The quote package's totals collectors: subtotal, grand_total.

Declared in ``etc/sales.xml``; the salesrule package adds ``freeshipping`` (200) and ``discount`` (400)
between them, the shipping package ``shipping`` (350), the tax package ``tax_subtotal`` (150) and
``tax`` (450).
"""
from __future__ import annotations

from ...framework.context import Context
from .totals import ZERO, Quote, Segment, Total, cents


class Subtotal:
    code = "subtotal"

    def collect(self, ctx: Context, quote: Quote, total: Total) -> None:
        for item in quote.items:
            item.row_total = cents(item.price * item.qty)
        total.subtotal = sum((i.row_total for i in quote.items), ZERO)

    def fetch(self, ctx: Context, quote: Quote, total: Total) -> Segment:
        return Segment("subtotal", "Subtotal", total.subtotal)


class GrandTotal:
    code = "grand_total"

    def collect(self, ctx: Context, quote: Quote, total: Total) -> None:
        total.grand_total = total.payable

    def fetch(self, ctx: Context, quote: Quote, total: Total) -> Segment:
        return Segment("grand_total", "Grand Total", total.grand_total, area="footer")
