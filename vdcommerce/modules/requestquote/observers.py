"""What the module does when a cart is ordered: only an approved, unexpired quote request may be, and
an ordered one is complete."""
from __future__ import annotations

from decimal import Decimal
from typing import Any

from ...framework.context import Context
from ...framework.exceptions import InputException
from ...platform.quote.totals import Quote, keeps_state
from . import records


def refuse_unapproved(ctx: Context, *, quote: Quote, **_: Any) -> None:
    """``checkout_submit_before``: a cart that is a submitted quote request is ordered only once approved
    and before it expires (an open quote cart, status 0, is the customer's ordinary cart)."""
    record = records.find(ctx, quote.id) if keeps_state(ctx, quote, records.MODULE) else None
    if record is None or record.status == records.CREATED:
        return
    if record.status != records.APPROVED:
        raise InputException("Only an approved quote can be ordered.")
    if records.is_past(record.expired_date):
        raise InputException("The quote has expired.")
    approved = {item_id: Decimal(d["approved_qty"]) for item_id, d in records.items_data(ctx, quote.id).items()
                if "approved_qty" in d}
    ordered = {i.item_id: i.qty for i in quote.items if i.added_by is None}
    if ordered != approved:
        raise InputException("The quote's items changed after it was approved.")


def complete_ordered(ctx: Context, *, quote: Quote, **_: Any) -> None:
    """``sales_order_place_after``: an approved quote becomes complete; an open quote cart that was
    ordered as it is never became a quote request, so its record goes."""
    record = records.find(ctx, quote.id) if keeps_state(ctx, quote, records.MODULE) else None
    if record is None:
        return
    if record.status == records.CREATED:
        records.forget(ctx, quote.id)
    else:
        records.write(ctx, quote.id, status=records.COMPLETE)
