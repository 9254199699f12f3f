"""Bulk throughput: operations per second through the queue, with 1 and 2 consumers, on each backend.

    .venv/bin/python -m bench.bulk            # print the figures only
    (make bench runs it after the request scenarios and puts them in docs/performance.md)

For each backend (the database queue; AMQP when a broker answers on ``VDC_AMQP_URL``, default
127.0.0.1:5672): a fresh SQLite database, ``vdcommerce serve`` with no consumer of its own
(``VDC_QUEUE_CONSUMERS=0``), then for 1 and 2 consumers (``vdcommerce queue consume``, started and
idle before the bulk arrives; an idle database queue is polled every 0.05 s): a warm-up bulk, then
one bulk of N question creates (``POST /rest/async/bulk/V1/vendor_faq/question``). *Accept* is the 202's latency (binding and storing
N operations); *ops/s* is N divided by the time from the 202 until the last operation is complete
(status 1, counted in the database). Every operation must end complete and every question exist once,
or the run fails.
"""
from __future__ import annotations

import os
import secrets
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench.run import (ADMIN_PASSWORD, ADMIN_USER, ROOT, Server, check, free_port, http_json, run_cli,
                       vdcommerce_bin)

BULK_SIZE = 2000
QUICK_BULK_SIZE = 500
WARMUP_SIZE = 50
AMQP_URL = os.environ.get("VDC_AMQP_URL", "amqp://guest:guest@127.0.0.1:5672/%2F")


def broker_reachable(url: str) -> bool:
    try:
        import pika
        pika.BlockingConnection(pika.URLParameters(url)).close()
        return True
    except Exception:  # noqa: BLE001 - any failure means: no broker to measure
        return False


def _bulk(n: int, tag: str) -> list[dict]:
    return [{"question": {"title": f"Bulk {tag} {i}?", "email": "a@b.c", "stores": "1"}} for i in range(n)]


def _complete(db_path: Path, bulk_uuid: str) -> int:
    conn = sqlite3.connect(db_path, timeout=30)
    try:
        return conn.execute("SELECT count(*) FROM magento_operation WHERE bulk_uuid = ? AND status = 1",
                            (bulk_uuid,)).fetchone()[0]
    finally:
        conn.close()


def _run_bulk(base: str, token: str, db_path: Path, n: int, tag: str, timeout: float) -> tuple[float, float]:
    """POST one bulk of ``n`` creates and wait until all are complete: (accept seconds, run seconds)."""
    t0 = time.perf_counter()
    status, body = http_json("POST", base + "/rest/async/bulk/V1/vendor_faq/question", body=_bulk(n, tag),
                             token=token, timeout=120)
    t1 = time.perf_counter()
    check(status == 202 and isinstance(body, dict) and len(body.get("request_items", [])) == n,
          f"bulk of {n}: {status} {str(body)[:300]}")
    deadline = time.monotonic() + timeout
    while _complete(db_path, body["bulk_uuid"]) < n:
        check(time.monotonic() < deadline, f"bulk of {n} ({tag}) not complete within {timeout:.0f} s")
        time.sleep(0.02)
    t2 = time.perf_counter()
    conn = sqlite3.connect(db_path, timeout=30)
    try:
        titles = conn.execute("SELECT count(*), count(DISTINCT title) FROM vendor_faq_question WHERE title LIKE ?",
                              (f"Bulk {tag} %",)).fetchone()
    finally:
        conn.close()
    check(titles == (n, n), f"bulk {tag}: {titles[0]} questions, {titles[1]} distinct, expected {n}")
    return t1 - t0, t2 - t1


def measure(tmp: Path, quick: bool = False) -> dict[str, Any]:
    """Every (backend, consumers) pair on a fresh database each backend; raises BenchError on a failure."""
    n = QUICK_BULK_SIZE if quick else BULK_SIZE
    backends = ["db"] + (["amqp"] if broker_reachable(AMQP_URL) else [])
    rows = []
    for backend in backends:
        work = tmp / f"bulk-{backend}"
        work.mkdir(parents=True, exist_ok=True)
        db_path = work / "bulk.db"
        env = {k: v for k, v in os.environ.items() if not k.startswith("VDC_")}
        env.update({"VDC_DATABASE_URL": f"sqlite:///{db_path}", "VDC_SECRET_KEY": secrets.token_urlsafe(48),
                    "VDC_ENV": "production", "VDC_VAR_DIR": str(work / "var"), "PYTHONUNBUFFERED": "1",
                    "VDC_QUEUE_BACKEND": backend, "VDC_QUEUE_CONSUMERS": "0", "VDC_AMQP_URL": AMQP_URL,
                    "VDC_AMQP_PREFIX": f"vdc-bench-{secrets.token_hex(4)}.", "VDC_QUEUE_POLL_SECONDS": "0.05"})
        log = work / "cli.log"
        run_cli(["db", "upgrade"], env, 300, log)
        run_cli(["admin", "create", "--username", ADMIN_USER, "--password", ADMIN_PASSWORD], env, 120, log)
        port = free_port()
        server = Server(f"service ({backend} queue)", [str(vdcommerce_bin()), "serve", "--host", "127.0.0.1",
                                                       "--port", str(port), "--workers", "1"], port, work / "service.log")
        consumers: list[subprocess.Popen] = []
        try:
            server.start(env)
            server.wait_ready("/rest/V1/bulk")
            base = f"http://127.0.0.1:{port}"
            status, token = http_json("POST", base + "/rest/V1/integration/admin/token",
                                      body={"username": ADMIN_USER, "password": ADMIN_PASSWORD})
            check(status == 200 and isinstance(token, str), f"admin token: {status} {str(token)[:300]}")
            for count in (1, 2):
                with open(work / f"consumers-{count}.log", "ab") as out:
                    consumers = [subprocess.Popen([str(vdcommerce_bin()), "queue", "consume"], cwd=ROOT, env=env,
                                                  stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
                                 for _ in range(count)]
                _run_bulk(base, token, db_path, WARMUP_SIZE, f"warm-{backend}-{count}", 120)
                accept, seconds = _run_bulk(base, token, db_path, n, f"{backend}-{count}", 600)
                rows.append({"backend": backend, "consumers": count, "operations": n,
                             "accept_ms": round(accept * 1000, 1), "seconds": round(seconds, 3),
                             "ops_per_s": round(n / seconds, 1)})
                print(f"bench: bulk {backend:4} queue, {count} consumer(s): {n / seconds:8,.0f} ops/s "
                      f"({n:,} operations in {seconds:.2f} s; 202 after {accept * 1000:.0f} ms)", flush=True)
                _stop(consumers)
                consumers = []
        finally:
            _stop(consumers)
            server.stop()
            if backend == "amqp":
                _drop_amqp(env)
    return {"operations": n, "database": "SQLite (WAL)", "rows": rows,
            "amqp": "amqp" in backends, "load_average": [round(x, 2) for x in os.getloadavg()]}


def _stop(procs: list[subprocess.Popen]) -> None:
    for p in procs:
        if p.poll() is None:
            p.terminate()
    for p in procs:
        try:
            p.wait(15)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


def _drop_amqp(env: dict[str, str]) -> None:
    """Remove the run's exchange and queues from the broker."""
    import pika
    topics = subprocess.run([str(vdcommerce_bin()), "queue", "topics"], env=env, cwd=ROOT, capture_output=True,
                            text=True).stdout.split()
    connection = pika.BlockingConnection(pika.URLParameters(AMQP_URL))
    channel = connection.channel()
    for topic in topics:
        channel.queue_delete(env["VDC_AMQP_PREFIX"] + topic)
    channel.exchange_delete(env["VDC_AMQP_PREFIX"] + "magento")
    connection.close()


def doc_lines(bulk: dict[str, Any] | None) -> list[str]:
    """The "Bulk through the queue" section of docs/performance.md."""
    lines = ["## Bulk through the queue", ""]
    if not bulk:
        return lines + ["Not measured in this run.", ""]
    lines += [
        f"Same machine and run as above; {bulk['database']} database, one web worker; each row is one bulk of "
        f"{bulk['operations']:,} FAQ question creates (`POST /rest/async/bulk/V1/vendor_faq/question`) after a "
        f"warm-up bulk of {WARMUP_SIZE}, consumed by `vdcommerce queue consume` processes that were idle "
        "when it arrived (database queue polled every 0.05 s when idle). *ops/s* is the operations divided by "
        "the time from the 202 until the last one is complete; *202 after* is the time to bind and store the "
        "whole bulk (`bench/bulk.py`).",
        "",
        "| queue | consumers | ops/s | seconds | 202 after (ms) |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    names = {"db": "database (`VDC_QUEUE_BACKEND=db`)", "amqp": "RabbitMQ (`VDC_QUEUE_BACKEND=amqp`)"}
    for r in bulk["rows"]:
        lines.append(f"| {names[r['backend']]} | {r['consumers']} | {r['ops_per_s']:,.0f} | {r['seconds']:.2f} | "
                     f"{r['accept_ms']:,.0f} |")
    if not bulk["amqp"]:
        lines += ["", "No AMQP broker answered, so the RabbitMQ rows were not measured."]
    lines += [
        "",
        f"Load average at the end: {', '.join(f'{v:.2f}' for v in bulk['load_average'])}. Each operation is "
        "its own transaction (the service's writes, the operation's status row and, on the database queue, "
        "the message's deletion). SQLite runs one writing transaction at a time, so a second consumer can "
        "only overlap one operation's Python work with another's commit; on PostgreSQL consumers write in "
        "parallel. The database queue claims messages in batches (`VDC_QUEUE_BATCH`) and needs no broker; "
        "AMQP takes the claiming out of the database.",
        "",
    ]
    return lines


if __name__ == "__main__":
    import tempfile
    with tempfile.TemporaryDirectory(prefix="vdc-bulk-") as d:
        result = measure(Path(d), quick="--quick" in sys.argv)
    print("\n".join(doc_lines(result)))
