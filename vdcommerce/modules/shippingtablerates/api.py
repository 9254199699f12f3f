"""The Shipping Table Rates data objects (the module's Api/Data interfaces), fields in wire order.

``OrNull[T]`` is written as null when empty, ``T | None`` left out (docs/architecture.md)."""
from ...framework.data import DataObject, OrNull, Out
from ...framework.search import SearchResults

_DATA = "Vendor\\ShippingTableRates\\Api\\Data\\"


class MethodLabelInterface(DataObject, interface=_DATA + "MethodLabelInterface"):
    store_id: OrNull[int]
    label: OrNull[str]
    comment: OrNull[str]


class MethodInterface(DataObject, interface=_DATA + "MethodInterface"):
    id: OrNull[int]
    is_active: OrNull[int]
    name: OrNull[str]
    comment: OrNull[str]
    stores: OrNull[str]
    cust_groups: OrNull[str]
    select_rate: OrNull[int]
    min_rate: OrNull[float]
    max_rate: OrNull[float]
    free_types: OrNull[str]
    comment_img: str | None
    labels: OrNull[list[MethodLabelInterface]]


class MethodSearchResultsInterface(SearchResults[MethodInterface], interface=_DATA + "MethodSearchResultsInterface"):
    pass


class RateInterface(DataObject, interface=_DATA + "RateInterface"):
    id: OrNull[int]
    method_id: OrNull[int]
    country: OrNull[str]
    state: OrNull[str]
    city: OrNull[str]
    zip_from: OrNull[str]
    zip_to: OrNull[str]
    price_from: OrNull[float]
    price_to: OrNull[float]
    weight_from: OrNull[float]
    weight_to: OrNull[float]
    qty_from: OrNull[float]
    qty_to: OrNull[float]
    shipping_type: OrNull[str]
    cost_base: OrNull[float]
    cost_percent: OrNull[float]
    cost_product: OrNull[float]
    cost_weight: OrNull[float]
    time_delivery: OrNull[str]
    name_delivery: OrNull[str]
    num_zip_from: Out[OrNull[int]]
    num_zip_to: Out[OrNull[int]]


class RateSearchResultsInterface(SearchResults[RateInterface], interface=_DATA + "RateSearchResultsInterface"):
    pass


class FileContentInterface(DataObject, interface=_DATA + "FileContentInterface"):
    """An uploaded rates file (input only): its CSV text, base64-encoded, and its name."""
    base64_encoded_data: OrNull[str]
    name_with_extension: OrNull[str]


class ImportResultInterface(DataObject, interface=_DATA + "ImportResultInterface"):
    imported_count: OrNull[int]
    messages: OrNull[list[str]]
