"""The order archive's data objects (the module's Api/Data interfaces), fields in wire order.

``OrNull[T]`` is written as null when empty, ``T | None`` left out (docs/architecture.md)."""
from ...framework.data import DataObject, OrNull
from ...framework.search import SearchResults
from ...platform.sales.api import OrderInterface


class ArchiveAffectedIdsInterface(DataObject, interface="Vendor\\Orderarchive\\Api\\Data\\ArchiveAffectedIdsInterface"):
    """What one archive operation moved (or deleted): entity ids per type, ascending, always present."""
    order_ids: OrNull[list[int]]
    invoice_ids: OrNull[list[int]]
    creditmemo_ids: OrNull[list[int]]
    shipment_ids: OrNull[list[int]]


class ArchivedOrderSearchResultsInterface(
        SearchResults[OrderInterface],
        interface="Vendor\\Orderarchive\\Api\\Data\\ArchivedOrderSearchResultsInterface"):
    pass
