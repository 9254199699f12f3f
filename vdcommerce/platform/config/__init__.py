"""Scoped configuration (default / websites / stores), as the platform keeps it."""
from . import tables  # noqa: F401
