"""The test module's scheduled jobs: one that writes a row (and waits a configured while, so that a test
can hold a runner busy), one that always fails, one that records the time the job clock gives it."""
from __future__ import annotations

import time

from sqlalchemy import insert

from vdcommerce.framework.context import Context
from vdcommerce.framework.dates import utc_now
from vdcommerce.framework.exceptions import LocalizedException
from vdcommerce.platform.sales.api import OrderStatusHistoryInterface
from vdcommerce.platform.sales.service import OrderManagement

from .tables import cron_run


class WriteRow:
    def execute(self, ctx: Context) -> None:
        ctx.conn.execute(insert(cron_run).values(job_code="vdtest_write"))
        pause = float(ctx.config_value("testmodule/cron/pause_seconds", 0) or 0)
        if pause:
            time.sleep(pause)


class Fail:
    def execute(self, ctx: Context) -> None:
        ctx.conn.execute(insert(cron_run).values(job_code="vdtest_fail"))  # rolled back with the failure
        raise LocalizedException('The test job failed on purpose for "%1".', ["vdtest_fail"])


class RecordClock:
    """Records the run's time as the job sees it (``ctx.now()``), and, when
    ``testmodule/cron/comment_order`` names an order, comments on it through the sales service, so that a
    test reads the time the platform stamped its records with."""

    def execute(self, ctx: Context) -> None:
        now = utc_now(ctx)
        assert now == ctx.now() and now.microsecond == 0
        ctx.conn.execute(insert(cron_run).values(job_code=f"vdtest_clock {now:%Y-%m-%d %H:%M:%S}"))
        order_id = ctx.config_value("testmodule/cron/comment_order")
        if order_id:
            OrderManagement(ctx).add_comment(int(order_id), OrderStatusHistoryInterface.of(
                comment=f"Commented by a job at {now:%Y-%m-%d %H:%M:%S}"))
