"""The recurring wallet data objects, fields in wire order (docs/architecture.md)."""
from ...framework.data import DataObject, OrNull, Out
from ...framework.search import SearchResults


class BillingAgreementInterface(DataObject, interface="Vendor\\RecurringWallet\\Api\\Data\\BillingAgreementInterface"):
    """A customer's reusable wallet credential; every field is set by the server."""
    agreement_id: Out[OrNull[int]]
    customer_id: Out[OrNull[int]]
    method_code: Out[OrNull[str]]
    reference_id: Out[OrNull[str]]
    agreement_label: Out[OrNull[str]]
    status: Out[OrNull[str]]
    store_id: Out[OrNull[int]]
    created_at: Out[OrNull[str]]
    updated_at: Out[OrNull[str]]


class BillingAgreementSearchResultsInterface(
        SearchResults[BillingAgreementInterface],
        interface="Vendor\\RecurringWallet\\Api\\Data\\BillingAgreementSearchResultsInterface"):
    pass
