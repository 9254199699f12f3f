"""The Advanced Reports data objects (the module's Api/Data interfaces), fields in wire order.

``OrNull[T]`` is written as null when empty, ``T | None`` left out (docs/architecture.md)."""
from ...framework.data import DataObject, OrNull, Out
from ...framework.search import SearchResults


class RuleInterface(DataObject, interface="Vendor\\Reports\\Api\\Data\\RuleInterface"):
    entity_id: OrNull[int]
    title: OrNull[str]
    status: OrNull[int]
    updated_at: str | None
    serialized_conditions: str | None
    pin: OrNull[int]
    condition_empty: Out[OrNull[bool]]


class RuleSearchResultsInterface(SearchResults[RuleInterface],
                                 interface="Vendor\\Reports\\Api\\Data\\RuleSearchResultsInterface"):
    pass
