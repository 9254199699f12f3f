"""Benchmark the FAQ question API against its floor and write bench/results.json and docs/performance.md.

    .venv/bin/python -m bench.run            # full run: 10 s per measurement (make bench)
    .venv/bin/python -m bench.run --quick    # short run: 3 s per measurement
    .venv/bin/python -m bench.run --rows 1000000 --db postgresql   # getList at 1M rows on PostgreSQL

Steps: a fresh database (SQLite in a temporary directory, or a new database on the local PostgreSQL
server, dropped at the end); ``vdcommerce db upgrade``; 100,000 FAQ questions (``--rows``) loaded
with SQLAlchemy Core; an admin user; the service (``vdcommerce serve``, production settings, one
worker) and the floor (``bench.floor``: a bare ASGI app on the same server and database) started on
loopback ports; an admin token; then for each scenario (GET by id, getList, POST create) and each
connection count (``--connections``, default 1 and 32) a warm-up and a wrk measurement of the
service and of the floor, one right after the other. Every response is checked by a Lua
``response()`` hook: any status other than 200, or any socket error, fails the run (exit code 1).
Then the statements per request of each scenario, read from the service's
``vdcommerce_db_statements_total`` before and after a fixed number of requests. Missing a
performance target is reported, not an error.
"""
from __future__ import annotations

import os
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

if __name__ == "__main__" and __package__ in (None, ""):  # `python bench/run.py`
    sys.path.insert(0, _ROOT)
    try:
        import sqlalchemy  # noqa: F401
    except ImportError:  # not the project's virtualenv: use it
        venv = os.path.join(_ROOT, ".venv")
        venv_python = os.path.join(venv, "bin", "python")
        if os.path.exists(venv_python) and os.path.realpath(sys.prefix) != os.path.realpath(venv):
            os.execv(venv_python, [venv_python, os.path.abspath(__file__), *sys.argv[1:]])
        raise

import argparse  # noqa: E402
import datetime as dt  # noqa: E402
import json  # noqa: E402
import platform  # noqa: E402
import re  # noqa: E402
import secrets  # noqa: E402
import shutil  # noqa: E402
import signal  # noqa: E402
import socket  # noqa: E402
import sqlite3  # noqa: E402
import subprocess  # noqa: E402
import time  # noqa: E402
import urllib.error  # noqa: E402
import urllib.request  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

from bench.workspace import Workspace  # noqa: E402

ROOT = Path(_ROOT)
RESULTS_JSON = ROOT / "bench" / "results.json"
PERFORMANCE_MD = ROOT / "docs" / "performance.md"

ADMIN_USER, ADMIN_PASSWORD = "bench-admin", "Bench-Passw0rd-2024"

LIST_QUERY = ("searchCriteria[filter_groups][0][filters][0][field]=status"
              "&searchCriteria[filter_groups][0][filters][0][value]=1"
              "&searchCriteria[sort_orders][0][field]=position"
              "&searchCriteria[sort_orders][0][direction]=ASC"
              "&searchCriteria[pageSize]=20&searchCriteria[currentPage]=5")

# scenario -> (service path, floor path); GET by id appends a random id in the Lua script
SCENARIOS = {
    "get_by_id": ("/rest/V1/vendor_faq/question?questionId=", "/floor/question?questionId="),
    "get_list": ("/rest/V1/vendor_faq/question/all?" + LIST_QUERY, "/floor/list?" + LIST_QUERY),
    "create": ("/rest/V1/vendor_faq/question", "/floor/question"),
}
SCENARIO_TITLES = {"get_by_id": "GET by id", "get_list": "getList", "create": "POST create"}

TARGET_GET_RATIO = 0.5  # GET by id and POST create, saturated
TARGET_LIST_P99_MS = 10.0  # getList, one connection, up to 100,000 rows
TARGET_LIST_P99_MS_LARGE = 50.0  # from 1,000,000 rows
DEFAULT_ROWS = 100_000
# the SQL the floor runs per call (transaction control not counted, as in the service's counter)
FLOOR_STATEMENTS = {"get_by_id": 1, "get_list": 2, "create": 2}
STATEMENTS_METRIC = "vdcommerce_db_statements_total"
PG_ADMIN_URL = os.environ.get("VDC_BENCH_PG_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")

HAND_BEGIN = "<!-- BEGIN hand-written: server, validation and database choices (kept by bench/run.py) -->"
HAND_END = "<!-- END hand-written -->"
HAND_PLACEHOLDER = ("**To be written:** why uvicorn with a raw ASGI application (httptools, uvloop) "
                    "rather than a framework; how request bodies and parameters are validated and "
                    "what that costs per call; why SQLAlchemy Core on SQLite (WAL) by default, and "
                    "when to use PostgreSQL.")


class BenchError(RuntimeError):
    """A step of the benchmark did not work (the run stops and says why)."""


# -- processes --------------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    name: str
    cmd: list[str]
    port: int
    log: Path
    proc: subprocess.Popen | None = None

    def start(self, env: dict[str, str]) -> None:
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(self.cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
                                         stdin=subprocess.DEVNULL, start_new_session=True)

    def log_tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def wait_ready(self, probe_path: str, timeout: float = 60.0) -> None:
        """Wait until the server answers HTTP on its port (any status)."""
        deadline = time.monotonic() + timeout
        url = f"http://127.0.0.1:{self.port}{probe_path}"
        while time.monotonic() < deadline:
            if self.proc is not None and self.proc.poll() is not None:
                raise BenchError(f"{self.name} exited with code {self.proc.returncode} while starting:\n"
                                 f"{self.log_tail()}")
            try:
                urllib.request.urlopen(url, timeout=2).read()
                return
            except urllib.error.HTTPError:
                return
            except (urllib.error.URLError, OSError):
                time.sleep(0.2)
        raise BenchError(f"{self.name} did not answer on port {self.port} within {timeout:.0f} s:\n{self.log_tail()}")

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None or proc.poll() is not None:
            return
        for sig, grace in ((signal.SIGTERM, 10.0), (signal.SIGKILL, 5.0)):
            try:
                os.killpg(proc.pid, sig)
            except ProcessLookupError:
                return
            try:
                proc.wait(timeout=grace)
                break
            except subprocess.TimeoutExpired:
                continue
        # a worker that outlived its parent is still in the group
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def run_cli(args: list[str], env: dict[str, str], timeout: float, log: Path) -> str:
    cmd = [str(vdcommerce_bin()), *args]
    try:
        res = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout,
                             stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as exc:
        raise BenchError(f"`vdcommerce {' '.join(args)}` did not finish within {timeout:.0f} s") from exc
    with open(log, "a") as out:
        out.write(f"$ vdcommerce {' '.join(args)}\n{res.stdout}{res.stderr}\n")
    if res.returncode != 0:
        raise BenchError(f"`vdcommerce {' '.join(args)}` failed ({res.returncode}):\n{res.stdout}{res.stderr}")
    return res.stdout


def start_service_and_floor(env: dict[str, str], tmp: Path, servers: list[Server],
                            workers: int = 1, ready_timeout: float = 60.0) -> tuple[Server, Server]:
    """The service and the floor on free loopback ports, each answering before this returns; both are
    added to ``servers`` first, so the caller stops them whatever happens."""
    port, floor_port = free_port(), free_port()
    svc = Server("service", [str(vdcommerce_bin()), "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--workers", str(workers)], port, tmp / "service.log")
    floor = Server("floor", [str(venv_bin() / "python"), "-m", "bench.floor", "--host", "127.0.0.1",
                             "--port", str(floor_port), "--workers", str(workers)], floor_port, tmp / "floor.log")
    servers += [svc, floor]
    svc.start(env)
    svc.wait_ready("/rest/V1/", ready_timeout)
    floor.start(env)
    floor.wait_ready("/floor/question?questionId=1", ready_timeout)
    return svc, floor


def venv_bin() -> Path:
    here = Path(sys.executable).parent
    if (here / "vdcommerce").exists():
        return here
    return ROOT / ".venv" / "bin"


def vdcommerce_bin() -> Path:
    path = venv_bin() / "vdcommerce"
    if not path.exists():
        raise BenchError(f"{path} not found: install the project (pip install -e .) first")
    return path


# -- HTTP helpers -----------------------------------------------------------------------------

def http_json(method: str, url: str, body: Any = None, token: str | None = None, timeout: float = 10.0):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method)
    req.add_header("Accept", "application/json")
    if data is not None:
        req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status, json.loads(resp.read() or b"null")
    except urllib.error.HTTPError as exc:
        raw = exc.read()
        try:
            return exc.code, json.loads(raw)
        except ValueError:
            return exc.code, raw.decode(errors="replace")


def check(cond: bool, what: str) -> None:
    if not cond:
        raise BenchError(what)


def sanity_checks(base: str, paths: tuple[str, str, str], token: str | None, loaded: dict, who: str,
                  run_id: str) -> None:
    """One request per scenario, checked for status and shape before any load is sent."""
    get_path, list_path, create_path = paths
    status, obj = http_json("GET", base + get_path + "1", token=token)
    check(status == 200 and isinstance(obj, dict),
          f"{who}: GET question 1 -> {status} {str(obj)[:300]}")
    if "question_id" in obj:
        check(int(obj["question_id"]) == 1, f"{who}: GET question 1 returned question_id={obj['question_id']}")
    status, obj = http_json("GET", base + list_path, token=token)
    check(status == 200 and isinstance(obj, dict) and isinstance(obj.get("items"), list),
          f"{who}: getList -> {status} {str(obj)[:300]}")
    check(len(obj["items"]) == 20, f"{who}: getList returned {len(obj['items'])} items, expected 20")
    check(obj.get("total_count") == loaded["status_1"],
          f"{who}: getList total_count={obj.get('total_count')}, expected {loaded['status_1']}")
    positions = [it.get("position") for it in obj["items"]]
    if all(p is not None for p in positions):
        check(positions == sorted(positions, key=int), f"{who}: getList items not sorted by position: {positions}")
    statuses = {int(it["status"]) for it in obj["items"] if it.get("status") is not None}
    check(statuses <= {1}, f"{who}: getList returned statuses {statuses}, filter was status=1")
    body = {"question": {"title": f"Sanity question {run_id} {who}?", "email": "a@b.c", "name": "Ana",
                         "stores": "1", "status": 0, "visibility": 1}}
    status, obj = http_json("POST", base + create_path, body=body, token=token)
    check(status == 200 and isinstance(obj, dict), f"{who}: POST question -> {status} {str(obj)[:300]}")
    if "title" in obj:
        check(obj["title"] == body["question"]["title"], f"{who}: POST question returned title {obj['title']!r}")


# -- wrk --------------------------------------------------------------------------------------

LUA_COMMON = r"""
local threads = {}

function setup(thread)
  thread:set("tid", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  ok, bad, n, sample = 0, 0, 0, ""
  tag = args[1] or ""
  math.randomseed(os.time() * 1000 + tid)
end

function response(status, headers, body)
  if status == 200 then
    ok = ok + 1
  else
    bad = bad + 1
    if sample == "" then sample = status .. " " .. string.sub(body or "", 1, 300) end
  end
end

function done(summary, latency, requests)
  local all_ok, all_bad, first = 0, 0, ""
  for _, t in ipairs(threads) do
    all_ok = all_ok + t:get("ok")
    all_bad = all_bad + t:get("bad")
    local s = t:get("sample")
    if first == "" and s ~= "" then first = s end
  end
  local e = summary.errors
  io.write(string.format(
    "BENCH_RESULT requests=%d duration_us=%d ok=%d bad=%d connect=%d read=%d write=%d status=%d timeout=%d "
    .. "p50_us=%d p90_us=%d p99_us=%d max_us=%d mean_us=%.1f\n",
    summary.requests, summary.duration, all_ok, all_bad, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean))
  if first ~= "" then
    io.write("BENCH_BAD_SAMPLE " .. (string.gsub(first, "[\r\n]", " ")) .. "\n")
  end
end
"""


def lua_string(s: str) -> str:
    return json.dumps(s)  # a JSON string literal is a valid Lua string literal for ASCII text


def write_scripts(tmp: Path, token: str, rows: int, run_id: str) -> dict[tuple[str, str], Path]:
    scripts = {}
    for scenario, (svc_path, floor_path) in SCENARIOS.items():
        for target, path in (("service", svc_path), ("floor", floor_path)):
            lines = ["-- generated by bench/run.py"]
            if target == "service":
                lines.append(f'wrk.headers["Authorization"] = {lua_string("Bearer " + token)}')
            lines.append('wrk.headers["Accept"] = "application/json"')
            if scenario == "get_by_id":
                lines += [f"local prefix = {lua_string(path)}",
                          "function request()",
                          f"  return wrk.format(\"GET\", prefix .. math.random(1, {rows}))",
                          "end"]
            elif scenario == "get_list":
                lines += ['wrk.method = "GET"', f"wrk.path = {lua_string(path)}"]
            else:
                body_fmt = ('{"question":{"title":"How long does delivery to the islands take? (%s-%s-%d-%d)",'
                            '"email":"a@b.c","name":"Ana","stores":"1","status":0,"visibility":1}}')
                lines += ['wrk.headers["Content-Type"] = "application/json"',
                          f"local path = {lua_string(path)}",
                          f"local fmt = {lua_string(body_fmt)}",
                          f"local run_id = {lua_string(run_id + '-' + target)}",
                          "function request()",
                          "  n = n + 1",
                          "  return wrk.format(\"POST\", path, nil, string.format(fmt, run_id, tag, tid, n))",
                          "end"]
            p = tmp / f"{scenario}-{target}.lua"
            p.write_text("\n".join(lines) + "\n" + LUA_COMMON)
            scripts[(scenario, target)] = p
    return scripts


@dataclass
class WrkResult:
    scenario: str
    target: str
    connections: int = 1
    requests: int = 0
    duration_s: float = 0.0
    rps: float = 0.0
    p50_ms: float = 0.0
    p90_ms: float = 0.0
    p99_ms: float = 0.0
    max_ms: float = 0.0
    non_200: int = 0
    socket_errors: dict[str, int] = field(default_factory=dict)
    bad_sample: str = ""
    wrk_rps: float | None = None  # wrk's own "Requests/sec" line, as a cross-check

    @property
    def failed(self) -> bool:
        return self.requests == 0 or self.non_200 > 0 or any(self.socket_errors.values())

    def failure(self) -> str:
        parts = []
        if self.requests == 0:
            parts.append("no request completed")
        if self.non_200:
            parts.append(f"{self.non_200} of {self.requests} responses were not 200 (first: {self.bad_sample})")
        errs = {k: v for k, v in self.socket_errors.items() if v}
        if errs:
            parts.append(f"socket errors {errs}")
        return f"{self.target} {SCENARIO_TITLES[self.scenario]} -c{self.connections}: " + "; ".join(parts)


_UNIT_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0}


def parse_wrk(scenario: str, target: str, out: str, connections: int = 1) -> WrkResult:
    res = WrkResult(scenario, target, connections)
    m = re.search(r"^BENCH_RESULT (.*)$", out, re.M)
    if not m:
        raise BenchError(f"wrk printed no result line for {target} {scenario}:\n{out[-2000:]}")
    kv = {k: float(v) for k, v in (item.split("=", 1) for item in m.group(1).split())}
    res.requests = int(kv["requests"])
    res.duration_s = kv["duration_us"] / 1e6
    res.rps = res.requests / res.duration_s if res.duration_s else 0.0
    res.p50_ms, res.p90_ms, res.p99_ms = kv["p50_us"] / 1000, kv["p90_us"] / 1000, kv["p99_us"] / 1000
    res.max_ms = kv["max_us"] / 1000
    # responses seen by the Lua hook that were not 200, and wrk's own count of >= 400
    res.non_200 = max(int(kv["bad"]), int(kv["status"]), res.requests - int(kv["ok"]))
    res.socket_errors = {k: int(kv[k]) for k in ("connect", "read", "write", "timeout")}
    m = re.search(r"^BENCH_BAD_SAMPLE (.*)$", out, re.M)
    res.bad_sample = m.group(1)[:300] if m else ""
    m = re.search(r"^Requests/sec:\s+([\d.]+)", out, re.M)
    res.wrk_rps = float(m.group(1)) if m else None
    m = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    if m:
        res.non_200 = max(res.non_200, int(m.group(1)))
    return res


def run_wrk(url: str, script: Path, seconds: float, threads: int, connections: int, log: Path,
            scenario: str, target: str, tag: str = "run") -> WrkResult:
    cmd = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{max(1, round(seconds))}s", "--latency",
           "--timeout", "30s", "-s", str(script), url, "--", tag]
    try:
        res = subprocess.run(cmd, capture_output=True, text=True, timeout=seconds + 60,
                             stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as exc:
        raise BenchError(f"wrk did not finish: {' '.join(cmd)}") from exc
    with open(log, "a") as out:
        out.write(f"$ {' '.join(cmd)}\n{res.stdout}{res.stderr}\n")
    if res.returncode != 0:
        raise BenchError(f"wrk failed ({res.returncode}): {res.stderr.strip()}")
    drain(url)
    return parse_wrk(scenario, target, res.stdout, connections)


def drain(url: str, timeout: float = 300.0) -> None:
    """Wait until the server has answered what wrk left queued when it stopped: the requests in flight on
    its connections are still worked on, and would count against the next measurement. One cheap request
    (``/health/live``; the floor answers it 404) waits behind them."""
    t0 = time.monotonic()
    try:
        urllib.request.urlopen(url.rstrip("/") + "/health/live", timeout=timeout).read()
    except urllib.error.HTTPError:
        pass
    except (urllib.error.URLError, OSError) as exc:
        raise BenchError(f"{url} did not answer within {timeout:.0f} s of a measurement's end: {exc}") from exc
    waited = time.monotonic() - t0
    if waited > 1.0:
        print(f"bench: waited {waited:.1f} s for {url} to answer the requests left queued", flush=True)


# -- machine ----------------------------------------------------------------------------------

def _cmd_output(cmd: list[str]) -> str:
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=20).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        return ""


def machine_info() -> dict[str, Any]:
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem_gib = None
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                mem_gib = round(int(line.split()[1]) / 1024 / 1024, 1)
                break
    except OSError:
        pass
    venv_python = str(venv_bin() / "python")
    versions = _cmd_output([venv_python, "-c",
                            "import sys, sqlite3, uvicorn, orjson, sqlalchemy; "
                            "print(sys.version.split()[0], sqlite3.sqlite_version, uvicorn.__version__, "
                            "orjson.__version__, sqlalchemy.__version__)"]).split()
    versions += [""] * (5 - len(versions))
    wrk_version = _cmd_output(["sh", "-c", "wrk -v 2>&1 | head -1"])
    return {
        "cpu_model": cpu or platform.processor() or "unknown",
        "nproc": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count(),
        "memory_gib": mem_gib,
        "kernel": platform.release(),
        "python": versions[0] or platform.python_version(),
        "sqlite": versions[1],
        "uvicorn": versions[2],
        "orjson": versions[3],
        "sqlalchemy": versions[4],
        "wrk": wrk_version.split(" [")[0],
        "date": dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat(),
        "load_average_at_start": [round(x, 2) for x in os.getloadavg()],
    }


def db_info(db_path: Path | None) -> dict[str, Any]:
    if db_path is None:  # PostgreSQL
        return {"journal_mode": None}
    conn = sqlite3.connect(db_path)
    try:
        idx = conn.execute("SELECT name, sql FROM sqlite_master WHERE type='index' "
                           "AND tbl_name='vendor_faq_question' ORDER BY name").fetchall()
        return {
            "journal_mode": conn.execute("PRAGMA journal_mode").fetchone()[0],
            "question_indexes": [f"{name}: {sql}" if sql else name for name, sql in idx],
            "list_query_plan": [r[-1] for r in conn.execute(
                "EXPLAIN QUERY PLAN SELECT * FROM vendor_faq_question WHERE status = 1 "
                "ORDER BY position ASC LIMIT 20 OFFSET 80").fetchall()],
        }
    finally:
        conn.close()


# -- databases --------------------------------------------------------------------------------

class FreshDatabase:
    """A database of its own for one run: a SQLite file in the run's directory, or a new database on the
    PostgreSQL server of ``admin_url`` (created here, dropped by ``drop``)."""

    def __init__(self, kind: str, tmp: Path, admin_url: str = PG_ADMIN_URL):
        self.kind, self.admin_url = kind, admin_url
        self.path: Path | None = None
        if kind == "sqlite":
            self.path = tmp / "bench.db"
            self.url = f"sqlite:///{self.path}"
            self.name = str(self.path)
            return
        import sqlalchemy as sa

        self.name = f"vdc_bench_{dt.datetime.now():%Y%m%d%H%M%S}_{secrets.token_hex(3)}"
        engine = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT")
        try:
            with engine.connect() as conn:
                conn.execute(sa.text(f'CREATE DATABASE "{self.name}"'))
        except sa.exc.OperationalError as exc:
            raise BenchError(f"cannot create a database on {admin_url}: {exc}") from exc
        finally:
            engine.dispose()
        self.url = admin_url.rsplit("/", 1)[0] + "/" + self.name

    def after_load(self) -> None:
        """On PostgreSQL, after rows were loaded with their ids: the id sequence moved past them, and
        planner statistics (autovacuum may not have run yet)."""
        if self.kind != "postgresql":
            return
        import sqlalchemy as sa
        engine = sa.create_engine(self.url, isolation_level="AUTOCOMMIT")
        try:
            with engine.connect() as conn:
                conn.execute(sa.text("SELECT setval(pg_get_serial_sequence('vendor_faq_question', 'question_id'), "
                                     "(SELECT max(question_id) FROM vendor_faq_question))"))
                conn.execute(sa.text("VACUUM ANALYZE"))
        finally:
            engine.dispose()

    def server_version(self) -> str:
        if self.kind == "sqlite":
            return f"SQLite {sqlite3.sqlite_version}"
        import sqlalchemy as sa
        engine = sa.create_engine(self.url)
        try:
            with engine.connect() as conn:
                return "PostgreSQL " + str(conn.execute(sa.text("SHOW server_version")).scalar())
        finally:
            engine.dispose()

    def drop(self) -> None:
        if self.kind != "postgresql":
            return
        import sqlalchemy as sa
        engine = sa.create_engine(self.admin_url, isolation_level="AUTOCOMMIT")
        try:
            with engine.connect() as conn:
                conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)'))
        except sa.exc.SQLAlchemyError as exc:
            print(f"bench: could not drop database {self.name}: {exc}", file=sys.stderr)
        finally:
            engine.dispose()


# -- statements per request -------------------------------------------------------------------

class StatementCounter:
    """Reads the service's ``vdcommerce_db_statements_total`` (all workers summed) around some calls.

    A worker adds its count to the metric after each request, so a scrape's own statements (the queue
    and outbox gauges) show in the next scrape: that constant is measured first and taken off."""

    def __init__(self, base: str):
        self.base = base
        self.available = self._read() is not None
        self.per_scrape = 0.0
        if self.available:
            reads = [self.read() for _ in range(4)]
            steps = [b - a for a, b in zip(reads, reads[1:])]
            check(len(set(steps)) == 1, f"the statement count moved by {steps} between idle scrapes: is "
                                        "something else using the service?")
            self.per_scrape = steps[0]

    def _read(self) -> float | None:
        time.sleep(0.02)  # the previous request's count is added just after its answer
        try:
            with urllib.request.urlopen(self.base + "/metrics", timeout=10) as resp:
                text = resp.read().decode()
        except urllib.error.HTTPError:
            return None
        total, found = 0.0, False
        for line in text.splitlines():
            if line.startswith(STATEMENTS_METRIC + " ") or line.startswith(STATEMENTS_METRIC + "{"):
                total += float(line.rsplit(" ", 1)[1])
                found = True
        return total if found else 0.0

    def read(self) -> float:
        value = self._read()
        if value is None:
            raise BenchError("the service stopped answering /metrics")
        return value

    def since(self, before: float) -> float:
        """Statements run since ``before`` was read, without the scrapes' own."""
        return self.read() - before - self.per_scrape


def count_statements(base: str, token: str, rows: int, n: int, run_id: str) -> dict[str, Any]:
    """Statements per request of each scenario: ``n`` requests each, one at a time."""
    counter = StatementCounter(base)
    if not counter.available:
        return {"available": False}
    get_path, list_path, create_path = (SCENARIOS[s][0] for s in SCENARIOS)
    rng = __import__("random").Random(7)
    calls = {
        "get_by_id": lambda i: http_json("GET", base + get_path + str(rng.randint(1, rows)), token=token),
        "get_list": lambda i: http_json("GET", base + list_path, token=token),
        "create": lambda i: http_json("POST", base + create_path, token=token, body={"question": {
            "title": f"Counted question {run_id} {i}?", "email": "a@b.c", "name": "Ana", "stores": "1",
            "status": 0, "visibility": 1}}),
    }
    out: dict[str, Any] = {"available": True, "requests": n, "per_scrape": counter.per_scrape}
    for scenario, call in calls.items():
        before = counter.read()
        for i in range(n):
            status, body = call(i)
            check(status == 200, f"statement count, {SCENARIO_TITLES[scenario]}: {status} {str(body)[:300]}")
        out[scenario] = round(counter.since(before) / n, 2)
    return out


# -- report -----------------------------------------------------------------------------------

def build_summary(results: list[WrkResult]) -> list[dict[str, Any]]:
    by = {(r.scenario, r.target, r.connections): r for r in results}
    rows = []
    for scenario in SCENARIOS:
        for conns in sorted({r.connections for r in results}):
            svc, floor = by.get((scenario, "service", conns)), by.get((scenario, "floor", conns))
            for r in (svc, floor):
                if r is None:
                    continue
                ratio = None
                if r.target == "service" and floor is not None and floor.rps:
                    ratio = r.rps / floor.rps
                rows.append({"scenario": scenario, "target": r.target, "connections": conns,
                             "label": f"{SCENARIO_TITLES[scenario]} ({r.target})",
                             "requests": r.requests, "duration_s": round(r.duration_s, 2),
                             "rps": round(r.rps, 1), "p50_ms": round(r.p50_ms, 3), "p90_ms": round(r.p90_ms, 3),
                             "p99_ms": round(r.p99_ms, 3), "max_ms": round(r.max_ms, 3),
                             "ratio_to_floor": None if ratio is None else round(ratio, 3),
                             "non_200": r.non_200, "socket_errors": r.socket_errors,
                             "wrk_rps": r.wrk_rps, "ok": not r.failed})
    return rows


def _row(rows: list[dict[str, Any]], scenario: str, target: str, conns: int) -> dict[str, Any]:
    return next((r for r in rows if (r["scenario"], r["target"], r["connections"]) == (scenario, target, conns)), {})


def headline(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The saturated ratio to the floor of each scenario (at the most connections measured)."""
    conns = max((r["connections"] for r in rows), default=1)
    return {"connections": conns,
            "ratios": {s: _row(rows, s, "service", conns).get("ratio_to_floor") for s in SCENARIOS}}


def evaluate_targets(rows: list[dict[str, Any]], rows_loaded: int = DEFAULT_ROWS) -> list[dict[str, Any]]:
    if not rows:
        return []
    most, least = max(r["connections"] for r in rows), min(r["connections"] for r in rows)
    out = []
    for scenario in ("get_by_id", "create"):
        ratio = _row(rows, scenario, "service", most).get("ratio_to_floor")
        out.append({"name": f"{SCENARIO_TITLES[scenario]}, {most} connections: service req/s >= "
                            f"{TARGET_GET_RATIO} x floor req/s",
                    "metric": "ratio_to_floor", "connections": most, "value": ratio, "threshold": TARGET_GET_RATIO,
                    "floor_value": None if ratio is None else 1.0,
                    "status": "n/a" if ratio is None else ("PASS" if ratio >= TARGET_GET_RATIO else "FAIL")})
    limit = TARGET_LIST_P99_MS_LARGE if rows_loaded >= 1_000_000 else TARGET_LIST_P99_MS
    p99 = _row(rows, "get_list", "service", least).get("p99_ms")
    out.append({"name": f"getList, {least} connection{'s' if least > 1 else ''}: service p99 <= {limit:g} ms",
                "metric": "p99_ms", "connections": least, "value": p99,
                "floor_value": _row(rows, "get_list", "floor", least).get("p99_ms"), "threshold": limit,
                "status": "n/a" if p99 is None else ("PASS" if p99 <= limit else "FAIL")})
    return out


def _fmt(v: Any, spec: str) -> str:
    return "-" if v is None else format(v, spec)


def table_lines(rows: list[dict[str, Any]], markdown: bool) -> list[str]:
    """One line per scenario and connection count: service and floor side by side."""
    head = ["scenario", "connections", "service req/s", "floor req/s", "ratio to floor", "service p50 ms",
            "service p99 ms", "floor p50 ms", "floor p99 ms"]
    body = []
    for r in rows:
        if r["target"] != "service":
            continue
        f = _row(rows, r["scenario"], "floor", r["connections"])
        body.append([SCENARIO_TITLES[r["scenario"]], str(r["connections"]), _fmt(r["rps"], ",.0f"),
                     _fmt(f.get("rps"), ",.0f"),
                     _fmt(r["ratio_to_floor"], ".2f") + ("" if r["ok"] and f.get("ok", True) else " (FAILED REQUESTS)"),
                     _fmt(r["p50_ms"], ".2f"), _fmt(r["p99_ms"], ".2f"), _fmt(f.get("p50_ms"), ".2f"),
                     _fmt(f.get("p99_ms"), ".2f")])
    if markdown:
        return (["| " + " | ".join(head) + " |", "| --- |" + " ---: |" * (len(head) - 1)]
                + ["| " + " | ".join(b) + " |" for b in body])
    widths = [max(len(x[i]) for x in [head] + body) for i in range(len(head))]
    fmt = lambda cells: "  ".join(c.ljust(w) if i == 0 else c.rjust(w)  # noqa: E731
                                 for i, (c, w) in enumerate(zip(cells, widths)))
    return [fmt(head), fmt(["-" * w for w in widths])] + [fmt(b) for b in body]


def headline_line(report: dict[str, Any]) -> str:
    h = report["headline"]
    parts = ", ".join(f"{SCENARIO_TITLES[s]} {_fmt(v, '.2f')}" for s, v in h["ratios"].items())
    return f"Saturated ratio to floor ({h['connections']} connections): {parts}"


def statement_lines(st: dict[str, Any] | None, markdown: bool) -> list[str]:
    if not st or not st.get("available"):
        return ["Statements per request: not measured (the service's /metrics is off)."]
    if not markdown:
        return ["statements/request (service vs floor, " + str(st["requests"]) + " requests each): "
                + ", ".join(f"{SCENARIO_TITLES[s]} {st[s]:g} vs {FLOOR_STATEMENTS[s]}" for s in SCENARIOS)]
    return (["| scenario | statements per request (service) | floor |", "| --- | ---: | ---: |"]
            + [f"| {SCENARIO_TITLES[s]} | {st[s]:g} | {FLOOR_STATEMENTS[s]} |" for s in SCENARIOS])


def _loadavg(values) -> str:
    return "-" if not values else ", ".join(f"{v:.2f}" for v in values)


def _hand_block(existing: str) -> str:
    if HAND_BEGIN in existing and HAND_END in existing:
        inner = existing.split(HAND_BEGIN, 1)[1].split(HAND_END, 1)[0].strip("\n")
        if inner.strip():
            return inner
    return HAND_PLACEHOLDER


#: a section another script (or a run of this one on another database or row count) writes between markers
_SECTION = re.compile(r"<!-- BEGIN (\S+) \(written by [^)]*\) -->.*?<!-- END \1 -->", re.S)


def kept_sections(existing: str) -> list[str]:
    """Every marked section of the page, in order, to be kept by a rewrite."""
    return [m.group(0) for m in _SECTION.finditer(existing)]


HOW_TO_RUN = """## How to run

```sh
make bench                                # bench/run.py, then bench/checkout.py (about 5 minutes)
make bench-scaling                        # bench/scaling.py: PostgreSQL, 1, 2 and 4 workers, mixed load
.venv/bin/python -m bench.run --quick     # 3 s per measurement: a smoke test of the harness
.venv/bin/python -m bench.run --rows 1000000 --db postgresql   # the 1M-row figures on PostgreSQL
```

Every script needs the project installed in `.venv`; those that load with wrk need it on the `PATH`
(`apt-get install wrk`). Each creates its own fresh database (a SQLite file in a temporary directory,
or a new database on the local PostgreSQL server that is dropped at the end), starts its own servers
on free loopback ports with production settings, checks every answer, and fails (exit code 1, figures
not written) on any answer it did not expect. `--quick` is a short smoke run of each; `--no-write`
prints without writing. wrk and the servers share the machine's cores, so a figure is only worth the
load average printed beside it: the ratio to the floor, measured seconds apart, is what travels.

**`bench/run.py`** -- the FAQ question API against its floor. Loads the questions (about 70 % with
status 1, varied positions, all in store 1) with SQLAlchemy Core, then for each scenario and each
connection count measures the service and then the floor (`bench/floor.py`) with wrk and a Lua script
that counts every status other than 200 (after each measurement it waits until the server has
answered the requests wrk left in flight, so that they do not count against the next one):

- **GET by id**: `GET /rest/V1/vendor_faq/question?questionId=N`, N uniformly random over the rows;
- **getList**: `GET /rest/V1/vendor_faq/question/all` filtered on `status=1`, sorted by `position`
  ascending, page 5 of 20 (items and `total_count`);
- **POST create**: `POST /rest/V1/vendor_faq/question`, a new question with a unique title, linked to
  store 1.

At 1 connection p50 and p99 are the time of one call; at 32 connections the worker is saturated, its
req/s is its capacity and the latency is mostly queueing. The *saturated* ratio (service req/s over
floor req/s at the most connections) is the headline. Then, for each scenario, the statements per
request: `vdcommerce_db_statements_total` on the service's `/metrics` read before and after a fixed
number of requests sent one at a time (the statements the service ran, through SQLAlchemy or the
driver fast path; BEGIN and COMMIT not counted), beside the statements the floor runs; a fraction
is the configuration a worker re-reads once a second (`VDC_CONFIG_CACHE_SECONDS`), spread over the
requests. Last, the bulk
figures of `bench/bulk.py`. Options: `--quick` (3 s per measurement, 1 s warm-up), `--duration S`,
`--warmup S`, `--connections 1,32` (comma-separated), `--threads N` (wrk threads, default 1: the
other core is the worker's), `--workers N`, `--rows N` (default 100,000; `--rows 1000000` for the
large-table figures, a few minutes of loading), `--db sqlite|postgresql` (PostgreSQL at
`VDC_BENCH_PG_URL`, default `postgresql+psycopg://postgres@127.0.0.1:5432/postgres`, which must let
the user create databases), `--statements N` (requests per scenario for the count, default 200),
`--keep` (keep the temporary directory). The default run (SQLite, 100,000 rows) rewrites
`bench/results.json` and this page, keeping the hand-written paragraph and every section the other
scripts write; a run on PostgreSQL or another row count writes `bench/results-<db>-<rows>.json` and a
section of its own. Targets: GET by id and POST create at least 0.5 x the floor saturated; getList p99
at most 10 ms at one connection (50 ms from 1,000,000 rows); a miss is reported, not a failure.

**`bench/checkout.py`** (part of `make bench`) -- guest checkouts end to end (create the cart, add an
item, shipping information, payment information), customer checkouts with an extra fee, a gift card
and store credit, and the totals of a 50-item cart under 5 cart price rules; one keep-alive client on
one worker on SQLite, so every figure is the latency of one call, as a ratio to the floor's
`GET /floor/question` p50. Then the statements of each of the four guest checkout calls and of a whole
order, counted as above over `--count-orders` orders (default 20). Options: `--quick` (50 orders),
`--orders N`, `--count-orders N`, `--no-write`.

**`bench/scaling.py`** (`make bench-scaling`) -- on PostgreSQL (a fresh database on
`VDC_BENCH_PG_URL`), for 1, 2 and 4 workers (`vdcommerce serve --workers N`): the throughput of GET by
id (wrk, 32 connections) beside the floor's on the same worker count, of cart writes (add item to one
of many guest carts, wrk, 32 connections) and of guest checkouts (client processes, each walking its
own carts through the four calls); then the mixed load: the p99 of GET by id (wrk, 4 connections)
alone and while the checkout clients run and a bulk of question creates is consumed, on the same
workers. Every order is counted back and every bulk operation must complete. Options: `--quick`,
`--workers 1,2,4`, `--duration S`, `--clients N` (checkout client processes, default 4), `--bulk N`
(operations in the mixed-load bulk), `--no-write`.

**Others**: `bench/bulk.py` (bulk operations per second through each queue backend, also run by
`bench/run.py`), `bench/tablerates.py` (shipping estimates over 100,000 table-rate rows),
`bench/finder.py` (parts finder searches; prints only) and `bench/soak.py` (`make soak`: minutes of
mixed load, memory and latency over time), each described at the top of its file."""


def splice_how_to_run(existing: str) -> str:
    """The page with its "How to run" section replaced by ``HOW_TO_RUN`` (the measured sections kept)."""
    start = existing.index("## How to run")
    end = existing.index("\n## ", start + 1)
    return existing[:start] + HOW_TO_RUN + "\n" + existing[end:]


def render_doc(report: dict[str, Any], existing: str) -> str:
    from bench.bulk import doc_lines as bulk_doc_lines
    m, s, d = report["machine"], report["settings"], report["database"]
    rows, targets = report["results"], report["targets"]
    mode = "quick" if s["quick"] else "full"
    lines = [
        "# Performance",
        "",
        "How fast the service answers, measured against a *floor*: the least any Python service on the "
        "same server and database could do for the same calls. The sections below are rewritten by the "
        "benchmark scripts that write them (`bench/run.py` the first ones, the others between their "
        "markers); only the marked paragraph under *Choices and why* is written by hand.",
        "",
        HOW_TO_RUN,
        "",
        "## Latest run",
        "",
        f"{m['date']}, {mode} run ({s['duration_s']:g} s per measurement, {s['warmup_s']:g} s warm-up), "
        f"{s['rows']:,} questions, {s['workers']} worker, {d.get('server', 'SQLite')}; "
        f"`wrk -t{s['threads']} -c<connections> -d{round(s['duration_s'])}s --latency`.",
        "",
        "| machine | |",
        "| --- | --- |",
        f"| CPU | {m['cpu_model']} |",
        f"| cores (nproc) | {m['nproc']} |",
        f"| memory | {m['memory_gib']} GiB |",
        f"| kernel | {m['kernel']} |",
        f"| Python | {m['python']} |",
        f"| SQLite | {m['sqlite']} (journal mode {d.get('journal_mode')}) |",
        f"| uvicorn / SQLAlchemy / orjson | {m['uvicorn']} / {m['sqlalchemy']} / {m['orjson']} |",
        f"| load generator | {m['wrk']} |",
        f"| load average (1, 5, 15 min) at start / end | {_loadavg(m.get('load_average_at_start'))} / "
        f"{_loadavg(m.get('load_average_at_end'))} |",
        "",
        f"**{headline_line(report)}.**",
        "",
        *table_lines(rows, markdown=True),
        "",
        "## Statements per request",
        "",
        f"Counted by the service (`vdcommerce_db_statements_total`) over {report['statements'].get('requests', 0)} "
        "requests of each scenario sent one at a time; transaction control is not counted. The floor column "
        "is the SQL the floor runs for the same call.",
        "",
        *statement_lines(report.get("statements"), markdown=True),
        "",
        "## Targets",
        "",
        "| target | service | floor | status |",
        "| --- | ---: | ---: | --- |",
    ]
    for t in targets:
        unit = " ms" if t["metric"] == "p99_ms" else ""
        floor_v = "-" if t.get("floor_value") is None else f"{t['floor_value']:.2f}{unit}"
        lines.append(f"| {t['name']} | {_fmt(t['value'], '.2f')}{unit} | {floor_v} | {t['status']} |")
    lines += [
        "",
        *bulk_doc_lines(report.get("bulk")),
        "## Choices and why",
        "",
        "### The benchmark",
        "",
        "- **A floor, not absolute numbers.** Requests per second depend on the machine; the floor "
        "runs on the same machine, server, event loop, HTTP parser, worker count and database, "
        "so the ratio isolates what the service's own code (routing, authentication, binding, "
        "validation, the data layer, serialisation) costs per call.",
        "- **One connection and 32.** One connection never waits for another, so it gives the time of "
        "one call but flatters the ratio: the client's own round trip is in both figures. 32 "
        "connections keep the worker busy all the time, so req/s is what the worker can do; that "
        "saturated ratio is the headline.",
        "- **wrk.** A C load generator with keep-alive connections and a latency histogram; its own "
        "overhead per request is small next to a Python server's. One thread on a 2-core machine "
        "leaves one core to the server, which is what one worker can use.",
        "- **One worker.** The per-worker figure is what scaling multiplies (`bench/scaling.py` "
        "measures the multiplication on PostgreSQL).",
        f"- **{s['rows']:,} rows, random ids.** Enough rows that lookups go through real B-tree pages "
        "instead of one hot row; the offset page and `COUNT` of getList read a realistic share of "
        "the table.",
        "- **Statements counted by the service.** A statement count does not depend on the machine's "
        "load, so it shows what a change saves even on a busy machine; the counter is read between "
        "requests sent one at a time, so it is exact (the configuration a worker re-reads once a second "
        "shows as a fraction).",
        "- **Workers measured on PostgreSQL.** SQLite runs one writing transaction at a time, so whether "
        "cart writes and checkouts scale with workers is measured where writers run in parallel. On a "
        "2-core machine wrk and the client processes take cores from the workers, so figures past 2 "
        "workers show contention, not what more cores would give.",
        "- **Every response checked.** A fast error is not a result: the Lua hook counts every "
        "status other than 200 and the run fails on any, and one request of each kind is checked "
        "for content before the load starts.",
        "- **Unique POST titles, store link included.** Each create is a real insert with its store "
        "row, in its own transaction, as a client would send it.",
        "",
        "### Server, validation and database",
        "",
        HAND_BEGIN,
        _hand_block(existing),
        HAND_END,
        "",
    ]
    for section in kept_sections(existing):
        lines += [section, ""]
    return "\n".join(lines)


def render_section(report: dict[str, Any]) -> tuple[str, str, str]:
    """The section of a run on another database or row count: (begin marker, end marker, text)."""
    m, s, d = report["machine"], report["settings"], report["database"]
    key = f"run-{s['db']}-{s['rows']}"
    begin, end = f"<!-- BEGIN {key} (written by bench/run.py) -->", f"<!-- END {key} -->"
    lines = [begin, "", f"## FAQ API at {s['rows']:,} rows on {d.get('server', s['db'])}", "",
             f"Written by `bench/run.py --db {s['db']} --rows {s['rows']}`: the scenarios of *Latest run* on "
             f"{s['rows']:,} questions. {m['date']}, {m['cpu_model']}, {m['nproc']} cores, load average "
             f"{_loadavg(m.get('load_average_at_start'))} at start, {_loadavg(m.get('load_average_at_end'))} "
             f"at end; {s['duration_s']:g} s per measurement.", "",
             f"**{headline_line(report)}.**", "", *table_lines(report["results"], markdown=True), "",
             *statement_lines(report.get("statements"), markdown=True), "",
             "| target | service | floor | status |", "| --- | ---: | ---: | --- |"]
    for t in report["targets"]:
        unit = " ms" if t["metric"] == "p99_ms" else ""
        floor_v = "-" if t.get("floor_value") is None else f"{t['floor_value']:.2f}{unit}"
        lines.append(f"| {t['name']} | {_fmt(t['value'], '.2f')}{unit} | {floor_v} | {t['status']} |")
    lines += ["", end]
    return begin, end, "\n".join(lines)


# -- the run ----------------------------------------------------------------------------------

def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python -m bench.run", description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="3 s per measurement and 1 s warm-up (smoke test)")
    ap.add_argument("--duration", type=float, help="seconds per measurement (default 10, quick 3)")
    ap.add_argument("--warmup", type=float, help="seconds of warm-up per measurement (default 3, quick 1)")
    ap.add_argument("--rows", type=int, default=DEFAULT_ROWS, help="FAQ questions to load (default 100000)")
    ap.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite",
                    help="database of the run (postgresql: a new database on VDC_BENCH_PG_URL, dropped at the end)")
    ap.add_argument("--workers", type=int, default=1, help="server workers, service and floor (default 1)")
    ap.add_argument("--threads", type=int, default=1, help="wrk threads (default 1: the other core is the worker's)")
    ap.add_argument("--connections", default="1,32",
                    help="wrk connections, comma-separated (default 1,32: one call's latency, then a saturated worker)")
    ap.add_argument("--statements", type=int, default=None,
                    help="requests per scenario for the statement count (default 200, quick 50)")
    ap.add_argument("--no-write", action="store_true", help="print only: leave results and docs alone")
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory (database, logs, scripts)")
    args = ap.parse_args(argv)
    if args.duration is None:
        args.duration = 3.0 if args.quick else 10.0
    if args.warmup is None:
        args.warmup = 1.0 if args.quick else 3.0
    if args.statements is None:
        args.statements = 50 if args.quick else 200
    try:
        args.connection_counts = sorted({int(c) for c in str(args.connections).split(",") if c.strip()})
    except ValueError:
        ap.error("--connections takes whole numbers separated by commas")
    if not args.connection_counts or min(args.connection_counts) < 1:
        ap.error("--connections needs at least one count of 1 or more")
    return args


def _on_signal(signum, _frame):
    raise SystemExit(128 + signum)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if shutil.which("wrk") is None:
        print("wrk not found on PATH (apt-get install wrk)", file=sys.stderr)
        return 2
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, _on_signal)

    machine = machine_info()
    ws = Workspace("vdc-bench-", kept="bench: logs, scripts and database kept in {tmp}", keep=args.keep)
    tmp, servers = ws.tmp, ws.servers
    run_id = dt.datetime.now().strftime("%Y%m%d%H%M%S")
    cli_log, wrk_log = tmp / "cli.log", tmp / "wrk.log"
    print(f"bench: working in {tmp}", flush=True)
    try:
        database = ws.database = FreshDatabase(args.db, tmp)
        # the request scenarios run without a queue consumer beside them
        env = ws.env(database.url, VDC_QUEUE_CONSUMERS="0")
        t0 = time.monotonic()
        run_cli(["db", "upgrade"], env, 300, cli_log)
        print(f"bench: database created: {database.name} ({time.monotonic() - t0:.1f} s)", flush=True)

        t0 = time.monotonic()
        loaded = load_data(env["VDC_DATABASE_URL"], args.rows)
        database.after_load()
        print(f"bench: loaded {loaded['rows']:,} questions, {loaded['status_1']:,} with status 1 "
              f"({time.monotonic() - t0:.1f} s)", flush=True)
        run_cli(["admin", "create", "--username", ADMIN_USER, "--password", ADMIN_PASSWORD], env, 120, cli_log)

        svc, floor = start_service_and_floor(env, tmp, servers, workers=args.workers)
        svc_base, floor_base = f"http://127.0.0.1:{svc.port}", f"http://127.0.0.1:{floor.port}"
        status, token = http_json("POST", svc_base + "/rest/V1/integration/admin/token",
                                  body={"username": ADMIN_USER, "password": ADMIN_PASSWORD})
        check(status == 200 and isinstance(token, str) and token,
              f"admin token: {status} {str(token)[:300]}")
        print(f"bench: service on :{svc.port}, floor on :{floor.port}", flush=True)

        paths = {t: tuple(SCENARIOS[s][i] for s in SCENARIOS) for i, t in enumerate(("service", "floor"))}
        sanity_checks(svc_base, paths["service"], token, loaded, "service", run_id)
        sanity_checks(floor_base, paths["floor"], None, loaded, "floor", run_id)
        print("bench: one request of each kind checked on both servers", flush=True)

        scripts = write_scripts(tmp, token, args.rows, run_id)
        results: list[WrkResult] = []
        for scenario in SCENARIOS:
            for conns in args.connection_counts:
                threads = max(1, min(args.threads, conns))
                for target, base in (("service", svc_base), ("floor", floor_base)):
                    script = scripts[(scenario, target)]
                    warm = run_wrk(base + "/", script, args.warmup, threads, conns, wrk_log,
                                   scenario, target, tag=f"warm{conns}")
                    if warm.failed:
                        results.append(warm)
                        print(f"bench: FAILED during warm-up: {warm.failure()}", flush=True)
                        continue
                    r = run_wrk(base + "/", script, args.duration, threads, conns, wrk_log,
                                scenario, target, tag=f"measure{conns}")
                    results.append(r)
                    print(f"bench: {target:7} {SCENARIO_TITLES[scenario]:12} -c{conns:<3} {r.rps:9,.0f} req/s  "
                          f"p50 {r.p50_ms:6.2f} ms  p99 {r.p99_ms:6.2f} ms"
                          + ("" if not r.failed else f"  FAILED: {r.failure()}"), flush=True)

        statements = count_statements(svc_base, token, args.rows, args.statements, run_id)
        print("bench: " + statement_lines(statements, markdown=False)[0], flush=True)
        db_details = db_info(database.path)
        db_details["server"] = database.server_version()
        ws.keep = ws.keep or any(r.failed for r in results)
        ws.stop_servers()  # the bulk measurement runs on its own servers, alone
        bulk = None
        if args.db == "sqlite":
            from bench.bulk import measure as measure_bulk
            bulk = measure_bulk(tmp, args.quick)
    except BenchError as exc:
        print(f"\nbench: FAILED: {exc}", file=sys.stderr, flush=True)
        ws.keep = True
        return 1
    finally:
        ws.close()

    machine["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]
    rows = build_summary(results)
    targets = evaluate_targets(rows, args.rows)
    failures = [r.failure() for r in results if r.failed]
    report = {
        "machine": machine,
        "settings": {"quick": args.quick, "duration_s": args.duration, "warmup_s": args.warmup,
                     "rows": args.rows, "db": args.db, "workers": args.workers, "threads": args.threads,
                     "connections": args.connection_counts,
                     "wrk": f"wrk -t{args.threads} -c<{','.join(map(str, args.connection_counts))}> "
                            f"-d{round(args.duration)}s --latency"},
        "database": {**db_details, "status_1": loaded["status_1"]},
        "headline": headline(rows),
        "results": rows,
        "statements": statements,
        "targets": targets,
        "bulk": bulk,
        "ok": not failures,
        "failures": failures,
    }

    print()
    print(headline_line(report))
    print()
    print("\n".join(table_lines(rows, markdown=False)))
    print()
    print(statement_lines(statements, markdown=False)[0])
    print()
    for t in targets:
        print(f"target  {t['name']:62} {_fmt(t['value'], '.2f'):>8}  {t['status']}"
              f"   (floor: {_fmt(t.get('floor_value'), '.2f')})")
    default_run = args.db == "sqlite" and args.rows == DEFAULT_ROWS
    results_json = RESULTS_JSON if default_run else ROOT / "bench" / f"results-{args.db}-{args.rows}.json"
    if not args.no_write:
        results_json.write_text(json.dumps(report, indent=2) + "\n")
        print(f"\nbench: wrote {results_json.relative_to(ROOT)}")
        if not failures:
            existing = PERFORMANCE_MD.read_text() if PERFORMANCE_MD.exists() else ""
            PERFORMANCE_MD.parent.mkdir(parents=True, exist_ok=True)
            if default_run:
                PERFORMANCE_MD.write_text(render_doc(report, existing))
            else:
                from bench.calls import write_section
                write_section(*render_section(report))
            print(f"bench: wrote {PERFORMANCE_MD.relative_to(ROOT)}")
    if failures:
        print("\n" + "!" * 78 + "\nbench: FAILED: requests did not all succeed:\n  "
              + "\n  ".join(failures) + "\n" + "!" * 78, file=sys.stderr)
        if not args.no_write:
            print(f"bench: {PERFORMANCE_MD.relative_to(ROOT)} left as it was", file=sys.stderr)
        return 1
    return 0


def load_data(database_url: str, rows: int) -> dict[str, Any]:
    import sqlalchemy as sa

    from bench.load import load_questions
    from vdcommerce.modules.faq.tables import question, question_store

    engine = sa.create_engine(database_url)
    try:
        return load_questions(engine, question, question_store, rows)
    finally:
        engine.dispose()


if __name__ == "__main__":
    sys.exit(main())
