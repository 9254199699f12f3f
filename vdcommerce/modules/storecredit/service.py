"""The store credit services the routes bind to.

- ``ApplyStoreCreditToQuote``: apply or cancel credit on the caller's active cart;
- ``StoreCreditRepository``: a customer's balance (0 without a record);
- ``ManageCustomerStoreCredit``: an admin adds to or subtracts from a balance (one history row);
- ``HistoryRepository``: the history, searched by admins or read by the customer (visible rows only).
"""
from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from sqlalchemy import select

from ...framework.context import ADMIN, Context, Service
from ...framework.exceptions import InputException
from ...framework.limits import number_limits
from ...framework.repository import Record, Repository
from ...framework.search import SearchCriteria
from ...platform.customer.service import load_customer
from ...platform.integration.service import admin_user_by_id
from ...platform.quote import carts
from ...platform.quote.totals import ZERO, cents
from . import balances
from .api import HistoryInterface, HistorySearchResultsInterface, StoreCreditInterface
from .checkout import confirm, set_choice
from .tables import history, quote_credit

BELOW_ZERO = "The store credit balance can't go below 0: the customer's balance is %1."


def _amount(ctx: Context, cart_id: int) -> Decimal:
    collected = carts.collect_and_save(ctx, cart_id)
    return Decimal(collected.total.extension.get("vdstorecredit_amount") or ZERO)


class ApplyStoreCreditToQuote(Service):
    interface = "Vendor\\StoreCredit\\Api\\ApplyStoreCreditToQuoteInterface"
    summary = "Store credit on the customer's cart"

    def apply(self, cart_id: int, amount: float) -> float:
        """Use store credit on the cart, up to ``amount``; answers the amount applied after capping."""
        row = carts.row_of(self.ctx, cart_id)
        try:
            requested = cents(abs(Decimal(str(amount))))
        except InvalidOperation:
            raise InputException.invalid_value("amount", amount) from None
        # "up to": more than the money column holds asks for as much as can be applied (no 500)
        requested = min(requested, _MOST_REQUESTED)
        set_choice(self.ctx, row.id, True, requested)
        applied = _amount(self.ctx, row.id)
        confirm(self.ctx, row.id, applied)
        return float(applied)

    def cancel(self, cart_id: int) -> float:
        """Stop using store credit on the cart; answers 0, or the suggested maximum when encouraged."""
        row = carts.row_of(self.ctx, cart_id)
        set_choice(self.ctx, row.id, False)
        confirm(self.ctx, row.id, ZERO)
        return float(_amount(self.ctx, row.id))


# the largest amount, in cents, that the cart's requested-credit column holds
_MOST_REQUESTED = Decimal(10) ** number_limits(quote_credit, {"requested": "requested"})["requested"] - Decimal("0.01")


def credit_of(ctx: Context, customer_id: int) -> StoreCreditInterface:
    r = balances.row(ctx, customer_id)
    if r is None:
        return StoreCreditInterface.of(customer_id=customer_id, store_credit=ZERO)
    return StoreCreditInterface.of(store_credit_id=r.store_credit_id, customer_id=customer_id,
                                   store_credit=cents(r.store_credit))


class StoreCreditRepository(Service):
    interface = "Vendor\\StoreCredit\\Api\\StoreCreditRepositoryInterface"
    summary = "Store credit balances"

    def get_by_customer_id(self, customer_id: int) -> StoreCreditInterface:
        """The customer's store credit balance (base currency)."""
        load_customer(self.ctx, customer_id)
        return credit_of(self.ctx, customer_id)


class ManageCustomerStoreCredit(Service):
    interface = "Vendor\\StoreCredit\\Api\\ManageCustomerStoreCreditInterface"
    summary = "Store credit changes"

    def add_or_subtract_store_credit(self, customer_id: int, amount: float, action: int = balances.CHANGED_BY_ADMIN,
                                     action_data: dict[str, Any] | None = None, store_id: int = 0,
                                     message: str = "", visible_for_customer: bool = False) -> StoreCreditInterface:
        """Add a positive ``amount`` to the customer's balance or subtract a negative one (never below 0);
        one history row records it. Answers the new balance."""
        load_customer(self.ctx, customer_id)
        try:
            value = cents(Decimal(str(amount)))
        except InvalidOperation:
            raise InputException.invalid_value("amount", amount) from None
        if value == 0:
            raise InputException.invalid_value("amount", amount)
        if action not in balances.ACTIONS:
            raise InputException.invalid_value("action", action)
        caller = self.ctx.caller
        admin = admin_user_by_id(self.conn, caller.user_id) \
            if caller.user_type == ADMIN and caller.user_id else None
        try:
            balances.change(self.ctx, customer_id, value, action, action_data=action_data or None, store_id=store_id,
                            message=message, visible=visible_for_customer,
                            admin_name=admin.username if admin is not None else None)
        except balances.NotEnoughCredit:
            raise InputException(BELOW_ZERO, [f"{balances.of(self.ctx, customer_id):.2f}"]) from None
        balances.refresh_cart(self.ctx, customer_id)
        return credit_of(self.ctx, customer_id)


class HistoryRepository(Repository[HistoryInterface, HistorySearchResultsInterface]):
    interface = "Vendor\\StoreCredit\\Api\\HistoryRepositoryInterface"
    summary = "Store credit history"
    entity = "history"
    table = history
    data = HistoryInterface
    results = HistorySearchResultsInterface

    def get_list(self, search_criteria: SearchCriteria) -> HistorySearchResultsInterface:
        """Every customer's history rows (searchCriteria)."""
        return self.list_records(search_criteria)

    def get_by_customer_id(self, customer_id: int) -> list[HistoryInterface]:
        """The customer's history rows that are shown to the customer, newest first."""
        rows = self.conn.execute(select(history).where(history.c.customer_id == customer_id,
                                                       history.c.is_visible_for_customer.is_(True))
                                 .order_by(history.c.history_id.desc()))
        return [self.to_data(self.from_row(r._mapping)) for r in rows]

    def to_data(self, record: Record) -> HistoryInterface:
        out = dict(record)
        for key in ("difference", "store_credit_balance"):
            if out.get(key) is not None:
                out[key] = cents(out[key])
        return HistoryInterface.of(**out)

