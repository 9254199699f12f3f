"""The store pickup data objects (the module's Api/Data interfaces), fields in wire order.

``OrNull[T]`` is written as null when empty, ``T | None`` left out (docs/architecture.md).

The estimate routes take the platform's quote address with one more key (``comment``) and answer the
platform's shipping method with one more key (``comment``), so both are the platform's objects
extended; their extension attributes are the platform's ones, so a key another package declares on
the platform's shipping method shows on these answers too.
"""
from ...framework.data import DataObject, OrNull
from ...framework.search import SearchResults
from ...platform.quote import api as quote_api


class AddressInterface(quote_api.AddressInterface, interface="Vendor\\StorePickup\\Api\\Data\\AddressInterface"):
    comment: str | None


class ShippingMethodInterface(quote_api.ShippingMethodInterface,
                              interface="Vendor\\StorePickup\\Api\\Data\\ShippingMethodInterface"):
    comment: str | None


class MethodLabelInterface(DataObject, interface="Vendor\\StorePickup\\Api\\Data\\MethodLabelInterface"):
    store_id: OrNull[int]
    label: OrNull[str]
    comment: OrNull[str]


class MethodInterface(DataObject, interface="Vendor\\StorePickup\\Api\\Data\\MethodInterface"):
    id: int | None
    name: OrNull[str]
    is_active: OrNull[bool]
    price: OrNull[float]
    comment: OrNull[str]
    comment_image: OrNull[str]
    store_ids: OrNull[list[int]]
    labels: OrNull[list[MethodLabelInterface]]


class MethodSearchResultsInterface(SearchResults[MethodInterface],
                                   interface="Vendor\\StorePickup\\Api\\Data\\MethodSearchResultsInterface"):
    pass
