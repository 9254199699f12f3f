"""What the quote package does when other packages act."""
from __future__ import annotations

from sqlalchemy import update

from ...framework.context import Context
from .carts import now
from .tables import quote


def deactivate_customer_carts(ctx: Context, customer_id: int, **_) -> None:
    """``customer_delete_before``: the customer's carts can no longer be used or ordered."""
    ctx.conn.execute(update(quote).where(quote.c.customer_id == customer_id, quote.c.is_active.is_(True))
                     .values(is_active=False, updated_at=now()))
