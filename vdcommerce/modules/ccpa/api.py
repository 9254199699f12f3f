"""The CCPA data objects (the module's Api/Data interfaces), fields in wire order.

``OrNull[T]`` is written as null when empty (docs/architecture.md)."""
from ...framework.data import DataObject, OrNull, Out
from ...framework.search import SearchResults


class DeleteRequestInterface(DataObject, interface="Vendor\\Ccpa\\Api\\Data\\DeleteRequestInterface"):
    id: Out[OrNull[int]]
    created_at: Out[OrNull[str]]
    customer_id: Out[OrNull[int]]
    got_from: Out[OrNull[str]]
    approved: Out[OrNull[int]]


class ActionLogInterface(DataObject, interface="Vendor\\Ccpa\\Api\\Data\\ActionLogInterface"):
    id: Out[OrNull[int]]
    customer_id: Out[OrNull[int]]
    created_at: Out[OrNull[str]]
    ip: Out[OrNull[str]]
    action: Out[OrNull[str]]
    comment: Out[OrNull[str]]


class ActionLogSearchResultsInterface(SearchResults[ActionLogInterface],
                                      interface="Vendor\\Ccpa\\Api\\Data\\ActionLogSearchResultsInterface"):
    pass


class PrivacyPolicyInterface(DataObject, interface="Vendor\\Ccpa\\Api\\Data\\PrivacyPolicyInterface"):
    id: OrNull[int]
    policy_version: OrNull[str]
    comment: OrNull[str]
    content: OrNull[str]
    status: OrNull[int]
    created_at: Out[OrNull[str]]
    updated_at: Out[OrNull[str]]


class PrivacyPolicySearchResultsInterface(SearchResults[PrivacyPolicyInterface],
                                          interface="Vendor\\Ccpa\\Api\\Data\\PrivacyPolicySearchResultsInterface"):
    pass
