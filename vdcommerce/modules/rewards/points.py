"""Customers' point balances, their history and the points due to expire: the one place that changes a
balance.

Every change is one statement on the balance row (``balance = balance + :x``, or for a deduction
``... - :x WHERE balance >= :x``, whose row count says whether the balance covered it), followed by one
history row. The row update locks the customer's balance until the transaction ends, so two changes of
one balance never interleave and each history row's ``points_left`` is the balance after it."""
from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from sqlalchemy import bindparam, insert, select, update

from ...framework import db
from ...framework.context import Context
from ...framework.dates import utc_now
from ...framework.exceptions import LocalizedException
from .tables import balance, history

ZERO = Decimal(0)
Q = Decimal("0.0001")

TOO_MUCH = "Too much point(s) used."
MISMATCH = "Reward points balance mismatch: please contact store administrator."

ORDER_SPENT = "order_spent"
ORDER_RETURNED = "order_canceled"
ORDER_REFUNDED = "order_refunded"
EXPIRED = "expired"

_ROW = select(balance).where(balance.c.customer_id == bindparam("customer_id"))
_ADD = (update(balance).where(balance.c.customer_id == bindparam("b_customer_id"))
        .values(balance=balance.c.balance + bindparam("amount")))
_DEDUCT = (update(balance).where(balance.c.customer_id == bindparam("b_customer_id"),
                                 balance.c.balance >= bindparam("amount"))
           .values(balance=balance.c.balance - bindparam("amount")))
_LAST = (select(history.c.points_left).where(history.c.customer_id == bindparam("customer_id"))
         .order_by(history.c.id.desc()).limit(1))


class NotEnoughPoints(LocalizedException):
    """The balance does not cover a deduction (nothing was changed)."""

    def __init__(self) -> None:
        super().__init__(TOO_MUCH)


def q(value: Any) -> Decimal:
    return Decimal(str(value)).quantize(Q)


def number(value: Any) -> float | int:
    """A points value for the wire: a whole number as an int, else a float."""
    d = Decimal(value)
    return int(d) if d == d.to_integral_value() else float(d)


def of(ctx: Context, customer_id: int | None) -> Decimal:
    """The customer's balance (0 without a record)."""
    if customer_id is None:
        return ZERO
    r = ctx.conn.execute(_ROW, {"customer_id": customer_id}).first()
    return q(r.balance) if r is not None else ZERO


def now() -> dt.datetime:
    return utc_now()


def change(ctx: Context, customer_id: int, amount: Decimal, action: str, *, comment: str | None = None,
           visible: bool = True, admin_name: str | None = None, expiration_date: dt.date | None = None,
           check_history: bool = False) -> Decimal:
    """Add ``amount`` to the balance (negative: deduct it, raising ``NotEnoughPoints`` when the balance does
    not cover it) and write one history row; answers the new balance. Added points with an
    ``expiration_date`` are due to expire on it; a deduction uses up the points due to expire soonest first."""
    amount = q(amount)
    conn = ctx.conn
    if check_history:
        last = conn.execute(_LAST, {"customer_id": customer_id}).scalar()
        if last is not None and q(last) != of(ctx, customer_id):
            raise LocalizedException(MISMATCH)
    if amount < 0:
        if conn.execute(_DEDUCT, {"b_customer_id": customer_id, "amount": -amount}).rowcount != 1:
            raise NotEnoughPoints()
        _consume(ctx, customer_id, -amount)
    elif conn.execute(_ADD, {"b_customer_id": customer_id, "amount": amount}).rowcount != 1:
        db.add_or_insert(conn, balance, {"customer_id": customer_id}, {"balance": amount})  # a first one at once
    left = of(ctx, customer_id)
    conn.execute(insert(history).values(
        customer_id=customer_id, action_date=now(), amount=amount, comment=comment or None, action=action,
        points_left=left, visible_for_customer=bool(visible), admin_name=admin_name,
        expiration_date=expiration_date if amount > 0 else None,
        expiring_amount=amount if amount > 0 and expiration_date is not None else ZERO))
    return left


def _consume(ctx: Context, customer_id: int, amount: Decimal) -> None:
    """Spent points come off the expiring amounts, the soonest date first."""
    rows = ctx.conn.execute(select(history.c.id, history.c.expiring_amount).where(
        history.c.customer_id == customer_id, history.c.expiring_amount > 0)
        .order_by(history.c.expiration_date, history.c.id)).all()
    for r in rows:
        if amount <= 0:
            break
        take = min(amount, q(r.expiring_amount))
        ctx.conn.execute(update(history).where(history.c.id == r.id)
                         .values(expiring_amount=history.c.expiring_amount - take))
        amount -= take


def expire_due(ctx: Context, today: dt.date) -> int:
    """Points whose date has come are taken off (one history row per customer); answers how many rows."""
    rows = ctx.conn.execute(select(history.c.id, history.c.customer_id, history.c.expiring_amount).where(
        history.c.expiring_amount > 0, history.c.expiration_date.is_not(None),
        history.c.expiration_date <= today).order_by(history.c.customer_id, history.c.id)).all()
    due: dict[int, Decimal] = {}
    for r in rows:
        due[r.customer_id] = due.get(r.customer_id, ZERO) + q(r.expiring_amount)
        ctx.conn.execute(update(history).where(history.c.id == r.id).values(expiring_amount=ZERO))
    for customer_id, amount in due.items():
        amount = min(amount, of(ctx, customer_id))
        if amount > 0:
            conn_amount = -amount
            ctx.conn.execute(_DEDUCT, {"b_customer_id": customer_id, "amount": amount})
            ctx.conn.execute(insert(history).values(
                customer_id=customer_id, action_date=now(), amount=conn_amount, comment="Points expired",
                action=EXPIRED, points_left=of(ctx, customer_id), visible_for_customer=True, admin_name=None,
                expiration_date=None, expiring_amount=ZERO))
    return len(due)


def fmt(value: Any) -> str:
    """Points as text: ``150``, ``150.5``."""
    d = Decimal(str(value)).normalize()
    return f"{d:f}"
