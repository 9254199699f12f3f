"""Soak: minutes of mixed load on a server with several workers and consumers (not part of CI).

    .venv/bin/python -m bench.soak                 # 10 minutes (make soak)
    .venv/bin/python -m bench.soak --minutes 2 --no-write

Steps: a fresh SQLite database (``--database-url`` for another), ``db upgrade``, an admin; the service
(production settings, ``--workers`` workers, ``--consumers`` queue consumers) and the floor
(``bench.floor``) on loopback ports; the checkout benchmark's catalogue (50 products, 5 cart price
rules) and 200 FAQ questions. Then ``--clients`` keep-alive clients run, for ``--minutes``, a mix of:

- **read by id**: ``GET /V1/vendor_faq/question?questionId=`` (random id);
- **read list**: the question list with a filter, a sort order and a page;
- **cart write**: a guest cart, an item added, its quantity changed;
- **checkout**: a guest checkout (cart, item, shipping information, payment information);
- **bulk**: every ``--bulk-every`` seconds one client posts a bulk of 50 questions to
  ``/async/bulk/V1/vendor_faq/question``; at the end every bulk must have run completely.

Each minute: requests, 5xx answers (must be 0), p50 and p99 latency per kind, and the resident memory
(RSS) of the server's workers and of its consumers. The floor's p50 is measured before and after.
At the end: the table, then whether memory and latency stayed flat (last minute against the first full
one). Writes its section of docs/performance.md (between the markers below) unless ``--no-write``;
any 5xx, a bulk not completed or a server that died fails the run (exit code 1) and leaves the page
alone.
"""
from __future__ import annotations

import argparse
import os
import random
import secrets
import sys
import threading
import time

import httpx

from bench.calls import Client, stats, write_section
from bench.checkout import ADDRESS, setup_catalog
from bench.run import (ADMIN_PASSWORD, ADMIN_USER, LIST_QUERY, BenchError, machine_info, run_cli,
                       start_service_and_floor)
from bench.workspace import Workspace, admin_token

BEGIN = "<!-- BEGIN soak (written by bench/soak.py) -->"
END = "<!-- END soak -->"
KINDS = ("read by id", "read list", "cart write", "checkout", "bulk")
WEIGHTS = {"read by id": 50, "read list": 20, "cart write": 20, "checkout": 10}
BULK_SIZE = 50


class Load:
    """What the clients record: (minute, kind) -> latencies in ms, and the 5xx and other failures."""

    def __init__(self, base: str, token: str, skus: list[str], questions: int, start: float):
        self.base, self.token, self.skus, self.questions, self.start = base, token, skus, questions, start
        self.lock = threading.Lock()
        self.samples: dict[tuple[int, str], list[float]] = {}
        self.errors_5xx: dict[int, int] = {}
        self.failures: list[str] = []
        self.bulks: list[str] = []

    def minute(self) -> int:
        return int((time.monotonic() - self.start) // 60)

    def call(self, http: httpx.Client, kind: str, method: str, path: str, body=None):
        t0 = time.perf_counter()
        r = http.request(method, path, json=body)
        ms = (time.perf_counter() - t0) * 1000
        minute = self.minute()
        with self.lock:
            self.samples.setdefault((minute, kind), []).append(ms)
            if r.status_code >= 500:
                self.errors_5xx[minute] = self.errors_5xx.get(minute, 0) + 1
        if r.status_code >= 500 or r.status_code not in (200, 202):
            with self.lock:
                self.failures.append(f"{method} {path}: {r.status_code} {r.text[:200]}")
            return None
        return r.json()

    # ------------------------------------------------------------------ one client

    def run(self, until: float, bulk_every: float, bulks: bool, seed: int) -> None:
        rnd = random.Random(seed)
        kinds, weights = list(WEIGHTS), list(WEIGHTS.values())
        next_bulk = time.monotonic() + bulk_every
        with httpx.Client(base_url=self.base, timeout=60) as guest, \
                httpx.Client(base_url=self.base, timeout=60, headers={"Authorization": f"Bearer {self.token}"}) as admin:
            while time.monotonic() < until:
                if bulks and time.monotonic() >= next_bulk:
                    next_bulk += bulk_every
                    answer = self.call(admin, "bulk", "POST", "/rest/all/async/bulk/V1/vendor_faq/question",
                                       [{"question": {"title": f"soak {secrets.token_hex(6)}", "email": "a@b.c",
                                                      "stores": "1"}} for _ in range(BULK_SIZE)])
                    if answer is not None:
                        with self.lock:
                            self.bulks.append(answer["bulk_uuid"])
                    continue
                kind = rnd.choices(kinds, weights)[0]
                try:
                    getattr(self, kind.replace(" ", "_"))(guest, admin, rnd)
                except httpx.HTTPError as e:
                    with self.lock:
                        self.failures.append(f"{kind}: {type(e).__name__} {e}")

    def read_by_id(self, _guest, admin, rnd) -> None:
        self.call(admin, "read by id", "GET", f"/rest/V1/vendor_faq/question?questionId={rnd.randint(1, self.questions)}")

    def read_list(self, _guest, admin, _rnd) -> None:
        self.call(admin, "read list", "GET", "/rest/V1/vendor_faq/question/all?" + LIST_QUERY)

    def cart_write(self, guest, _admin, rnd) -> None:
        cart = self.call(guest, "cart write", "POST", "/rest/default/V1/guest-carts")
        if cart is None:
            return
        base = f"/rest/default/V1/guest-carts/{cart}/items"
        item = self.call(guest, "cart write", "POST", base, {"cartItem": {"sku": rnd.choice(self.skus), "qty": 1,
                                                                            "quote_id": cart}})
        if item is not None:
            self.call(guest, "cart write", "PUT", f"{base}/{item['item_id']}",
                      {"cartItem": {"qty": rnd.randint(2, 5), "quote_id": cart}})

    def checkout(self, guest, _admin, rnd) -> None:
        cart = self.call(guest, "checkout", "POST", "/rest/default/V1/guest-carts")
        if cart is None:
            return
        base = f"/rest/default/V1/guest-carts/{cart}"
        if self.call(guest, "checkout", "POST", base + "/items",
                     {"cartItem": {"sku": rnd.choice(self.skus), "qty": 1, "quote_id": cart}}) is None:
            return
        if self.call(guest, "checkout", "POST", base + "/shipping-information", {"addressInformation": {
                "shipping_address": ADDRESS, "billing_address": ADDRESS,
                "shipping_carrier_code": "flatrate", "shipping_method_code": "flatrate"}}) is None:
            return
        self.call(guest, "checkout", "POST", base + "/payment-information", {
            "email": "jane.doe@example.com", "paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS})


# --------------------------------------------------------------------------- memory


def group_rss(pgid: int) -> tuple[float, float]:
    """MiB resident in the service's process group: (web server processes, queue consumers)."""
    web = consumers = 0.0
    page = os.sysconf("SC_PAGE_SIZE") / 2 ** 20
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            if int(fields[2]) != pgid:
                continue
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmdline = f.read().replace(b"\0", b" ").decode(errors="replace")
            with open(f"/proc/{entry}/statm") as f:
                rss = int(f.read().split()[1]) * page
        except (OSError, IndexError, ValueError):
            continue
        if "resource_tracker" in cmdline:
            continue
        if "queue consume" in cmdline:
            consumers += rss
        elif "cron start" not in cmdline:
            web += rss
    return web, consumers


# --------------------------------------------------------------------------- report


def minutes_table(report: dict) -> list[str]:
    head = "| minute | requests | 5xx | " + " | ".join(f"{k} p50/p99 ms" for k in KINDS) + \
        " | RSS web MiB | RSS consumers MiB |"
    lines = [head, "| " + " | ".join(["---:"] * (head.count("|") - 1)) + " |"]
    for m in report["minutes"]:
        cells = [str(m["minute"] + 1), str(m["requests"]), str(m["5xx"])]
        for k in KINDS:
            s = m["kinds"].get(k)
            cells.append(f"{s['p50_ms']:.1f} / {s['p99_ms']:.1f}" if s else "-")
        cells += [f"{m['rss_web_mib']:.0f}", f"{m['rss_consumers_mib']:.0f}"]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def verdict(report: dict) -> list[str]:
    full = [m for m in report["minutes"] if m["requests"]]
    if len(full) < 2:
        return ["Too short to compare minutes."]
    first, last = full[0], full[-1]
    lines = [f"5xx answers: {report['total_5xx']}; bulks: {report['bulks']} of {BULK_SIZE} questions, all complete: "
             f"{'yes' if report['bulks_complete'] else 'NO'}.",
             f"RSS, minute 1 → {last['minute'] + 1}: web {first['rss_web_mib']:.0f} → {last['rss_web_mib']:.0f} MiB, "
             f"consumers {first['rss_consumers_mib']:.0f} → {last['rss_consumers_mib']:.0f} MiB."]
    for k in ("read by id", "read list", "cart write", "checkout"):
        a, b = first["kinds"].get(k), last["kinds"].get(k)
        if a and b:
            lines.append(f"{k} p50 {a['p50_ms']:.1f} → {b['p50_ms']:.1f} ms, p99 {a['p99_ms']:.1f} → "
                         f"{b['p99_ms']:.1f} ms.")
    return lines


def render(report: dict) -> str:
    m = report["machine"]
    return "\n".join([
        BEGIN, "", "## Soak", "",
        "Written by `bench/soak.py` (`make soak`, not part of CI or `make bench`): "
        f"{report['minutes_run']} minutes of mixed load from {report['clients']} keep-alive clients on "
        f"{report['workers']} workers and {report['consumers']} queue consumers, SQLite unless stated: reads by id "
        "and of a filtered, sorted page of questions, guest cart writes (create, add, change quantity), guest "
        f"checkouts (four calls), and a bulk of {BULK_SIZE} questions every {report['bulk_every']:.0f} s. "
        "Latencies are per call (a cart write or a checkout counts each of its calls); RSS sums the web "
        "server's processes and the consumers' at the end of each minute.", "",
        f"{m['date']}, {m['cpu_model']}, {m['nproc']} cores. Floor p50 (`GET /floor/question`): "
        f"{report['floor_before']['p50_ms']:.2f} ms before, {report['floor_after']['p50_ms']:.2f} ms after.", "",
        *minutes_table(report), "", *verdict(report), "", END])


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--minutes", type=float, default=10.0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--consumers", type=int, default=2)
    ap.add_argument("--clients", type=int, default=4)
    ap.add_argument("--bulk-every", type=float, default=20.0, help="seconds between two bulks")
    ap.add_argument("--database-url", default=None, help="an empty database (default: a fresh SQLite file)")
    ap.add_argument("--no-write", action="store_true", help="print only; leave docs/performance.md alone")
    args = ap.parse_args(argv)

    # kept unless the run passes: a failure says where (the directory is removed after the report)
    ws = Workspace("vdc-soak-", keep=True)
    tmp = ws.tmp
    env = ws.env(args.database_url or f"sqlite:///{tmp / 'soak.db'}", VDC_QUEUE_CONSUMERS=str(args.consumers),
                 VDC_CRON_TICK_SECONDS="0")
    log = tmp / "cli.log"
    try:
        run_cli(["db", "upgrade"], env, 300, log)
        run_cli(["admin", "create", "--username", ADMIN_USER, "--password", ADMIN_PASSWORD], env, 120, log)
        svc, floor = start_service_and_floor(env, tmp, ws.servers, workers=args.workers)
        base = f"http://127.0.0.1:{svc.port}"
        token = admin_token(base)
        admin = Client(base, token)
        skus = setup_catalog(admin)
        questions = 200
        for i in range(questions):
            admin.call(None, "POST", "/rest/V1/vendor_faq/question",
                       {"question": {"title": f"soak question {i}", "email": "a@b.c", "status": 1, "position": i}})
        fl = Client(f"http://127.0.0.1:{floor.port}")
        for _ in range(300):
            fl.call("floor before", "GET", "/floor/question?questionId=1")
        print(f"soak: {args.minutes:g} minutes, {args.clients} clients, {args.workers} workers, "
              f"{args.consumers} consumers; logs in {tmp}", flush=True)

        start = time.monotonic()
        until = start + args.minutes * 60
        load = Load(base, token, skus, questions, start)
        clients = [threading.Thread(target=load.run, args=(until, args.bulk_every, i == 0, i), daemon=True)
                   for i in range(args.clients)]
        for t in clients:
            t.start()
        rss: dict[int, tuple[float, float]] = {}
        minute = 0
        while any(t.is_alive() for t in clients):
            time.sleep(min(1.0, max(0.0, start + (minute + 1) * 60 - time.monotonic())))
            if time.monotonic() >= start + (minute + 1) * 60 or not any(t.is_alive() for t in clients):
                assert svc.proc is not None
                if svc.proc.poll() is not None:
                    raise BenchError(f"the service exited with {svc.proc.returncode}:\n{svc.log_tail()}")
                rss[minute] = group_rss(svc.proc.pid)
                done = sum(len(v) for (m, _), v in load.samples.items() if m == minute)
                print(f"soak: minute {minute + 1}: {done} requests, {load.errors_5xx.get(minute, 0)} 5xx, "
                      f"RSS web {rss[minute][0]:.0f} MiB, consumers {rss[minute][1]:.0f} MiB", flush=True)
                minute += 1
        for t in clients:
            t.join()

        # every bulk runs completely
        deadline = time.monotonic() + 300
        pending = list(load.bulks)
        while pending and time.monotonic() < deadline:
            pending = [u for u in pending
                       if admin.call(None, "GET", f"/rest/V1/bulk/{u}/operation-status/1") != BULK_SIZE]
            if pending:
                time.sleep(1.0)
        for _ in range(300):
            fl.call("floor after", "GET", "/floor/question?questionId=1")
    except (BenchError, httpx.HTTPError) as exc:
        print(f"\nsoak: FAILED: {exc}\nsoak: logs and database kept in {tmp}", file=sys.stderr)
        return 1
    finally:
        ws.close()

    minutes = []
    for m in sorted({m for m, _ in load.samples} | set(rss)):
        kinds = {k: stats(v) for (mm, k), v in load.samples.items() if mm == m}
        web, cons = rss.get(m, (0.0, 0.0))
        minutes.append({"minute": m, "requests": sum(s["n"] for s in kinds.values()),
                        "5xx": load.errors_5xx.get(m, 0), "kinds": kinds, "rss_web_mib": web, "rss_consumers_mib": cons})
    report = {"machine": machine_info(), "minutes_run": args.minutes, "clients": args.clients,
              "workers": args.workers, "consumers": args.consumers, "bulk_every": args.bulk_every,
              "minutes": [m for m in minutes if m["minute"] < args.minutes], "bulks": len(load.bulks),
              "bulks_complete": not pending, "total_5xx": sum(load.errors_5xx.values()),
              "floor_before": stats(fl.samples["floor before"]), "floor_after": stats(fl.samples["floor after"])}
    print("\n".join(minutes_table(report) + [""] + verdict(report)))
    ok = report["total_5xx"] == 0 and not pending and not load.failures
    for failure in load.failures[:20]:
        print(f"soak: failed call: {failure}", file=sys.stderr)
    if not ok:
        print(f"\nsoak: FAILED (5xx answers, failed calls or bulks not complete); docs/performance.md left "
              f"alone; logs and database kept in {tmp}", file=sys.stderr)
        return 1
    ws.keep = False
    ws.close()
    if not args.no_write:
        write_section(BEGIN, END, render(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
