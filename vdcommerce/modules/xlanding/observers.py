"""Observers of the catalog's events: the page -> product index and the category listings of dynamic
pages follow product and category changes."""
from __future__ import annotations

from typing import Any

from ...framework.context import Context
from .service import PageIndexer


def product_saved(ctx: Context, product_id: int, **_: Any) -> None:
    """The saved product re-tested against every page; the categories of the dynamic pages whose
    listing changed are rebuilt."""
    indexer = PageIndexer(ctx.conn)
    changed = indexer.reindex_product(product_id)
    indexer.refresh_categories(indexer.dynamic_categories(changed))


def product_deleted(ctx: Context, product_id: int, **_: Any) -> None:
    """A deleted product leaves every page and category listing."""
    PageIndexer(ctx.conn).forget_product(product_id)


def category_deleted(ctx: Context, category_id: int, parent_id: int | None = None, **_: Any) -> None:
    """A deleted category loses its listing; once per deleted subtree (the event of its top), the pages
    that test ``category_ids`` are reindexed, since the category's product links went without a product
    event."""
    indexer = PageIndexer(ctx.conn)
    indexer.forget_category(category_id)
    if parent_id is None:
        return
    changed = indexer.reindex_testing("category_ids")
    indexer.refresh_categories(indexer.dynamic_categories(changed))
