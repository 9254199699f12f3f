"""The scheduled job: approved quotes past their expiry date expire."""
from __future__ import annotations

from sqlalchemy import select

from ...framework.context import Context
from ...framework.dates import utc_now
from ...platform.quote import carts
from . import records
from .tables import vendor_quote


class Expire:
    def execute(self, ctx: Context) -> None:
        due = ctx.conn.execute(select(vendor_quote.c.quote_id).where(
            vendor_quote.c.status == records.APPROVED, vendor_quote.c.expired_date.is_not(None),
            vendor_quote.c.expired_date <= utc_now())).scalars().all()
        for quote_id in due:
            records.write(ctx, quote_id, status=records.EXPIRED)
            carts.set_fields(ctx, quote_id, is_active=False)
