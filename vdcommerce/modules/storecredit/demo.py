"""Demo store credit: two of the demo customers get a balance, each with a visible history row, as an
admin would give it (a customer who has a balance already is left as they are)."""
from decimal import Decimal

from sqlalchemy import Connection

from ...framework.context import Context
from ...platform.customer.service import customer_id_by_email
from . import balances

BALANCES = (
    ("roni_cost@example.com", Decimal("50.00"), "Welcome credit"),
    ("john.smith@example.com", Decimal("20.00"), "Sorry for the late delivery"),
)


def load(conn: Connection) -> None:
    ctx = Context(conn, store_id=0)
    for email, amount, message in BALANCES:
        customer_id = customer_id_by_email(conn, email)
        if customer_id is not None and balances.row(ctx, customer_id) is None:
            balances.change(ctx, customer_id, amount, balances.CHANGED_BY_ADMIN, message=message, visible=True,
                            admin_name="demo")
