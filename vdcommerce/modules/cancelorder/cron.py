"""The scheduled job ``vendor_cancelorder_auto_cancel`` (etc/crontab.xml): cancel unpaid orders a set time
after they were placed, per payment method, as of the job clock's now (``ctx.now()``)."""
from __future__ import annotations

import datetime as dt
import json
import logging
from dataclasses import dataclass
from typing import Any, Iterator

from ...framework.context import Context
from ...framework.exceptions import LocalizedException
from ...framework.search import Filter, FilterGroup, SearchCriteria, SortOrder
from ...platform.sales.api import OrderInterface
from ...platform.sales.service import search_orders
from . import process

log = logging.getLogger("vdcommerce.cancelorder")

ENABLED = f"{process.SECTION}/auto_cancel_mode/enabled"
CREATED_FROM = f"{process.SECTION}/auto_cancel_mode/created_from"
STATUSES = f"{process.SECTION}/auto_cancel_mode/order_status"
CONDITIONS = f"{process.SECTION}/auto_cancel_mode/conditions"
INVALID = "The auto-cancel conditions are not valid."
UNITS = {"minutes": dt.timedelta(minutes=1), "hours": dt.timedelta(hours=1), "days": dt.timedelta(days=1),
         "weeks": dt.timedelta(weeks=1)}
PAGE = 200


@dataclass(frozen=True)
class Condition:
    methods: frozenset[str]
    wait: dt.timedelta


def conditions(text: str) -> list[Condition]:
    """``auto_cancel_mode/conditions`` read and checked; anything else than a list of
    ``{"payment_methods", "duration" (int >= 1), "duration_unit"}`` is refused with ``INVALID``."""
    try:
        rows = json.loads(text.strip() or "[]")
    except ValueError:
        raise LocalizedException(INVALID) from None
    if isinstance(rows, dict):  # the admin form keeps its rows keyed by a row id
        rows = list(rows.values())
    if not isinstance(rows, list):
        raise LocalizedException(INVALID)
    out = []
    for row in rows:
        if not isinstance(row, dict):
            raise LocalizedException(INVALID)
        methods, duration, unit = row.get("payment_methods"), row.get("duration"), row.get("duration_unit")
        if isinstance(methods, list):
            methods = ",".join(str(m) for m in methods)
        if isinstance(duration, str) and duration.strip().isdigit():
            duration = int(duration.strip())
        if (not isinstance(methods, str) or isinstance(duration, bool) or not isinstance(duration, int)
                or duration < 1 or unit not in UNITS):
            raise LocalizedException(INVALID)
        try:
            wait = UNITS[unit] * duration
        except OverflowError:
            raise LocalizedException(INVALID) from None
        out.append(Condition(frozenset(process.listed(methods)), wait))
    return out


def created_from(text: str) -> str | None:
    """``auto_cancel_mode/created_from`` (``YYYY-MM-DD``) as the first second it admits; None: no limit (a
    value that is not a date is no limit either, and logged)."""
    text = text.strip()
    if not text:
        return None
    try:
        return f"{dt.date.fromisoformat(text[:10]):%Y-%m-%d} 00:00:00"
    except ValueError:
        log.warning("cancelorder: %s is not a date (%r); no limit applied", CREATED_FROM, text)
        return None


def candidates(ctx: Context, statuses: list[str], since: str | None) -> Iterator[OrderInterface]:
    """The orders in one of ``statuses`` created at or after ``since``, by entity id, a page at a time."""
    groups = [FilterGroup.of(filters=[Filter.of(field="status", value=",".join(statuses), condition_type="in")])]
    if since is not None:
        groups.append(FilterGroup.of(filters=[Filter.of(field="created_at", value=since, condition_type="gteq")]))
    after = 0
    while True:
        page_groups = [*groups, FilterGroup.of(filters=[Filter.of(field="entity_id", value=str(after),
                                                                  condition_type="gt")])]
        page = search_orders(ctx, SearchCriteria.of(
            filter_groups=page_groups, sort_orders=[SortOrder.of(field="entity_id", direction="ASC")],
            page_size=PAGE, current_page=1), filtered=False)
        items = page.items or []
        yield from items
        if len(items) < PAGE:
            return
        after = int(items[-1].entity_id or 0)


class AutoCancel:
    def execute(self, ctx: Context) -> str | None:
        if not process.flag(ctx, ENABLED, 0):
            return None
        rules = conditions(process.setting(ctx, CONDITIONS, 0, "[]"))
        statuses = process.listed(process.setting(ctx, STATUSES, 0, "pending"))
        now = ctx.now()
        total = canceled = 0
        if statuses:
            for order in list(candidates(ctx, statuses, created_from(process.setting(ctx, CREATED_FROM, 0)))):
                total += 1
                if self._cancel(ctx, order, rules, now):
                    canceled += 1
        return json.dumps({"total_count": total, "canceled_count": canceled})

    @staticmethod
    def _cancel(ctx: Context, order: OrderInterface, rules: list[Condition], now: dt.datetime) -> bool:
        method = order.payment.method if order.payment is not None else None
        rule = next((r for r in rules if method in r.methods), None)
        if rule is None or order.created_at is None:
            return False
        created: Any = order.created_at
        placed = created if isinstance(created, dt.datetime) else dt.datetime.strptime(str(created)[:19],
                                                                                        "%Y-%m-%d %H:%M:%S")
        if placed > now - rule.wait:
            return False
        savepoint = ctx.conn.begin_nested()  # one order refused leaves the others done
        try:
            locked = process.lock(ctx, int(order.entity_id or 0))
            if locked.status != order.status:
                savepoint.rollback()
                return False
            process.run(ctx, locked, "", "", process.AUTO)
        except LocalizedException as e:
            savepoint.rollback()
            log.info("cancelorder: order %s not cancelled automatically: %s", order.increment_id, e.rendered())
            return False
        except Exception:
            savepoint.rollback()
            raise
        savepoint.commit()
        return True
