"""Scopes: websites, store groups and store views (platform.md 1.2); other packages read them through
``service``."""
from . import service, tables  # noqa: F401
