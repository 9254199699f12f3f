"""The record of scheduled job runs, as the platform keeps it (``cron_schedule``)."""
from sqlalchemy import Column, DateTime, Index, Integer, String, Table, Text

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
