"""Mail: messages written in the request's transaction, delivered over SMTP by the queue consumer."""
from . import tables, templates  # noqa: F401
from .service import MessageRepository, enqueue, forget  # noqa: F401
