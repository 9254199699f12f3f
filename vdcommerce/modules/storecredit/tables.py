"""Store credit tables. A change here needs a revision: `vdcommerce db revision --package storecredit -m "..."`.

Amounts are kept to four decimals in base currency; every amount the module writes is rounded to the cent.
Customers, carts and orders are referred to by id only (they belong to other packages)."""
from sqlalchemy import Boolean, Column, DateTime, Integer, Numeric, String, Table, Text, UniqueConstraint

from ...framework.db import metadata

MONEY = Numeric(20, 4)

balance = Table(
    "vdstorecredit_balance", metadata,
    Column("store_credit_id", Integer, primary_key=True, autoincrement=True),
    Column("customer_id", Integer, nullable=False),
    Column("store_credit", MONEY, nullable=False, default=0),
    # the number of the balance's latest history row: raised by the statement that changes the balance
    Column("history_number", Integer, nullable=False, default=0, server_default="0"),
    UniqueConstraint("customer_id"),
)

history = Table(
    "vdstorecredit_history", metadata,
    Column("history_id", Integer, primary_key=True, autoincrement=True),
    Column("customer_history_id", Integer, nullable=False),
    Column("customer_id", Integer, nullable=False, index=True),
    Column("is_deduct", Boolean, nullable=False, default=False),
    Column("difference", MONEY, nullable=False),
    Column("store_credit_balance", MONEY, nullable=False),
    Column("action", Integer, nullable=False),
    Column("action_data", Text, nullable=True),
    Column("message", Text, nullable=True),
    Column("created_at", DateTime, nullable=False),
    Column("store_id", Integer, nullable=False, default=0),
    Column("is_visible_for_customer", Boolean, nullable=False, default=False),
    Column("admin_name", String(255), nullable=True),
    UniqueConstraint("customer_id", "customer_history_id"),
)

# the credit a cart uses: the customer's request and what the last stored collection applied
quote_credit = Table(
    "vdstorecredit_quote", metadata,
    Column("quote_id", Integer, primary_key=True, autoincrement=False),
    Column("use_credit", Boolean, nullable=False, default=False),
    Column("requested", MONEY, nullable=False, default=0),
    Column("amount", MONEY, nullable=False, default=0),
    Column("shipping_amount", MONEY, nullable=False, default=0),
    Column("confirmed", MONEY, nullable=False, default=0),   # what applying the credit applied, as the customer saw it
)

# the credit an order used, and what became of it
order_credit = Table(
    "vdstorecredit_order", metadata,
    Column("order_id", Integer, primary_key=True, autoincrement=False),
    Column("increment_id", String(50), nullable=False),
    Column("customer_id", Integer, nullable=True),
    Column("store_id", Integer, nullable=False, default=0),
    Column("amount", MONEY, nullable=False, default=0),
    Column("shipping_amount", MONEY, nullable=False, default=0),
    Column("invoiced_amount", MONEY, nullable=False, default=0),
    Column("refunded_amount", MONEY, nullable=False, default=0),   # credited back by the order's credit memos
    Column("given_back_amount", MONEY, nullable=False, default=0),  # of the credit used: given back (cancel, refund)
)
