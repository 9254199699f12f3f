"""Several coupon codes on one cart, as the discount engine reads them.

``codes_of(quote)``: the codes the cart lists (its ``coupon_code`` split on ``,``, trimmed, empties and
case-insensitive repeats dropped; a single code reads as before). ``accepted(total)``: the codes a
collection accepted (a rule they let in touched an item or discounted the shipping), in cart order.
``look_up(ctx, code, customer_id)``: a code's coupon, its stored spelling, rule and whether a use is left.
"""
from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import bindparam, select

from ...framework.context import Context
from ...framework.db import Query
from ..quote import coupons as cart_coupons
from ..quote.totals import Quote, Total
from .tables import coupon as coupon_t
from .tables import coupon_usage


def codes_of(quote: Quote) -> list[str]:
    return cart_coupons.split(quote.coupon_code)


def accepted(total: Total) -> list[str]:
    return cart_coupons.split(total.coupon_code)


@dataclass(frozen=True)
class CodeFacts:
    """A coupon as a module choosing codes sees it."""
    coupon_id: int
    code: str            # the stored spelling
    rule_id: int
    used_up: bool        # its usage limit, or the customer's, leaves no use


_BY_KEY = Query(select(coupon_t.c.coupon_id, coupon_t.c.code, coupon_t.c.rule_id, coupon_t.c.usage_limit,
                       coupon_t.c.usage_per_customer, coupon_t.c.times_used)
                .where(coupon_t.c.code_key == bindparam("code_key")))
_CUSTOMER_USES = Query(select(coupon_usage.c.times_used)
                       .where(coupon_usage.c.coupon_id == bindparam("coupon_id"),
                              coupon_usage.c.customer_id == bindparam("customer_id")))


def look_up(ctx: Context, code: str, customer_id: int | None = None) -> CodeFacts | None:
    """The coupon of a code (case-insensitive, trimmed), None when there is none; ``used_up`` counts the
    signed-in customer's own uses too."""
    row = _BY_KEY.first(ctx.conn, code_key=code.strip().lower())
    if row is None:
        return None
    used_up = bool(row.usage_limit and row.times_used >= row.usage_limit)
    if not used_up and row.usage_per_customer and customer_id is not None:
        uses = _CUSTOMER_USES.first(ctx.conn, coupon_id=row.coupon_id, customer_id=customer_id)
        used_up = uses is not None and uses.times_used >= row.usage_per_customer
    return CodeFacts(row.coupon_id, row.code, row.rule_id, used_up)
