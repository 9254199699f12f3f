"""The test module's scheduled jobs: one that writes a row (and waits a configured while, so that a test
can hold a runner busy), one that always fails."""
from __future__ import annotations

import time

from sqlalchemy import insert

from vdcommerce.framework.context import Context
from vdcommerce.framework.exceptions import LocalizedException

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
