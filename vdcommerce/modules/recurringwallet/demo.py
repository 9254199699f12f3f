"""Demo billing agreements: two demo customers saved a wallet (nothing when there are agreements
already, or when those customers are missing). The references are the sandbox gateway's for the
tokens below, as if the customers had paid through the wallet routes."""
from decimal import Decimal

from sqlalchemy import Connection, select

from ...framework.context import CUSTOMER, Caller, Context
from ...platform.customer.service import customer_id_by_email
from . import gateway, records
from .tables import agreement

AGREEMENTS = (
    ("roni_cost@example.com", "vdrecurringwallet_applepay", "demo_token_roni", "Apple Pay VISA ****4242", False),
    ("john.smith@example.com", "vdrecurringwallet_googlepay", "demo_token_john", "Google Pay MASTERCARD ****4444",
     False),
    ("john.smith@example.com", "vdrecurringwallet_applepay", "demo_token_john_old", "Apple Pay AMEX ****0005", True),
)


def load(conn: Connection) -> None:
    if conn.execute(select(agreement.c.agreement_id).limit(1)).first() is not None:
        return
    for email, method, token, label, canceled in AGREEMENTS:
        customer_id = customer_id_by_email(conn, email)
        if customer_id is None:
            continue
        ctx = Context(conn, store_id=1, website_id=1, caller=Caller(CUSTOMER, customer_id))
        reference = gateway.sandbox(method, token, Decimal(0), "USD")
        assert reference is not None
        agreement_id = records.upsert(ctx, customer_id, method, reference, label)
        if canceled:
            records.cancel(ctx, agreement_id)
