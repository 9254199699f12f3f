"""The Cancel Order data objects (the module's Api/Data interfaces), fields in wire order.

``OrNull[T]`` is written as null when empty, ``T | None`` left out (docs/architecture.md)."""
from ...framework.data import DataObject, OrNull
from ...framework.search import SearchResults


class CancelOrderInterface(DataObject, interface="Vendor\\CancelOrder\\Api\\Data\\CancelOrderInterface"):
    id: int | None  # noqa: A003 - the module's key
    order_id: OrNull[int]
    reason: OrNull[str]
    comment: OrNull[str]
    status: OrNull[int]
    created_at: OrNull[str]


class CancelOrderSearchResultsInterface(SearchResults[CancelOrderInterface],
                                        interface="Vendor\\CancelOrder\\Api\\Data\\CancelOrderSearchResultsInterface"):
    pass


class CancelReasonInterface(DataObject, interface="Vendor\\CancelOrder\\Api\\Data\\CancelReasonInterface"):
    value: OrNull[str]
    label: OrNull[str]


class CancelOptionsInterface(DataObject, interface="Vendor\\CancelOrder\\Api\\Data\\CancelOptionsInterface"):
    enabled: OrNull[bool]
    button_title: OrNull[str]
    popup_enabled: OrNull[bool]
    notice: OrNull[str]
    reasons: OrNull[list[CancelReasonInterface]]
    required: OrNull[list[str]]
