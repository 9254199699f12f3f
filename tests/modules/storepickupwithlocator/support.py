"""Shared arrangements of the store pickup tests: locations, schedules, carts and dates relative to today
(in the store's timezone, UTC unless a test sets another), so that no test depends on the weekday."""
from __future__ import annotations

import datetime as dt
from contextlib import contextmanager

from tests.helpers import ok
from tests.helpers.quote import add, guest_cart, shipping_information

LOCATIONS = "/V1/vdpickup/location"
NOT_VALID = "Store Pickup Date/Time is not valid."
NO_SUCH = "No such entity with %fieldName = %fieldValue"
REQUIRED = '"%fieldName" is required. Enter and try again.'


def today(zone: dt.tzinfo = dt.timezone.utc) -> dt.date:
    return dt.datetime.now(zone).date()


def at(day: dt.date, hhmm: str, zone: dt.tzinfo = dt.timezone.utc) -> int:
    """The unix timestamp of ``HH:MM`` on ``day`` in ``zone``."""
    hours, minutes = (int(p) for p in hhmm.split(":"))
    return int(dt.datetime.combine(day, dt.time(0), tzinfo=zone).timestamp()) + hours * 3600 + minutes * 60


def week(open_hours: dict | None = None, closed: tuple[int, ...] = ()) -> list[dict]:
    """Seven days, Monday first: ``open_hours`` every day except the weekdays in ``closed``."""
    hours = open_hours or {"from": "08:00", "to": "20:00", "break_from": "12:00", "break_to": "13:00"}
    return [{"is_enabled": False} if i in closed else {"is_enabled": True, **hours} for i in range(7)]


@contextmanager
def guest_with_cart(server, sku: str, qty: float = 1, shipping: bool = True):
    """A guest client with a cart holding the product (and the flat rate chosen); yields (client, base
    path of the cart, masked id)."""
    with server.client() as guest:
        masked = guest_cart(guest)
        base = f"/V1/guest-carts/{masked}"
        add(guest, base, sku, qty)
        if shipping:
            ok(shipping_information(guest, base))
        yield guest, base, masked
