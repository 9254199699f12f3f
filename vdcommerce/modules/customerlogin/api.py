"""The login-as-customer data objects (the module's Api/Data interfaces), fields in wire order.

Every field is written as a value: ids as integers (0 when empty), the rest as strings ("" when
empty); the repository fills the empty ones, so no null ever reaches a response."""
from ...framework.data import DataObject, OrNull
from ...framework.search import SearchResults


class LoggedInInterface(DataObject, interface="Vendor\\CustomerLogin\\Api\\Data\\LoggedInInterface"):
    logged_in_id: OrNull[int]
    logged_in_time: OrNull[str]
    admin_id: OrNull[int]
    admin_username: OrNull[str]
    admin_email: OrNull[str]
    customer_id: OrNull[int]
    customer_name: OrNull[str]
    customer_last_name: OrNull[str]
    customer_email: OrNull[str]
    website_id: OrNull[int]
    website_code: OrNull[str]
    secret_key: OrNull[str]


class LoggedInSearchResultsInterface(SearchResults[LoggedInInterface],
                                     interface="Vendor\\CustomerLogin\\Api\\Data\\LoggedInSearchResultsInterface"):
    pass
