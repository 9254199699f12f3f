"""The order archive services: moving orders into the archive and back, deleting them for good, and
the archive's own list.

The archive keeps one row per archived order (tables.py); the list filter of lists.py takes those
orders and their documents out of the platform's sales lists. The orders themselves are read and
deleted only through the sales package's services."""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from sqlalchemy import ColumnElement, delete, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from ...framework.data import digits
from ...framework.context import Context, Service
from ...framework.dates import utc_now
from ...framework.search import SearchCriteria, SortOrder
from ...platform.sales.service import ORDER_FIELDS, delete_order, order_documents, search_orders
from .api import ArchiveAffectedIdsInterface, ArchivedOrderSearchResultsInterface
from .tables import archived_order

STATUSES = "orderarchive/general/status"
DAYS_AGO = "orderarchive/general/day_ago"
BATCH = 100

_ORDER_ID = ORDER_FIELDS["entity_id"].column
# an order archived by a concurrent request meanwhile is skipped, not a clash: only the rows this
# statement wrote come back
_ARCHIVE = {dialect: insert_(archived_order).on_conflict_do_nothing(index_elements=["order_id"])
            .returning(archived_order.c.order_id)
            for dialect, insert_ in (("postgresql", pg_insert), ("sqlite", sqlite_insert))}


def affected(order_ids: Iterable[int], documents: dict[str, list[int]] | None = None) -> ArchiveAffectedIdsInterface:
    documents = documents or {}
    return ArchiveAffectedIdsInterface.of(order_ids=sorted(order_ids),
                                          invoice_ids=sorted(documents.get("invoice", [])),
                                          creditmemo_ids=sorted(documents.get("creditmemo", [])),
                                          shipment_ids=sorted(documents.get("shipment", [])))


def configured_statuses(ctx: Context) -> list[str]:
    return [s.strip() for s in str(ctx.config_value(STATUSES) or "").split(",") if s.strip()]


def age_cutoff(ctx: Context) -> dt.datetime | None:
    """Orders created before this time are old enough: the end (23:59:59 UTC) of the day N days ago,
    N the configured age; None when no age is set (0, empty or not a whole number)."""
    raw = str(ctx.config_value(DAYS_AGO) or "").strip()
    days = int(raw) if digits(raw) else 0
    if days <= 0:
        return None
    day = utc_now().date() - dt.timedelta(days=days)
    return dt.datetime.combine(day, dt.time(23, 59, 59))


def archive_matching(ctx: Context, order_ids: list[int] | None) -> ArchiveAffectedIdsInterface:
    """Archive the live orders that match the configured status and age rules (and, when given, are in
    ``order_ids``), in batches of 100 until none is left; answers what was moved."""
    rules: list[ColumnElement[bool]] = [_ORDER_ID.not_in(select(archived_order.c.order_id))]
    if order_ids is not None:
        rules.append(_ORDER_ID.in_(set(order_ids)))
    statuses = configured_statuses(ctx)
    if statuses:
        rules.append(ORDER_FIELDS["status"].column.in_(statuses))
    cutoff = age_cutoff(ctx)
    if cutoff is not None:
        rules.append(ORDER_FIELDS["created_at"].column < cutoff)
    criteria = SearchCriteria.of(filter_groups=[], page_size=BATCH, current_page=1,
                                 sort_orders=[SortOrder.of(field="entity_id", direction="ASC")])
    moved: list[int] = []
    now = utc_now()
    while True:
        batch = search_orders(ctx, criteria, where=rules, filtered=False).items or []
        if not batch:
            break
        for o in batch:
            written = ctx.conn.execute(_ARCHIVE[ctx.conn.dialect.name].values(
                order_id=o.entity_id, increment_id=o.increment_id, archived_at=now)).scalar()
            if written is not None:
                moved.append(written)
    return affected(moved, order_documents(ctx, moved))


class ArchiveProcessor(Service):
    interface = "Vendor\\Orderarchive\\Api\\ArchiveProcessorInterface"
    summary = "Moving orders into the archive and back"

    def move_to_archive(self, order_ids: list[int]) -> ArchiveAffectedIdsInterface:
        if not order_ids:
            return affected([])
        return archive_matching(self.ctx, order_ids)

    def remove_from_archive(self, order_ids: list[int]) -> ArchiveAffectedIdsInterface:
        if not order_ids:
            return affected([])
        wanted = archived_order.c.order_id.in_(set(order_ids))
        restored = list(self.conn.execute(select(archived_order.c.order_id).where(wanted)).scalars())
        if restored:
            self.conn.execute(delete(archived_order).where(wanted))
        return affected(restored, order_documents(self.ctx, restored))

    def remove_permanently(self, order_ids: list[int]) -> ArchiveAffectedIdsInterface:
        deleted: list[int] = []
        documents: dict[str, list[int]] = {"invoice": [], "shipment": [], "creditmemo": []}
        for order_id in sorted(set(order_ids)):
            self.conn.execute(delete(archived_order).where(archived_order.c.order_id == order_id))
            gone = delete_order(self.ctx, order_id)
            if gone is None:
                continue
            deleted.append(order_id)
            for kind, ids in gone.items():
                documents[kind].extend(ids)
        return affected(deleted, documents)

    def move_all_to_archive(self) -> ArchiveAffectedIdsInterface:
        """Archive every live order the configured rules select (the scheduled job's work; no route)."""
        return archive_matching(self.ctx, None)


class ArchivedOrderSearch(Service):
    interface = "Vendor\\Orderarchive\\Api\\ArchivedOrderSearchInterface"
    summary = "Archived orders"

    def get_list(self, search_criteria: SearchCriteria) -> ArchivedOrderSearchResultsInterface:
        page = search_orders(self.ctx, search_criteria,
                             where=[_ORDER_ID.in_(select(archived_order.c.order_id))], filtered=False)
        return ArchivedOrderSearchResultsInterface.of(items=page.items, search_criteria=page.search_criteria,
                                                      total_count=page.total_count)
