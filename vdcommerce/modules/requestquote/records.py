"""The module's records: a quote request (``vendor_quote``) and the quote data of its lines.

Everything here runs in the caller's transaction; the services, the collector, the observers and the
scheduled job share these functions so each rule lives once."""
from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import orjson
from sqlalchemy import Row, bindparam, delete, insert, select, update

from ...framework.context import Context
from ...framework.dates import utc_now
from ...framework.db import Query
from ...framework.exceptions import NoSuchEntityException
from ...platform.quote.carts import note_state
from ...platform.quote.totals import cart_state, forget_cart_state
from .tables import vendor_quote, vendor_quote_item

CREATED, PENDING, APPROVED, COMPLETE, CANCELED, EXPIRED, HOLDED, ADMIN_NEW, ADMIN_CREATED = range(9)
STATUS_LABELS = {CREATED: "New", PENDING: "Pending", APPROVED: "Approved", COMPLETE: "Complete",
                 CANCELED: "Canceled", EXPIRED: "Expired", ADMIN_CREATED: "Created from admin"}
CUSTOMER_STATUSES = (PENDING, APPROVED, COMPLETE, CANCELED, EXPIRED)

EXPIRATION_DAYS = "vendor_quote/general/expiration_days"


def loads(text: str | None) -> dict[str, Any]:
    value = orjson.loads(text) if text else None
    return value if isinstance(value, dict) else {}


def dumps(value: dict[str, Any]) -> str:
    return orjson.dumps(value, default=str).decode()


def increment_id(store_id: int, quote_id: int) -> str:
    """The public quote number: the store id, then the quote id padded to nine digits."""
    return f"{store_id}{quote_id:09d}"


MODULE = "requestquote"  # the cart's quote request, as quote.module_state names it (carts.note_state)
STATE = "requestquote.vendor_quote"  # the cart's quote request, as cart_state keeps it for the request
# read by the totals collector and the checkout observers of every cart: built once
_FIND = Query(select(vendor_quote).where(vendor_quote.c.quote_id == bindparam("quote_id")))


def find(ctx: Context, quote_id: int) -> Row[Any] | None:
    """The quote request of a cart, or None; read once per request (the collector and the order
    observers ask for it), read again after this module's own writes."""
    row: Row[Any] | None = cart_state(ctx, STATE, quote_id, lambda: _FIND.first(ctx.conn, quote_id=quote_id))
    return row


def get(ctx: Context, quote_id: int) -> Row[Any]:
    """The quote request of a cart; 404 ``quoteId`` when the cart is not one."""
    row = find(ctx, quote_id)
    if row is None:
        raise NoSuchEntityException.single_field("quoteId", quote_id)
    return row


def create(ctx: Context, quote_id: int, **values: Any) -> None:
    row: dict[str, Any] = dict(status=CREATED, admin_notification_send=0, reminder_send=0, shipping_can_modified=1,
                               shipping_configured=0, custom_method_enabled=0)
    row.update(values)
    forget_cart_state(ctx, STATE, quote_id)
    note_state(ctx, quote_id, MODULE)
    ctx.conn.execute(insert(vendor_quote).values(quote_id=quote_id, **row))


def write(ctx: Context, quote_id: int, **values: Any) -> None:
    forget_cart_state(ctx, STATE, quote_id)
    ctx.conn.execute(update(vendor_quote).where(vendor_quote.c.quote_id == quote_id).values(**values))


def forget(ctx: Context, quote_id: int) -> None:
    forget_cart_state(ctx, STATE, quote_id)
    ctx.conn.execute(delete(vendor_quote_item).where(vendor_quote_item.c.quote_id == quote_id))
    ctx.conn.execute(delete(vendor_quote).where(vendor_quote.c.quote_id == quote_id))


def expiry_of(ctx: Context) -> dt.datetime | None:
    """When a quote approved now stops being orderable (None: never)."""
    raw = ctx.config_value(EXPIRATION_DAYS, 0)
    try:
        days = int(Decimal(str(raw)))
    except ArithmeticError:
        return None
    return utc_now() + dt.timedelta(days=days) if days > 0 else None


# --------------------------------------------------------------------------- line data

def item_data(ctx: Context, item_id: int) -> dict[str, Any]:
    text = ctx.conn.execute(select(vendor_quote_item.c.additional_data)
                            .where(vendor_quote_item.c.item_id == item_id)).scalar()
    return loads(text)


def items_data(ctx: Context, quote_id: int) -> dict[int, dict[str, Any]]:
    rows = ctx.conn.execute(select(vendor_quote_item.c.item_id, vendor_quote_item.c.additional_data)
                            .where(vendor_quote_item.c.quote_id == quote_id))
    return {r.item_id: loads(r.additional_data) for r in rows}


def set_item_data(ctx: Context, quote_id: int, item_id: int, data: dict[str, Any]) -> None:
    exists = ctx.conn.execute(select(vendor_quote_item.c.item_id)
                              .where(vendor_quote_item.c.item_id == item_id)).first()
    if exists:
        ctx.conn.execute(update(vendor_quote_item).where(vendor_quote_item.c.item_id == item_id)
                         .values(additional_data=dumps(data)))
    else:
        ctx.conn.execute(insert(vendor_quote_item).values(item_id=item_id, quote_id=quote_id,
                                                          additional_data=dumps(data)))


def is_past(moment: dt.datetime | None) -> bool:
    return moment is not None and moment <= utc_now()
