"""The test module's use of the sales and customer services: a wallet that takes part of a refund
(a refund handler), a list of hidden orders (a list filter, as an archive hides orders), the
customer's own orders, anonymising a customer, and the order actions a module takes (cancel, refund,
status, store credit)."""
from __future__ import annotations

from decimal import Decimal
from typing import Any, Literal

from sqlalchemy import Column, ColumnElement, ForeignKey, Integer, Numeric, Table, delete, insert, select

from vdcommerce.framework.context import Context, Service
from vdcommerce.framework.db import metadata
from vdcommerce.framework.exceptions import InputException, LocalizedException
from vdcommerce.framework.search import SearchCriteria
from vdcommerce.platform.customer.anonymize import anonymize_customer
from vdcommerce.platform.sales.api import CreditmemoItemCreationInterface, OrderInterface, OrderSearchResultInterface
from vdcommerce.platform.sales.hooks import Refund
from vdcommerce.platform.sales.service import (cancel_order, customer_order, customer_orders, refund_order,
                                               set_order_status, store_credit_available)

from .api import ModuleRefundInterface

WALLET_LIMIT = "The wallet can take at most %1."
WALLET_ORDER_LIMIT = "The wallet can take at most %1 more of this order."
ORDER_CAP = Decimal(50)
GUEST_ORDER = "A guest's order cannot be refunded to a wallet."

wallet_refund = Table(
    "vendor_testmodule_wallet_refund", metadata,
    Column("creditmemo_id", Integer, ForeignKey("sales_creditmemo.entity_id", ondelete="CASCADE"), primary_key=True,
           autoincrement=False),
    Column("customer_id", Integer, nullable=False),
    Column("amount", Numeric(20, 4), nullable=False),
)

hidden_order = Table(
    "vendor_testmodule_hidden_order", metadata,
    Column("order_id", Integer, ForeignKey("sales_order.entity_id", ondelete="CASCADE"), primary_key=True,
           autoincrement=False),
)


def refund_to_wallet(ctx: Context, refund: Refund) -> Decimal | None:
    """Refund handler ``vdtest_wallet``: ``arguments.extension_attributes.vdtest_return_to_wallet`` of
    the credit memo's total goes to the customer's wallet, at most 50 per order."""
    wanted = refund.arguments.get("vdtest_return_to_wallet")
    if wanted is None:
        return None
    amount = Decimal(str(wanted))
    if refund.customer_id is None:
        raise LocalizedException(GUEST_ORDER)
    if amount < 0 or amount > refund.grand_total:
        raise LocalizedException(WALLET_LIMIT, [f"{refund.grand_total:.2f}"])
    if refund.returned + amount > ORDER_CAP:  # what earlier credit memos of the order gave the wallet counts
        raise LocalizedException(WALLET_ORDER_LIMIT, [f"{ORDER_CAP - refund.returned:.2f}"])
    ctx.conn.execute(insert(wallet_refund).values(creditmemo_id=refund.creditmemo_id, customer_id=refund.customer_id,
                                                  amount=amount))
    return amount


def hide_orders(ctx: Context, kind: str, order_id: ColumnElement[Any]) -> ColumnElement[bool] | None:
    """List filter: hidden orders (and their documents) leave every list."""
    return order_id.not_in(select(hidden_order.c.order_id))


class HiddenOrders(Service):
    interface = "Vendor\\Testmodule\\Api\\HiddenOrdersInterface"
    summary = "Orders taken out of the lists"

    def hide(self, order_ids: list[int]) -> bool:
        known = set(self.conn.execute(select(hidden_order.c.order_id)).scalars())
        new = [{"order_id": i} for i in dict.fromkeys(order_ids) if i not in known]
        if new:
            # an id of no order breaks the foreign key: the framework answers it as a missing entity (404)
            self.conn.execute(insert(hidden_order), new)
        return True

    def show(self, order_ids: list[int]) -> bool:
        self.conn.execute(delete(hidden_order).where(hidden_order.c.order_id.in_(order_ids)))
        return True


class CustomerOrders(Service):
    interface = "Vendor\\Testmodule\\Api\\CustomerOrdersInterface"
    summary = "A customer's own orders"

    def get_list(self, customer_id: int,
                 search_criteria: SearchCriteria | None = None) -> OrderSearchResultInterface:
        return customer_orders(self.ctx, customer_id, search_criteria)

    def get(self, customer_id: int, order_id: int) -> OrderInterface:
        return customer_order(self.ctx, customer_id, order_id)


class Anonymizer(Service):
    interface = "Vendor\\Testmodule\\Api\\AnonymizerInterface"
    summary = "Anonymising customers"

    def anonymize(self, customer_id: int) -> bool:
        anonymize_customer(self.ctx, customer_id)
        return True


class OrderActions(Service):
    """The sales services a module calls on an order (cancel, refund, status, store credit), behind routes
    so that the tests drive them over HTTP."""
    interface = "Vendor\\Testmodule\\Api\\OrderActionsInterface"
    summary = "Order actions a module takes"

    def cancel(self, order_id: int) -> bool:
        return cancel_order(self.ctx, order_id)

    def refund(self, order_id: int, items: list[CreditmemoItemCreationInterface] | None = None,
               shipping_amount: float | None = None, adjustment_positive: float = 0, adjustment_negative: float = 0,
               return_to_stock: list[int] | None = None, to_store_credit: str | None = None,
               comment: str | None = None) -> ModuleRefundInterface:
        credit: Decimal | Literal["all"] | None = None
        if to_store_credit is not None:
            try:
                credit = "all" if to_store_credit == "all" else Decimal(to_store_credit)
            except ArithmeticError:
                raise InputException.invalid_value("to_store_credit", to_store_credit) from None
            if credit != "all" and not credit.is_finite():
                raise InputException.invalid_value("to_store_credit", to_store_credit)
        done = refund_order(
            self.ctx, order_id,
            items=None if items is None else {int(i.order_item_id or 0): Decimal(str(i.qty or 0)) for i in items},
            shipping_amount=None if shipping_amount is None else Decimal(str(shipping_amount)),
            adjustment_positive=Decimal(str(adjustment_positive)), adjustment_negative=Decimal(str(adjustment_negative)),
            return_to_stock=return_to_stock or (), to_store_credit=credit, comment=comment,
            append_comment=comment is not None)
        return ModuleRefundInterface.of(creditmemo_id=done.creditmemo_id, grand_total=float(done.grand_total),
                                        store_credit=float(done.store_credit))

    def set_status(self, order_id: int, status: str) -> bool:
        set_order_status(self.ctx, order_id, status)
        return True

    def store_credit_available(self, order_id: int | None = None) -> bool:
        return store_credit_available(self.ctx, order_id)
