"""The cart's ``extension_attributes.vendor_quote``: the quote request a cart is, with its lines' data."""
from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import select

from ...framework.context import Context
from . import records
from .api import QuoteDataInterface, QuoteItemDataInterface
from .tables import vendor_quote, vendor_quote_item

_ITEM_KEYS = ("customer_note", "admin_note", "requested_price", "requested_custom_price", "hide_original_price")


def _text(moment: dt.datetime | None) -> str | None:
    return moment.strftime("%Y-%m-%d %H:%M:%S") if moment is not None else None


class CartQuote:
    def load(self, ctx: Context, ids: list[Any]) -> dict[Any, Any]:
        if not ids:
            return {}
        rows = ctx.conn.execute(select(vendor_quote).where(vendor_quote.c.quote_id.in_(ids))).all()
        if not rows:
            return {}
        lines: dict[int, list[QuoteItemDataInterface]] = {}
        for r in ctx.conn.execute(select(vendor_quote_item).where(vendor_quote_item.c.quote_id.in_(ids))
                                  .order_by(vendor_quote_item.c.item_id)):
            data = records.loads(r.additional_data)
            lines.setdefault(r.quote_id, []).append(QuoteItemDataInterface.of(
                item_id=r.item_id, **{k: data[k] for k in _ITEM_KEYS if k in data}))
        out = {}
        for row in rows:
            remarks = records.loads(row.remarks)
            out[row.quote_id] = QuoteDataInterface.of(
                increment_id=row.increment_id, status=row.status, customer_name=row.customer_name,
                customer_note=remarks.get("customer_note"), admin_note=remarks.get("admin_note"),
                submited_date=_text(row.submited_date), expired_date=_text(row.expired_date),
                items=lines.get(row.quote_id, []))
        return out

    def save(self, ctx: Context, record_id: Any, value: Any) -> None:
        """Read-only: the quote data changes through the module's own routes."""
        return None
