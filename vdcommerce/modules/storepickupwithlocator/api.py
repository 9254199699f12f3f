"""The store pickup data objects (the module's Api/Data interfaces), fields in wire order.

``OrNull[T]`` is written as null when empty, ``T | None`` left out (docs/architecture.md)."""

from typing import Any

from ...framework.data import DataObject, OrNull
from ...framework.search import SearchResults


class QuoteInterface(DataObject, interface="Vendor\\StorePickupWithLocator\\Api\\Data\\QuoteInterface"):
    """The pickup chosen for a cart (``quote_pickup_data``): ``store_id`` is the pickup location's id."""
    id: OrNull[int]
    quote_id: OrNull[int]
    store_id: OrNull[int]
    address_id: OrNull[int]
    date: OrNull[str]
    time_from: OrNull[int]
    time_to: OrNull[int]
    is_curbside_pickup: OrNull[bool]
    curbside_pickup_comment: OrNull[str]


def _schedule_day() -> type[DataObject]:
    """One weekday of a location's schedule. Its keys ``from`` and ``to`` are Python keywords, so the
    class is built from a namespace instead of a class body."""
    or_null: Any = OrNull
    annotations = {"is_enabled": or_null[bool], "from": or_null[str], "to": or_null[str],
                   "break_from": or_null[str], "break_to": or_null[str]}
    namespace = {"__annotations__": annotations, "__module__": __name__, "__qualname__": "ScheduleDayInterface",
                 "__doc__": "One weekday of a location's schedule: open or not, opening hours, an optional break."}
    meta: Any = type(DataObject)
    made: type[DataObject] = meta("ScheduleDayInterface", (DataObject,), namespace,
                                  interface="Vendor\\StorePickupWithLocator\\Api\\Data\\ScheduleDayInterface")
    return made


ScheduleDayInterface: Any = _schedule_day()


class LocationInterface(DataObject, interface="Vendor\\StorePickupWithLocator\\Api\\Data\\LocationInterface"):
    """A pickup location: where it is, whether it is offered, and when it is open (``schedule``: seven
    days, Monday first; null: open every day, all day). ``stores``: the store views it is offered in
    (0: all)."""
    id: int | None
    name: OrNull[str]
    is_active: OrNull[bool]
    curbside_enabled: OrNull[bool]
    schedule: OrNull[list[ScheduleDayInterface]]
    country_id: OrNull[str]
    region_id: OrNull[int]
    city: OrNull[str]
    street: OrNull[str]
    postcode: OrNull[str]
    lat: OrNull[float]
    lng: OrNull[float]
    stores: OrNull[list[int]]


class LocationSearchResultsInterface(SearchResults[LocationInterface],
                                     interface="Vendor\\StorePickupWithLocator\\Api\\Data\\LocationSearchResultsInterface"):
    pass


class OrderPickupInterface(DataObject, interface="Vendor\\StorePickupWithLocator\\Api\\Data\\OrderPickupInterface"):
    """The pickup of a placed order (``extension_attributes.vdstorepickup_data`` of an order)."""
    location_id: OrNull[int]
    location_name: OrNull[str]
    date: OrNull[str]
    time_from: OrNull[int]
    time_to: OrNull[int]
    is_curbside_pickup: OrNull[bool]
    curbside_pickup_comment: OrNull[str]
