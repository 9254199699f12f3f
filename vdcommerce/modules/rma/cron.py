"""The RMA scheduled jobs (etc/crontab.xml): return periods end, approved requests nobody sent back
are closed. Both read "now" from the run's clock, never the wall clock."""
from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import select, update

from ...framework import db
from ...framework.context import Context
from ...platform.catalog import service as catalog
from ...platform.sales import service as sales
from ...framework.search import Filter, FilterGroup, SearchCriteria, SortOrder
from . import logic as L
from .tables import period_ended, request, status, tracking

PAGE = 200


def end_return_periods(ctx: Context, at: dt.datetime) -> int:
    """Record every (order item, resolution) pair whose return period is over at ``at``; the pairs
    recorded now."""
    rules = L.active_rules(ctx)
    if not rules:
        return 0
    allowed = [s.strip() for s in L.setting(ctx, L.ALLOWED_STATUSES, 0).split(",") if s.strip()]
    groups = [FilterGroup.of(filters=[Filter.of(field="status", value=",".join(allowed), condition_type="in")])] \
        if allowed else []
    written = 0
    page = 1
    while True:
        found = sales.search_orders(ctx, SearchCriteria.of(
            filter_groups=groups, sort_orders=[SortOrder.of(field="entity_id", direction="ASC")], page_size=PAGE,
            current_page=page),
                                    filtered=False)
        orders = found.items or []
        for order in orders:
            written += _end_for_order(ctx, order, rules, at)
        if len(orders) < PAGE:
            return written
        page += 1


def _end_for_order(ctx: Context, order: Any, rules: list[L.Rule], at: dt.datetime) -> int:
    created = order.created_at
    if isinstance(created, str):
        created = dt.datetime.strptime(created, L.TIME)
    if created is None:
        return 0
    days = (at - created).days
    items = [it for it in order.items or [] if (it.qty_shipped or 0) > 0]
    if not items:
        return 0
    candidates = L.candidate_resolutions(ctx, order)
    products = catalog.products_by_ids(ctx.conn, [it.product_id for it in items if it.product_id])
    website = L.website_of(ctx, order.store_id)
    rows = []
    for it in items:
        applicable = L.applicable_rule(rules, website, order.customer_group_id or 0, products.get(it.product_id))
        if applicable is None:
            continue
        for r in candidates:
            period = L.period_of(applicable, r.resolution_id)
            if period > 0 and days >= period:
                rows.append({"order_item_id": it.item_id, "resolution_id": r.resolution_id, "ended_at": at})
    return db.insert_new(ctx.conn, period_ended, rows, ["order_item_id", "resolution_id"]) if rows else 0


def auto_close(ctx: Context, at: dt.datetime) -> int:
    """Close the approved requests that waited ``general/auto_close_days`` without the customer's parcel."""
    try:
        days = int(float(L.setting(ctx, L.AUTO_CLOSE_DAYS, 0) or 0))
    except ValueError:
        days = 0
    if days <= 0:
        return 0
    target = L.canceled_status(ctx)
    if target is None:
        return 0
    r = request.c
    sent_back = select(tracking.c.request_id).where(tracking.c.customer.is_(True))
    rows = ctx.conn.execute(
        select(request).join(status, status.c.status_id == r.status)
        .where(status.c.state == L.APPROVED, r.modified_at <= at - dt.timedelta(days=days),
               r.request_id.not_in(sent_back))
        .order_by(r.request_id).with_for_update(of=request)).all()
    for row in rows:
        L.set_status(ctx, row, target, at)
        L.history(ctx, row.request_id, 10, {"from": row.status, "to": target, "reason": "auto_close"},
                  L.SYSTEM, "System", at)
        ctx.conn.execute(update(request).where(r.request_id == row.request_id).values(modified_at=at))
    return len(rows)


class ReturnPeriods:
    def execute(self, ctx: Context) -> None:
        end_return_periods(ctx, L.now(ctx))


class AutoClose:
    def execute(self, ctx: Context) -> None:
        auto_close(ctx, L.now(ctx))
