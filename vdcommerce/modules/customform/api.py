"""The custom form data objects (the module's Api/Data interfaces), fields in wire order.

``OrNull[T]`` is written as null when empty, ``T | None`` left out (docs/architecture.md); ``Out``
keys are computed or kept by the server and refused on input when not empty."""
from ...framework.data import DataObject, OrNull, Out
from ...framework.search import SearchResults


class AnswerInterface(DataObject, interface="Vendor\\Customform\\Api\\Data\\AnswerInterface"):
    answer_id: OrNull[int]
    form_id: OrNull[int]
    store_id: OrNull[str]
    created_at: OrNull[str]
    ip: OrNull[str]
    response_json: OrNull[str]
    customer_id: OrNull[int]
    admin_response_email: str | None
    response_message: str | None
    admin_response_status: str | None
    referer_url: str | None
    updated_at: str | None
    form_name: str | None
    form_code: str | None
    recipient_email: Out[OrNull[str]]
    customer_name: Out[OrNull[str]]


class FormInterface(DataObject, interface="Vendor\\Customform\\Api\\Data\\FormInterface"):
    form_id: OrNull[int]
    code: OrNull[str]
    title: OrNull[str]
    success_url: OrNull[str]
    status: OrNull[int]
    created_at: OrNull[str]
    customer_group: OrNull[str]
    store_id: OrNull[str]
    send_notification: OrNull[int]
    send_to: OrNull[str]
    email_template: OrNull[str]
    submit_button: OrNull[str]
    success_message: OrNull[str]
    orig_form_json: Out[OrNull[str]]
    form_json: OrNull[str]
    hide_email_field: Out[OrNull[bool]]
    email_field: OrNull[str]
    popup_show: OrNull[bool]
    popup_button: OrNull[str]
    form_title: OrNull[str]
    auto_reply_template: OrNull[str]
    auto_reply_enabled: OrNull[bool]
    survey_mode_enabled: OrNull[bool]
    form_contains_sensitive_data: OrNull[bool]
    scheduled_from: str | None
    scheduled_to: str | None
    is_visible: OrNull[bool]


class AnswerSearchResultsInterface(SearchResults[AnswerInterface],
                                   interface="Vendor\\Customform\\Api\\Data\\AnswerSearchResultsInterface"):
    """The kit's page of answers; ``getListFilter`` answers its items alone (a bare array)."""


class FormSearchResultsInterface(SearchResults[FormInterface],
                                 interface="Vendor\\Customform\\Api\\Data\\FormSearchResultsInterface"):
    """The kit's page of forms (no route answers it)."""
