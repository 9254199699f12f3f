"""Balances changed by events: a gift card redeemed to store credit, a customer deleted."""
from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import delete

from ...framework.context import Context
from ...framework.exceptions import InputException
from . import balances
from .tables import balance, history


def gift_card_redeemed(ctx: Context, *, customer_id: int, amount: Decimal, account_id: int, code: str,
                       store_id: int = 0, **_: Any) -> None:
    """``vdgiftcard_redeem_to_store_credit``: a gift card's balance moved to the customer's store credit."""
    if Decimal(amount) <= 0:
        raise InputException.invalid_value("amount", amount)
    balances.change(ctx, customer_id, Decimal(amount), balances.GIFT_CARD_REDEEMED,
                    action_data={"code": code, "account_id": account_id}, store_id=store_id, visible=True)
    balances.refresh_cart(ctx, customer_id)


def customer_deleted(ctx: Context, *, customer_id: int, **_: Any) -> None:
    """``customer_delete_before``: the customer's balance and history go with the account (the orders
    keep the amounts they used)."""
    ctx.conn.execute(delete(history).where(history.c.customer_id == customer_id))
    ctx.conn.execute(delete(balance).where(balance.c.customer_id == customer_id))
