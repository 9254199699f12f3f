"""The module's totals collector (``etc/sales.xml``, after the platform's ``discount``): the per-rule
breakdown of the discount (``extension_attributes.vdrule_discount_breakdown`` of cart totals). Its code
``vdpromo`` is also the owner of the gift lines the Free Gift actions ask for."""
from __future__ import annotations

from ...framework.context import Context
from ...platform.quote.totals import Quote, Segment, Total, cents
from .api import DiscountBreakdownLineInterface


class Breakdown:
    code = "vdpromo"

    def collect(self, ctx: Context, quote: Quote, total: Total) -> None:
        lines = [DiscountBreakdownLineInterface.of(**({"rule_name": name} if name else {}),
                                                   rule_amount=f"{cents(amount):.2f}")
                 for _, name, amount, *_ in total.extra.get("salesrule_discounts") or () if amount]
        if lines:
            total.extension["vdrule_discount_breakdown"] = lines

    def fetch(self, ctx: Context, quote: Quote, total: Total) -> Segment | None:
        return None
