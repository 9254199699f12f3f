"""The negotiated prices of an approved quote, charged through the cart's totals pipeline.

The collector runs before ``subtotal`` (sort order 90): on a cart that is an approved quote request it
sets each line's unit price to the price the shop agreed (``requested_custom_price``), so the row
totals, discounts, the grand total and the order placed from the cart all use it."""
from __future__ import annotations

from decimal import Decimal

from ...framework.context import Context
from ...platform.quote.totals import Quote, Segment, Total, cents, keeps_state
from . import records


class NegotiatedPrices:
    code = "vendor_quote"

    def collect(self, ctx: Context, quote: Quote, total: Total) -> None:
        if not quote.items or not keeps_state(ctx, quote, records.MODULE):  # nothing to price: not read
            return
        record = records.find(ctx, quote.id)
        if record is None or record.status != records.APPROVED:
            return
        data = records.items_data(ctx, quote.id)
        for item in quote.items:
            price = data.get(item.item_id, {}).get("requested_custom_price") if item.added_by is None else None
            if price is None:
                continue
            agreed = cents(Decimal(str(price)))
            if item.price != agreed:
                item.price, item.changed = agreed, True

    def fetch(self, ctx: Context, quote: Quote, total: Total) -> Segment | None:
        return None
