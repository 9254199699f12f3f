"""The runner lock names its holder and is taken over from a holder that is gone; the scheduler's last
finished tick, a stalled scheduler and the jobs it left overdue show in /health/ready, /metrics and
``cron list``."""
from __future__ import annotations

import datetime as dt
import json
import os
import signal
import socket
import subprocess
import time

import httpx
import pytest
import sqlalchemy as sa

from tests.helpers.harness import BIN, ROOT, server_fixture

pytestmark = pytest.mark.long_file(90)  # seconds on a busy machine: handed out early (tests/helpers/order.py)

server = server_fixture("runnerlock")
HOST = socket.gethostname()


def poll(check, what: str, timeout: float = 60):
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        assert time.monotonic() < deadline, f"still waiting for {what}"
        time.sleep(0.1)


def lock_row(server) -> sa.Row | None:
    with server.db.engine.connect() as c:
        return c.execute(sa.text("SELECT holder, holder_started, last_tick_at, next_runs FROM cron_runner")).first()


def standing(server) -> str:
    return server.cli("cron", "list").stdout.strip().splitlines()[-1]


def start(server, *args: str) -> subprocess.Popen:
    return subprocess.Popen([str(BIN), *args], env=server.env, cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)


def test_cron_list_names_the_holder_and_a_killed_holders_lock_is_taken_over(server):
    server.config("testmodule/cron/pause_seconds", "300")  # killed long before: the CLI is slow on a busy machine
    busy = start(server, "cron", "run", "--job", "vdtest_write")
    try:
        poll(lambda: (row := lock_row(server)) is not None and row.holder == f"{HOST}:{busy.pid}", "the lock")
        assert standing(server).startswith(f"Runner lock: held by {HOST}:{busy.pid} since ")
        assert "Another runner is running the jobs; nothing run." in server.cli("cron", "run").stdout
    finally:
        busy.send_signal(signal.SIGKILL)  # gone mid-job, its lock row still naming it
        busy.wait(30)
    line = standing(server)
    if server.db.kind == "sqlite":
        assert line.startswith(f"Runner lock: free (named {HOST}:{busy.pid}, which is no longer running"), line
    else:
        assert line.startswith("Runner lock: free"), line  # the server dropped the advisory lock
    server.config("testmodule/cron/pause_seconds", "0")
    out = server.cli("cron", "run", "--job", "vdtest_write").stdout
    assert "vdtest_write" in out and "success" in out  # taken over
    assert lock_row(server).holder is None  # and given back


@pytest.mark.skipif(os.environ.get("VDC_TEST_DB", "sqlite") != "sqlite", reason="the SQLite lock row")
def test_sqlite_a_lock_naming_a_running_process_holds_one_whose_pid_was_reused_does_not(server):
    with open(f"/proc/{os.getpid()}/stat") as f:
        ticks = f.read().rsplit(")", 1)[1].split()[19]
    with open("/proc/sys/kernel/random/boot_id") as f:
        me = f"{f.read().strip()}:{ticks}"
    holder = f"{HOST}:{os.getpid()}"
    with server.db.engine.begin() as c:
        c.execute(sa.text("UPDATE cron_runner SET holder = :h, holder_started = :s"), {"h": holder, "s": me})
    assert standing(server).startswith(f"Runner lock: held by {holder}")
    # a run of the due jobs finds it taken at once (a named job would wait for it)
    assert "Another runner is running the jobs; nothing run." in server.cli("cron", "run").stdout
    # the same pid, but a process that started at another time: not the holder, whose pid was reused
    with server.db.engine.begin() as c:
        c.execute(sa.text("UPDATE cron_runner SET holder_started = :s"), {"s": me + "0"})
    assert "success" in server.cli("cron", "run", "--job", "vdtest_write").stdout
    assert lock_row(server).holder is None


def metric(text: str, name: str) -> float | None:
    for line in text.splitlines():
        if line.startswith(name + " ") or line.startswith(name + "{"):
            return float(line.rsplit(" ", 1)[1])
    return None


def test_health_metrics_and_cron_list_show_the_last_tick_and_a_stalled_scheduler(server):
    scheduler = start(server, "cron", "start", "--tick", "0.5")
    try:
        ready = poll(lambda: (r := httpx.get(server.url + "/health/ready").json())["scheduler"]["last_tick"] and r,
                     "the scheduler's first tick")
        assert ready["status"] == "ok" and ready["scheduler"]["stalled"] is False
        assert ready["scheduler"]["overdue"] == []
        text = httpx.get(server.url + "/metrics").text
        assert metric(text, "vdcommerce_cron_last_tick_timestamp_seconds") > time.time() - 120
        assert metric(text, "vdcommerce_cron_stalled") == 0 and metric(text, "vdcommerce_cron_overdue_jobs") == 0
        assert "vdtest_write" in json.loads(lock_row(server).next_runs)
        assert "; last scheduler tick " in standing(server)

        # the scheduler stops (or hangs, as one waiting on a lock for ever would): its tick stops; a while
        # later (the row is aged as that while would leave it) its jobs are overdue
        scheduler.terminate()
        assert scheduler.wait(60) == 0
        now = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None, microsecond=0)
        with server.db.engine.begin() as c:
            c.execute(sa.text("UPDATE cron_runner SET last_tick_at = :t, next_runs = :n"),
                      {"t": now - dt.timedelta(minutes=10),
                       "n": json.dumps({"vdtest_write": f"{now - dt.timedelta(minutes=9):%Y-%m-%d %H:%M:%S}",
                                        "vdtest_fail": f"{now + dt.timedelta(minutes=9):%Y-%m-%d %H:%M:%S}"})})
        r = httpx.get(server.url + "/health/ready")
        assert r.status_code == 200  # the workers still serve
        assert r.json()["scheduler"] == {"last_tick": f"{now - dt.timedelta(minutes=10):%Y-%m-%d %H:%M:%S}",
                                         "stalled": True, "overdue": ["vdtest_write"]}
        text = httpx.get(server.url + "/metrics").text
        assert metric(text, "vdcommerce_cron_stalled") == 1 and metric(text, "vdcommerce_cron_overdue_jobs") == 1
        assert 'vdcommerce_cron_overdue_job{job="vdtest_write"} 1.0' in text
        line = standing(server)
        assert "(stalled); overdue: vdtest_write." in line, line
    finally:
        if scheduler.poll() is None:
            scheduler.kill()
            scheduler.wait()
