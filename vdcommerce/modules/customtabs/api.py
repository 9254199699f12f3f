"""The product tab data objects (the module's Api/Data interfaces), fields in wire order.

The values a store view may set for itself are nullable (``T | None``): a store view's ``null`` means
"use the default again" (docs/platform/store.md)."""
from ...framework.data import DataObject, OrNull, Out
from ...framework.search import SearchResults


class TabsInterface(DataObject, interface="Vendor\\CustomTabs\\Api\\Data\\TabsInterface"):
    tab_id: int | None
    store_id: int | None
    tab_name: str | None
    tab_title: str | None
    tab_anchor: str | None
    sort_order: int | None
    status: int | None
    is_active: OrNull[int]
    customer_groups: str | None
    content: str | None
    related_enabled: int | None
    upsell_enabled: int | None
    crosssell_enabled: int | None
    conditions_serialized: OrNull[str]
    type: OrNull[int]
    module_name: OrNull[str]
    name_in_layout: OrNull[str]
    created_at: OrNull[str]
    updated_at: OrNull[str]
    stores: Out[OrNull[list[str]]]
    identities: Out[OrNull[list[str]]]


class TabsSearchResultsInterface(SearchResults[TabsInterface],
                                 interface="Vendor\\CustomTabs\\Api\\Data\\TabsSearchResultsInterface"):
    pass
