"""The RMA data objects (the module's Api/Data interfaces), fields in wire order.

``OrNull[T]`` is written as null when empty, ``T | None`` left out (docs/architecture.md)."""
from typing import Any

from ...framework.data import DataObject, OrNull, Out
from ...framework.search import SearchResults
from ...platform.media.api import ImageContentInterface
from ...platform.sales.api import OrderInterface, OrderItemInterface

NS = "Vendor\\Rma\\Api\\Data\\"


# --------------------------------------------------------------------------- reference data

class StatusStoreInterface(DataObject, interface=NS + "StatusStoreInterface"):
    status_store_id: Out[OrNull[int]]
    status_id: Out[OrNull[int]]
    store_id: OrNull[int]
    label: OrNull[str]
    description: OrNull[str]
    send_email_to_customer: OrNull[bool]
    customer_email_template: OrNull[int]
    customer_custom_text: OrNull[str]
    send_email_to_admin: OrNull[bool]
    admin_email_template: OrNull[int]
    admin_custom_text: OrNull[str]
    send_to_chat: OrNull[bool]
    chat_message: OrNull[str]


class StatusInterface(DataObject, interface=NS + "StatusInterface"):
    status_id: OrNull[int]
    enabled: OrNull[bool]
    initial: OrNull[bool]
    auto_event: OrNull[int]
    state: OrNull[int]
    grid: OrNull[int]
    priority: OrNull[int]
    title: OrNull[str]
    color: OrNull[str]
    label: Out[OrNull[str]]
    store_data: Out[StatusStoreInterface] | None
    stores: list[StatusStoreInterface] | None
    is_deleted: Out[OrNull[bool]]


class StatusSearchResultsInterface(SearchResults[StatusInterface], interface=NS + "StatusSearchResultsInterface"):
    pass


class ReasonStoreInterface(DataObject, interface=NS + "ReasonStoreInterface"):
    reason_store_id: Out[OrNull[int]]
    reason_id: Out[OrNull[int]]
    store_id: OrNull[int]
    label: OrNull[str]


class ReasonInterface(DataObject, interface=NS + "ReasonInterface"):
    reason_id: OrNull[int]
    title: OrNull[str]
    status: OrNull[int]
    payer: OrNull[int]
    position: OrNull[int]
    stores: list[ReasonStoreInterface] | None
    label: Out[OrNull[str]]
    is_deleted: Out[OrNull[bool]]


class ReasonSearchResultsInterface(SearchResults[ReasonInterface], interface=NS + "ReasonSearchResultsInterface"):
    pass


class ConditionStoreInterface(DataObject, interface=NS + "ConditionStoreInterface"):
    condition_store_id: Out[OrNull[int]]
    condition_id: Out[OrNull[int]]
    store_id: OrNull[int]
    label: OrNull[str]


class ConditionInterface(DataObject, interface=NS + "ConditionInterface"):
    condition_id: OrNull[int]
    title: OrNull[str]
    status: OrNull[int]
    position: OrNull[int]
    stores: list[ConditionStoreInterface] | None
    label: Out[OrNull[str]]
    is_deleted: Out[OrNull[bool]]


class ConditionSearchResultsInterface(SearchResults[ConditionInterface],
                                      interface=NS + "ConditionSearchResultsInterface"):
    pass


class ResolutionStoreInterface(DataObject, interface=NS + "ResolutionStoreInterface"):
    resolution_store_id: Out[OrNull[int]]
    resolution_id: Out[OrNull[int]]
    store_id: OrNull[int]
    label: OrNull[str]


class ResolutionInterface(DataObject, interface=NS + "ResolutionInterface"):
    resolution_id: OrNull[int]
    title: OrNull[str]
    status: OrNull[int]
    action: OrNull[str]
    position: OrNull[int]
    stores: list[ResolutionStoreInterface] | None
    label: Out[OrNull[str]]
    is_deleted: Out[OrNull[bool]]


class ResolutionSearchResultsInterface(SearchResults[ResolutionInterface],
                                       interface=NS + "ResolutionSearchResultsInterface"):
    pass


# --------------------------------------------------------------------------- return rules

class RuleCustomerGroupInterface(DataObject, interface=NS + "ReturnRulesCustomerGroupsInterface"):
    rule_customer_group_id: Out[OrNull[int]]
    rule_id: Out[OrNull[int]]
    customer_group_id: OrNull[int]


class RuleWebsiteInterface(DataObject, interface=NS + "ReturnRulesWebsitesInterface"):
    rule_website_id: Out[OrNull[int]]
    rule_id: Out[OrNull[int]]
    website_id: OrNull[int]


class RuleResolutionInterface(DataObject, interface=NS + "ReturnRulesResolutionInterface"):
    rule_resolution_id: Out[OrNull[int]]
    rule_id: Out[OrNull[int]]
    resolution_id: OrNull[int]
    value: OrNull[int]


class ReturnRulesInterface(DataObject, interface=NS + "ReturnRulesInterface"):
    id: OrNull[int]
    name: OrNull[str]
    status: OrNull[int]
    priority: OrNull[int]
    default_resolution: OrNull[int]
    conditions_serialized: OrNull[str]
    customer_groups: list[RuleCustomerGroupInterface] | None
    websites: list[RuleWebsiteInterface] | None
    resolutions: list[RuleResolutionInterface] | None


class ReturnRulesSearchResultsInterface(SearchResults[ReturnRulesInterface],
                                        interface=NS + "ReturnRulesSearchResultsInterface"):
    pass


# --------------------------------------------------------------------------- requests

class RequestCustomFieldInterface(DataObject, interface=NS + "RequestCustomFieldInterface"):
    key: OrNull[str]
    value: OrNull[str]


class RequestItemInterface(DataObject, interface=NS + "RequestItemInterface"):
    request_item_id: OrNull[int]
    request_id: OrNull[int]
    order_item_id: OrNull[int]
    qty: OrNull[float]
    request_qty: Out[OrNull[float]]
    reason_id: OrNull[int]
    condition_id: OrNull[int]
    resolution_id: OrNull[int]
    item_status: OrNull[int]
    creditmemo_id: Out[int] | None


class RequestItemSearchResultsInterface(SearchResults[RequestItemInterface],
                                        interface=NS + "RequestItemSearchResultsInterface"):
    pass


class TrackingInterface(DataObject, interface=NS + "TrackingInterface"):
    tracking_id: OrNull[int]
    request_id: OrNull[int]
    tracking_code: OrNull[str]
    tracking_number: OrNull[str]
    customer: OrNull[bool]


class RequestInterface(DataObject, interface=NS + "RequestInterface"):
    request_id: OrNull[int]
    increment_id: Out[OrNull[str]]
    order_id: OrNull[int]
    store_id: OrNull[int]
    created_at: Out[OrNull[str]]
    modified_at: Out[OrNull[str]]
    status: OrNull[int]
    status_label: Out[OrNull[str]]
    status_state: Out[OrNull[int]]
    customer_id: OrNull[int]
    customer_name: OrNull[str]
    url_hash: Out[OrNull[str]]
    manager_id: OrNull[int]
    custom_fields: list[RequestCustomFieldInterface] | None
    rating: OrNull[int]
    rating_comment: OrNull[str]
    note: OrNull[str]
    shipping_label: OrNull[str]
    shipping_label_content: ImageContentInterface | None
    request_items: list[RequestItemInterface] | None
    tracking_numbers: Out[list[TrackingInterface]] | None


class RequestSearchResultsInterface(SearchResults[RequestInterface], interface=NS + "RequestSearchResultsInterface"):
    pass


# --------------------------------------------------------------------------- chat, history

class MessageFileInterface(DataObject, interface=NS + "MessageFileInterface"):
    message_file_id: Out[OrNull[int]]
    message_id: Out[OrNull[int]]
    filepath: Out[OrNull[str]]
    filename: Out[OrNull[str]]
    url_hash: Out[OrNull[str]]
    content: ImageContentInterface | None


class MessageInterface(DataObject, interface=NS + "MessageInterface"):
    message_id: Out[OrNull[int]]
    request_id: OrNull[int]
    created_at: Out[OrNull[str]]
    message: OrNull[str]
    name: OrNull[str]
    customer_id: OrNull[int]
    manager_id: OrNull[int]
    system: OrNull[bool]
    manager: OrNull[bool]
    read: OrNull[bool]
    message_files: list[MessageFileInterface] | None


class MessageSearchResultsInterface(SearchResults[MessageInterface], interface=NS + "MessageSearchResultsInterface"):
    pass


class HistoryInterface(DataObject, interface=NS + "HistoryInterface"):
    event_id: OrNull[int]
    request_id: OrNull[int]
    event_date: OrNull[str]
    event_type: OrNull[int]
    event_data: Any
    event_initiator: OrNull[int]
    event_initiator_name: OrNull[str]
    message: OrNull[str]


class HistorySearchResultsInterface(SearchResults[HistoryInterface], interface=NS + "HistorySearchResultsInterface"):
    pass


# --------------------------------------------------------------------------- returnable orders, resolve, options

class ReturnedRequestInterface(DataObject, interface=NS + "ReturnedRequestInterface"):
    request_id: OrNull[int]
    increment_id: OrNull[str]
    url_hash: OrNull[str]


class ReturnOrderItemInterface(DataObject, interface=NS + "ReturnOrderItemInterface"):
    item: OrderItemInterface | None
    product_exists: OrNull[bool]
    purchased_qty: OrNull[float]
    available_qty: OrNull[float]
    returnable: OrNull[bool]
    no_returnable_reason: int | None
    no_returnable_data: list[ReturnedRequestInterface] | None
    resolutions: list[ResolutionInterface] | None


class ReturnOrderInterface(DataObject, interface=NS + "ReturnOrderInterface"):
    order: OrderInterface | None
    items: list[ReturnOrderItemInterface] | None


class ResolveResultInterface(DataObject, interface=NS + "ResolveResultInterface"):
    request: RequestInterface | None
    creditmemo_ids: list[int] | None
    refunded_amount: OrNull[float]
    store_credit_amount: OrNull[float]


class CodeLabelInterface(DataObject, interface=NS + "CodeLabelInterface"):
    code: OrNull[str]
    label: OrNull[str]


class FormOptionsInterface(DataObject, interface=NS + "FormOptionsInterface"):
    reasons: list[ReasonInterface] | None
    conditions: list[ConditionInterface] | None
    resolutions: list[ResolutionInterface] | None
    custom_fields: list[CodeLabelInterface] | None
    carriers: list[CodeLabelInterface] | None
    chat_enabled: OrNull[bool]
    rating_enabled: OrNull[bool]
    max_file_size: OrNull[int]
