"""Scopes: websites, store groups and store views, and the platform's store reads; other packages read
the tree through ``service``."""
from . import service, tables  # noqa: F401
