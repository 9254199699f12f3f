"""Newsletter subscribers, kept in step with the customer's is_subscribed."""
from . import tables  # noqa: F401
