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


class RateRuleInterface(DataObject, interface="Vendor\\Testmodule\\Api\\Data\\RateRuleInterface"):
    rule_id: int | None
    name: OrNull[str]
    is_active: OrNull[bool]
    sort_order: OrNull[int]
    carrier_code: OrNull[str]
    action: OrNull[str]
    amount: OrNull[float]
    error_message: str | None
    conditions_serialized: str | None


class RateRuleSearchResultsInterface(SearchResults[RateRuleInterface],
                                     interface="Vendor\\Testmodule\\Api\\Data\\RateRuleSearchResultsInterface"):
    pass


class ModuleRefundInterface(DataObject, interface="Vendor\\Testmodule\\Api\\Data\\ModuleRefundInterface"):
    creditmemo_id: int | None
    grand_total: float | None
    store_credit: float | None
