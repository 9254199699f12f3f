"""The module's totals collector (``etc/sales.xml``, after the platform's ``discount``): the discount per
accepted code (``extension_attributes.vdcoupon_discount_breakdown`` of the totals, kept on the order).
One line per accepted code whose rule gave money, in cart order; a rule let in by two codes gives its
line to the first of them."""
from __future__ import annotations

from decimal import Decimal

from ...framework.context import Context
from ...platform.quote.totals import Quote, Segment, Total, cents
from ...platform.salesrule import coupons


class Breakdown:
    code = "vdcoupons"

    def collect(self, ctx: Context, quote: Quote, total: Total) -> None:
        by_code: dict[str, Decimal] = {}
        for entry in total.extra.get("salesrule_discounts") or ():
            amount, codes = entry[2], (entry[3] if len(entry) > 3 else ())
            if amount and codes:
                by_code[codes[0].lower()] = by_code.get(codes[0].lower(), Decimal(0)) + amount
        # plain objects (the DiscountBreakdownLineInterface's fields): the order keeps them as JSON
        lines = [{"rule_name": code, "rule_amount": f"{cents(by_code[code.lower()]):.2f}"}
                 for code in coupons.accepted(total) if code.lower() in by_code]
        if lines:
            total.extension["vdcoupon_discount_breakdown"] = lines

    def fetch(self, ctx: Context, quote: Quote, total: Total) -> Segment | None:
        return None
