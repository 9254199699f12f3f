"""Processes that always stop: ``serve`` (with its web workers, queue consumer and scheduler), ``queue
consume`` and ``cron start`` are started and stopped 50 times, each stopped at a random moment (while it
imports, starts or runs) by one SIGTERM, a burst of SIGTERMs (what a supervisor that repeats itself, or
systemd's signal to the whole group, sends), or SIGKILL. After each stop no process of its session is
left: a child of a killed ``serve`` sees its parent gone and ends. Then a new server's scheduler takes
the runner lock whoever held it last and runs the due jobs.

Each process runs in a session of its own, so whatever it started is found by its session id. The
moments are random but reproducible (a fixed seed, printed with any failure); several cycles run at once
to keep the file's time bounded on a small machine.
"""
from __future__ import annotations

import datetime as dt
import os
import random
import signal
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import sqlalchemy as sa

from tests.helpers.harness import BIN, ROOT, Database, Server, free_port

pytestmark = pytest.mark.long_file(240)  # seconds on a busy machine: handed out early (tests/helpers/order.py)

SEED = 39
MODES = ("term", "burst", "kill")


def session_members(sid: int) -> list[int]:
    """The live (not zombie) processes of session ``sid``."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError):
            continue
        if int(fields[3]) == sid and fields[0] != "Z":
            found.append(int(entry))
    return found


def wait_session_gone(sid: int, what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while session_members(sid):
        assert time.monotonic() < deadline, f"{what}: processes left: {session_members(sid)}"
        time.sleep(0.1)


def started(log: Path, marker: str, proc: subprocess.Popen, timeout: float = 60) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return False
        if log.exists() and marker in log.read_text(errors="replace"):
            return True
        time.sleep(0.05)
    return False


def stop(proc: subprocess.Popen, mode: str, group: bool = False) -> None:
    send = (lambda s: os.killpg(proc.pid, s)) if group else (lambda s: os.kill(proc.pid, s))
    try:
        if mode == "kill":
            send(signal.SIGKILL)
        elif mode == "term":
            send(signal.SIGTERM)
        else:
            for _ in range(10):
                send(signal.SIGTERM)
                time.sleep(0.002)
    except ProcessLookupError:
        pass


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    """A migrated database and the environment every process of the file runs with."""
    tmp = tmp_path_factory.mktemp("stopstart")
    db = Database(tmp)
    srv = Server(tmp, db, extra_env={"VDC_QUEUE_CONSUMERS": "0", "VDC_QUEUE_POLL_SECONDS": "0.05"})
    srv.stop()
    yield tmp, db, srv
    db.drop()


def cycle(tmp: Path, env: dict, n: int, command: list[str], marker: str, rnd: random.Random) -> str:
    """One start and stop of ``command``; what was done, for the failure message."""
    log = tmp / f"cycle-{n}.log"
    mode = rnd.choice(MODES)
    wait_start = rnd.random() < 0.5  # half the stops come once it runs, the others at any moment
    delay = rnd.uniform(0, 1.0 if wait_start else 3.0)
    proc = subprocess.Popen([str(BIN), *command], env=env, cwd=ROOT, stdout=open(log, "ab"),
                            stderr=subprocess.STDOUT, start_new_session=True)
    what = f"cycle {n}: {' '.join(command)}, {mode}, {'after its start + ' if wait_start else ''}{delay:.2f} s"
    try:
        if wait_start:
            started(log, marker, proc)
        time.sleep(delay)
        stop(proc, mode)
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"{what}: still running a minute after the signal:\n{log.read_text()}") from None
        wait_session_gone(proc.pid, what)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    if mode != "kill" and proc.returncode not in (0, -signal.SIGTERM):
        raise AssertionError(f"{what}: exit code {proc.returncode}:\n{log.read_text()}")
    return what


def serve_cycle(tmp: Path, env: dict, n: int, rnd: random.Random) -> str:
    """One ``serve`` (1 or 2 workers, a consumer, the scheduler) stopped at a random moment: SIGTERM or
    SIGKILL to serve's pid alone, or a burst of SIGTERMs to its whole group."""
    log = tmp / f"serve-{n}.log"
    mode = rnd.choice(MODES)
    group = mode == "burst"
    workers = rnd.choice((1, 2))
    wait_start = rnd.random() < 0.6
    delay = rnd.uniform(0, 1.5 if wait_start else 4.0)
    env = {**env, "VDC_QUEUE_CONSUMERS": "1", "VDC_CRON_TICK_SECONDS": "0.5"}
    proc = subprocess.Popen([str(BIN), "serve", "--port", str(free_port()), "--workers", str(workers)], env=env,
                            cwd=ROOT, stdout=open(log, "ab"), stderr=subprocess.STDOUT, start_new_session=True)
    what = (f"serve cycle {n}: {workers} worker(s), {mode}{' to the group' if group else ''}, "
            f"{'after its start + ' if wait_start else ''}{delay:.2f} s")
    try:
        if wait_start:
            started(log, "queue: consumer", proc)
        time.sleep(delay)
        stop(proc, mode, group)
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"{what}: serve still running a minute after the signal:\n{log.read_text()}") \
                from None
        wait_session_gone(proc.pid, what)
    finally:
        if proc.poll() is None or session_members(proc.pid):
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait()
    return what


def test_fifty_stops_leave_no_process_and_the_next_scheduler_runs_due_jobs(base):
    tmp, db, srv = base
    env = dict(srv.env)
    rnd = random.Random(SEED)
    plans: list[tuple] = []
    for n in range(18):
        plans.append(("cycle", n, ["queue", "consume"], "queue: consumer"))
    for n in range(18, 36):
        plans.append(("cycle", n, ["cron", "start", "--tick", "0.2"], "cron: scheduler"))
    for n in range(36, 50):
        plans.append(("serve", n))
    rnd.shuffle(plans)
    seeds = [rnd.randrange(1 << 30) for _ in plans]

    def one(i: int) -> str:
        plan, r = plans[i], random.Random(seeds[i])
        if plan[0] == "serve":
            return serve_cycle(tmp, env, plan[1], r)
        return cycle(tmp, env, plan[1], plan[2], plan[3], r)

    with ThreadPoolExecutor(4) as pool:
        done = list(pool.map(one, range(len(plans))))
    assert len(done) == 50

    # a new server's scheduler runs what is due, whoever held the runner lock last
    since = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None, microsecond=0) - dt.timedelta(seconds=1)
    srv.env.update({"VDC_QUEUE_CONSUMERS": "1", "VDC_CRON_TICK_SECONDS": "0.5"})
    srv.start()
    try:
        deadline = time.monotonic() + 90
        while True:
            with db.engine.connect() as c:
                ran = c.execute(sa.text("SELECT count(*) FROM cron_schedule WHERE job_code = 'vdtest_write' "
                                        "AND status = 'success' AND executed_at >= :since"), {"since": since}).scalar()
                tick = c.execute(sa.text("SELECT last_tick_at FROM cron_runner")).scalar()
            if ran and tick is not None:
                break
            assert time.monotonic() < deadline, "the new server's scheduler ran no due job"
            time.sleep(0.2)
        assert "Runner lock:" in srv.cli("cron", "list").stdout
    finally:
        srv.stop()
        wait_session_gone(srv.proc.pid, "the last server")
