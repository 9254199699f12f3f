"""Demo store credit (nothing when some balance exists already): two of the demo customers get a
balance, each with a visible history row, as an admin would give it."""
from decimal import Decimal

from sqlalchemy import Connection, select

from ...framework.context import Context
from ...platform.customer.service import customer_id_by_email
from . import balances
from .tables import balance

BALANCES = (
    ("roni_cost@example.com", Decimal("50.00"), "Welcome credit"),
    ("john.smith@example.com", Decimal("20.00"), "Sorry for the late delivery"),
)


def load(conn: Connection) -> None:
    if conn.execute(select(balance.c.store_credit_id).limit(1)).first() is not None:
        return
    ctx = Context(conn, store_id=0)
    for email, amount, message in BALANCES:
        customer_id = customer_id_by_email(conn, email)
        if customer_id is not None:
            balances.change(ctx, customer_id, amount, balances.CHANGED_BY_ADMIN, message=message, visible=True,
                            admin_name="demo")
