"""What the ``cron_runner`` row says about the scheduler, for /health/ready, /metrics and ``cron list``.

The scheduler (``cron start``) records each run that held the runner lock and finished, with its tick
and each job's next due time (runner.record_tick). Compared with the clock:

- **stalled**: no such run for two ticks and a minute (the scheduler is not running, or cannot take
  the lock, or hangs);
- **overdue**: a job whose next due time, as the last run saw it, is more than two ticks and a minute
  past: it has not been run and will not be until the scheduler runs again.

A database whose scheduler never ran (the row has no tick) is neither: nothing is known of it.
"""
from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, field

from sqlalchemy import Connection, select

from .tables import RUNNER, cron_runner as r


@dataclass(frozen=True)
class SchedulerState:
    holder: str | None = None
    holder_started: str | None = None
    acquired_at: dt.datetime | None = None
    last_tick_at: dt.datetime | None = None
    tick_seconds: float | None = None
    overdue: tuple[str, ...] = field(default_factory=tuple)
    stalled: bool = False


def grace(tick: float | None) -> dt.timedelta:
    return dt.timedelta(seconds=2 * (tick or 60.0) + 60)


def scheduler_state(conn: Connection, now: dt.datetime) -> SchedulerState:
    """The row as of ``now`` (naive UTC)."""
    row = conn.execute(select(r).where(r.c.name == RUNNER)).first()
    if row is None:
        return SchedulerState()
    overdue: list[str] = []
    stalled = False
    if row.last_tick_at is not None:
        late = grace(row.tick_seconds)
        stalled = now - row.last_tick_at > late
        try:
            upcoming = json.loads(row.next_runs or "{}")
        except ValueError:
            upcoming = {}
        for code, at in sorted(upcoming.items()):
            try:
                due = dt.datetime.strptime(at, "%Y-%m-%d %H:%M:%S")
            except (TypeError, ValueError):
                continue
            if now - due > late:
                overdue.append(code)
    return SchedulerState(row.holder, row.holder_started, row.acquired_at, row.last_tick_at, row.tick_seconds,
                          tuple(overdue), stalled)
