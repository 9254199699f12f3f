"""The store credit data objects (the module's Api/Data interfaces), fields in wire order.

``OrNull[T]`` is written as null when empty, ``T | None`` left out (docs/architecture.md)."""
from ...framework.data import DataObject, OrNull
from ...framework.search import SearchResults


class StoreCreditInterface(DataObject, interface="Vendor\\StoreCredit\\Api\\Data\\StoreCreditInterface"):
    store_credit_id: int | None
    customer_id: OrNull[int]
    store_credit: OrNull[float]


class HistoryInterface(DataObject, interface="Vendor\\StoreCredit\\Api\\Data\\HistoryInterface"):
    history_id: OrNull[int]
    customer_history_id: OrNull[int]
    customer_id: OrNull[int]
    is_deduct: OrNull[bool]
    difference: OrNull[float]
    store_credit_balance: OrNull[float]
    action: OrNull[int]
    action_data: OrNull[str]
    message: OrNull[str]
    created_at: OrNull[str]
    store_id: OrNull[int]
    is_visible_for_customer: OrNull[bool]
    admin_name: OrNull[str]


class HistorySearchResultsInterface(SearchResults[HistoryInterface],
                                    interface="Vendor\\StoreCredit\\Api\\Data\\HistorySearchResultsInterface"):
    pass
