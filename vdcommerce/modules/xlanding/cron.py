"""The module's scheduled job (etc/crontab.xml): a full reindex of landing pages, which catches what
no catalog event announces (a product put into a category through the category's product links)."""
from __future__ import annotations

from ...framework.context import Context
from .service import PageIndexer


class ReindexAll:
    """Every page's products, and every dynamic page's category listing, computed again."""

    def execute(self, ctx: Context) -> None:
        PageIndexer(ctx.conn).reindex_all()
