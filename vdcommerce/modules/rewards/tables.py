"""Reward points tables. A change here needs a revision: `vdcommerce db revision --package rewards -m "..."`.

Points are kept to four decimals (a rate may make fractions). Customers, carts and orders are referred
to by id only (they belong to other packages)."""
from sqlalchemy import Boolean, Column, Date, DateTime, Integer, Numeric, String, Table, Text, UniqueConstraint

from ...framework.db import metadata

POINTS = Numeric(20, 4)

balance = Table(
    "vdrewards_balance", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("customer_id", Integer, nullable=False),
    Column("balance", POINTS, nullable=False, default=0),
    UniqueConstraint("customer_id"),
)

history = Table(
    "vdrewards_history", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("customer_id", Integer, nullable=False, index=True),
    Column("action_date", DateTime, nullable=False),
    Column("amount", POINTS, nullable=False),            # negative for deductions
    Column("comment", Text, nullable=True),
    Column("action", String(255), nullable=False),
    Column("points_left", POINTS, nullable=False),
    Column("visible_for_customer", Boolean, nullable=False, default=True),
    Column("admin_name", String(255), nullable=True),
    Column("expiration_date", Date, nullable=True),
    Column("expiring_amount", POINTS, nullable=False, default=0),   # of this row's points, still due to expire
)

rule = Table(
    "vdrewards_rule", metadata,
    Column("rule_id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(255), nullable=False),
    Column("is_active", Boolean, nullable=False, default=True),
    Column("action", String(32), nullable=False),
    Column("amount", POINTS, nullable=False),
    Column("spent_amount", POINTS, nullable=False, default=0),
    Column("website_ids", Text, nullable=False, default="[]"),
    Column("customer_group_ids", Text, nullable=False, default="[]"),
    Column("conditions_serialized", Text, nullable=False, default=""),
    Column("expiration_behavior", Integer, nullable=False, default=1),
    Column("expiration_period", Integer, nullable=False, default=0),
)

# the points a cart spends: the customer's request and what the last stored collection allowed
quote_points = Table(
    "vdrewards_quote", metadata,
    Column("quote_id", Integer, primary_key=True, autoincrement=False),
    Column("requested", POINTS, nullable=False, default=0),
    Column("allowed", POINTS, nullable=False, default=0),
)

# what an order spent and what it earns, and what became of both
order_points = Table(
    "vdrewards_order", metadata,
    Column("order_id", Integer, primary_key=True, autoincrement=False),
    Column("increment_id", String(50), nullable=False),
    Column("customer_id", Integer, nullable=False),
    Column("store_id", Integer, nullable=False, default=0),
    Column("website_id", Integer, nullable=False, default=0),
    Column("customer_group_id", Integer, nullable=False, default=0),
    Column("subtotal", POINTS, nullable=False, default=0),
    Column("spent", POINTS, nullable=False, default=0),
    Column("given_back", Boolean, nullable=False, default=False),
    Column("matched_rule_ids", Text, nullable=False, default="[]"),   # rules whose conditions the cart met
    Column("earned", Boolean, nullable=False, default=False),
)
