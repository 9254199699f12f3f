"""The gift-wrap fee as a cart total: while a cart has its fee row the collector adds the amount to the
grand total, shows the segment ``vendor_checkout_gift_wrap`` and hands the amount to the order
(``extension_attributes.vendor_checkout_gift_wrap`` of the order)."""
from __future__ import annotations

from decimal import Decimal

from sqlalchemy import select

from ...framework.context import Context
from ...platform.quote.totals import Quote, Segment, Total, cents, keeps_state
from .records import STATE
from .tables import gift_wrap_fee

CODE = "vendor_checkout_gift_wrap"
TITLE = "Gift Wrap"


class GiftWrap:
    code = CODE

    def collect(self, ctx: Context, quote: Quote, total: Total) -> None:
        if not quote.items or not keeps_state(ctx, quote, STATE):  # no fee: its row is not read
            return
        amount = ctx.conn.execute(select(gift_wrap_fee.c.amount).where(gift_wrap_fee.c.quote_id == quote.id)).scalar()
        if amount is None:
            return
        value = cents(Decimal(amount))
        total.adjustments[CODE] = value
        total.extension[CODE] = value

    def fetch(self, ctx: Context, quote: Quote, total: Total) -> Segment | None:
        if CODE not in total.adjustments:
            return None
        return Segment(CODE, TITLE, total.adjustments[CODE])
