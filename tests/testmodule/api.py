"""The test module's data objects."""
from vdcommerce.framework.data import DataObject, OrNull
from vdcommerce.framework.search import SearchResults


class ThingInterface(DataObject, interface="Vendor\\Testmodule\\Api\\Data\\ThingInterface"):
    thing_id: int | None
    title: OrNull[str]
    qty: OrNull[int]
    is_active: OrNull[bool]
    note: str | None


class ThingSearchResultsInterface(SearchResults[ThingInterface],
                                  interface="Vendor\\Testmodule\\Api\\Data\\ThingSearchResultsInterface"):
    pass
