"""Async and bulk operations: bulks, operations and their status routes (platform.md 8)."""
from . import tables  # noqa: F401
from .service import BulkStatus, OperationRepository  # noqa: F401
