"""Demo reward points: an earning rule for completed orders, one for money spent, and a balance for a
demo customer (nothing when a rule exists already)."""
from decimal import Decimal

from sqlalchemy import Connection, insert, select

from ...framework.context import Context
from ...platform.customer.service import customer_id_by_email
from . import points
from .tables import rule


def load(conn: Connection) -> None:
    if conn.execute(select(rule.c.rule_id).limit(1)).first() is not None:
        return
    conn.execute(insert(rule).values(
        name="10 points for every completed order", is_active=True, action="ordercompleted", amount=10,
        spent_amount=0, website_ids="[1]", customer_group_ids="[0, 1, 2, 3]", conditions_serialized="",
        expiration_behavior=0, expiration_period=0))
    conn.execute(insert(rule).values(
        name="1 point per 10 spent", is_active=True, action="moneyspent", amount=1, spent_amount=10,
        website_ids="[1]", customer_group_ids="[0, 1, 2, 3]", conditions_serialized="", expiration_behavior=0,
        expiration_period=0))
    customer_id = customer_id_by_email(conn, "roni_cost@example.com")
    if customer_id is not None:
        points.change(Context(conn, store_id=0), customer_id, Decimal(200), "Admin Point Change",
                      comment="Welcome points", admin_name="demo")
