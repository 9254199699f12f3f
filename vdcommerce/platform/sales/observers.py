"""What the sales package does when other packages act (etc/events.xml)."""
from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import select, update

from ...framework.context import Context
from .. import mail
from ..customer.anonymize import anonymous_email, placeholders
from .tables import order as order_t
from .tables import order_address as address_t


def anonymize_orders(ctx: Context, customer_id: int, keep_since: dt.datetime | None = None, **_: Any) -> None:
    """``customer_anonymize_after``: the customer's orders, their addresses and the notifications
    recorded for them lose their personal data; amounts, items and states stay as they are. Orders
    created since ``keep_since`` are kept as they are."""
    mine = select(order_t.c.entity_id).where(order_t.c.customer_id == customer_id)
    if keep_since is not None:
        mine = mine.where(order_t.c.created_at < keep_since)
    conn = ctx.conn
    conn.execute(update(order_t).where(order_t.c.entity_id.in_(mine)).values(placeholders(order_t, customer_id)))
    conn.execute(update(address_t).where(address_t.c.parent_id.in_(mine))
                 .values(placeholders(address_t, customer_id)))
    mail.forget(conn, "order", mine, anonymous_email(customer_id))
