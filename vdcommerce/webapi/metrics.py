"""Prometheus metrics at ``/metrics`` (the ``prometheus_client`` library).

Per request: ``vdcommerce_http_requests_total`` and ``vdcommerce_http_request_duration_seconds`` by
route template (``/V1/vendor_faq/question/:questionId``, never the raw path), method and status, and
``vdcommerce_db_statements_total``, the SQL statements the web workers ran. A worker counts in its own
memory and adds its counts to the metrics half a second after a request at the latest, and before it
answers a scrape itself (a scrape's own statements show in the next scrape).
At each scrape, from the database: the async operations waiting to run (the queue's depth) and the
age of the oldest, operations that failed for good (consumer failures), messages of accepted
operations the broker has not been handed yet, the mail outbox by delivery status, and the
scheduler's last finished tick, whether it is stalled and the jobs it left overdue
(platform/cron/state.py). ``serve`` points ``PROMETHEUS_MULTIPROC_DIR`` at ``<var_dir>/metrics`` so that every worker
process's counts are summed in one scrape.
"""
from __future__ import annotations

import asyncio
import datetime as dt
from bisect import bisect_left
import logging
import os
from collections.abc import Iterator
from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.registry import Collector
from sqlalchemy import func, select

from ..framework import db
from ..framework.library_adapter import add_observations

log = logging.getLogger("vdcommerce.metrics")

Response = tuple[int, bytes, list[tuple[bytes, bytes]]]

_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

REQUESTS = Counter("vdcommerce_http_requests", "HTTP requests answered, by route template, method and status",
                   ["route", "method", "status"], registry=None)
# made by the first ``Metrics`` (a web worker): a metric without labels gets its value, and in multi-process
# mode its file, as soon as it exists, and only the workers should have one
STATEMENTS: Counter | None = None
#: seconds after a request that its counts are in the metrics at the latest
FLUSH_SECONDS = 0.5
LATENCY = Histogram("vdcommerce_http_request_duration_seconds", "Time to answer an HTTP request, by route template "
                    "and method", ["route", "method"], buckets=_BUCKETS, registry=None)
_BOUNDS = (*_BUCKETS, float("inf"))


class QueueCollector(Collector):
    """Backlogs read from the database at scrape time."""

    def collect(self) -> Iterator[Metric]:
        from ..platform.asyncoperations.tables import (NOT_RETRIABLY_FAILED, OPEN, RETRIABLY_FAILED, bulk,
                                                       operation, queue_outbox)
        from ..platform.cron.state import scheduler_state
        from ..platform.mail.tables import STATUSES, mail_message
        up = GaugeMetricFamily("vdcommerce_database_up", "1 when the last scrape could read the database")
        try:
            with db.transaction(write=False) as conn:
                counts: dict[int, int] = dict(conn.execute(select(operation.c.status, func.count())
                                           .where(operation.c.status.in_((OPEN, RETRIABLY_FAILED, NOT_RETRIABLY_FAILED)))
                                           .group_by(operation.c.status)).all())
                oldest = conn.execute(select(func.min(bulk.c.start_time))
                                      .select_from(bulk.join(operation, operation.c.bulk_uuid == bulk.c.uuid))
                                      .where(operation.c.status.in_((OPEN, RETRIABLY_FAILED)))).scalar()
                outbox: dict[str, int] = dict(conn.execute(select(mail_message.c.status, func.count())
                                                           .group_by(mail_message.c.status)).all())
                unpublished = conn.execute(select(func.count()).select_from(queue_outbox)
                                           .where(queue_outbox.c.published_at.is_(None))).scalar_one()
                scheduler = scheduler_state(conn, dt.datetime.now(dt.timezone.utc).replace(tzinfo=None))
        except Exception as e:  # noqa: BLE001 - a scrape reports the database as down instead of failing
            log.warning("metrics: cannot read the database: %s", e)
            up.add_metric([], 0)
            yield up
            return
        up.add_metric([], 1)
        yield up
        depth = GaugeMetricFamily("vdcommerce_queue_depth", "Async and bulk operations waiting to run (open or "
                                  "retriably failed)")
        depth.add_metric([], counts.get(OPEN, 0) + counts.get(RETRIABLY_FAILED, 0))
        yield depth
        age = GaugeMetricFamily("vdcommerce_queue_oldest_age_seconds", "Age of the oldest bulk with an operation "
                                "waiting to run (0 when none waits)")
        age.add_metric([], _age(oldest))
        yield age
        failed = GaugeMetricFamily("vdcommerce_queue_failed_operations", "Operations a consumer failed for good "
                                   "(status 3)")
        failed.add_metric([], counts.get(NOT_RETRIABLY_FAILED, 0))
        yield failed
        box = GaugeMetricFamily("vdcommerce_outbox_messages", "Mail messages in the outbox, by delivery status",
                                labels=["status"])
        for status in STATUSES:
            box.add_metric([status], outbox.get(status, 0))
        yield box
        relay = GaugeMetricFamily("vdcommerce_queue_unpublished_operations", "Messages of accepted async "
                                  "operations not yet handed to the broker (the publish relay sends them)")
        relay.add_metric([], unpublished)
        yield relay
        tick = GaugeMetricFamily("vdcommerce_cron_last_tick_timestamp_seconds", "When the scheduler last ran "
                                 "the due jobs holding the runner lock (Unix time; 0: never)")
        tick.add_metric([], scheduler.last_tick_at.replace(tzinfo=dt.timezone.utc).timestamp()
                        if scheduler.last_tick_at else 0.0)
        yield tick
        stalled = GaugeMetricFamily("vdcommerce_cron_stalled", "1 when the scheduler has not run for two "
                                    "ticks and a minute")
        stalled.add_metric([], 1.0 if scheduler.stalled else 0.0)
        yield stalled
        overdue = GaugeMetricFamily("vdcommerce_cron_overdue_job", "1 for each scheduled job past its due time "
                                    "by more than two ticks and a minute", labels=["job"])
        for code in scheduler.overdue:
            overdue.add_metric([code], 1.0)
        yield overdue
        overdue_count = GaugeMetricFamily("vdcommerce_cron_overdue_jobs", "Scheduled jobs past their due time "
                                          "by more than two ticks and a minute")
        overdue_count.add_metric([], len(scheduler.overdue))
        yield overdue_count


def _age(oldest: dt.datetime | str | None) -> float:
    """Seconds since ``oldest`` (naive UTC, as the operations are stamped)."""
    if oldest is None:
        return 0.0
    if isinstance(oldest, str):  # SQLite hands an aggregate of a DATETIME column back as text
        oldest = dt.datetime.fromisoformat(oldest)
    now = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)
    return max(0.0, (now - oldest.replace(tzinfo=None)).total_seconds())


class Metrics:
    def __init__(self) -> None:
        global STATEMENTS
        if STATEMENTS is None:
            STATEMENTS = Counter("vdcommerce_db_statements", "SQL statements run by the web workers (transaction "
                                 "control not counted)", registry=None)
        self.registry = CollectorRegistry(auto_describe=False)
        if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
            MultiProcessCollector(self.registry)  # type: ignore[no-untyped-call]  # the library is untyped here
        else:
            self.registry.register(REQUESTS)
            self.registry.register(LATENCY)
            self.registry.register(STATEMENTS)
        self.registry.register(QueueCollector())
        self._children: dict[tuple[str, str, int], tuple[Any, Any]] = {}
        # (route, method, status) -> [requests, seconds in all, requests per latency bucket]
        self._pending: dict[tuple[str, str, int], list[Any]] = {}
        self._statements = 0
        self._flush_due = False
        db.count_statements()

    def observe(self, route: str, method: str, status: int, seconds: float) -> None:
        """Count a request in the worker's memory; the counts reach the metrics (in multi-process mode,
        a write to a shared file per value) at most ``FLUSH_SECONDS`` later, or at this worker's next
        scrape, instead of several writes per request."""
        key = (route, method, status)
        counts = self._pending.get(key)
        if counts is None:
            counts = self._pending[key] = [0, 0.0, [0] * len(_BOUNDS)]
        counts[0] += 1
        counts[1] += seconds
        counts[2][bisect_left(_BOUNDS, seconds)] += 1  # the first bucket whose bound holds it
        self._statements += db.take_statement_count()  # the request's, and any run since the last request's
        if not self._flush_due:
            self._flush_due = True
            asyncio.get_running_loop().call_later(FLUSH_SECONDS, self.flush)

    def flush(self) -> None:
        """Add what the worker has counted since the last flush to the metrics."""
        self._flush_due = False
        pending, self._pending = self._pending, {}
        for (route, method, status), (n, total, buckets) in pending.items():
            children = self._children.get((route, method, status))
            if children is None:  # the labelled children, looked up once per route, method and status
                children = self._children[(route, method, status)] = (
                    REQUESTS.labels(route, method, str(status)), LATENCY.labels(route, method))
            children[0].inc(n)
            add_observations(children[1], total, buckets)
        if self._statements and STATEMENTS is not None:
            STATEMENTS.inc(self._statements)
        self._statements = 0

    def answer(self) -> Response:
        self.flush()  # this worker's counts are all in its own answer
        return 200, generate_latest(self.registry), [(b"content-type", CONTENT_TYPE_LATEST.encode())]

