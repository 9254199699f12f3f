"""Demo order archive data: the oldest completed demo order is archived (nothing when the archive
already holds an order, or there is no completed order)."""
from sqlalchemy import Connection, select

from ...framework.context import Context
from ...framework.search import Filter, FilterGroup, SearchCriteria, SortOrder
from ...platform.sales.service import search_orders
from .service import ArchiveProcessor
from .tables import archived_order


def load(conn: Connection) -> None:
    if conn.execute(select(archived_order.c.order_id).limit(1)).first() is not None:
        return
    ctx = Context(conn, store_id=0)
    criteria = SearchCriteria.of(
        filter_groups=[FilterGroup.of(filters=[Filter.of(field="status", value="complete", condition_type="eq")])],
        sort_orders=[SortOrder.of(field="entity_id", direction="ASC")], page_size=1, current_page=1)
    found = search_orders(ctx, criteria, filtered=False).items or []
    if found and found[0].entity_id is not None:
        ArchiveProcessor(ctx).move_to_archive([found[0].entity_id])
