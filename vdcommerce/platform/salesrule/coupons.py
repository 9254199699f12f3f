"""Several coupon codes on one cart, as the discount engine reads them.

``codes_of(quote)``: the codes the cart lists (its ``coupon_code`` split on ``,``, trimmed, empties and
case-insensitive repeats dropped; a single code reads as before). ``accepted(total)``: the codes a
collection accepted (a rule they let in touched an item or discounted the shipping), in cart order.
"""
from __future__ import annotations

from ..quote import coupons as cart_coupons
from ..quote.totals import Quote, Total


def codes_of(quote: Quote) -> list[str]:
    return cart_coupons.split(quote.coupon_code)


def accepted(total: Total) -> list[str]:
    return cart_coupons.split(total.coupon_code)
