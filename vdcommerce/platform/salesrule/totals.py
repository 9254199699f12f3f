"""The two totals collectors of cart price rules (quote/totals.py; declared in etc/sales.xml).

``freeshipping`` (200) runs the rules over the items before shipping is priced, so carriers see item
discounts and free-shipping flags; ``discount`` (400) adds the shipping part once the shipping amount
is known and writes the cart-level results: the discount total, descriptions, applied rule ids, the
results of the cart's coupon codes and the ``discount`` segment.
"""
from __future__ import annotations

from ...framework.context import Context
from ..quote.totals import ZERO, Quote, Segment, Total
from . import engine

_OUTCOME = "salesrule"


class FreeShipping:
    code = "freeshipping"

    def collect(self, ctx: Context, quote: Quote, total: Total) -> None:
        total.extra[_OUTCOME] = engine.evaluate(ctx, quote, total)

    def fetch(self, ctx: Context, quote: Quote, total: Total) -> Segment | None:
        return None


class Discount:
    code = "discount"

    def collect(self, ctx: Context, quote: Quote, total: Total) -> None:
        outcome: engine.Outcome = total.extra.get(_OUTCOME) or engine.Outcome()
        engine.shipping_discounts(outcome, total.shipping_amount)
        # a rule applied when its action reached an item or it discounted the shipping
        applied = [a for a in outcome.applied if a.touched or a.shipping_discount]
        items_discount = sum((i.discount_amount for i in quote.items), ZERO)
        shipping_discount = sum((a.shipping_discount for a in applied), ZERO)
        total.shipping_discount_amount = shipping_discount
        total.discount_amount = -(items_discount + shipping_discount)
        total.applied_rule_ids = sorted({a.rule.rule_id for a in applied})
        descriptions, breakdown = [], []
        accepted: set[str] = set()
        for a in applied:
            accepted.update(c.lower() for c in a.codes)
            amount = a.items_discount + a.shipping_discount
            label = a.rule.label(quote.store_id)
            if amount:
                description = label or (a.codes[0] if a.codes else None)
                if description:
                    descriptions.append(description)
                breakdown.append((a.rule.rule_id, label or a.rule.name, amount, a.codes))
        total.discount_descriptions = descriptions
        # per rule, in the order they ran, with the codes that let it in: for modules that show a
        # breakdown of the discount (per rule or per code)
        total.extra["salesrule_discounts"] = breakdown
        # the cart's codes that a rule accepted (it touched an item or discounted the shipping), in cart order
        total.coupon_code = ",".join(c for c in outcome.codes if c.lower() in accepted) or None
        total.coupon_refused = any(c.lower() not in accepted for c in outcome.codes)

    def fetch(self, ctx: Context, quote: Quote, total: Total) -> Segment | None:
        if not total.discount_amount:
            return None
        title = f"Discount ({', '.join(total.discount_descriptions)})" if total.discount_descriptions else "Discount"
        return Segment("discount", title, total.discount_amount)
