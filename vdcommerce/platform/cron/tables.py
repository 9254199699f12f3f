"""The record of scheduled job runs, as the platform keeps it (``cron_schedule``), and the state of the
runner lock and of the scheduler (``cron_runner``)."""
from sqlalchemy import Column, DateTime, Float, Index, Integer, String, Table, Text

from ...framework.db import metadata

PENDING, RUNNING, SUCCESS, ERROR, MISSED = "pending", "running", "success", "error", "missed"

cron_schedule = Table(
    "cron_schedule", metadata,
    Column("schedule_id", Integer, primary_key=True),
    Column("job_code", String(255), nullable=False),
    Column("status", String(7), nullable=False, default=PENDING),
    Column("messages", Text, nullable=True),
    Column("created_at", DateTime, nullable=False),
    Column("scheduled_at", DateTime, nullable=False),
    Column("executed_at", DateTime, nullable=True),
    Column("finished_at", DateTime, nullable=True),
    # a due time is looked up before it is recorded; a job run by name (``cron run --job --at``) may run
    # at the same time again, each run its own row
    Index("ix_cron_schedule_job_code_scheduled_at", "job_code", "scheduled_at"),
    Index("ix_cron_schedule_status_scheduled_at", "status", "scheduled_at"),
)

#: the one row of ``cron_runner``
RUNNER = "runner"

cron_runner = Table(
    "cron_runner", metadata,
    Column("name", String(32), primary_key=True),
    # the process that holds the runner lock: "<host>:<pid>" and the process's start ("<boot id>:<clock
    # ticks after boot>"), so that a pid the system gave to another process since is not taken for it
    Column("holder", String(255), nullable=True),
    Column("holder_started", String(64), nullable=True),
    Column("acquired_at", DateTime, nullable=True),
    # the scheduler's (``cron start``) last run that held the lock and finished, its tick in seconds,
    # and each job's next due time (UTC, JSON) as that run saw them: what /health/ready and /metrics
    # compare with the clock to tell a stalled scheduler and the jobs it left overdue
    Column("last_tick_at", DateTime, nullable=True),
    Column("tick_seconds", Float, nullable=True),
    Column("next_runs", Text, nullable=True),
)
