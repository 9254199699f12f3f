"""Reading and writing the module's rows: a cart's extra fields, its messages, delivery wish and fee,
and the same data once it belongs to an order."""
from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import orjson
from sqlalchemy import bindparam, insert, select, update

from ...framework.context import Context
from ...framework.dates import utc_now
from ...framework.db import Query
from ...platform.quote.carts import note_state
from ...platform.quote.totals import cart_state, forget_cart_state
from ...platform.sales.service import OrderRepository
from .api import AdditionalFieldsInterface, CheckoutDataInterface, DeliveryInterface, GiftMessageInterface
from .tables import delivery as delivery_t
from .tables import gift_message as gift_message_t
from .tables import gift_wrap_fee as fee_t
from .tables import quote_fields as fields_t

#: base to cart currency: the platform keeps one currency (USD), so the rate is 1
RATE = Decimal(1)


# read by the collector and the order observers of every cart: built once
_FIELDS_OF = Query(select(fields_t).where(fields_t.c.quote_id == bindparam("quote_id")))


#: the cart's fields, delivery, gift messages and gift-wrap fee, as quote.module_state names them
STATE = "onestepcheckout"
FIELDS_STATE = "onestepcheckout.quote_fields"  # the cart's checkout fields, as cart_state keeps them


def fields_of(ctx: Context, quote_id: int) -> Any:
    """The cart's checkout fields row, or None; read once per request (the collector and the order
    observers ask for it), read again after this module's own writes."""
    return cart_state(ctx, FIELDS_STATE, quote_id, lambda: _FIELDS_OF.first(ctx.conn, quote_id=quote_id))


def write_fields(ctx: Context, quote_id: int, **values: Any) -> None:
    """Overwrite the given columns of the cart's row, creating the row when it is missing."""
    values["updated_at"] = utc_now()
    forget_cart_state(ctx, FIELDS_STATE, quote_id)
    done = ctx.conn.execute(update(fields_t).where(fields_t.c.quote_id == quote_id).values(**values))
    if done.rowcount == 0:
        note_state(ctx, quote_id, STATE)
        ctx.conn.execute(insert(fields_t).values(quote_id=quote_id, **values))


def inserted_info(ctx: Context, quote_id: int) -> dict[str, Any]:
    row = fields_of(ctx, quote_id)
    return orjson.loads(row.inserted_info) if row is not None and row.inserted_info else {}


def day_text(timestamp: int | None) -> str | None:
    if timestamp is None:
        return None
    return dt.datetime.fromtimestamp(timestamp, dt.timezone.utc).date().isoformat()


def delivery_out(r: Any) -> DeliveryInterface:
    return DeliveryInterface.of(date=day_text(r.date), time=r.time, comment=r.comment)


def message_out(r: Any) -> GiftMessageInterface:
    return GiftMessageInterface.of(item_id=r.item_id, sender=r.sender, recipient=r.recipient, message=r.message)


def cart_data(ctx: Context, ids: list[int]) -> dict[int, CheckoutDataInterface]:
    """``extension_attributes.vendor_checkout`` of carts (only those with something stored)."""
    conn = ctx.conn
    fields = {r.quote_id: r for r in conn.execute(select(fields_t).where(fields_t.c.quote_id.in_(ids)))}
    messages: dict[int, list[GiftMessageInterface]] = {}
    for r in conn.execute(select(gift_message_t).where(gift_message_t.c.quote_id.in_(ids))
                          .order_by(gift_message_t.c.item_id)):
        messages.setdefault(r.quote_id, []).append(message_out(r))
    deliveries = {r.quote_id: r for r in conn.execute(select(delivery_t).where(delivery_t.c.quote_id.in_(ids)))}
    fees = {r.quote_id: r for r in conn.execute(select(fee_t).where(fee_t.c.quote_id.in_(ids)))}
    out = {}
    for quote_id in ids:
        f, d, fee = fields.get(quote_id), deliveries.get(quote_id), fees.get(quote_id)
        if f is None and d is None and fee is None and quote_id not in messages:
            continue
        additional = None
        if f is not None:
            additional = AdditionalFieldsInterface.of(comment=f.comment, subscribe=f.is_subscribe,
                                                      register=f.is_register, date_of_birth=f.register_dob)
        out[quote_id] = CheckoutDataInterface.of(
            additional_fields=additional, gift_messages=messages.get(quote_id, []), gift_wrap=fee is not None,
            gift_wrap_amount=Decimal(fee.amount) if fee is not None else None,
            delivery=delivery_out(d) if d is not None else None,
            has_password=bool(f is not None and f.password_hash),
            inserted_info=orjson.loads(f.inserted_info) if f is not None and f.inserted_info else None)
    return out


def order_exists(ctx: Context, order_id: int) -> int | None:
    """The cart an order was placed from (404 for an unknown order)."""
    return OrderRepository(ctx).get(order_id).quote_id


def order_deliveries(ctx: Context, ids: list[int]) -> dict[int, DeliveryInterface]:
    rows = ctx.conn.execute(select(delivery_t).where(delivery_t.c.order_id.in_(ids)))
    return {r.order_id: delivery_out(r) for r in rows}


def order_messages(ctx: Context, ids: list[int]) -> dict[int, list[GiftMessageInterface]]:
    out: dict[int, list[GiftMessageInterface]] = {}
    for r in ctx.conn.execute(select(gift_message_t).where(gift_message_t.c.order_id.in_(ids))
                              .order_by(gift_message_t.c.item_id)):
        out.setdefault(r.order_id, []).append(message_out(r))
    return out


def attach_to_order(ctx: Context, quote_id: int, order_id: int) -> None:
    ctx.conn.execute(update(delivery_t).where(delivery_t.c.quote_id == quote_id).values(order_id=order_id))
    ctx.conn.execute(update(gift_message_t).where(gift_message_t.c.quote_id == quote_id).values(order_id=order_id))


def forget(ctx: Context, quote_ids: list[int]) -> None:
    """Personal data of these carts' checkout rows replaced by placeholders (amounts and dates stay)."""
    if not quote_ids:
        return
    conn = ctx.conn
    forget_cart_state(ctx, FIELDS_STATE)
    conn.execute(update(fields_t).where(fields_t.c.quote_id.in_(quote_ids)).values(
        comment=None, register_dob=None, password_hash=None, inserted_info=None, updated_at=utc_now()))
    conn.execute(update(gift_message_t).where(gift_message_t.c.quote_id.in_(quote_ids)).values(
        sender="-", recipient="-", message="-"))
    conn.execute(update(delivery_t).where(delivery_t.c.quote_id.in_(quote_ids)).values(comment=None))
