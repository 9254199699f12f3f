"""The discount engine: which rules apply to a cart and what they give.

``evaluate`` runs when the cart's totals are collected (the ``freeshipping`` collector, totals.py):
it selects the rules (active, website, customer group, store-local date, uses per customer, coupon,
``condition``), runs them in ``sort_order`` then ``rule_id`` order over the items their
``action_condition`` matches, writes each item's discount and free-shipping flag and returns what the
``discount`` collector still needs (the shipping part and the coupon result).

Rules are compiled once per process and version: the active rules are read with one small query
(id and ``updated_at``) and a rule whose ``updated_at`` moved is loaded and compiled again. A cart
costs one more query per coupon code it lists, a signed-in customer with per-customer limits one more.

Actions are functions in ``ACTIONS`` (name -> ``fn(rule, items, room) -> discounts``): a module
adding actions registers them there, and rule validation accepts every registered name. An action that
needs more than its matching items (the request's connection, the whole cart, the totals to ask for
cart lines, the rule's running result) reads ``current()`` while it runs.
"""
from __future__ import annotations

import datetime as dt
import contextvars
import functools
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Callable
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import orjson
from sqlalchemy import bindparam, select, true

from ...framework.context import Context
from ...framework.db import Query
from ..quote.totals import ZERO, Item, Quote, Total, cents
from ..rule.conditions import cart_context
from . import conditions, coupons
from .tables import coupon as coupon_t
from .tables import coupon_usage, rule_customer
from .tables import rule as rule_t

NO_COUPON, SPECIFIC_COUPON, AUTO = "NO_COUPON", "SPECIFIC_COUPON", "AUTO"
FREE_NONE, FREE_MATCHING, FREE_ALL = "NONE", "MATCHING_ITEMS_ONLY", "FREE_WITH_MATCHING_ITEMS"
# the platform stores and answers simple_free_shipping as 0/1/2 (its interface names the three
# constants above); both forms are taken and the one sent is kept
FREE_BY_NUMBER = {"0": FREE_NONE, "1": FREE_MATCHING, "2": FREE_ALL}


def free_shipping_kind(value: str | None) -> str:
    """A stored ``simple_free_shipping`` (a name or the platform's number) as its name."""
    text = (value or "").strip()
    return FREE_BY_NUMBER.get(text, text or FREE_NONE)
HUNDRED = Decimal(100)


# --------------------------------------------------------------------------- compiled rules

@dataclass(frozen=True, eq=False)
class Rule:
    """A rule as the engine runs it."""
    rule_id: int
    name: str
    sort_order: int
    website_ids: frozenset[int]
    customer_group_ids: frozenset[int]
    from_date: dt.date | None
    to_date: dt.date | None
    uses_per_customer: int
    coupon_type: str
    simple_action: str
    discount_amount: Decimal
    discount_qty: Decimal | None
    discount_step: int
    apply_to_shipping: bool
    stop_rules_processing: bool
    simple_free_shipping: str
    labels: dict[int, str]
    condition: Callable[[conditions.Cart], bool]
    action: Callable[[Item], bool]
    extension_attributes: dict[str, Any]

    def label(self, store_id: int) -> str | None:
        return self.labels.get(store_id) or self.labels.get(0) or None


def ids_of(text: str | None) -> list[int]:
    """A stored comma-separated id list."""
    return [int(p) for p in (text or "").split(",") if p]


def compile_rule(row: Any) -> Rule:
    """A rule row compiled: its condition trees become predicates."""
    labels = {label["store_id"]: label["store_label"] for label in orjson.loads(row.store_labels or "[]")}
    return Rule(
        rule_id=row.rule_id, name=row.name, sort_order=row.sort_order,
        website_ids=frozenset(ids_of(row.website_ids)), customer_group_ids=frozenset(ids_of(row.customer_group_ids)),
        from_date=row.from_date, to_date=row.to_date, uses_per_customer=row.uses_per_customer,
        coupon_type=row.coupon_type, simple_action=row.simple_action,
        discount_amount=Decimal(row.discount_amount), discount_qty=(Decimal(row.discount_qty) if row.discount_qty
                                                                      else None),
        discount_step=row.discount_step, apply_to_shipping=row.apply_to_shipping,
        stop_rules_processing=row.stop_rules_processing, simple_free_shipping=free_shipping_kind(row.simple_free_shipping),
        labels=labels,
        condition=conditions.compile_cart(orjson.loads(row.conditions) if row.conditions else None),
        action=conditions.compile_item(orjson.loads(row.actions) if row.actions else None),
        extension_attributes=orjson.loads(row.extension_attributes) if row.extension_attributes else {})


_ACTIVE = Query(select(rule_t.c.rule_id, rule_t.c.updated_at).where(rule_t.c.is_active == true())
                .order_by(rule_t.c.sort_order, rule_t.c.rule_id))
_ROWS = select(rule_t).where(rule_t.c.rule_id.in_(bindparam("ids", expanding=True)))
_compiled: dict[tuple[int, Any], Rule] = {}
_CACHE_SIZE = 4096


def active_rules(conn) -> list[Rule]:
    """The active rules in the order they run, compiled (from the process cache when unchanged)."""
    keys = [(r.rule_id, r.updated_at) for r in _ACTIVE.all(conn)]
    missing = [rule_id for rule_id, stamp in keys if (rule_id, stamp) not in _compiled]
    if missing:
        if len(_compiled) > _CACHE_SIZE:
            _compiled.clear()
        for row in conn.execute(_ROWS, {"ids": missing}):
            _compiled[(row.rule_id, row.updated_at)] = compile_rule(row)
    return [_compiled[k] for k in keys if k in _compiled]


# --------------------------------------------------------------------------- actions

def _discount_qty(rule: Rule, item: Item, stepped: bool) -> Decimal:
    qty = item.qty
    if rule.discount_qty:
        qty = min(qty, rule.discount_qty)
    if stepped and rule.discount_step > 0:
        qty = (qty // rule.discount_step) * rule.discount_step
    return qty


def by_percent(rule: Rule, items: list[Item], room: list[Decimal]) -> list[Decimal]:
    percent = min(HUNDRED, rule.discount_amount) / HUNDRED
    return [min(cents(i.price * _discount_qty(rule, i, True) * percent), r) for i, r in zip(items, room)]


def by_fixed(rule: Rule, items: list[Item], room: list[Decimal]) -> list[Decimal]:
    return [min(cents(rule.discount_amount * _discount_qty(rule, i, True)), r) for i, r in zip(items, room)]


def cart_fixed(rule: Rule, items: list[Item], room: list[Decimal]) -> list[Decimal]:
    """The amount once, spread by row total; the last item takes the rounding remainder."""
    base = sum((i.row_total for i in items), ZERO)
    amount = min(rule.discount_amount, sum(room, ZERO))
    if base <= 0 or amount <= 0:
        return [ZERO] * len(items)
    out, left = [], amount
    for n, (item, r) in enumerate(zip(items, room)):
        share = left if n == len(items) - 1 else cents(amount * item.row_total / base)
        share = min(share, r, left)
        out.append(share)
        left -= share
    return out


def buy_x_get_y(rule: Rule, items: list[Item], room: list[Decimal]) -> list[Decimal]:
    """X = discount_step, Y = discount_amount: of every X + Y units, Y are free."""
    x, y = Decimal(rule.discount_step), rule.discount_amount
    if x <= 0 or y <= 0:
        return [ZERO] * len(items)
    out = []
    for item, r in zip(items, room):
        qty = _discount_qty(rule, item, False)
        free = (qty // (x + y)) * y + max(ZERO, qty % (x + y) - x)
        out.append(min(cents(free * item.price), r))
    return out


Action = Callable[[Rule, list[Item], list[Decimal]], list[Decimal]]
ACTIONS: dict[str, Action] = {"by_percent": by_percent, "by_fixed": by_fixed, "cart_fixed": cart_fixed,
                              "buy_x_get_y": buy_x_get_y}


# --------------------------------------------------------------------------- evaluation

@dataclass
class Applied:
    """One rule that applied to the cart, in the order the rules ran."""
    rule: Rule
    items_discount: Decimal = ZERO
    touched: bool = False          # its action reached at least one item
    coupon: bool = False           # it was let in by the cart's coupon
    shipping_discount: Decimal = ZERO
    codes: tuple[str, ...] = ()    # the listed codes that let it in (cart order); () for a rule without coupon


@dataclass
class Outcome:
    """What ``evaluate`` leaves for the discount collector (in ``total.extra["salesrule"]``)."""
    applied: list[Applied] = field(default_factory=list)
    codes: list[str] = field(default_factory=list)   # the codes the cart lists (coupons.codes_of)

    @property
    def coupon_code(self) -> str | None:
        """The cart's first code (a cart with one code: that code)."""
        return self.codes[0] if self.codes else None


@dataclass
class Run:
    """The collection an action runs in (``current()``): the context, the cart, its totals so far and
    the result of the rule being run (an action may add to ``applied.items_discount`` what it writes on
    items outside its matching list, e.g. cart lines it asked for)."""
    ctx: Context
    quote: Quote
    total: Total
    applied: Applied | None = None


_RUN: contextvars.ContextVar[Run | None] = contextvars.ContextVar("salesrule_run", default=None)


def current() -> Run | None:
    """The collection the running action belongs to (None outside ``evaluate``)."""
    return _RUN.get()


@functools.lru_cache(maxsize=64)
def _zone(name: str) -> dt.tzinfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return dt.timezone.utc


def store_today(ctx: Context, store_id: int) -> dt.date:
    """Today (by ``ctx.now()``, so a job run under the job clock sees its own day) in the store's time zone
    (``general/locale/timezone``, UTC when unset)."""
    name = ctx.config.get("general/locale/timezone", store_id) if ctx.config else None
    return ctx.now().replace(tzinfo=dt.timezone.utc).astimezone(_zone(name or "UTC")).date()


_COUPON = Query(select(coupon_t.c.coupon_id, coupon_t.c.rule_id, coupon_t.c.usage_limit,
                       coupon_t.c.usage_per_customer, coupon_t.c.times_used)
                .where(coupon_t.c.code_key == bindparam("code_key")))
_RULE_USES = Query(select(rule_customer.c.rule_id, rule_customer.c.times_used)
                   .where(rule_customer.c.customer_id == bindparam("customer_id")))
_COUPON_USES = Query(select(coupon_usage.c.times_used).where(coupon_usage.c.coupon_id == bindparam("coupon_id"),
                                                           coupon_usage.c.customer_id == bindparam("customer_id")))


def _usable_coupon(conn, code: str, customer_id: int | None):
    """The coupon of this code while its limits allow another use, else None."""
    coupon = _COUPON.first(conn, code_key=code.lower())
    if coupon is None or (coupon.usage_limit and coupon.times_used >= coupon.usage_limit):
        return None
    if coupon.usage_per_customer and customer_id is not None:
        used = _COUPON_USES.first(conn, coupon_id=coupon.coupon_id, customer_id=customer_id)
        if used is not None and used.times_used >= coupon.usage_per_customer:
            return None
    return coupon


def evaluate(ctx: Context, quote: Quote, total: Total) -> Outcome:
    """Select and run the rules over the cart's items (steps 1–3 and 5 of 9.1)."""
    conn = ctx.conn
    items = quote.items
    for item in items:
        item.discount_amount = ZERO
        item.discount_percent = ZERO
        item.applied_rule_ids = []
        item.free_shipping = False
    codes = coupons.codes_of(quote)
    outcome = Outcome(codes=codes)
    if not items:
        return outcome
    today = store_today(ctx, quote.store_id)
    customer_id = quote.customer_id
    rules = [r for r in active_rules(conn)
             if quote.website_id in r.website_ids and quote.customer_group_id in r.customer_group_ids
             and (r.from_date is None or r.from_date <= today) and (r.to_date is None or today <= r.to_date)]
    if customer_id is not None and any(r.uses_per_customer for r in rules):
        uses = {row.rule_id: row.times_used for row in _RULE_USES.all(conn, customer_id=customer_id)}
        rules = [r for r in rules if not r.uses_per_customer or uses.get(r.rule_id, 0) < r.uses_per_customer]
    usable: dict[int, list[str]] = {}   # rule id -> the listed codes of it that may be used, cart order
    for code in codes:
        coupon = _usable_coupon(conn, code, customer_id)
        if coupon is not None:
            usable.setdefault(coupon.rule_id, []).append(code)

    cart = cart_context(quote, total)
    run = Run(ctx, quote, total)
    token = _RUN.set(run)
    try:
        _run_rules(rules, usable, quote, total, cart, run, outcome)
    finally:
        _RUN.reset(token)
    shippable = [i for i in items if not i.is_virtual]
    if shippable and all(i.free_shipping for i in shippable):
        total.free_shipping = True
    return outcome


def _run_rules(rules: list[Rule], usable: dict[int, list[str]], quote: Quote, total: Total, cart: Any, run: Run,
               outcome: Outcome) -> None:
    items = quote.items
    done: set[int] = set()          # positions of items a stop_rules_processing rule touched
    item_discounts = ZERO
    for rule in rules:
        by_coupon = rule.coupon_type != NO_COUPON
        if by_coupon and rule.rule_id not in usable:
            continue
        cart.attrs["base_subtotal_with_discount"] = total.subtotal - item_discounts
        if not rule.condition(cart):
            continue
        applied = run.applied = Applied(rule, coupon=by_coupon,
                                        codes=tuple(usable[rule.rule_id]) if by_coupon else ())
        outcome.applied.append(applied)
        positions = [n for n, item in enumerate(items) if n not in done and rule.action(item)]
        if not positions:
            continue
        applied.touched = True
        matched = [items[n] for n in positions]
        action = ACTIONS.get(rule.simple_action)
        if action is not None:
            room = [i.row_total - i.discount_amount for i in matched]
            for item, amount in zip(matched, action(rule, matched, room)):
                item.discount_amount += amount
                applied.items_discount += amount
            item_discounts += applied.items_discount
            if rule.simple_action == "by_percent":
                for item in matched:
                    item.discount_percent = min(HUNDRED, item.discount_percent + rule.discount_amount)
        for item in matched:
            item.applied_rule_ids.append(rule.rule_id)
            if rule.simple_free_shipping == FREE_MATCHING:
                item.free_shipping = True
        if rule.simple_free_shipping == FREE_ALL:
            total.free_shipping = True
        if rule.stop_rules_processing:
            done.update(positions)


def shipping_discounts(outcome: Outcome, shipping_amount: Decimal) -> None:
    """Step 4: the rules with ``apply_to_shipping`` discount the shipping amount, in rule order; a
    rule with ``stop_rules_processing`` ends it."""
    left = shipping_amount
    for applied in outcome.applied:
        if left <= 0:
            break
        rule = applied.rule
        if rule.apply_to_shipping:
            if rule.simple_action == "by_percent":
                amount = cents(shipping_amount * min(HUNDRED, rule.discount_amount) / HUNDRED)
            elif rule.simple_action == "cart_fixed":
                amount = rule.discount_amount - applied.items_discount
            elif rule.simple_action == "by_fixed":
                amount = rule.discount_amount
            else:
                amount = ZERO
            applied.shipping_discount = min(max(amount, ZERO), left)
            left -= applied.shipping_discount
        if rule.stop_rules_processing:
            break
