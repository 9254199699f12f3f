"""Demo login-log entries: a help-desk integration logged in as two of the demo customers (nothing
when the log has entries already, or when those customers are missing)."""
from sqlalchemy import Connection, select

from ...framework.context import INTEGRATION, Caller, Context
from ...platform.customer.service import customer_id_by_email
from .service import LoggedInRepository
from .tables import login_log

CUSTOMERS = ("roni_cost@example.com", "john.smith@example.com")


def load(conn: Connection) -> None:
    if conn.execute(select(login_log.c.logged_in_id).limit(1)).first() is not None:
        return
    repository = LoggedInRepository(Context(conn, store_id=0, website_id=0, caller=Caller(INTEGRATION, 0)))
    for email in CUSTOMERS:
        customer_id = customer_id_by_email(conn, email)
        if customer_id is not None:
            repository.record_login(customer_id)
