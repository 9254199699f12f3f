"""Benchmark the FAQ question API against its floor and write bench/results.json and docs/performance.md.

    .venv/bin/python -m bench.run            # full run: 10 s per scenario (make bench)
    .venv/bin/python -m bench.run --quick    # short run: 3 s per scenario

Steps: a fresh SQLite database in a temporary directory; ``vdcommerce db upgrade``; 100,000 FAQ
questions loaded with SQLAlchemy Core; an admin user; the service (``vdcommerce serve``,
production settings, one worker) and the floor (``bench.floor``: a bare ASGI app on the same
server and database) started on loopback ports; an admin token; then for each scenario (GET by id,
getList, POST create) a warm-up and a wrk measurement of the service and of the floor. Every
response is checked by a Lua ``response()`` hook: any status other than 200, or any socket error,
fails the run (exit code 1). Missing a performance target is reported, not an error.
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
import tempfile  # noqa: E402
import time  # noqa: E402
import urllib.error  # noqa: E402
import urllib.request  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

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

TARGET_GET_RATIO = 0.5
TARGET_LIST_P99_MS = 10.0

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
                            workers: int = 1) -> tuple[Server, Server]:
    """The service and the floor on free loopback ports, each answering before this returns; both are
    added to ``servers`` first, so the caller stops them whatever happens."""
    port, floor_port = free_port(), free_port()
    svc = Server("service", [str(vdcommerce_bin()), "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--workers", str(workers)], port, tmp / "service.log")
    floor = Server("floor", [str(venv_bin() / "python"), "-m", "bench.floor", "--host", "127.0.0.1",
                             "--port", str(floor_port), "--workers", str(workers)], floor_port, tmp / "floor.log")
    servers += [svc, floor]
    svc.start(env)
    svc.wait_ready("/rest/V1/")
    floor.start(env)
    floor.wait_ready("/floor/question?questionId=1")
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
        return f"{self.target} {SCENARIO_TITLES[self.scenario]}: " + "; ".join(parts)


_UNIT_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0}


def parse_wrk(scenario: str, target: str, out: str) -> WrkResult:
    res = WrkResult(scenario, target)
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
           "--timeout", "5s", "-s", str(script), url, "--", tag]
    try:
        res = subprocess.run(cmd, capture_output=True, text=True, timeout=seconds + 60,
                             stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as exc:
        raise BenchError(f"wrk did not finish: {' '.join(cmd)}") from exc
    with open(log, "a") as out:
        out.write(f"$ {' '.join(cmd)}\n{res.stdout}{res.stderr}\n")
    if res.returncode != 0:
        raise BenchError(f"wrk failed ({res.returncode}): {res.stderr.strip()}")
    return parse_wrk(scenario, target, res.stdout)


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


def db_info(db_path: Path) -> dict[str, Any]:
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


# -- report -----------------------------------------------------------------------------------

def build_summary(results: list[WrkResult]) -> list[dict[str, Any]]:
    by = {(r.scenario, r.target): r for r in results}
    rows = []
    for scenario in SCENARIOS:
        svc, floor = by.get((scenario, "service")), by.get((scenario, "floor"))
        for r in (svc, floor):
            if r is None:
                continue
            ratio = None
            if r.target == "service" and floor is not None and floor.rps:
                ratio = r.rps / floor.rps
            rows.append({"scenario": scenario, "target": r.target,
                         "label": f"{SCENARIO_TITLES[scenario]} ({'service' if r.target == 'service' else 'floor'})",
                         "requests": r.requests, "duration_s": round(r.duration_s, 2),
                         "rps": round(r.rps, 1), "p50_ms": round(r.p50_ms, 3), "p90_ms": round(r.p90_ms, 3),
                         "p99_ms": round(r.p99_ms, 3), "max_ms": round(r.max_ms, 3),
                         "ratio_to_floor": None if ratio is None else round(ratio, 3),
                         "non_200": r.non_200, "socket_errors": r.socket_errors,
                         "wrk_rps": r.wrk_rps, "ok": not r.failed})
    return rows


def evaluate_targets(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    svc = {r["scenario"]: r for r in rows if r["target"] == "service"}
    out = []
    ratio = svc.get("get_by_id", {}).get("ratio_to_floor")
    out.append({"name": "GET by id: service req/s >= 0.5 x floor req/s", "metric": "ratio_to_floor",
                "value": ratio, "threshold": TARGET_GET_RATIO,
                "status": "n/a" if ratio is None else ("PASS" if ratio >= TARGET_GET_RATIO else "FAIL")})
    p99 = svc.get("get_list", {}).get("p99_ms")
    floor_p99 = next((r["p99_ms"] for r in rows if r["target"] == "floor" and r["scenario"] == "get_list"), None)
    out[0]["floor_value"] = 1.0 if ratio is not None else None
    out.append({"name": "getList: service p99 <= 10 ms", "metric": "p99_ms", "value": p99, "floor_value": floor_p99,
                "threshold": TARGET_LIST_P99_MS,
                "status": "n/a" if p99 is None else ("PASS" if p99 <= TARGET_LIST_P99_MS else "FAIL")})
    return out


def _fmt(v: Any, spec: str) -> str:
    return "-" if v is None else format(v, spec)


def table_lines(rows: list[dict[str, Any]], markdown: bool) -> list[str]:
    head = ["scenario", "req/s", "p50 ms", "p99 ms", "ratio to floor"]
    body = [[r["label"], _fmt(r["rps"], ",.0f"), _fmt(r["p50_ms"], ".2f"), _fmt(r["p99_ms"], ".2f"),
             _fmt(r["ratio_to_floor"], ".2f") + ("" if r["ok"] else "  (FAILED REQUESTS)")] for r in rows]
    if markdown:
        return (["| " + " | ".join(head) + " |", "| --- | ---: | ---: | ---: | ---: |"]
                + ["| " + " | ".join(b) + " |" for b in body])
    widths = [max(len(x[i]) for x in [head] + body) for i in range(len(head))]
    fmt = lambda cells: "  ".join(c.ljust(w) if i == 0 else c.rjust(w)  # noqa: E731
                                 for i, (c, w) in enumerate(zip(cells, widths)))
    return [fmt(head), fmt(["-" * w for w in widths])] + [fmt(b) for b in body]


def _loadavg(values) -> str:
    return "-" if not values else ", ".join(f"{v:.2f}" for v in values)


def _hand_block(existing: str) -> str:
    if HAND_BEGIN in existing and HAND_END in existing:
        inner = existing.split(HAND_BEGIN, 1)[1].split(HAND_END, 1)[0].strip("\n")
        if inner.strip():
            return inner
    return HAND_PLACEHOLDER


def render_doc(report: dict[str, Any], existing: str) -> str:
    from bench.bulk import doc_lines as bulk_doc_lines
    m, s, d = report["machine"], report["settings"], report["database"]
    rows, targets = report["results"], report["targets"]
    mode = "quick" if s["quick"] else "full"
    lines = [
        "# Performance",
        "",
        "How fast the FAQ question API answers on one worker, measured against a *floor*: the least "
        "any Python service on the same server and database could do for the same calls. The "
        "figures below are rewritten by every benchmark run (`bench/run.py`); only the marked "
        "paragraph under *Choices and why* is kept from one run to the next.",
        "",
        "## How to run",
        "",
        "```sh",
        "make bench                              # full run: 10 s per scenario, about 2 minutes",
        ".venv/bin/python -m bench.run           # the same, without make",
        ".venv/bin/python -m bench.run --quick   # 3 s per scenario, a smoke test of the harness",
        "```",
        "",
        "Needs the project installed in `.venv` and `wrk` on the `PATH` (`apt-get install wrk`). A run:",
        "",
        "1. creates a fresh SQLite database in a temporary directory and runs `vdcommerce db upgrade`;",
        f"2. loads {s['rows']:,} FAQ questions (about 70 % with status 1, varied positions, all in store 1) "
        "with SQLAlchemy Core bulk inserts, and creates an admin user;",
        f"3. starts the service (`vdcommerce serve --workers {s['workers']}`, `VDC_ENV=production`) and the "
        f"floor (`python -m bench.floor --workers {s['workers']}`) on loopback ports, on the same database;",
        "4. gets an admin token and checks one request of each kind against both (status, shape, "
        "`total_count`, sort order);",
        "5. for each scenario warms up and measures the service, then the floor, "
        f"with `wrk -t{s['threads']} -c{s['connections']} -d{round(s['duration_s'])}s --latency` and a Lua script "
        "(token header, random ids, unique titles for POST, a `response()` hook that counts every "
        "status other than 200);",
        "6. prints the table, writes `bench/results.json` and this page, and stops both servers.",
        "",
        "Any response other than 200, or any socket error, fails the run (exit code 1, and this page "
        "is not rewritten). A missed target is reported but does not fail the run.",
        "",
        "Scenarios:",
        "",
        f"- **GET by id**: `GET /rest/V1/vendor_faq/question?questionId=N`, N uniformly random in 1..{s['rows']:,}.",
        "- **getList**: `GET /rest/V1/vendor_faq/question/all` filtered on `status=1`, sorted by "
        "`position` ascending, page 5 of 20 (items and `total_count`).",
        "- **POST create**: `POST /rest/V1/vendor_faq/question`, a new question with a unique title, "
        "linked to store 1.",
        "",
        "The floor (`bench/floor.py`) is a bare ASGI application on the same uvicorn settings "
        "(uvloop, httptools, same worker count) with one stdlib `sqlite3` connection per worker "
        "and the service's SQLite pragmas; it runs the SQL each call needs and encodes the row(s) "
        "with orjson. *Ratio to floor* is the service's req/s divided by the floor's.",
        "",
        "## Latest run",
        "",
        f"{m['date']}, {mode} run ({s['duration_s']:g} s per scenario, {s['warmup_s']:g} s warm-up), "
        f"{s['rows']:,} questions, {s['workers']} worker.",
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
        "wrk and the server share the machine's cores, and anything else running at the time "
        "competes with both (see the load average), so absolute figures are for comparing runs on "
        "the same kind of quiet machine; the ratio to the floor, measured seconds apart on the same "
        "machine, is the figure that travels.",
        "",
        *table_lines(rows, markdown=True),
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
        f"wrk runs {s['connections']} connection(s), each sending its next request as soon as the "
        "previous answer arrives. With one connection a request never waits for another, so p50 and "
        "p99 are the time of one call (the 10 ms getList target is a per-call figure) and req/s is one "
        "client's rate; `--connections 8` measures a saturated worker instead, where latency is "
        "mostly queueing (about connections / throughput). The floor column shows what the same call "
        "costs with nothing but the SQL around it.",
        "",
        *bulk_doc_lines(report.get("bulk")),
        "## Choices and why",
        "",
        "### The benchmark",
        "",
        "- **A floor, not absolute numbers.** Requests per second depend on the machine; the floor "
        "runs on the same machine, server, event loop, HTTP parser, worker count and database file, "
        "so the ratio isolates what the service's own code (routing, authentication, binding, "
        "validation, the data layer, serialisation) costs per call.",
        "- **wrk.** A C load generator with keep-alive connections and a latency histogram; its own "
        "overhead per request is small next to a Python server's. One thread on a 2-core machine "
        "leaves one core to the server, which is what one worker can use.",
        "- **One worker.** The per-worker figure is what scaling multiplies; SQLite serialises "
        "writers anyway.",
        f"- **{s['rows']:,} rows, random ids.** Enough rows that lookups go through real B-tree pages "
        "instead of one hot row; the offset page and `COUNT` of getList read a realistic share of "
        "the table.",
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
    # the checkout section is written by bench/checkout.py; keep the last one
    from bench.checkout import BEGIN as CHECKOUT_BEGIN, END as CHECKOUT_END
    if CHECKOUT_BEGIN in existing and CHECKOUT_END in existing:
        kept = existing.split(CHECKOUT_BEGIN, 1)[1].split(CHECKOUT_END, 1)[0]
        lines += [CHECKOUT_BEGIN + kept + CHECKOUT_END, ""]
    return "\n".join(lines)


# -- the run ----------------------------------------------------------------------------------

def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python -m bench.run", description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="3 s per scenario and 1 s warm-up (smoke test)")
    ap.add_argument("--duration", type=float, help="seconds per measurement (default 10, quick 3)")
    ap.add_argument("--warmup", type=float, help="seconds of warm-up per scenario and server (default 3, quick 1)")
    ap.add_argument("--rows", type=int, default=100_000, help="FAQ questions to load (default 100000)")
    ap.add_argument("--workers", type=int, default=1, help="server workers, service and floor (default 1)")
    ap.add_argument("--threads", type=int, default=1, help="wrk threads (default 1)")
    ap.add_argument("--connections", type=int, default=1, help="wrk connections (default 1: latency without queueing)")
    ap.add_argument("--no-write", action="store_true", help="print only: leave results.json and docs alone")
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory (database, logs, scripts)")
    args = ap.parse_args(argv)
    if args.duration is None:
        args.duration = 3.0 if args.quick else 10.0
    if args.warmup is None:
        args.warmup = 1.0 if args.quick else 3.0
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
    tmp = Path(tempfile.mkdtemp(prefix="vdc-bench-"))
    run_id = dt.datetime.now().strftime("%Y%m%d%H%M%S")
    db_path = tmp / "bench.db"
    env = {k: v for k, v in os.environ.items() if not k.startswith("VDC_")}
    env.update({"VDC_DATABASE_URL": f"sqlite:///{db_path}", "VDC_SECRET_KEY": secrets.token_urlsafe(48),
                "VDC_ENV": "production", "VDC_VAR_DIR": str(tmp / "var"), "PYTHONUNBUFFERED": "1",
                "VDC_QUEUE_CONSUMERS": "0"})  # the request scenarios run without a queue consumer beside them
    cli_log, wrk_log = tmp / "cli.log", tmp / "wrk.log"
    servers: list[Server] = []
    keep = args.keep
    print(f"bench: working in {tmp}", flush=True)
    try:
        t0 = time.monotonic()
        run_cli(["db", "upgrade"], env, 300, cli_log)
        print(f"bench: database created ({time.monotonic() - t0:.1f} s)", flush=True)

        t0 = time.monotonic()
        loaded = load_data(env["VDC_DATABASE_URL"], args.rows)
        print(f"bench: loaded {loaded['rows']:,} questions, {loaded['status_1']:,} with status 1 "
              f"({time.monotonic() - t0:.1f} s)", flush=True)
        run_cli(["admin", "create", "--username", ADMIN_USER, "--password", ADMIN_PASSWORD], env, 120, cli_log)

        svc = Server("service", [str(vdcommerce_bin()), "serve", "--host", "127.0.0.1", "--port", str(free_port()),
                                 "--workers", str(args.workers)], 0, tmp / "service.log")
        svc.port = int(svc.cmd[svc.cmd.index("--port") + 1])
        floor_port = free_port()
        floor = Server("floor", [str(venv_bin() / "python"), "-m", "bench.floor", "--host", "127.0.0.1",
                                 "--port", str(floor_port), "--workers", str(args.workers)],
                       floor_port, tmp / "floor.log")
        servers += [svc, floor]
        svc.start(env)
        svc.wait_ready("/rest/V1/vendor_faq/question?questionId=1")
        svc_base, floor_base = f"http://127.0.0.1:{svc.port}", f"http://127.0.0.1:{floor.port}"
        status, token = http_json("POST", svc_base + "/rest/V1/integration/admin/token",
                                  body={"username": ADMIN_USER, "password": ADMIN_PASSWORD})
        check(status == 200 and isinstance(token, str) and token,
              f"admin token: {status} {str(token)[:300]}")
        floor.start(env)
        floor.wait_ready("/floor/question?questionId=1")
        print(f"bench: service on :{svc.port}, floor on :{floor.port}", flush=True)

        paths = {t: tuple(SCENARIOS[s][i] for s in SCENARIOS) for i, t in enumerate(("service", "floor"))}
        sanity_checks(svc_base, paths["service"], token, loaded, "service", run_id)
        sanity_checks(floor_base, paths["floor"], None, loaded, "floor", run_id)
        print("bench: one request of each kind checked on both servers", flush=True)

        scripts = write_scripts(tmp, token, args.rows, run_id)
        results: list[WrkResult] = []
        for scenario in SCENARIOS:
            for target, base in (("service", svc_base), ("floor", floor_base)):
                script = scripts[(scenario, target)]
                warm = run_wrk(base + "/", script, args.warmup, args.threads, args.connections, wrk_log,
                               scenario, target, tag="warm")
                if warm.failed:
                    results.append(warm)
                    print(f"bench: FAILED during warm-up: {warm.failure()}", flush=True)
                    continue
                r = run_wrk(base + "/", script, args.duration, args.threads, args.connections, wrk_log,
                            scenario, target, tag="measure")
                results.append(r)
                print(f"bench: {target:7} {SCENARIO_TITLES[scenario]:12} {r.rps:9,.0f} req/s  "
                      f"p50 {r.p50_ms:6.2f} ms  p99 {r.p99_ms:6.2f} ms"
                      + ("" if not r.failed else f"  FAILED: {r.failure()}"), flush=True)

        database = db_info(db_path)
        keep = keep or any(r.failed for r in results)
        for srv in reversed(servers):
            srv.stop()  # the bulk measurement runs on its own servers, alone
        from bench.bulk import measure as measure_bulk
        bulk = measure_bulk(tmp, args.quick)
    except BenchError as exc:
        print(f"\nbench: FAILED: {exc}", file=sys.stderr, flush=True)
        keep = True
        return 1
    finally:
        for srv in reversed(servers):
            srv.stop()
        if keep:
            print(f"bench: logs, scripts and database kept in {tmp}", flush=True)
        else:
            shutil.rmtree(tmp, ignore_errors=True)

    machine["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]
    rows = build_summary(results)
    targets = evaluate_targets(rows)
    failures = [r.failure() for r in results if r.failed]
    report = {
        "machine": machine,
        "settings": {"quick": args.quick, "duration_s": args.duration, "warmup_s": args.warmup,
                     "rows": args.rows, "workers": args.workers, "threads": args.threads,
                     "connections": args.connections,
                     "wrk": f"wrk -t{args.threads} -c{args.connections} -d{round(args.duration)}s --latency"},
        "database": {**database, "status_1": loaded["status_1"]},
        "results": rows,
        "targets": targets,
        "bulk": bulk,
        "ok": not failures,
        "failures": failures,
    }

    print()
    print("\n".join(table_lines(rows, markdown=False)))
    print()
    for t in targets:
        print(f"target  {t['name']:48} {_fmt(t['value'], '.2f'):>8}  {t['status']}"
              f"   (floor: {_fmt(t.get('floor_value'), '.2f')})")
    if not args.no_write:
        RESULTS_JSON.write_text(json.dumps(report, indent=2) + "\n")
        print(f"\nbench: wrote {RESULTS_JSON.relative_to(ROOT)}")
        if not failures:
            existing = PERFORMANCE_MD.read_text() if PERFORMANCE_MD.exists() else ""
            PERFORMANCE_MD.parent.mkdir(parents=True, exist_ok=True)
            PERFORMANCE_MD.write_text(render_doc(report, existing))
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
