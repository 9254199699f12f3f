"""What the quote package does when other packages act."""
from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import select, update

from ...framework.context import Context
from ..customer.anonymize import placeholders
from .carts import now
from .tables import quote, quote_address


def deactivate_customer_carts(ctx: Context, customer_id: int, **_) -> None:
    """``customer_delete_before``: the customer's carts can no longer be used or ordered."""
    ctx.conn.execute(update(quote).where(quote.c.customer_id == customer_id, quote.c.is_active.is_(True))
                     .values(is_active=False, updated_at=now()))


def anonymize_customer_carts(ctx: Context, customer_id: int, keep_since: dt.datetime | None = None,
                             **_: Any) -> None:
    """``customer_anonymize_after``: the customer's carts and their addresses lose their personal data
    (those updated since ``keep_since`` are kept as they are)."""
    mine = select(quote.c.id).where(quote.c.customer_id == customer_id)
    if keep_since is not None:
        mine = mine.where(quote.c.updated_at < keep_since)
    ctx.conn.execute(update(quote).where(quote.c.id.in_(mine)).values(placeholders(quote, customer_id)))
    ctx.conn.execute(update(quote_address).where(quote_address.c.quote_id.in_(mine))
                     .values(placeholders(quote_address, customer_id)))
