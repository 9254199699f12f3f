"""The jobs the packages declare in ``etc/crontab.xml``, read once per process.

The platform's file::

    <config>
        <group id="default">
            <job name="vendor_orderarchive_archive" instance="vdcommerce.modules.orderarchive.cron:Archive"
                 method="execute">
                <schedule>0 2 * * *</schedule>
            </job>
            <job name="vendor_reports_index" instance="vdcommerce.modules.reports.cron:Index" method="execute">
                <config_path>vendor_reports/indexer/cron_expr</config_path>
            </job>
        </group>
    </config>

``instance`` names a class, made once per process with no arguments; ``method`` is called with the
run's ``Context`` for every run. ``schedule`` is a five-field cron expression (UTC); ``config_path``
instead names a configuration path whose value is one (read at each run, so a shop can change it;
empty: the job is not scheduled). A broken file stops start-up, naming it.
"""
from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Callable

from cronsim import CronSim, CronSimError

from ...framework.context import Context
from ...framework.packages import DeclarationError, Package, load_packages, parse_xml, resolve


@dataclass(frozen=True)
class Job:
    code: str                   # the job's name, unique across packages
    group: str
    instance: str               # ``package.module:Class``
    method: str
    schedule: str | None        # the declared cron expression, or
    config_path: str | None     # the configuration path that holds one
    run: Callable[[Context], Any]
    package: str

    def expression(self, config: Any) -> str | None:
        """The job's cron expression now (None: not scheduled)."""
        if self.schedule is not None:
            return self.schedule
        value = config.get(self.config_path) if config is not None else None
        return value.strip() if value and value.strip() else None


def valid(expression: str) -> bool:
    try:
        CronSim(expression, dt.datetime(2000, 1, 1))
    except CronSimError:
        return False
    return True


def last_slot(expression: str, now: dt.datetime) -> dt.datetime:
    """The latest time at or before ``now`` (to the minute) that the expression names."""
    minute = now.replace(second=0, microsecond=0)
    return next(CronSim(expression, minute + dt.timedelta(seconds=1), reverse=True))


def next_slot(expression: str, now: dt.datetime) -> dt.datetime:
    """The first time after ``now`` that the expression names."""
    return next(CronSim(expression, now))


def read(packages: Iterable[Package]) -> list[Job]:
    """Every package's jobs, checked (a broken declaration raises ``DeclarationError`` naming its file)."""
    found: list[Job] = []
    seen: dict[str, str] = {}
    for package in packages:
        path = package.etc("crontab.xml")
        if path is None:
            continue
        root = parse_xml(path)
        for group in root.findall("group"):
            group_id = (group.get("id") or "").strip()
            if not group_id:
                raise DeclarationError(f"{path}: <group> without id")
            for job in group.findall("job"):
                found.append(_job(path, package, group_id, job, seen))
    return found


def _job(path: Any, package: Package, group_id: str, job: Any, seen: dict[str, str]) -> Job:
    code, ref, method = (job.get("name") or "").strip(), (job.get("instance") or "").strip(), \
        (job.get("method") or "execute").strip()
    if not code or not ref:
        raise DeclarationError(f"{path}: a job of group {group_id!r} needs 'name' and 'instance'")
    if code in seen:
        raise DeclarationError(f"{path}: job {code!r} is already declared by {seen[code]}")
    seen[code] = str(path)
    schedule_el, config_el = job.find("schedule"), job.find("config_path")
    schedule = (schedule_el.text or "").strip() if schedule_el is not None else None
    config_path = (config_el.text or "").strip() if config_el is not None else None
    if (schedule is None) == (config_path is None) or not (schedule or config_path):
        raise DeclarationError(f"{path}: job {code!r} needs either <schedule> or <config_path>")
    if schedule is not None and not valid(schedule):
        raise DeclarationError(f"{path}: job {code!r}: {schedule!r} is not a cron expression")
    cls = resolve(ref, f"{path}: job {code!r}")
    if not callable(cls):
        raise DeclarationError(f"{path}: job {code!r}: {ref} is not a class")
    try:
        instance = cls()
    except TypeError as e:
        raise DeclarationError(f"{path}: job {code!r}: {ref} cannot be made without arguments: {e}") from None
    run = getattr(instance, method, None)
    if not callable(run):
        raise DeclarationError(f"{path}: job {code!r}: {ref} has no method {method!r}")
    return Job(code, group_id, ref, method, schedule, config_path, run, package.name)


@functools.cache
def declared_jobs() -> tuple[Job, ...]:
    """The jobs of every loaded package, read once per process."""
    return tuple(read(load_packages()))
