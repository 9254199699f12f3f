"""The scheduler: jobs of etc/crontab.xml run by `vdcommerce cron run` (or the loop `serve` starts), once
per due time whatever the number of runners, every run recorded and listed by
GET /V1/vdcommerce/cron/schedule. The test module declares the jobs: vdtest_write writes a row (and waits
testmodule/cron/pause_seconds), vdtest_fail always fails, vdtest_configured runs on the expression kept
in testmodule/cron/expression, vdtest_clock records the time the job clock gives it (``ctx.now()``) and
comments on the order testmodule/cron/comment_order names."""
from __future__ import annotations

import datetime as dt
import os
import re
import signal
import subprocess
import time
from pathlib import Path

import pytest
import sqlalchemy as sa

from tests.helpers import unique
from tests.helpers.harness import BIN, ROOT, Database, Server, run_cli
from tests.helpers.sales import create, new_product
from vdcommerce.framework.packages import DeclarationError, Package
from vdcommerce.platform.cron.jobs import read

pytestmark = pytest.mark.long_file(130)  # seconds on a busy machine: handed out early (tests/helpers/order.py)

ROUTE = "/V1/vdcommerce/cron/schedule"
ABANDONED = "The runner stopped before the job finished."


def this_minute(second: int = 0) -> str:
    """The current UTC minute as ``cron run --at`` takes it: runners given the same time see the same due
    times whenever they start, so no test waits for the clock."""
    return dt.datetime.now(dt.timezone.utc).strftime(f"%Y-%m-%d %H:%M:{second:02d}")


def runs(server: Server, token: str, **filters: str) -> list[dict]:
    params = {"searchCriteria[sortOrders][0][field]": "schedule_id",
              "searchCriteria[sortOrders][0][direction]": "ASC"}
    for i, (field, value) in enumerate(filters.items()):
        params[f"searchCriteria[filter_groups][{i}][filters][0][field]"] = field
        params[f"searchCriteria[filter_groups][{i}][filters][0][value]"] = value
    with server.client(token) as c:
        r = c.get(ROUTE, params=params)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["total_count"] == len(body["items"])
    return body["items"]


def written(server: Server, job_code: str = "vdtest_write") -> int:
    with server.db.engine.connect() as c:
        return c.execute(sa.text("SELECT count(*) FROM vendor_testmodule_cron_run WHERE job_code = :j"),
                         {"j": job_code}).scalar_one()


def clocks(server: Server) -> list[str]:
    """The times vdtest_clock saw, in the order of its runs."""
    with server.db.engine.connect() as c:
        codes = c.execute(sa.text("SELECT job_code FROM vendor_testmodule_cron_run WHERE job_code LIKE 'vdtest_clock %' "
                                  "ORDER BY run_id")).scalars()
        return [code.removeprefix("vdtest_clock ") for code in codes]


def start_runner(server: Server, *args: str) -> subprocess.Popen:
    return subprocess.Popen([str(BIN), "cron", "run", *args], env=server.env, cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def test_cron_run_runs_due_jobs_once_and_records_every_outcome(own_server):
    token = own_server.token()
    at = this_minute()
    out = own_server.cli("cron", "run", "--at", at).stdout
    assert "vdtest_write" in out and "vdtest_fail" in out and "vdtest_configured" not in out

    (write,) = runs(own_server, token, job_code="vdtest_write")
    assert write["status"] == "success" and write["messages"] is None
    assert write["scheduled_at"] == at
    assert write["scheduled_at"] <= write["executed_at"] <= write["finished_at"]
    assert written(own_server) == 1

    (fail,) = runs(own_server, token, job_code="vdtest_fail")
    assert fail["status"] == "error"
    assert fail["messages"] == 'The test job failed on purpose for "vdtest_fail".'
    assert fail["finished_at"] is not None
    assert written(own_server, "vdtest_fail") == 0  # the failed job's writes were rolled back
    assert runs(own_server, token, job_code="vdtest_configured") == []  # no expression configured

    # the same due time again: nothing runs twice
    assert "0 job run(s)" in own_server.cli("cron", "run", "--at", at).stdout
    assert written(own_server) == 1
    assert [r["job_code"] for r in runs(own_server, token, status="error")] == ["vdtest_fail"]

    # what is due at --at runs as of that time: the job's clock answers it, to the second
    own_server.config("testmodule/cron/clock_expression", "*/5 * * * *")
    out = own_server.cli("cron", "run", "--at", "2031-01-02 03:05:30").stdout
    assert re.search(r"^vdtest_clock  2031-01-02 03:05  success$", out, re.M), out
    assert clocks(own_server) == ["2031-01-02 03:05:30"]


def test_a_configured_schedule_and_runs_that_are_too_late(own_server):
    token = own_server.token()
    listed = own_server.cli("cron", "list").stdout
    line = next(ln for ln in listed.splitlines() if ln.startswith("vdtest_configured"))
    assert "not scheduled" in line and "testmodule/cron/expression" in line

    own_server.config("testmodule/cron/expression", "not a cron expression")
    assert "invalid expression" in own_server.cli("cron", "list").stdout
    own_server.cli("cron", "run", "--at", this_minute())  # the broken configured expression stops no other job
    assert runs(own_server, token, job_code="vdtest_configured") == []
    assert len(runs(own_server, token, job_code="vdtest_write")) == 1

    own_server.config("testmodule/cron/expression", "*/5 * * * *")
    line = next(ln for ln in own_server.cli("cron", "list").stdout.splitlines() if ln.startswith("vdtest_configured"))
    upcoming = dt.datetime.strptime(re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d", line).group(), "%Y-%m-%d %H:%M")
    assert upcoming.minute % 5 == 0 and upcoming > dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)

    # a due time is missed once it is older than system/cron/missed_if_not_run_for minutes
    own_server.config("system/cron/missed_if_not_run_for", "0")
    five = dt.datetime.now(dt.timezone.utc).replace(second=30, microsecond=0)
    five = five.replace(minute=five.minute - five.minute % 5)
    own_server.cli("cron", "run", "--at", f"{five:%Y-%m-%d %H:%M:%S}")  # 30 s after a due time: late
    (configured,) = runs(own_server, token, job_code="vdtest_configured")
    assert configured["status"] == "missed" and configured["executed_at"] is None
    assert configured["messages"] == "Not run within 0 minute(s) of its time."
    assert dt.datetime.strptime(configured["scheduled_at"], "%Y-%m-%d %H:%M:%S").minute % 5 == 0


def test_two_runners_started_together_run_a_due_job_once(own_server):
    token = own_server.token()
    own_server.config("testmodule/cron/pause_seconds", "3")
    at = this_minute()
    first, second = start_runner(own_server, "--at", at), start_runner(own_server, "--at", at)
    outs = [p.communicate(timeout=120) for p in (first, second)]
    assert [p.returncode for p in (first, second)] == [0, 0], outs
    ran = [out for out, _ in outs if "vdtest_write" in out]
    assert len(ran) == 1, outs  # the other runner found the lock taken, or the due time recorded
    assert written(own_server) == 1
    (write,) = runs(own_server, token, job_code="vdtest_write")
    assert write["status"] == "success"
    assert len(runs(own_server, token, job_code="vdtest_fail")) == 1


def test_a_runner_does_nothing_while_another_runs_and_a_dead_runners_run_is_closed(own_server):
    token = own_server.token()
    own_server.config("testmodule/cron/pause_seconds", "90")  # killed below, long before
    busy = start_runner(own_server, "--job", "vdtest_write")  # runs now: no wait for a due time
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            found = runs(own_server, token, job_code="vdtest_write")
            if found and found[0]["status"] == "running":
                break
            time.sleep(0.2)
        else:
            pytest.fail("the job never ran")
        assert found[0]["executed_at"] is not None and found[0]["finished_at"] is None

        second = own_server.cli("cron", "run")
        assert "Another runner is running the jobs; nothing run." in second.stdout
        # a named job waits for the lock (VDC_CRON_LOCK_WAIT_SECONDS, 60 s by default), then gives up
        started = time.monotonic()
        named = run_cli({**own_server.env, "VDC_CRON_LOCK_WAIT_SECONDS": "1"}, "cron", "run", "--job",
                        "vdtest_clock", "--at", "2031-01-02 03:04", check=False)
        assert named.returncode == 1 and named.stdout == "Another runner is running the jobs; nothing run.\n"
        assert time.monotonic() - started >= 1
        assert clocks(own_server) == []
        assert runs(own_server, token, job_code="vdtest_write")[0]["status"] == "running"  # left alone
    finally:
        busy.send_signal(signal.SIGKILL)  # the runner dies mid-job: its lock goes with it
        busy.communicate(timeout=30)

    own_server.config("testmodule/cron/pause_seconds", "0")
    r = own_server.cli("cron", "run", "--job", "vdtest_fail", check=False)  # the next runner closes the dead one's run
    assert r.returncode == 1 and re.search(r"^vdtest_fail  \S+ \S+  error  The test job failed", r.stdout, re.M)
    (write,) = runs(own_server, token, job_code="vdtest_write")
    assert write["status"] == "error" and write["messages"] == ABANDONED and write["finished_at"] is not None
    assert written(own_server) == 0  # the dead runner's writes never committed


def test_serve_runs_the_scheduler_on_its_tick(tmp_path):
    db = Database(tmp_path)
    srv = Server(tmp_path, db, extra_env={"VDC_CRON_TICK_SECONDS": "1"})
    try:
        token = srv.token()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not runs(srv, token, job_code="vdtest_write", status="success"):
            time.sleep(0.5)
        assert runs(srv, token, job_code="vdtest_write", status="success")
        assert written(srv) >= 1
    finally:
        srv.stop()
        db.drop()


def test_cron_run_job_runs_a_named_job_now_due_or_not(server, admin_token):
    """``--job``: the job runs at once each time it is asked (vdtest_configured has no expression, so it is
    never due), recorded like any run; the other jobs are left alone; an unknown code is a message."""
    before = written(server)  # vdtest_configured writes the rows of vdtest_write
    history = {job: len(runs(server, admin_token, job_code=job)) for job in ("vdtest_configured", "vdtest_fail")}
    for _ in range(2):
        out = server.cli("cron", "run", "--job", "vdtest_configured").stdout
        assert re.search(r"^vdtest_configured  \S+ \S+  success$", out, re.M) and out.endswith("1 job run(s).\n")
    assert written(server) == before + 2
    configured = runs(server, admin_token, job_code="vdtest_configured")
    assert len(configured) == history["vdtest_configured"] + 2 and configured[-1]["status"] == "success"
    assert len(runs(server, admin_token, job_code="vdtest_fail")) == history["vdtest_fail"]
    r = server.cli("cron", "run", "--job", "nosuch", check=False)
    assert r.returncode == 1 and 'No job "nosuch" is declared.' in r.stderr



@pytest.fixture
def all_client(server, admin_token):
    with server.client(admin_token, "all") as c:
        yield c


def test_cron_run_job_at_runs_the_job_as_of_that_time_and_may_repeat(server, admin_token, all_client):
    """The job clock: ``--job CODE --at TIME`` runs the job now as if it were TIME; the job reads it as
    ``ctx.now()``, and what the platform's services write for it carry it; the same call runs again."""
    sku = new_product(all_client)
    order = create(all_client, [(sku, 1, 45)])
    server.config("testmodule/cron/comment_order", str(order["entity_id"]))
    try:
        for expected in (1, 2):
            r = server.cli("cron", "run", "--job", "vdtest_clock", "--at", "2031-01-02 03:04")
            assert r.stdout == "vdtest_clock  2031-01-02 03:04  success\n1 job run(s).\n"
            assert clocks(server).count("2031-01-02 03:04:00") == expected
    finally:
        server.config("testmodule/cron/comment_order", "")
    repeated = [run for run in runs(server, admin_token, job_code="vdtest_clock")
                if run["scheduled_at"] == "2031-01-02 03:04:00"]
    assert len(repeated) == 2 and all(run["status"] == "success" for run in repeated)
    assert repeated[0]["schedule_id"] != repeated[1]["schedule_id"]
    # the bookkeeping keeps the real clock
    assert all(run["executed_at"] < "2031" and run["created_at"] < "2031" for run in repeated)

    got = all_client.get(f"/V1/orders/{order['entity_id']}").json()
    assert got["updated_at"] == "2031-01-02 03:04:00"
    comments = [h for h in got["status_histories"] if h["comment"].startswith("Commented by a job")]
    assert [h["created_at"] for h in comments] == ["2031-01-02 03:04:00"] * 2
    assert comments[0]["comment"] == "Commented by a job at 2031-01-02 03:04:00"

    # seconds are taken too; without --at the job sees the real clock
    server.cli("cron", "run", "--job", "vdtest_clock", "--at", "2031-01-02 03:04:59")
    assert clocks(server)[-1] == "2031-01-02 03:04:59"
    before = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None, microsecond=0)
    server.cli("cron", "run", "--job", "vdtest_clock")
    seen = dt.datetime.strptime(clocks(server)[-1], "%Y-%m-%d %H:%M:%S")
    assert before <= seen <= dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)


def test_a_named_job_waits_for_the_runner_lock(own_server):
    own_server.config("testmodule/cron/pause_seconds", "3")
    busy = start_runner(own_server, "--job", "vdtest_write")
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not runs(own_server, own_server.token(), status="running"):
            time.sleep(0.2)
        r = own_server.cli("cron", "run", "--job", "vdtest_clock", "--at", "2031-01-02 03:04")
        assert r.returncode == 0 and "vdtest_clock  2031-01-02 03:04  success" in r.stdout
    finally:
        busy.communicate(timeout=60)
    assert written(own_server) == 1 and clocks(own_server) == ["2031-01-02 03:04:00"]


def test_the_history_route_needs_its_acl_resource(server, admin_token):
    with server.client() as guest:
        r = guest.get(ROUTE)
    assert r.status_code == 401
    assert r.json()["message"] == "The consumer isn't authorized to access %resources."
    assert r.json()["parameters"] == {"resources": "Vdcommerce_Cron::schedule"}

    name, password = unique("u"), "Passw0rd-123"
    server.cli("admin", "create", "--username", name, "--password", password, "--resources",
               "Magento_Customer::customer")
    with server.client(server.token(name, password)) as limited:
        assert limited.get(ROUTE).status_code == 401
    name2 = unique("u")
    server.cli("admin", "create", "--username", name2, "--password", password, "--resources",
               "Vdcommerce_Cron::schedule")
    with server.client(server.token(name2, password)) as allowed:
        r = allowed.get(ROUTE, params={"searchCriteria[filter_groups][0][filters][0][field]": "nosuch",
                                       "searchCriteria[filter_groups][0][filters][0][value]": "x"})
        assert r.status_code == 400 and "parameters" in r.json()
        with server.client(admin_token) as admin:
            everything = admin.get(ROUTE, params={"searchCriteria[pageSize]": 5}).json()
        assert allowed.get(ROUTE, params={"searchCriteria[pageSize]": 5}).json() == everything


# --------------------------------------------------------------------------- declarations

def _package(tmp_path: Path, crontab: str) -> Package:
    root = tmp_path / unique("pkg")
    (root / "etc").mkdir(parents=True)
    (root / "etc" / "crontab.xml").write_text(crontab)
    return Package("tests.brokencron", root)


def _job(attrs: str, inner: str = "<schedule>* * * * *</schedule>") -> str:
    return f'<config><group id="default"><job {attrs}>{inner}</job></group></config>'


GOOD = 'name="a" instance="tests.testmodule.cron:WriteRow" method="execute"'


@pytest.mark.parametrize("crontab, needle", [
    ("<config><group id='default'>", "not well-formed"),
    (_job(GOOD, "<schedule>61 * * * *</schedule>"), "is not a cron expression"),
    (_job(GOOD, ""), "needs either <schedule> or <config_path>"),
    (_job('name="a" method="execute"'), "needs 'name' and 'instance'"),
    (_job('name="a" instance="tests.testmodule.cron:NoSuch" method="execute"'), "cannot resolve"),
    (_job('name="a" instance="tests.testmodule.cron:WriteRow" method="nosuch"'), "has no method 'nosuch'"),
    ('<config><group><job/></group></config>', "<group> without id"),
])
def test_a_broken_crontab_is_refused_naming_its_file(tmp_path, crontab, needle):
    pkg = _package(tmp_path, crontab)
    with pytest.raises(DeclarationError) as e:
        read([pkg])
    assert needle in str(e.value) and str(pkg.path / "etc" / "crontab.xml") in str(e.value)


def test_a_job_declared_twice_is_refused(tmp_path):
    one, two = _package(tmp_path, _job(GOOD)), _package(tmp_path, _job(GOOD))
    with pytest.raises(DeclarationError, match="job 'a' is already declared"):
        read([one, two])
    (job,) = read([one])
    assert (job.code, job.group, job.schedule) == ("a", "default", "* * * * *")


def test_cron_commands_refuse_a_broken_crontab(tmp_path):
    pkg = tmp_path / "brokencron"
    (pkg / "etc").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "etc" / "crontab.xml").write_text(_job(GOOD, "<schedule>every day</schedule>"))
    env = {**os.environ, "VDC_EXTRA_PACKAGES": "brokencron", "VDC_VAR_DIR": str(tmp_path / "var"),
           "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    r = subprocess.run([str(BIN), "cron", "list"], env=env, capture_output=True, text=True, cwd=ROOT)
    assert r.returncode != 0
    assert "crontab.xml" in r.stderr and "'every day' is not a cron expression" in r.stderr
