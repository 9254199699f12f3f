"""The pickup a shopper chooses for a cart: checking it and keeping it.

``choose`` runs the steps of both storefront methods for one cart: the location must exist, be active
and be offered in the cart's store view; the date and time slot are checked (``check_slot``) in the
store's timezone; curbside values are kept only where curbside pickup is allowed; then the record of
the cart's shipping address is written (one per address). Checkout runs ``check_slot`` again when the
order is placed (``checkout.py``).
"""
from __future__ import annotations

import datetime as dt
import functools
import re
import time
from dataclasses import dataclass
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite

from ...framework.context import Context
from ...framework.exceptions import InputException, NoSuchEntityException
from ...platform.catalog import stock
from ...platform.quote import carts
from .tables import location as location_t
from .tables import location_store, quote_pickup

NOT_VALID = "Store Pickup Date/Time is not valid."
COMMENT_TOO_LONG = "Comment length limit is exceeded. Please keep it less than 300 symbols."
COMMENT_REQUIRED = "Please fill in the comment field."
COMMENT_LIMIT = 300

SAME_DAY = "vendor_storepickup/date/same_day_pickup"
TIME_ENABLED = "vendor_storepickup/time/enabled"
MIN_DELAY = "vendor_storepickup/date/min_order_delay"
BACKORDER_DELAY = "vendor_storepickup/date/backorder_delay"
CURBSIDE_ENABLED = "vendor_storepickup/curbside/enabled"
COMMENT_IS_REQUIRED = "vendor_storepickup/curbside/comment_required"
TIMEZONE = "general/locale/timezone"

ALL_STORES = 0
MINUTES_PER_DAY = 24 * 60
_HHMM = re.compile(r"(\d{1,2}):(\d{2})")
_DATE_FORMATS = ("%Y-%m-%d", "%m/%d/%Y", "%Y/%m/%d", "%Y.%m.%d")

_LOCATION = select(location_t).where(location_t.c.id == bindparam("id"))
_STORES = select(location_store.c.store_id).where(location_store.c.location_id == bindparam("id"))
_RECORD = select(quote_pickup).where(quote_pickup.c.quote_id == bindparam("quote_id"),
                                     quote_pickup.c.address_id == bindparam("address_id"))
_LATEST = (select(quote_pickup).where(quote_pickup.c.quote_id.in_(bindparam("ids", expanding=True)))
           .order_by(quote_pickup.c.quote_id, quote_pickup.c.id))


class NotValid(InputException):
    def __init__(self) -> None:
        super().__init__(NOT_VALID)


@dataclass
class Choice:
    """What a shopper chose, as the methods read it (before the checks)."""
    location_id: int
    date: str | None = None
    time_from: int | None = None
    time_to: int | None = None
    is_curbside_pickup: bool = False
    curbside_pickup_comment: str = ""


# --------------------------------------------------------------------------- times

@functools.lru_cache(maxsize=64)
def _zone(name: str) -> dt.tzinfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return dt.timezone.utc


def store_zone(ctx: Context, store_id: int) -> dt.tzinfo:
    """The store view's timezone (``general/locale/timezone``; UTC when unset or unknown)."""
    name = ctx.config.get(TIMEZONE, store_id) if ctx.config else None
    return _zone((name or "UTC").strip() or "UTC")


def minutes(text: Any, upto: int = MINUTES_PER_DAY) -> int | None:
    """``HH:MM`` as minutes after midnight (``24:00`` allowed where ``upto`` allows it); None when it is
    not such a time."""
    m = _HHMM.fullmatch(str(text).strip()) if isinstance(text, str) else None
    if m is None:
        return None
    hours, mins = int(m.group(1)), int(m.group(2))
    value = hours * 60 + mins
    return value if mins < 60 and value <= upto else None


def parse_date(text: str) -> dt.date:
    """A pickup date: ``YYYY-MM-DD`` (also ``MM/DD/YYYY``, ``YYYY/MM/DD``, ``YYYY.MM.DD``, or an ISO
    date and time, whose date part counts); anything else is not valid."""
    value = text.strip()
    for fmt in _DATE_FORMATS:
        try:
            return dt.datetime.strptime(value, fmt).date()
        except ValueError:
            continue
    try:
        return dt.datetime.fromisoformat(value).date()
    except ValueError:
        raise NotValid() from None


def _slot_minutes(day: dt.date, stamp: int, zone: dt.tzinfo, end: bool) -> int:
    """Minutes after the local midnight of ``day`` of a unix timestamp; the end of a slot may be the
    next midnight (1440). A time on another day is not valid."""
    try:
        local = dt.datetime.fromtimestamp(stamp, zone)
    except (OverflowError, OSError, ValueError):
        raise NotValid() from None
    if local.date() == day:
        return local.hour * 60 + local.minute
    if end and local.date() == day + dt.timedelta(days=1) and local.time() == dt.time(0):
        return MINUTES_PER_DAY
    raise NotValid()


# --------------------------------------------------------------------------- locations

def load_location(ctx: Context, location_id: int) -> Any:
    return ctx.conn.execute(_LOCATION, {"id": location_id}).first()


def offered_location(ctx: Context, location_id: int, store_id: int, field: str) -> Any:
    """The active location offered in store view ``store_id``; 404 naming ``field`` otherwise."""
    row = load_location(ctx, location_id)
    if row is not None and row.is_active:
        stores = set(ctx.conn.execute(_STORES, {"id": location_id}).scalars())
        if ALL_STORES in stores or store_id in stores:
            return row
    raise NoSuchEntityException.single_field(field, location_id)


def schedule_of(row: Any) -> list[dict[str, Any]] | None:
    days: list[dict[str, Any]] | None = carts.loads(row.schedule)
    return days


# --------------------------------------------------------------------------- the checks

def backordered(ctx: Context, quantities: dict[int, Decimal]) -> bool:
    """Does the cart hold more of any product than its stock has (sold on backorder)?"""
    for product_id, qty in quantities.items():
        item = stock.stock_item(ctx, product_id)
        if item is not None and item.manage_stock and item.backorders > 0 and qty > item.qty:
            return True
    return False


def check_slot(ctx: Context, store_id: int, location: Any, choice: Choice,
               quantities: dict[int, Decimal], now: float | None = None) -> None:
    """The date and time slot of a choice, in the store's timezone; any failure is ``NOT_VALID``.

    Without a date only the slot's order is checked. With one: not before today; today only with
    same-day pickup; for today (while time slots are offered) a slot that ends in the future and at
    least the configured delay after now (the backorder delay when an item is backordered); a weekday
    the location opens; a slot within its hours and clear of its break."""
    if choice.time_from is not None and choice.time_to is not None and choice.time_to <= choice.time_from:
        raise NotValid()
    if choice.date is None:
        return
    config = ctx.config
    zone = store_zone(ctx, store_id)
    stamp = time.time() if now is None else now
    day = parse_date(choice.date)
    today = dt.datetime.fromtimestamp(stamp, zone).date()
    if day < today:
        raise NotValid()
    if day == today:
        if config is not None and not config.flag(SAME_DAY, store_id):
            raise NotValid()
        if config is None or config.flag(TIME_ENABLED, store_id):
            if choice.time_from is None or choice.time_to is None:
                raise NotValid()
            path = BACKORDER_DELAY if backordered(ctx, quantities) else MIN_DELAY
            hours = max(config.number(path, store_id), 0) if config is not None else 0
            if choice.time_to <= stamp or choice.time_to < stamp + hours * 3600:
                raise NotValid()
    schedule = schedule_of(location)
    hours_of_day: dict[str, Any] = schedule[day.weekday()] if schedule else {}
    if schedule and not hours_of_day.get("is_enabled"):
        raise NotValid()
    if choice.time_from is None and choice.time_to is None:
        return
    if choice.time_from is None or choice.time_to is None:
        raise NotValid()
    start = _slot_minutes(day, choice.time_from, zone, end=False)
    end = _slot_minutes(day, choice.time_to, zone, end=True)
    if not schedule:
        return
    opens = minutes(hours_of_day.get("from")) or 0
    closes = minutes(hours_of_day.get("to"))
    closes = MINUTES_PER_DAY if closes is None else closes
    if start < opens or end > closes:
        raise NotValid()
    break_from, break_to = minutes(hours_of_day.get("break_from")), minutes(hours_of_day.get("break_to"))
    if break_from is not None and break_to is not None and start < break_to and end > break_from:
        raise NotValid()


def curbside(ctx: Context, store_id: int, location: Any, choice: Choice) -> tuple[bool, str]:
    """The curbside values to keep: the ones sent where the location and the configuration allow
    curbside pickup (a comment only with curbside pickup), else ``(False, '')``."""
    config = ctx.config
    allowed = bool(location.curbside_enabled) and config is not None and config.flag(CURBSIDE_ENABLED, store_id)
    if not allowed or not choice.is_curbside_pickup:
        return False, ""
    comment = (choice.curbside_pickup_comment or "").strip()
    if len(comment) > COMMENT_LIMIT:
        raise InputException(COMMENT_TOO_LONG)
    if not comment and config is not None and config.flag(COMMENT_IS_REQUIRED, store_id):
        raise InputException(COMMENT_REQUIRED)
    return True, comment


def quantities_of(items: list[Any]) -> dict[int, Decimal]:
    """Units per product of a cart's items (rows or pipeline items)."""
    out: dict[int, Decimal] = {}
    for item in items:
        out[item.product_id] = out.get(item.product_id, Decimal(0)) + Decimal(item.qty)
    return out


# --------------------------------------------------------------------------- keeping it

def choose(ctx: Context, cart_row: Any, choice: Choice, field: str) -> bool:
    """Check a choice for an active cart and keep it for the cart's shipping address (created empty
    when the cart has none yet). ``field`` names the location in a 404."""
    cart = carts.Loaded(ctx, cart_row)
    store_id = cart_row.store_id
    location = offered_location(ctx, choice.location_id, store_id, field)
    if not (ctx.config is None or ctx.config.flag(TIME_ENABLED, store_id)):
        choice.time_from = choice.time_to = None
    check_slot(ctx, store_id, location, choice, quantities_of(cart.items))
    is_curbside, comment = curbside(ctx, store_id, location, choice)
    address_id = cart.shipping["id"] if cart.shipping is not None else \
        carts.save_address(ctx, cart_row.id, "shipping", {})
    values = {"store_id": location.id, "date": parse_date(choice.date).isoformat() if choice.date else None,
              "time_from": choice.time_from, "time_to": choice.time_to, "is_curbside_pickup": is_curbside,
              "curbside_pickup_comment": comment}
    _upsert(ctx, {"quote_id": cart_row.id, "address_id": address_id, **values}, values)
    return True


def _upsert(ctx: Context, row: dict[str, Any], values: dict[str, Any]) -> None:
    """Insert the record of (cart, address) or change it, in one statement on both databases, so that
    two requests saving the same cart at once cannot both insert."""
    dialect = ctx.conn.dialect.name
    if dialect in ("postgresql", "sqlite"):
        module = postgresql if dialect == "postgresql" else sqlite
        stmt = module.insert(quote_pickup).values(**row)
        ctx.conn.execute(stmt.on_conflict_do_update(index_elements=[quote_pickup.c.quote_id,
                                                                    quote_pickup.c.address_id], set_=values))
        return
    existing = ctx.conn.execute(_RECORD, {"quote_id": row["quote_id"], "address_id": row["address_id"]}).first()
    if existing is None:
        ctx.conn.execute(insert(quote_pickup).values(**row))
    else:
        ctx.conn.execute(update(quote_pickup).where(quote_pickup.c.id == existing.id).values(**values))


def records(ctx: Context, cart_ids: list[int]) -> dict[int, Any]:
    """The kept pickup of each cart (the latest record: the one of its shipping address)."""
    out: dict[int, Any] = {}
    if cart_ids:
        for row in ctx.conn.execute(_LATEST, {"ids": cart_ids}):
            out[row.quote_id] = row
    return out
