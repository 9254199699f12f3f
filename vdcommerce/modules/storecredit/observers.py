"""Balances credited by other modules' events."""
from __future__ import annotations

from decimal import Decimal
from typing import Any

from ...framework.context import Context
from ...framework.exceptions import InputException
from . import balances


def gift_card_redeemed(ctx: Context, *, customer_id: int, amount: Decimal, account_id: int, code: str,
                       store_id: int = 0, **_: Any) -> None:
    """``vdgiftcard_redeem_to_store_credit``: a gift card's balance moved to the customer's store credit."""
    if Decimal(amount) <= 0:
        raise InputException.invalid_value("amount", amount)
    balances.change(ctx, customer_id, Decimal(amount), balances.GIFT_CARD_REDEEMED,
                    action_data={"code": code, "account_id": account_id}, store_id=store_id, visible=True)
    balances.refresh_cart(ctx, customer_id)
