"""The data objects of the outbox's read routes."""
from ...framework.data import DataObject, OrNull
from ...framework.search import SearchResults


class MessageInterface(DataObject, interface="Vdcommerce\\Mail\\Api\\Data\\MessageInterface"):
    message_id: OrNull[int]
    template_id: OrNull[str]
    store_id: OrNull[int]
    entity_type: OrNull[str]
    entity_id: OrNull[int]
    from_email: OrNull[str]
    from_name: OrNull[str]
    to_email: OrNull[str]
    to_name: OrNull[str]
    subject: OrNull[str]
    body_text: OrNull[str]
    body_html: OrNull[str]
    status: OrNull[str]
    attempts: OrNull[int]
    last_error: OrNull[str]
    next_attempt_at: OrNull[str]
    created_at: OrNull[str]
    updated_at: OrNull[str]
    sent_at: OrNull[str]


class MessageSearchResultsInterface(SearchResults[MessageInterface],
                                    interface="Vdcommerce\\Mail\\Api\\Data\\MessageSearchResultsInterface"):
    pass
