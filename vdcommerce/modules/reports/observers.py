"""Observers of the catalog's product events: the rule -> product index follows product changes."""
from __future__ import annotations

from typing import Any

from ...framework.context import Context
from .service import RuleIndexer, on_schedule


def product_saved(ctx: Context, product_id: int, **_: Any) -> None:
    """Realtime: the saved product re-tested against every rule. On schedule: every rule waits for the
    scheduled run (status Processing)."""
    indexer = RuleIndexer(ctx.conn)
    if on_schedule(ctx):
        indexer.mark_all_processing()
    else:
        indexer.reindex_product(product_id)


def product_deleted(ctx: Context, product_id: int, **_: Any) -> None:
    """A deleted product leaves every rule's index at once, whatever the mode."""
    RuleIndexer(ctx.conn).forget_product(product_id)
