"""Mega menu: custom menu links and the per-store content of menu nodes (docs/modules/megamenu.md)."""
from . import tables  # noqa: F401
from .service import ItemRepository, LinkRepository  # noqa: F401
