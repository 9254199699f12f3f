"""Customers' balances and their history: the one place that changes a balance.

Every change is one statement on the balance row (``store_credit = store_credit + :x``, or for a
subtraction ``... - :x WHERE store_credit >= :x``, whose row count says whether the balance covered it),
which also raises the row's ``history_number`` by one, followed by one history row carrying that
number. The row update locks the customer's balance until the transaction ends, so two changes of one
balance never interleave; the number is the balance row's own, never read from the history (a unique
key on customer and number backs it), so the history's running number stays gap-free and unique.
"""
from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import orjson
from sqlalchemy import bindparam, insert, select, update

from ...framework import db
from ...framework.context import Context
from ...platform.quote import carts
from ...platform.quote.totals import ZERO, cents
from .tables import balance, history

# history actions
CHANGED_BY_ADMIN = 1
PAID_FOR_ORDER = 2
REFUNDED = 3
RETURNED_ON_CANCEL = 4
GIFT_CARD_REDEEMED = 5
ACTIONS = (CHANGED_BY_ADMIN, PAID_FOR_ORDER, REFUNDED, RETURNED_ON_CANCEL, GIFT_CARD_REDEEMED)

_ROW = select(balance).where(balance.c.customer_id == bindparam("customer_id"))
_ADD = (update(balance).where(balance.c.customer_id == bindparam("b_customer_id"))
        .values(store_credit=balance.c.store_credit + bindparam("amount"),
                history_number=balance.c.history_number + 1))
_SUBTRACT = (update(balance).where(balance.c.customer_id == bindparam("b_customer_id"),
                                   balance.c.store_credit >= bindparam("amount"))
             .values(store_credit=balance.c.store_credit - bindparam("amount"),
                     history_number=balance.c.history_number + 1))


class NotEnoughCredit(Exception):
    """The balance does not cover a subtraction (nothing was changed)."""


def row(ctx: Context, customer_id: int) -> Any:
    """The customer's balance row, or None when the customer never had one."""
    return ctx.conn.execute(_ROW, {"customer_id": customer_id}).first()


def of(ctx: Context, customer_id: int | None) -> Decimal:
    """The customer's balance (0 without a record)."""
    if customer_id is None:
        return ZERO
    r = row(ctx, customer_id)
    return cents(r.store_credit) if r is not None else ZERO


def refresh_cart(ctx: Context, customer_id: int) -> None:
    """Re-collect the customer's active cart after the balance changed outside a checkout, so that its
    stored totals show what the credit can pay now."""
    cart_id = carts.active_cart_id(ctx, customer_id)
    if cart_id is not None:
        carts.collect_and_save(ctx, cart_id)


def change(ctx: Context, customer_id: int, amount: Decimal, action: int, *, action_data: dict[str, Any] | None = None,
           store_id: int = 0, message: str | None = None, visible: bool = False,
           admin_name: str | None = None) -> Decimal:
    """Add ``amount`` to the balance (negative: subtract it, raising ``NotEnoughCredit`` when the balance
    does not cover it) and write one history row; answers the new balance."""
    amount = cents(amount)
    conn = ctx.conn
    if amount < 0:
        if conn.execute(_SUBTRACT, {"b_customer_id": customer_id, "amount": -amount}).rowcount != 1:
            raise NotEnoughCredit()
    elif conn.execute(_ADD, {"b_customer_id": customer_id, "amount": amount}).rowcount != 1:
        # a first one at once: the second insert adds to the first one's row
        db.add_or_insert(conn, balance, {"customer_id": customer_id}, {"store_credit": amount, "history_number": 1})
    changed = conn.execute(_ROW, {"customer_id": customer_id}).one()   # locked by the write above
    new_balance = cents(changed.store_credit)
    conn.execute(insert(history).values(
        customer_history_id=changed.history_number, customer_id=customer_id, is_deduct=amount < 0, difference=abs(amount),
        store_credit_balance=new_balance, action=action,
        action_data=orjson.dumps(action_data).decode() if action_data else None, message=message or None,
        created_at=dt.datetime.now(dt.timezone.utc).replace(tzinfo=None, microsecond=0), store_id=store_id,
        is_visible_for_customer=bool(visible), admin_name=admin_name))
    return new_balance
