"""Async and bulk operations: bulks, operations and their status routes."""
from . import tables  # noqa: F401
from .service import BulkStatus, OperationRepository  # noqa: F401
