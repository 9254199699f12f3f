"""Multiple Coupons: several coupon codes on one cart (docs/modules/coupons.md).

``choose`` is the module's rule for which codes may sit together on a cart (unique codes, unknown and
used-up codes, several codes of one rule, the column's 255 characters) followed by the platform's
collection, which keeps the codes whose rule applied. It serves the module's routes and, as the
platform's coupon filter (``quote.coupons.register_filter``), ``PUT .../coupons/:couponCode`` too.
The discounts, usage counting and the placement check are the platform's (cart price rules read every
code of the cart's list).
"""
from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import bindparam, select

from ...framework.context import Context, Service
from ...framework.data import json_text
from ...framework.exceptions import InputException, NoSuchEntityException
from ...platform.quote import carts
from ...platform.quote import coupons as cart_coupons
from ...platform.salesrule import coupons as rule_coupons
from .api import CouponApplyResultInterface, CouponApplyResultListInterface
from .tables import rule as rule_t

UNIQUE_CODES = "vdcoupons/general/unique_codes"
ALLOW_SAME_RULE = "vdcoupons/general/allow_same_rule"
NO_PRODUCTS = 'The "%1" Cart doesn\'t contain products.'
TYPE_INVALID = 'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.'
TOO_MANY = 'Maximum items of type "%type" is %max'
COLUMN = 255  # the cart's and the order's coupon_code columns

_SETTINGS = select(rule_t.c.rule_id, rule_t.c.allow_coupons_same_rule, rule_t.c.use_config_value) \
    .where(rule_t.c.rule_id.in_(bindparam("ids", expanding=True)))


def clean(codes: list[str]) -> list[str]:
    """Trimmed, without empties and case-insensitive repeats (the first spelling stays), in order."""
    out: list[str] = []
    seen: set[str] = set()
    for code in codes:
        code = code.strip()
        if code and code.lower() not in seen:
            seen.add(code.lower())
            out.append(code)
    return out


def _flag(ctx: Context, path: str, store_id: int) -> bool:
    return bool(ctx.config.flag(path, store_id)) if ctx.config else False


def _text(ctx: Context, path: str, store_id: int) -> str:
    value = ctx.config.get(path, store_id) if ctx.config else None
    return str(value or "")


def _same_rule_allowed(ctx: Context, rule_ids: list[int], store_id: int) -> dict[int, bool]:
    """Per rule: may several of its codes sit on one cart (its own value, or the store setting)."""
    default = _flag(ctx, ALLOW_SAME_RULE, store_id)
    allowed = {r: default for r in rule_ids}
    if rule_ids:
        for row in ctx.conn.execute(_SETTINGS, {"ids": rule_ids}):
            if row.use_config_value == 0:
                allowed[row.rule_id] = bool(row.allow_coupons_same_rule)
    return allowed


def candidates(ctx: Context, row: Any, codes: list[str]) -> list[str]:
    """Steps 4.1-4.6 of applying codes: the codes (stored spelling) that may go on the cart together."""
    unique = {c.strip().lower() for c in _text(ctx, UNIQUE_CODES, row.store_id).split(",") if c.strip()}
    listed_unique = [c for c in codes if c.lower() in unique]
    if listed_unique:
        codes = listed_unique[-1:]
    found = []
    for code in codes:
        if len(code) > COLUMN or "," in code:
            continue
        facts = rule_coupons.look_up(ctx, code, row.customer_id)
        if facts is None or facts.used_up:
            continue
        found.append(facts)
    allowed = _same_rule_allowed(ctx, sorted({f.rule_id for f in found}), row.store_id)
    kept, rules_seen, length = [], set(), -1
    for facts in found:
        if facts.rule_id in rules_seen and not allowed.get(facts.rule_id, False):
            continue
        if length + 1 + len(facts.code) > COLUMN:
            continue
        rules_seen.add(facts.rule_id)
        length += 1 + len(facts.code)
        kept.append(facts.code)
    return kept


def choose(ctx: Context, row: Any, codes: list[str]) -> list[str]:
    """The codes to store on the cart: the candidates whose rule applies (the platform's collection)."""
    return cart_coupons.accepted_on(ctx, row, candidates(ctx, row, clean(codes)))


cart_coupons.register_filter(choose)


def _lines(items: Any) -> list[tuple[Any, str, Decimal]]:
    return [(i.item_id, i.sku, Decimal(i.qty)) for i in items]


def apply_codes(ctx: Context, row: Any, sent: Any) -> CouponApplyResultListInterface:
    """Replace the cart's codes with those of ``sent`` that may stay; one result per distinct code sent."""
    codes = clean(_codes(ctx, sent))
    if row.items_count == 0:
        raise NoSuchEntityException(NO_PRODUCTS, [row.id])
    before = _lines(carts.Loaded(ctx, row).items)
    kept = choose(ctx, row, codes)
    collected = cart_coupons.store(ctx, row, kept)
    after = _lines(collected.quote.items)
    stored = {c.lower(): c for c in kept}
    items = [CouponApplyResultInterface.of(applied=c.lower() in stored, code=stored.get(c.lower(), c)) for c in codes]
    return CouponApplyResultListInterface.of(items=items, is_quote_items_changed=before != after)


def _codes(ctx: Context, sent: Any) -> list[str]:
    """``couponCodes`` as the module takes it: a list of texts (numbers count as text)."""
    if sent is None:
        raise InputException.required("couponCodes")
    if not isinstance(sent, list):
        raise InputException(TYPE_INVALID, {"value": sent if isinstance(sent, str) else json_text(sent),
                                            "type": "string[]"})
    out = []
    for value in sent:
        if isinstance(value, (dict, list)) or value is None:
            raise InputException(TYPE_INVALID, {"value": json_text(value), "type": "string"})
        if isinstance(value, bool):
            value = "1" if value else ""
        out.append(value if isinstance(value, str) else json_text(value))
    config = ctx.config
    if config is not None and config.input_limits_enabled(ctx.store_id):
        limit = int(config.get("webapi/sync/default_input_array_size_limit", ctx.store_id) or 0) \
            or int(config.get("webapi/validation/complex_array_limit", ctx.store_id) or 20)
        if len(out) > limit:
            raise InputException(TOO_MANY, {"type": "string", "max": limit})
    return out


def stored_codes(row: Any) -> list[str]:
    return cart_coupons.split(row.coupon_code)


# =========================================================================== routes

class GetCouponsByCartId(Service):
    interface = "Vendor\\Coupons\\Api\\GetCouponsByCartIdInterface"
    summary = "Coupon codes of a cart"

    def get(self, cart_id: int) -> list[str]:
        return stored_codes(carts.row_of(self.ctx, cart_id))


class GuestGetCouponsByCartId(Service):
    interface = "Vendor\\Coupons\\Api\\GuestGetCouponsByCartIdInterface"
    summary = "Coupon codes of a guest cart"

    def get(self, cart_id: str) -> list[str]:
        return stored_codes(carts.by_masked_id(self.ctx, cart_id))


class ApplyCouponsToCart(Service):
    interface = "Vendor\\Coupons\\Api\\ApplyCouponsToCartInterface"
    summary = "Set the coupon codes of a cart"

    def apply_to_cart(self, cart_id: int, coupon_codes: Any = None) -> CouponApplyResultListInterface:
        return apply_codes(self.ctx, carts.row_of(self.ctx, cart_id), coupon_codes)

    def apply(self, cart_id: int, coupon_codes: Any = None) -> list[CouponApplyResultInterface]:
        return self.apply_to_cart(cart_id, coupon_codes).items or []


class ApplyCouponsToGuestCart(Service):
    interface = "Vendor\\Coupons\\Api\\ApplyCouponsToGuestCartInterface"
    summary = "Set the coupon codes of a guest cart"

    def apply_to_cart(self, cart_id: str, coupon_codes: Any = None) -> CouponApplyResultListInterface:
        return apply_codes(self.ctx, carts.by_masked_id(self.ctx, cart_id), coupon_codes)

    def apply(self, cart_id: str, coupon_codes: Any = None) -> list[CouponApplyResultInterface]:
        return self.apply_to_cart(cart_id, coupon_codes).items or []
