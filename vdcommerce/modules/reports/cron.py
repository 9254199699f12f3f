"""The module's scheduled jobs (etc/crontab.xml): indexing the rules that wait for it, and a full
reindex that catches catalog changes no event announces."""
from __future__ import annotations

from ...framework.context import Context
from .service import RuleIndexer


class Index:
    """Rules in status Processing (saved while the indexer runs on schedule) indexed and marked Indexed."""

    def execute(self, ctx: Context) -> None:
        RuleIndexer(ctx.conn).reindex(only_processing=True)


class ReindexAll:
    """Every rule reindexed."""

    def execute(self, ctx: Context) -> None:
        RuleIndexer(ctx.conn).reindex(only_processing=False)
