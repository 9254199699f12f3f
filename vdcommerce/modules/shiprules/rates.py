"""The rate processor (declared in etc/sales.xml, sort order 100): active shipping rules replace, raise
or lower the rates of every carrier, the platform's and the modules' alike.

For a cart, the rules of its store view and customer group (``for_admin`` ones only when an admin or
integration asks) are taken in ``pos`` order. A rule's cart-wide checks (weekday and time of day in the
store's time zone, coupons and cart price rules, backorders, the cart tree, the items its product tree
selects and their subtotal, weight and quantity ranges) are worked out once per cart; then, per rate,
its carrier and method lists and the free-shipping check decide whether it changes that rate.
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from ...framework.context import ADMIN, INTEGRATION, Context
from ...platform import rule as conditions
from ...platform.catalog.prices import store_now
from ...platform.catalog.stock import stock_item
from ...platform.quote import coupons
from ...platform.quote.totals import ZERO, Address, Item, Quote, Total
from ...platform.shipping.registry import Rate
from .api import RuleInterface
from .service import BACKORDERS_ONLY, DISCOUNT, NO_BACKORDERS, PARTIAL, SURCHARGE, RuleRepository

CENT = Decimal("0.01")
HUNDRED = Decimal(100)


def _money(value: float | None) -> Decimal:
    return Decimal(str(value or 0))


def _csv(value: str | None) -> set[str]:
    return {part.strip() for part in (value or "").split(",") if part.strip()}


@dataclass
class Selected:
    """What a rule that holds for the cart applies to: its selected items' subtotal, quantity and
    weight, and the subtotal of every shippable item."""
    subtotal: Decimal
    qty: Decimal
    weight: Decimal
    all_subtotal: Decimal
    all_qty: Decimal


class _Cart:
    """What the rules read of one cart, each part worked out when first needed."""

    def __init__(self, ctx: Context, quote: Quote, total: Total, address: Address):
        self.ctx, self.quote, self.total, self.address = ctx, quote, total, address
        self.shippable = [i for i in quote.items if not i.is_virtual]
        now = store_now(ctx)
        self.weekday = now.isoweekday()
        self.time = now.hour * 100 + now.minute + 1
        self.coupons = {c.lower() for c in coupons.split(quote.coupon_code)}  # every code the cart lists
        self.rule_ids = {str(rid) for i in quote.items for rid in i.applied_rule_ids}
        self.promo_free = total.free_shipping or any(i.free_shipping for i in self.shippable)
        self._context: conditions.CartContext | None = None
        self._backordered: bool | None = None

    @property
    def context(self) -> conditions.CartContext:
        if self._context is None:
            self._context = conditions.cart_context(self.quote, self.total, self.address)
        return self._context

    @property
    def backordered(self) -> bool:
        """Whether an item asks for more than its stock holds (its product allowing backorders)."""
        if self._backordered is None:
            self._backordered = any(self._is_backordered(i) for i in self.shippable)
        return self._backordered

    def _is_backordered(self, item: Item) -> bool:
        stock = stock_item(self.ctx, item.product_id)
        return (stock is not None and stock.manage_stock and stock.backorders > 0
                and item.qty > stock.qty)


def in_window(now: int, start: int | None, end: int | None) -> bool:
    """Whether the time code ``now`` lies in the window (a bound of 0 or None is not set; a window
    whose start is after its end crosses midnight)."""
    start, end = start or None, end or None
    if start is not None and end is not None and start > end:
        return now >= start or now < end
    return (start is None or now >= start) and (end is None or now < end)


def _within(value: Decimal, low: float | None, high: float | None) -> bool:
    lo, hi = _money(low), _money(high)
    return (lo <= 0 or value >= lo) and (hi <= 0 or value <= hi)


def holds(r: RuleInterface, cart: _Cart) -> Selected | None:
    """The selection a rule applies to when its cart-wide checks hold; None when they do not."""
    days = _csv(r.days)
    if days and str(cart.weekday) not in days:
        return None
    if not in_window(cart.time, r.time_from, r.time_to):
        return None
    wanted_coupons = {c.lower() for c in _csv(r.coupon)}
    wanted_rules = _csv(r.discount_id)
    if (wanted_coupons or wanted_rules) and not (wanted_coupons & cart.coupons or wanted_rules & cart.rule_ids):
        return None
    if {c.lower() for c in _csv(r.coupon_disable)} & cart.coupons or _csv(r.discount_id_disable) & cart.rule_ids:
        return None
    if r.out_of_stock == BACKORDERS_ONLY and not cart.backordered:
        return None
    if r.out_of_stock == NO_BACKORDERS and cart.backordered:
        return None
    if r.conditions_serialized and not conditions.cart_predicate(r.conditions_serialized)(cart.context):
        return None
    items = cart.shippable
    if r.actions_serialized:
        matches = conditions.item_predicate(r.actions_serialized)
        items = [i for i in items if matches(i)]
    if not items:
        return None
    subtotal = sum((i.row_total for i in items), ZERO)
    qty = sum((i.qty for i in items), ZERO)
    weight = sum(((i.weight or ZERO) * i.qty for i in items), ZERO)
    if not (_within(subtotal, r.price_from, r.price_to) and _within(weight, r.weight_from, r.weight_to)
            and _within(qty, r.qty_from, r.qty_to)):
        return None
    return Selected(subtotal, qty, weight, sum((i.row_total for i in cart.shippable), ZERO),
                    sum((i.qty for i in cart.shippable), ZERO))


def matches_rate(r: RuleInterface, rate: Rate) -> bool:
    carriers, methods = _csv(r.carriers), _csv(r.methods)
    if not carriers and not methods:
        return True
    return rate.carrier_code in carriers or f"{rate.carrier_code}_{rate.method_code}" in methods


def adjusted(r: RuleInterface, rate: Decimal, sel: Selected) -> Decimal:
    """The new amount of a rate the rule applies to."""
    a = (_money(r.rate_base) + _money(r.rate_fixed) * sel.qty + _money(r.weight_fixed) * sel.weight
         + sel.subtotal * _money(r.rate_percent) / HUNDRED + rate * _money(r.handling) / HUNDRED)
    if _money(r.rate_min) > 0:
        a = max(a, _money(r.rate_min))
    if _money(r.rate_max) > 0:
        a = min(a, _money(r.rate_max))
    if r.calc == SURCHARGE:
        new = rate + a
    elif r.calc == DISCOUNT:
        new = rate - a
    elif r.calc == PARTIAL:
        if sel.all_subtotal > 0:
            share = sel.subtotal / sel.all_subtotal
        else:
            share = sel.qty / sel.all_qty if sel.all_qty > 0 else Decimal(1)
        new = rate - rate * share + a
    else:   # REPLACE
        new = a
    if _money(r.ship_min) > 0:
        new = max(new, _money(r.ship_min))
    if _money(r.ship_max) > 0:
        new = min(new, _money(r.ship_max))
    return max(new, ZERO).quantize(CENT, rounding=ROUND_HALF_UP)


class Adjust:
    """The rate processor."""

    def process(self, ctx: Context, quote: Quote, total: Total, address: Address, rates: list[Rate]) -> list[Rate]:
        if not rates:
            return rates
        is_admin = ctx.caller.user_type in (ADMIN, INTEGRATION)
        rules = RuleRepository(ctx).get_rules_by_params(quote.store_id, quote.customer_group_id, is_admin)
        if not rules:
            return rates
        cart = _Cart(ctx, quote, total, address)
        held: dict[int, Selected | None] = {}
        for rate in rates:
            promo_free = rate.amount == 0 and cart.promo_free
            for r in rules:
                if not matches_rate(r, rate):
                    continue
                if promo_free and not r.ignore_promo:
                    continue
                key = int(r.rule_id or 0)
                if key not in held:
                    held[key] = holds(r, cart)
                sel = held[key]
                if sel is None:
                    continue
                rate.amount = adjusted(r, rate.amount, sel)
                if r.skip_subsequent:
                    break
        return rates
