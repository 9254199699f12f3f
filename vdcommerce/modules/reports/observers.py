"""Observers of the catalog's events: the rule -> product index follows product and category changes."""
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


def category_deleted(ctx: Context, category_id: int, parent_id: int | None = None, **_: Any) -> None:
    """A deleted category (subtree) took its products' links with it: realtime, the rules that test
    ``category_ids`` are reindexed once, on the event of the deleted top; on schedule they wait."""
    if parent_id is None:
        return  # a category inside the deleted subtree: its top's event follows
    indexer = RuleIndexer(ctx.conn)
    if on_schedule(ctx):
        indexer.mark_all_processing()
    else:
        indexer.reindex_testing("category_ids")
