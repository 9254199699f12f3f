"""What the shop-by pages follow in the catalog (etc/events.xml)."""
from __future__ import annotations

from typing import Any

from ...framework.context import Context
from .service import forget_category


def category_deleted(ctx: Context, category_id: int, **_: Any) -> None:
    """A deleted category leaves the pages it was named by (one event per category of a deleted
    subtree), so that a category made later with the same id is not adopted by them."""
    forget_category(ctx.conn, category_id)
