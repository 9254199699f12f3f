"""Scopes: websites, store groups and store views (platform.md 1.2)."""
from . import tables  # noqa: F401
