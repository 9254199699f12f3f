"""The store pickup services: the storefront methods that keep a cart's pickup choice (guest carts by
masked id, a customer's active cart by token) and the location repository of the admin routes."""
from __future__ import annotations

from typing import Any

import orjson

from ...framework.data import digits
from ...framework.context import Service
from ...framework.exceptions import InputException
from ...framework.repository import LinkSet, Record, Repository
from ...framework.search import SearchCriteria
from ...platform.quote import carts
from . import pickup
from .api import LocationInterface, LocationSearchResultsInterface, QuoteInterface, ScheduleDayInterface
from .tables import location as location_table
from .tables import location_store

DAYS = 7


def _time_period(value: str | None) -> tuple[int | None, int | None]:
    """``"<from>|<to>"`` unix timestamps; empty: no slot; anything else is not valid."""
    if value is None or not value.strip():
        return None, None
    parts = value.split("|")
    if len(parts) != 2 or not all(digits(p.strip()) for p in parts):
        raise pickup.NotValid()
    return int(parts[0]), int(parts[1])


def _values_choice(location_id: int, date: str | None, time_period: str | None) -> pickup.Choice:
    time_from, time_to = _time_period(time_period)
    return pickup.Choice(location_id=location_id, date=date.strip() or None if date is not None else None,
                         time_from=time_from, time_to=time_to)


def _data_choice(data: QuoteInterface) -> pickup.Choice:
    if data.store_id is None:
        raise InputException.required("store_id")
    date = data.date.strip() or None if data.date is not None else None
    return pickup.Choice(location_id=data.store_id, date=date, time_from=data.time_from, time_to=data.time_to,
                         is_curbside_pickup=bool(data.is_curbside_pickup),
                         curbside_pickup_comment=data.curbside_pickup_comment or "")


class GuestLocationPickupValues(Service):
    """The pickup a guest chooses for a cart (masked cart id)."""
    interface = "Vendor\\StorePickupWithLocator\\Api\\GuestLocationPickupValuesInterface"
    summary = "Store pickup choice of a guest cart"

    def save_selected_pickup_values(self, cart_id: str, location_id: int, date: str | None = None,
                                    time_period: str | None = None) -> bool:
        """Deprecated: keep the location, date and ``"from|to"`` slot (no curbside pickup)."""
        return pickup.choose(self.ctx, carts.by_masked_id(self.ctx, cart_id),
                             _values_choice(location_id, date, time_period), "locationId")

    def save_selected_pickup_data(self, cart_id: str, quote_pickup_data: QuoteInterface) -> bool:
        """Keep the location, date, slot and curbside details of ``quote_pickup_data``."""
        row = carts.by_masked_id(self.ctx, cart_id)
        return pickup.choose(self.ctx, row, _data_choice(quote_pickup_data), "store_id")


class LocationPickupValues(Service):
    """The pickup a customer chooses for their active cart (``cartId`` forced from the token)."""
    interface = "Vendor\\StorePickupWithLocator\\Api\\LocationPickupValuesInterface"
    summary = "Store pickup choice of a customer's cart"

    def save_selected_pickup_values(self, cart_id: int, location_id: int, date: str | None = None,
                                    time_period: str | None = None) -> bool:
        """Deprecated: keep the location, date and ``"from|to"`` slot (no curbside pickup)."""
        return pickup.choose(self.ctx, carts.row_of(self.ctx, cart_id),
                             _values_choice(location_id, date, time_period), "locationId")

    def save_selected_pickup_data(self, cart_id: int, quote_pickup_data: QuoteInterface) -> bool:
        """Keep the location, date, slot and curbside details of ``quote_pickup_data``."""
        row = carts.row_of(self.ctx, cart_id)
        return pickup.choose(self.ctx, row, _data_choice(quote_pickup_data), "store_id")


# --------------------------------------------------------------------------- locations

def _day(value: Any, index: int) -> dict[str, Any]:
    """One checked schedule day: times ``HH:MM`` (``to`` up to ``24:00``), ``from`` before ``to``, a
    break given whole and inside the hours."""
    sent = value.sent() if hasattr(value, "sent") else dict(value or {})
    day = {"is_enabled": bool(sent.get("is_enabled")), "from": sent.get("from") or "00:00",
           "to": sent.get("to") or "24:00", "break_from": sent.get("break_from") or None,
           "break_to": sent.get("break_to") or None}
    key = f"schedule[{index}]"
    opens, closes = pickup.minutes(day["from"], pickup.MINUTES_PER_DAY - 1), pickup.minutes(day["to"])
    if opens is None:
        raise InputException.invalid_value(f"{key}.from", day["from"])
    if closes is None or closes <= opens:
        raise InputException.invalid_value(f"{key}.to", day["to"])
    if (day["break_from"] is None) != (day["break_to"] is None):
        raise InputException.required(f"{key}.break_to" if day["break_to"] is None else f"{key}.break_from")
    if day["break_from"] is not None:
        starts, ends = pickup.minutes(day["break_from"]), pickup.minutes(day["break_to"])
        if starts is None or starts < opens:
            raise InputException.invalid_value(f"{key}.break_from", day["break_from"])
        if ends is None or ends <= starts or ends > closes:
            raise InputException.invalid_value(f"{key}.break_to", day["break_to"])
    for name in ("from", "to", "break_from", "break_to"):
        if day[name] is not None:
            mins = pickup.minutes(day[name])
            assert mins is not None
            day[name] = f"{mins // 60:02d}:{mins % 60:02d}"
    return day


class LocationRepository(Repository[LocationInterface, LocationSearchResultsInterface]):
    """Pickup locations (kept in the real module's admin panel)."""
    interface = "Vendor\\StorePickupWithLocator\\Api\\LocationRepositoryInterface"
    summary = "Store pickup locations"
    entity = "location"
    table = location_table
    data = LocationInterface
    results = LocationSearchResultsInterface
    not_found = 'The pickup location with ID "%1" doesn\'t exist.'
    required = ("name",)
    links = {"stores": LinkSet(location_store.c.location_id, location_store.c.store_id, csv=False)}

    def save(self, location: LocationInterface) -> LocationInterface:
        """Create a location (no ``id``) or change the keys sent of one."""
        return self.save_record(location)

    def get_by_id(self, id: int) -> LocationInterface:  # noqa: A002 - the path parameter's name
        return self.get_record(id)

    def delete_by_id(self, id: int) -> bool:  # noqa: A002 - the path parameter's name
        """Delete a location; carts that chose it cannot be ordered with it (their pickup is refused at
        placement), placed orders keep what they copied."""
        return self.delete_record(id)

    def get_list(self, search_criteria: SearchCriteria) -> LocationSearchResultsInterface:
        return self.list_records(search_criteria)

    def convert(self, sent: Record, stored: Record | None) -> Record:
        values = super().convert(sent, stored)
        if "schedule" in values and not values["schedule"]:
            values["schedule"] = None                       # [] clears it: open every day, all day
        elif "schedule" in values:
            days = values["schedule"]
            if len(days) != DAYS:
                raise InputException('The schedule needs exactly %1 days, Monday first.', [DAYS])
            values["schedule"] = [_day(d, i) for i, d in enumerate(days)]
        if stored is None and "stores" not in values:
            values["stores"] = [pickup.ALL_STORES]
        for key in ("is_active", "curbside_enabled"):
            if key in values and values[key] is None:
                values.pop(key)
        return values

    def check(self, record: Record, stored: Record | None) -> None:
        super().check(record, stored)
        known = self.ctx.config.website_of if self.ctx.config is not None else None
        for store_id in record["stores"]:
            if known is not None and store_id not in known:
                raise InputException.invalid_value("stores", store_id)
        for key, limit in (("lat", 90), ("lng", 180)):
            value = record.get(key)
            if value is not None and not -limit <= float(value) <= limit:
                raise InputException.invalid_value(key, value)

    def from_row(self, row: Any) -> Record:
        record = super().from_row(row)
        record["schedule"] = carts.loads(record["schedule"])
        return record

    def to_row(self, record: Record) -> dict[str, Any]:
        row = super().to_row(record)
        row["schedule"] = orjson.dumps(record["schedule"]).decode() if record.get("schedule") is not None else None
        return row

    def to_data(self, record: Record) -> LocationInterface:
        out = super().to_data(record)
        if record.get("schedule") is not None:
            out.schedule = [ScheduleDayInterface.of(**day) for day in record["schedule"]]
        return out
