"""The integration package's observers (etc/events.xml): a customer's tokens end with its credentials."""
from __future__ import annotations

from ...framework.context import CUSTOMER, Context
from . import tokens


def revoke_customer_tokens(ctx: Context, customer_id: int, **_) -> None:
    """A customer changed its password, got a new password hash, or is being deleted."""
    tokens.revoke(ctx.conn, CUSTOMER, customer_id)
