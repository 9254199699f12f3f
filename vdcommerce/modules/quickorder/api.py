"""The Quickorder data objects (the module's Api/Data interfaces), fields in wire order.

``OrNull[T]`` is written as null when empty, ``T | None`` left out (docs/architecture.md)."""
from ...framework.data import DataObject, OrNull
from ...framework.search import SearchResults


class EntityInterface(DataObject, interface="Vendor\\Quickorder\\Api\\Data\\EntityInterface"):
    entity_id: int | None
    title: OrNull[str]
    is_active: OrNull[bool]
    sort_order: OrNull[int]


class EntitySearchResultsInterface(SearchResults[EntityInterface],
                                   interface="Vendor\\Quickorder\\Api\\Data\\EntitySearchResultsInterface"):
    pass
