"""Earning rules: which ones apply, and awarding their points.

Rules apply to the customer's website and group (an empty list matches nothing). ``ordercompleted``
and ``moneyspent`` rules may carry a cart condition tree (the platform's engine); it is tested against
the cart when the order is placed, and the points are awarded when the order completes."""
from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import orjson
from sqlalchemy import delete, select

from ...framework.context import Context
from ...framework.dates import utc_now
from ...platform import rule as engine
from ...platform.customer.service import customers_born_on, load_customer
from ...platform.mail import service as mail
from ...platform.quote.totals import Quote, Total
from . import points
from .tables import balance, history, rule

ORDER_COMPLETED = "ordercompleted"
MONEY_SPENT = "moneyspent"
REGISTRATION = "registration"
SUBSCRIPTION = "subscription"
BIRTHDAY = "birthday"
REVIEW = "review"
ACTIONS = (ORDER_COMPLETED, MONEY_SPENT, REGISTRATION, SUBSCRIPTION, BIRTHDAY, REVIEW)

EXPIRATION_DAYS = "vendor_rewards/points/expiration_days"
NOTIFY = "vendor_rewards/notification/earning"
TEMPLATE = "vendor_rewards_notification_earning"


def ids(text: str | None) -> list[int]:
    try:
        return [int(v) for v in orjson.loads(text or "[]")]
    except (ValueError, TypeError):
        return []


def active(ctx: Context, action: str | None, website_id: int | None, group_id: int | None) -> list[Any]:
    """Active rules (of ``action``, or every action) for the website and customer group (None: any)."""
    q = select(rule).where(rule.c.is_active.is_(True)).order_by(rule.c.rule_id)
    if action is not None:
        q = q.where(rule.c.action == action)
    return [r for r in ctx.conn.execute(q)
            if (website_id is None or website_id in ids(r.website_ids))
            and (group_id is None or group_id in ids(r.customer_group_ids))]


def matching_order_rules(ctx: Context, quote: Quote, total: Total) -> list[int]:
    """The ``ordercompleted`` / ``moneyspent`` rules whose conditions the cart meets."""
    found = [r for r in active(ctx, None, quote.website_id, quote.customer_group_id)
             if r.action in (ORDER_COMPLETED, MONEY_SPENT)]
    if not found:
        return []
    cart = engine.cart_context(quote, total)
    return [r.rule_id for r in found if engine.cart_predicate(r.conditions_serialized or None)(cart)]


def expiration_date(ctx: Context, behavior: int, period: int, store_id: int | None) -> dt.date | None:
    """0: never; 2: ``period`` days; 1 (and anything else): the configured default (0 days = never)."""
    if behavior == 0:
        return None
    days = period if behavior == 2 else int(ctx.config.number(EXPIRATION_DAYS, store_id, 0)) if ctx.config else 0
    return utc_now().date() + dt.timedelta(days=days) if days > 0 else None


def award(ctx: Context, r: Any, customer_id: int, amount: Decimal, store_id: int | None,
          comment: str | None = None) -> Decimal:
    """Give a rule's points: one history row with the rule's action, expiring as the rule says."""
    when = expiration_date(ctx, r.expiration_behavior, r.expiration_period, store_id)
    left = points.change(ctx, customer_id, amount, r.action, comment=comment, expiration_date=when)
    notify(ctx, customer_id, amount, left, comment, store_id)
    return left


def notify(ctx: Context, customer_id: int, amount: Decimal, left: Decimal, comment: str | None,
           store_id: int | None) -> None:
    """Queue the earning e-mail to the customer when the setting is on."""
    if ctx.config is None or not ctx.config.flag(NOTIFY, store_id):
        return
    customer = load_customer(ctx, customer_id)
    if not customer.email:
        return
    mail.enqueue(ctx, TEMPLATE, to=customer.email, name=f"{customer.firstname or ''} {customer.lastname or ''}".strip(),
                 variables={"customer_name": customer.firstname or "", "points": points.fmt(amount),
                            "balance": points.fmt(left), "comment": comment or ""},
                 store_id=store_id or customer.store_id or None, entity_type="customer", entity_id=customer_id)


def _by_event(ctx: Context, action: str, customer_id: int, website_id: int | None, group_id: int | None,
              store_id: int | None, comment: str) -> None:
    for r in active(ctx, action, website_id, group_id):
        if points.q(r.amount) > 0:
            award(ctx, r, customer_id, points.q(r.amount), store_id, comment=comment)


def on_customer_saved(ctx: Context, *, customer: Any, is_new: bool = False, **_: Any) -> None:
    """``customer_save_after``: a new account earns the ``registration`` rules' points."""
    if not is_new or customer is None or customer.id is None:
        return
    _by_event(ctx, REGISTRATION, customer.id, customer.website_id, customer.group_id, customer.store_id,
              "Registration")


def on_subscribed(ctx: Context, *, subscriber: Any, previous_status: int | None = None, **_: Any) -> None:
    """``newsletter_subscriber_save_after``: a customer who becomes subscribed earns the ``subscription``
    rules' points (once per change to subscribed)."""
    if subscriber is None or subscriber.customer_id is None or not subscriber.is_subscribed:
        return
    if previous_status == subscriber.status:
        return
    customer = load_customer(ctx, subscriber.customer_id)
    _by_event(ctx, SUBSCRIPTION, subscriber.customer_id, customer.website_id, customer.group_id,
              subscriber.store_id, "Newsletter subscription")


def on_customer_deleted(ctx: Context, *, customer_id: int, **_: Any) -> None:
    """``customer_delete_before``: the customer's balance and history go with the account (orders keep
    what they spent)."""
    ctx.conn.execute(delete(history).where(history.c.customer_id == customer_id))
    ctx.conn.execute(delete(balance).where(balance.c.customer_id == customer_id))


def birthdays(ctx: Context, today: dt.date) -> None:
    """The ``birthday`` rules award customers born on ``today``'s month and day, once a year each."""
    if not ctx.conn.execute(select(rule.c.rule_id).where(rule.c.is_active.is_(True),
                                                         rule.c.action == BIRTHDAY).limit(1)).first():
        return
    start = dt.datetime(today.year, 1, 1)
    for c in customers_born_on(ctx.conn, today.month, today.day):
        if ctx.conn.execute(select(history.c.id).where(
                history.c.customer_id == c.id, history.c.action == BIRTHDAY,
                history.c.action_date >= start).limit(1)).first() is not None:
            continue
        _by_event(ctx, BIRTHDAY, c.id, c.website_id, c.group_id, c.store_id, f"Birthday {today.year}")
