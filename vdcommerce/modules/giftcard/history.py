"""The balance history of the cards: one row for every change of a card's balance, written in the
transaction that changes it, right after the statement that changed it (so ``balance`` is what that
statement left), and ``GiftCardAccountHistoryRepository``, the rows as the admin routes read them.

Actions (``action``):

====  ==========================  =================================================================
code  label                       written when
====  ==========================  =================================================================
1     Created                     an account is created (its starting balance)
2     Changed by admin            a save of the account changes ``current_value``
3     Paid for order              an order placed with the card takes its part
4     Returned on cancellation    the order is cancelled and the card gets back what it paid
5     Refunded                    the order's last credit memo gives the card back what it paid
6     Redeemed to store credit    the customer moves the balance into store credit
====  ==========================  =================================================================
"""
from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import orjson
from sqlalchemy import insert, select

from ...framework.context import ADMIN, Context
from ...framework.exceptions import NoSuchEntityException
from ...framework.repository import Record, Repository
from ...framework.search import SearchCriteria
from ...platform.integration.service import admin_user_by_id
from .api import GiftCardAccountHistoryInterface, GiftCardAccountHistorySearchResultsInterface
from .tables import account as account_table
from .tables import history

CREATED, CHANGED_BY_ADMIN, PAID_FOR_ORDER, RETURNED_ON_CANCEL, REFUNDED, REDEEMED_TO_STORE_CREDIT = 1, 2, 3, 4, 5, 6
LABELS = {CREATED: "Created", CHANGED_BY_ADMIN: "Changed by admin", PAID_FOR_ORDER: "Paid for order",
          RETURNED_ON_CANCEL: "Returned on cancellation", REFUNDED: "Refunded",
          REDEEMED_TO_STORE_CREDIT: "Redeemed to store credit"}
CENT = Decimal("0.01")
ACCOUNT_NOT_FOUND = 'Account with specified ID "%1" not found.'


def now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc).replace(tzinfo=None, microsecond=0)


def write(conn: Any, account_id: int, action: int, change: Decimal, balance: Any, *,
          increment_id: str | None = None, data: dict[str, Any] | None = None) -> None:
    """One history row: ``change`` is signed (negative: taken off), ``balance`` the balance after it."""
    change = Decimal(change).quantize(CENT)
    conn.execute(insert(history).values(
        account_id=account_id, action=action, difference=abs(change), is_deduct=change < 0,
        balance=Decimal(balance).quantize(CENT), order_increment_id=increment_id,
        action_data=orjson.dumps(data).decode() if data else None, created_at=now()))


def balance_of(conn: Any, account_id: int) -> Decimal:
    """The card's balance as this transaction sees it (after its own changes)."""
    return Decimal(conn.execute(select(account_table.c.current_value)
                                .where(account_table.c.account_id == account_id)).scalar_one())


class GiftCardAccountHistoryRepository(Repository[GiftCardAccountHistoryInterface,
                                                  GiftCardAccountHistorySearchResultsInterface]):
    interface = "Vendor\\GiftCardAccount\\Api\\GiftCardAccountHistoryRepositoryInterface"
    summary = "Gift card balance history"
    entity = "history"
    table = history
    data = GiftCardAccountHistoryInterface
    results = GiftCardAccountHistorySearchResultsInterface

    def get_by_account_id(self, id: int) -> list[GiftCardAccountHistoryInterface]:
        """The card's balance changes, oldest first (a deleted card's rows are kept and still answered)."""
        rows = self.conn.execute(select(history).where(history.c.account_id == id)
                                 .order_by(history.c.history_id)).all()
        if not rows and self.conn.execute(select(account_table.c.account_id)
                                          .where(account_table.c.account_id == id)).first() is None:
            raise NoSuchEntityException(ACCOUNT_NOT_FOUND, [id])
        return [self.to_data(self.from_row(r._mapping)) for r in rows]

    def get_list(self, search_criteria: SearchCriteria) -> GiftCardAccountHistorySearchResultsInterface:
        """Every card's balance changes (searchCriteria; by ``history_id`` unless sorted)."""
        return self.list_records(search_criteria)

    def to_data(self, record: Record) -> GiftCardAccountHistoryInterface:
        out = dict(record)
        for key in ("difference", "balance"):
            if out.get(key) is not None:
                out[key] = Decimal(out[key]).quantize(CENT)
        return GiftCardAccountHistoryInterface.of(**out)


def context_admin(ctx: Context) -> dict[str, Any] | None:
    """Who made an admin change, as the history's ``action_data`` (None for integrations)."""
    caller = ctx.caller
    if caller.user_type != ADMIN or not caller.user_id:
        return None
    admin = admin_user_by_id(ctx.conn, caller.user_id)
    return {"admin_user": admin.username} if admin is not None else None
