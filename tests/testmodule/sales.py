"""The test module's use of the sales and customer services: a wallet that takes part of a refund
(a refund handler), a list of hidden orders (a list filter, as an archive hides orders), the
customer's own orders, and anonymising a customer."""
from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import Column, ColumnElement, ForeignKey, Integer, Numeric, Table, delete, insert, select

from vdcommerce.framework.context import Context, Service
from vdcommerce.framework.db import metadata
from vdcommerce.framework.exceptions import LocalizedException
from vdcommerce.framework.search import SearchCriteria
from vdcommerce.platform.customer.anonymize import anonymize_customer
from vdcommerce.platform.sales.api import OrderInterface, OrderSearchResultInterface
from vdcommerce.platform.sales.hooks import Refund
from vdcommerce.platform.sales.service import customer_order, customer_orders

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
