"""The test module's data objects."""
from vdcommerce.framework.data import DataObject
from vdcommerce.framework.search import search_results_type


class ThingInterface(DataObject, interface="Vendor\\Testmodule\\Api\\Data\\ThingInterface"):
    thing_id: int | None
    title: str
    qty: int
    is_active: bool
    note: str | None


ThingSearchResultsInterface = search_results_type(
    ThingInterface, "Vendor\\Testmodule\\Api\\Data\\ThingSearchResultsInterface")
