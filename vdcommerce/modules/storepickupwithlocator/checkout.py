"""The pickup in checkout and on orders.

- ``refuse_invalid_pickup`` (``checkout_submit_before``): the cart's kept pickup is checked again as
  the order is placed (location still offered, date and slot still valid now); a pickup that is no
  longer valid refuses the order;
- ``copy_to_order`` (``sales_order_place_after``): the pickup becomes the order's, with the location's
  name, which is also added to the order's shipping description;
- ``CartPickup`` and ``OrderPickup``: ``extension_attributes.vdstorepickup_data`` of carts and orders.

The pickup applies to whatever shipping method the cart has: the module adds no carrier of its own.
"""
from __future__ import annotations

from typing import Any

from sqlalchemy import bindparam, insert, select

from ...framework.context import Context
from ...platform.quote.totals import Quote, Total
from ...platform.sales import orders
from . import pickup
from .api import OrderPickupInterface, QuoteInterface
from .tables import order_pickup

CODE = "vdstorepickup"
DESCRIPTION_LIMIT = 255
_ORDER_PICKUPS = select(order_pickup).where(order_pickup.c.order_id.in_(bindparam("ids", expanding=True)))


def refuse_invalid_pickup(ctx: Context, *, quote: Quote, total: Total, **_: Any) -> None:
    """Check the cart's pickup as it is ordered; what it raises refuses the order (a 400)."""
    if quote.is_virtual:
        return
    record = pickup.records(ctx, [quote.id]).get(quote.id)
    if record is None:
        return
    location = pickup.offered_location(ctx, record.store_id, quote.store_id, "store_id")
    choice = pickup.Choice(location_id=record.store_id, date=record.date, time_from=record.time_from,
                           time_to=record.time_to)
    pickup.check_slot(ctx, quote.store_id, location, choice, pickup.quantities_of(quote.items))
    total.extra[CODE] = {"record": record, "location_name": location.name}


def description(shipping: str | None, location_name: str) -> str:
    """The order's shipping description with the pickup location: ``Flat Rate - Fixed (Pickup at:
    Downtown)``."""
    text = f"Pickup at: {location_name}"
    full = f"{shipping} ({text})" if shipping else text
    return full[:DESCRIPTION_LIMIT]


def copy_to_order(ctx: Context, *, order_id: int, total: Total, **_: Any) -> None:
    """The checked pickup of the placed cart becomes the order's."""
    found = total.extra.get(CODE)
    if not found:
        return
    record, name = found["record"], found["location_name"]
    ctx.conn.execute(insert(order_pickup).values(
        order_id=order_id, location_id=record.store_id, location_name=name, date=record.date,
        time_from=record.time_from, time_to=record.time_to, is_curbside_pickup=bool(record.is_curbside_pickup),
        curbside_pickup_comment=record.curbside_pickup_comment or ""))
    order = orders.order_row(ctx.conn, order_id)
    orders.touch(ctx, order, {"shipping_description": description(order.shipping_description, name)})


def quote_data(row: Any) -> QuoteInterface:
    return QuoteInterface.of(id=row.id, quote_id=row.quote_id, store_id=row.store_id, address_id=row.address_id,
                             date=row.date, time_from=row.time_from, time_to=row.time_to,
                             is_curbside_pickup=bool(row.is_curbside_pickup),
                             curbside_pickup_comment=row.curbside_pickup_comment or "")


class CartPickup:
    """``extension_attributes.vdstorepickup_data`` of a cart: the kept pickup (read only; it is chosen
    through the module's saveSelectedPickupData routes)."""

    def load(self, ctx: Context, ids: list[Any]) -> dict[Any, Any]:
        return {cart_id: quote_data(row) for cart_id, row in pickup.records(ctx, [int(i) for i in ids]).items()}

    def save(self, ctx: Context, record_id: Any, value: Any) -> None:
        """A value sent with a cart is ignored: the pickup has routes of its own, which check it."""


class OrderPickup:
    """``extension_attributes.vdstorepickup_data`` of an order (written at placement)."""

    def load(self, ctx: Context, ids: list[Any]) -> dict[Any, Any]:
        out: dict[Any, Any] = {}
        if ids:
            for r in ctx.conn.execute(_ORDER_PICKUPS, {"ids": [int(i) for i in ids]}):
                out[r.order_id] = OrderPickupInterface.of(
                    location_id=r.location_id, location_name=r.location_name, date=r.date, time_from=r.time_from,
                    time_to=r.time_to, is_curbside_pickup=bool(r.is_curbside_pickup),
                    curbside_pickup_comment=r.curbside_pickup_comment or "")
        return out

    def save(self, ctx: Context, record_id: Any, value: Any) -> None:
        """Orders are written at placement; a value sent with an order is ignored."""
