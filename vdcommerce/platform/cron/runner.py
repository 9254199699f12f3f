"""Running what is due: ``vdcommerce cron run`` (once) and ``cron start`` (on a tick, what ``serve`` runs).

At most one runner works at a time across every process and machine that shares the database: a
run first takes the runner lock (PostgreSQL: a session advisory lock, freed by the server when the
holder's connection ends; SQLite: an OS file lock beside the database file, freed when the holder's
process ends). A runner that finds the lock taken does nothing and says so; a run of named jobs
(``cron run --job``) waits for it first, up to ``VDC_CRON_LOCK_WAIT_SECONDS`` (60 s).

Every job runs under the job clock: its ``Context`` answers ``ctx.now()`` with the run's time (the
``--at`` time of ``cron run``, else the real clock when the run started), so what it decides by time
and what the platform stamps for it carry that time. The bookkeeping of ``cron_schedule``
(``executed_at``, ``finished_at``, the history clean-up) keeps the real clock.

Holding the lock, a run:

1. marks runs left ``running`` by a runner that died as ``error``;
2. for each job, works out its latest due time (the latest minute at or before now that its cron
   expression names) and records it once as ``pending`` (a due time already recorded is not recorded
   again); a due time older than
   ``system/cron/missed_if_not_run_for`` minutes is recorded as ``missed`` instead, and so are pending
   runs that waited that long;
3. runs the pending runs in time order, each in a transaction of its own that also records
   ``success``; a job that raises is rolled back and recorded as ``error`` with its message (the
   other jobs still run);
4. deletes the history older than ``system/cron/history_success_lifetime`` (successes) and
   ``history_failure_lifetime`` (the rest, pending runs of jobs no longer declared too), in minutes.
"""
from __future__ import annotations

import datetime as dt
import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout
from sqlalchemy import delete, insert, select, text, update

from ...framework import db
from ...framework.context import Context
from ...framework.exceptions import LocalizedException
from ...framework.packages import load_packages, read_config_defaults
from ...settings import get_settings
from ..config.service import ConfigState, load_state
from .jobs import Job, declared_jobs, last_slot
from .tables import ERROR, MISSED, PENDING, RUNNING, SUCCESS, cron_schedule as t

log = logging.getLogger("vdcommerce.cron")

#: the PostgreSQL advisory lock of the runner (any fixed 64-bit key that nothing else uses)
LOCK_KEY = int.from_bytes(b"vdc:cron", "big")
ABANDONED = "The runner stopped before the job finished."
MISSED_MESSAGE = "Not run within %s minute(s) of its time."


@dataclass(frozen=True)
class Outcome:
    job_code: str
    scheduled_at: dt.datetime
    status: str
    message: str | None = None


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc).replace(tzinfo=None, microsecond=0)


# --------------------------------------------------------------------------- the runner lock

@contextmanager
def runner_lock(wait: float = 0) -> Iterator[bool]:
    """Whether this process now holds the runner lock (held until the block ends), waiting up to ``wait``
    seconds for another runner to let it go."""
    engine = db.get_engine()
    if engine.dialect.name == "postgresql":
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            deadline = time.monotonic() + wait
            while True:
                held = bool(conn.execute(text("SELECT pg_try_advisory_lock(:key)"), {"key": LOCK_KEY}).scalar())
                if held or time.monotonic() >= deadline:
                    break
                time.sleep(min(0.25, max(0.0, deadline - time.monotonic())))
            try:
                yield held
            finally:
                if held:
                    conn.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": LOCK_KEY})
        return
    lock = FileLock(_lock_file(engine.url.database))
    try:
        lock.acquire(timeout=wait, poll_interval=0.25)
    except Timeout:
        yield False
        return
    try:
        yield True
    finally:
        lock.release()


def _lock_file(database: str | None) -> Path:
    if database and database != ":memory:":
        return Path(database).resolve().with_name(Path(database).name + ".cron.lock")
    folder = get_settings().var_dir
    folder.mkdir(parents=True, exist_ok=True)
    return folder / "cron.lock"


# --------------------------------------------------------------------------- one run

_defaults: dict[str, str] | None = None


def _config() -> ConfigState:
    global _defaults
    if _defaults is None:
        _defaults = read_config_defaults(load_packages())
    with db.get_engine().connect() as conn:
        return load_state(conn, _defaults)


def _minutes(config: ConfigState, path: str, default: float) -> dt.timedelta:
    return dt.timedelta(minutes=max(0.0, config.number(path, None, default)))


def run_due(group: str | None = None, now: dt.datetime | None = None) -> list[Outcome] | None:
    """Run what is due now, or at ``now`` when given (of one group, or all); the outcomes, or None when
    another runner holds the lock. Abandoned runs are closed and history cleaned by the real clock."""
    jobs = {j.code: j for j in declared_jobs() if group is None or j.group == group}
    if not jobs:
        return []  # nothing declared: no lock, no writes
    with runner_lock() as held:
        if not held:
            return None
        real = utcnow()
        now = now.replace(microsecond=0) if now else real
        config = _config()
        window = _minutes(config, "system/cron/missed_if_not_run_for", 15)
        _close_abandoned(real)
        _record_due(jobs.values(), config, now, window)
        outcomes = _run_pending(jobs, config, now, window)
        _clean_history(config, real)
        return outcomes


def run_now(codes: list[str], now: dt.datetime | None = None, wait: float | None = None) -> list[Outcome] | None:
    """Run the named jobs at once, due or not (``cron run --job``), as of ``now`` when given (the job
    clock: each job's ``ctx.now()`` and the run's ``scheduled_at``), else as of the real clock when the
    run starts. Waits up to ``wait`` seconds (``VDC_CRON_LOCK_WAIT_SECONDS``) for the runner lock; holding
    it, closes the runs a dead runner left (step 1 above), then records a run of each job and runs it as a
    due one would. The same job at the same time may run any number of times, each run recorded.
    Unknown codes are a ``LocalizedException``; None when the lock stayed taken."""
    declared = {j.code: j for j in declared_jobs()}
    unknown = [code for code in codes if code not in declared]
    if unknown:
        raise LocalizedException('No job "%1" is declared.', [unknown[0]])
    with runner_lock(get_settings().cron_lock_wait_seconds if wait is None else wait) as held:
        if not held:
            return None
        config = _config()
        real = utcnow()
        _close_abandoned(real)
        at = now.replace(microsecond=0) if now else real
        outcomes = []
        for code in codes:
            with db.transaction() as conn:
                schedule_id = conn.execute(insert(t).values(job_code=code, scheduled_at=at, created_at=real,
                                                            status=PENDING).returning(t.c.schedule_id)).scalar_one()
            outcomes.append(_run_one(declared[code], schedule_id, at, config))
        return outcomes


def _close_abandoned(now: dt.datetime) -> None:
    with db.transaction() as conn:
        conn.execute(update(t).where(t.c.status == RUNNING).values(status=ERROR, messages=ABANDONED,
                                                                   finished_at=now))


def _record_due(jobs: Any, config: ConfigState, now: dt.datetime, window: dt.timedelta) -> None:
    for job in jobs:
        expression = job.expression(config)
        if expression is None:
            continue
        try:
            slot = last_slot(expression, now)
        except Exception as e:  # noqa: BLE001 - a configured expression may be anything
            log.warning("cron: job %s: %r is not a cron expression (%s); not run", job.code, expression, e)
            continue
        late = now - slot > window
        values = {"job_code": job.code, "scheduled_at": slot, "created_at": now,
                  "status": MISSED if late else PENDING,
                  "messages": MISSED_MESSAGE % _whole(window) if late else None}
        with db.transaction() as conn:  # only the lock holder gets here: the look and the insert are one
            if conn.execute(select(t.c.schedule_id).where(t.c.job_code == job.code,
                                                          t.c.scheduled_at == slot)).first() is None:
                conn.execute(insert(t).values(**values))


def _whole(window: dt.timedelta) -> str:
    return f"{window.total_seconds() / 60:g}"


def _run_pending(jobs: dict[str, Job], config: ConfigState, now: dt.datetime,
                 window: dt.timedelta) -> list[Outcome]:
    """Run the pending runs due by ``now``; each job sees ``now`` (the run's time) as its clock."""
    with db.transaction() as conn:
        pending = conn.execute(select(t.c.schedule_id, t.c.job_code, t.c.scheduled_at).where(
            t.c.status == PENDING, t.c.scheduled_at <= now, t.c.job_code.in_(list(jobs)))
            .order_by(t.c.scheduled_at, t.c.schedule_id)).all()
    outcomes = []
    for row in pending:
        if now - row.scheduled_at > window:
            _finish(row.schedule_id, MISSED, MISSED_MESSAGE % _whole(window), started=False)
            outcomes.append(Outcome(row.job_code, row.scheduled_at, MISSED))
            continue
        outcomes.append(_run_one(jobs[row.job_code], row.schedule_id, row.scheduled_at, config, now))
    return outcomes


def _run_one(job: Job, schedule_id: int, scheduled_at: dt.datetime, config: ConfigState,
             clock: dt.datetime | None = None) -> Outcome:
    """Run one recorded run; the job's ``ctx.now()`` answers ``clock`` (default: its ``scheduled_at``)."""
    with db.transaction() as conn:  # claim it: only a pending run starts
        claimed = conn.execute(update(t).where(t.c.schedule_id == schedule_id, t.c.status == PENDING)
                               .values(status=RUNNING, executed_at=utcnow())).rowcount
    if not claimed:
        return Outcome(job.code, scheduled_at, "skipped")
    try:
        with db.transaction() as conn:
            job.run(Context(conn, store_id=0, website_id=0, config=config,
                            clock=(clock or scheduled_at).replace(microsecond=0)))
            conn.execute(update(t).where(t.c.schedule_id == schedule_id).values(status=SUCCESS,
                                                                                finished_at=utcnow()))
    except Exception as e:  # noqa: BLE001 - every outcome is recorded; one failure stops no other job
        if isinstance(e, LocalizedException):
            message = e.rendered()
            log.warning("cron: job %s (%s) failed: %s", job.code, scheduled_at, message)
        else:
            message = str(e) or type(e).__name__
            log.exception("cron: job %s (%s) failed", job.code, scheduled_at)
        _finish(schedule_id, ERROR, message)
        return Outcome(job.code, scheduled_at, ERROR, message)
    return Outcome(job.code, scheduled_at, SUCCESS)


def _finish(schedule_id: int, status: str, message: str | None, started: bool = True) -> None:
    values: dict[str, Any] = {"status": status, "messages": message}
    if started:
        values["finished_at"] = utcnow()
    with db.transaction() as conn:
        conn.execute(update(t).where(t.c.schedule_id == schedule_id).values(**values))


def _clean_history(config: ConfigState, now: dt.datetime) -> None:
    success = _minutes(config, "system/cron/history_success_lifetime", 1440)
    failure = _minutes(config, "system/cron/history_failure_lifetime", 4320)
    with db.transaction() as conn:
        conn.execute(delete(t).where(t.c.status == SUCCESS, t.c.scheduled_at < now - success))
        conn.execute(delete(t).where(t.c.status.in_([ERROR, MISSED, PENDING]), t.c.scheduled_at < now - failure))


# --------------------------------------------------------------------------- the loop

def run_forever(tick: float, stop: threading.Event, group: str | None = None) -> None:
    """``run_due`` every ``tick`` seconds until ``stop`` is set; a failing run is logged, not fatal."""
    while not stop.is_set():
        started = dt.datetime.now().timestamp()
        try:
            outcomes = run_due(group)
        except Exception:  # noqa: BLE001 - the database may be away for a while; try again next tick
            log.exception("cron: the run failed")
        else:
            if outcomes is None:
                log.info("cron: another runner holds the lock; nothing run")
            for o in outcomes or ():
                log.info("cron: %s %s: %s%s", o.job_code, o.scheduled_at, o.status,
                         f" ({o.message})" if o.message else "")
        stop.wait(max(0.0, tick - (dt.datetime.now().timestamp() - started)))
