"""Reward points in carts and orders.

- ``RewardsTotal``: the totals collector (``etc/sales.xml``, sort order 500: after the extra fee (460)
  and the cash on delivery fee (470), before gift cards (520) and store credit (530)) that turns the
  points a customer chose to spend into a discount: the money is spread over the items' discounts,
  cheapest item first, and the cart's discount (and the platform's ``discount`` segment, whose title
  names the points) grows by it;
- ``refuse_uncovered``: refuses an order whose points the balance no longer covers;
- ``spend_on_order``: at placement, takes the points off the balance with one conditional UPDATE and
  remembers what the order spent and which earning rules its cart met;
- ``return_on_cancel`` / ``refund``: the points an order spent come back once, on cancellation or on
  the refund that leaves nothing to refund;
- ``earn_on_complete``: an order that reaches state complete earns the points of its rules.
"""
from __future__ import annotations

import math
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal
from typing import Any

import orjson
from sqlalchemy import bindparam, insert, select, update

from ...framework.context import Context
from ...framework.exceptions import LocalizedException
from ...platform.quote.totals import ZERO, Quote, Segment, Total, cents
from ...platform.sales.hooks import Refund
from . import points, rules
from .tables import order_points, quote_points

CODE = "vdrewards"

RATE = "vendor_rewards/points/rate"
MINIMUM = "vendor_rewards/points/minimum_balance"
ROUND = "vendor_rewards/points/round_rule"
LIMIT_MODE = "vendor_rewards/points/limit_mode"
LIMIT_AMOUNT = "vendor_rewards/points/limit_amount"
LIMIT_PERCENT = "vendor_rewards/points/limit_percent"
LIMIT_TAX = "vendor_rewards/points/limit_include_tax"

LIMIT_AMOUNT_NOTICE = "Number of redeemed reward points cannot exceed %1 for this order."
LIMIT_PERCENT_NOTICE = "Number of redeemed reward points cannot exceed %1 % of cart subtotal %2 tax for this order."

_CHOICE = select(quote_points).where(quote_points.c.quote_id == bindparam("quote_id"))
_ORDER = select(order_points).where(order_points.c.order_id == bindparam("order_id"))


def setting(ctx: Context, path: str, store_id: int | None, default: str) -> str:
    value = ctx.config.get(path, store_id) if ctx.config else None
    return default if value is None or str(value).strip() == "" else str(value).strip()


def decimal_setting(ctx: Context, path: str, store_id: int | None, default: str) -> Decimal:
    try:
        return Decimal(setting(ctx, path, store_id, default))
    except ArithmeticError:
        return Decimal(default)


def rate(ctx: Context, store_id: int | None) -> Decimal:
    """Points per 1 unit of base currency (1 when not a positive number)."""
    value = decimal_setting(ctx, RATE, store_id, "1")
    return value if value > 0 else Decimal(1)


def requested(ctx: Context, quote_id: int) -> Decimal:
    row = ctx.conn.execute(_CHOICE, {"quote_id": quote_id}).first()
    return points.q(row.requested) if row is not None else ZERO


def set_requested(ctx: Context, quote_id: int, value: Decimal) -> None:
    if ctx.conn.execute(update(quote_points).where(quote_points.c.quote_id == quote_id)
                        .values(requested=value)).rowcount == 0:
        ctx.conn.execute(insert(quote_points).values(quote_id=quote_id, requested=value, allowed=ZERO))


def _eligible(quote: Quote) -> Decimal:
    """What the items still cost after the discounts already on them."""
    return sum((max(ZERO, i.row_total - i.discount_amount) for i in quote.items), ZERO)


def limit(ctx: Context, quote: Quote, total: Total, wanted: Decimal) -> tuple[Decimal, str]:
    """The points the per-order limit lets the cart spend, and the notice prefix when it lowered them."""
    store_id = quote.store_id
    mode = setting(ctx, LIMIT_MODE, store_id, "none")
    if mode == "amount":
        cap = decimal_setting(ctx, LIMIT_AMOUNT, store_id, "0")
        if cap > 0 and wanted > cap:
            return cap, LIMIT_AMOUNT_NOTICE.replace("%1", points.fmt(cap))
    elif mode == "percent":
        percent = decimal_setting(ctx, LIMIT_PERCENT, store_id, "100")
        with_tax = setting(ctx, LIMIT_TAX, store_id, "0") == "1"
        base = _eligible(quote) + (total.tax_amount if with_tax else ZERO)
        cap = (base * percent / 100 * rate(ctx, store_id)).quantize(points.Q, ROUND_FLOOR)
        if wanted > cap:
            return cap, (LIMIT_PERCENT_NOTICE.replace("%1", points.fmt(percent))
                         .replace("%2", "including" if with_tax else "excluding"))
    return wanted, ""


class RewardsTotal:
    """Spends the points the customer chose on the cart, as money off what is left to pay."""
    code = CODE

    def collect(self, ctx: Context, quote: Quote, total: Total) -> None:
        if quote.customer_id is None or not quote.items:
            return
        wanted = requested(ctx, quote.id)
        if wanted <= 0:
            return
        store_id = quote.store_id
        r = rate(ctx, store_id)
        capped, notice = limit(ctx, quote, total, wanted)
        money = min(capped / r, _eligible(quote), total.payable)
        up = setting(ctx, ROUND, store_id, "down") == "up"
        money = cents(money) if up else money.to_integral_value(ROUND_FLOOR)
        money = max(ZERO, min(money, total.payable))
        spent = (money * r).quantize(Decimal(1) if up else points.Q, ROUND_CEILING if up else ROUND_FLOOR)
        if up:
            spent = min(spent, wanted)
        total.extra[CODE] = {"points": spent, "money": money, "notice": notice}
        if money <= 0:
            return
        _spread(quote, money)
        total.discount_amount -= money
        total.discount_descriptions.append(f"Used {points.fmt(spent)} reward points")
        total.extension.update(vdrewards_points=spent, vdrewards_amount=money)

    def fetch(self, ctx: Context, quote: Quote, total: Total) -> Segment | None:
        return None   # the platform's discount segment shows the points (its title names them)


def _spread(quote: Quote, money: Decimal) -> None:
    """Add ``money`` to the items' discounts, cheapest item first, each up to what it still costs (the
    collector capped ``money`` by the sum of those, so all of it finds a place)."""
    left = money
    for item in sorted(quote.items, key=lambda i: (i.price, i.item_id)):
        if left <= 0:
            break
        part = min(left, max(ZERO, item.row_total - item.discount_amount))
        item.discount_amount += part
        left -= part


def refuse_uncovered(ctx: Context, *, quote: Quote, total: Total, **_: Any) -> None:
    """``checkout_submit_before``: an order whose points the balance no longer covers is refused."""
    data = total.extra.get(CODE)
    if data is None or quote.customer_id is None or data["points"] <= 0:
        return
    if points.of(ctx, quote.customer_id) < data["points"]:
        raise LocalizedException(points.TOO_MUCH)


def spend_on_order(ctx: Context, *, order_id: int, increment_id: str, quote: Quote, total: Total,
                   **_: Any) -> None:
    """``sales_order_place_after``: take the spent points off the balance (one conditional UPDATE: an
    order whose points another order spent first is refused, and the whole placement rolls back), and
    remember which earning rules the cart met for when the order completes."""
    if quote.customer_id is None:
        return
    data = total.extra.get(CODE) or {}
    spent = data.get("points", ZERO) if data.get("money", ZERO) > 0 else ZERO
    if spent > 0:
        points.change(ctx, quote.customer_id, -spent, points.ORDER_SPENT, comment=f"Order #{increment_id}")
    matched = rules.matching_order_rules(ctx, quote, total)
    ctx.conn.execute(insert(order_points).values(
        order_id=order_id, increment_id=increment_id, customer_id=quote.customer_id, store_id=quote.store_id,
        website_id=quote.website_id, customer_group_id=quote.customer_group_id, subtotal=total.subtotal,
        spent=spent, given_back=False, matched_rule_ids=orjson.dumps(matched).decode(), earned=False))


def order_row(ctx: Context, order_id: int) -> Any:
    return ctx.conn.execute(_ORDER, {"order_id": order_id}).first()


def _give_back(ctx: Context, order_id: int, action: str) -> Decimal:
    """The points the order spent go back to the balance, once."""
    row = order_row(ctx, order_id)
    if row is None or row.given_back or points.q(row.spent) <= 0:
        return ZERO
    if ctx.conn.execute(update(order_points).where(order_points.c.order_id == order_id,
                                                   order_points.c.given_back.is_(False))
                        .values(given_back=True)).rowcount != 1:
        return ZERO
    spent = points.q(row.spent)
    points.change(ctx, row.customer_id, spent, action, comment=f"Order #{row.increment_id}")
    return spent


def return_on_cancel(ctx: Context, *, order_id: int, **_: Any) -> None:
    """``sales_order_cancel_after``: the spent points come back."""
    _give_back(ctx, order_id, points.ORDER_RETURNED)


def refund(ctx: Context, r: Refund) -> Decimal | None:
    """Refund handler: the refund that leaves nothing to refund on the order gives the spent points back.
    Points are not money, so nothing is counted as refunded money."""
    if r.last:
        _give_back(ctx, r.order_id, points.ORDER_REFUNDED)
    return None


def earn_on_complete(ctx: Context, *, order_id: int, state: str | None = None, **_: Any) -> None:
    """``sales_order_save_after``: the first time an order is complete, the ``ordercompleted`` and
    ``moneyspent`` rules its cart met (still active, for its website and group) award their points."""
    if state != "complete":
        return
    row = order_row(ctx, order_id)
    if row is None or row.earned:
        return
    if ctx.conn.execute(update(order_points).where(order_points.c.order_id == order_id,
                                                   order_points.c.earned.is_(False))
                        .values(earned=True)).rowcount != 1:
        return
    for rule_row in rules.active(ctx, None, row.website_id, row.customer_group_id):
        if rule_row.rule_id not in orjson.loads(row.matched_rule_ids):
            continue
        amount = points.q(rule_row.amount)
        if rule_row.action == rules.MONEY_SPENT:
            spent_amount = points.q(rule_row.spent_amount)
            if spent_amount <= 0:
                continue
            amount = amount * math.floor(points.q(row.subtotal) / spent_amount)
        if amount > 0:
            rules.award(ctx, rule_row, row.customer_id, amount, row.store_id, comment=f"Order #{row.increment_id}")
