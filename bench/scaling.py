"""Worker scaling and latency under mixed load, on PostgreSQL.

    .venv/bin/python -m bench.scaling            # 1, 2 and 4 workers, 10 s per measurement (make bench-scaling)
    .venv/bin/python -m bench.scaling --quick    # 3 s per measurement, smaller bulk: a smoke test

Steps: a new database on the local PostgreSQL server (``VDC_BENCH_PG_URL``, default
``postgresql+psycopg://postgres@127.0.0.1:5432/postgres``; dropped at the end); ``vdcommerce db
upgrade``; 10,000 FAQ questions loaded with SQLAlchemy Core; an admin; the checkout benchmark's
catalogue (50 products, 5 cart price rules) made over HTTP. Then, for each worker count N
(``--workers``, default 1,2,4), the service (``vdcommerce serve --workers N``, production settings, no
queue consumer of its own) and the floor (``bench.floor --workers N``, same database) on loopback
ports, and:

- **GET by id**: wrk, 32 connections, random ids, service then floor: req/s and the ratio to the floor;
- **cart writes**: wrk, 32 connections, each request adds one unit of a product to one of 256 guest
  carts (chosen at random; each cart keeps one line): req/s. Afterwards the carts' quantities are
  summed: every answered add must be in them (none lost to a concurrent one);
- **guest checkouts**: ``--clients`` client processes, each walking its own carts through the four
  calls (create the cart, add an item, shipping information, payment information): orders/s. Every
  order id must be new, and the orders counted back over the API must be as many as were answered;
- **mixed load**: the p99 of GET by id (wrk, 4 connections) alone, then while the checkout clients
  run and a bulk of ``--bulk`` question creates (``POST /async/bulk/V1/vendor_faq/question``) is
  consumed by one ``vdcommerce queue consume`` beside the same workers; every bulk operation must
  complete. The floor's p99 at 4 connections, alone, is the reference;
- **no correctness loss**, in the mixed load: once the checkout clients and the consumer are busy, 16
  guest checkouts race for a product with 5 units (managed stock, no backorders; each cart holds one
  unit) and 12 for one gift card (``giftcard`` module) whose balance pays exactly 4 of their orders (each
  cart totals 0 with the card, the ``free`` method), all sent at the same instant from 4 processes, each
  on a connection of its own opened beforehand. Exactly 5 and 4 orders must be placed; the others refused
  with a 4xx: ``The requested qty is not available`` for the product, the card's refusals for the card
  (no funds left, used up, or, the card no longer paying, the free method not available), never a 5xx
  or another message. Read back over the API: the product's stock item has qty 0 and is out of stock
  (salable 0), the orders paid no more than the balance, and the card holds the balance less what they
  paid. The races' orders are counted with the clients' when the orders are counted back.

wrk and the client processes share the machine's cores with the workers, so the load generators
take their share from the workers as N grows: on a 2-core machine the figures show the contention,
not what N cores would give. The load average is noted. Writes ``bench/results-scaling.json`` and its
section of docs/performance.md (between the markers below) unless ``--no-write``; any failed call or
check fails the run (exit code 1) and leaves both alone.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

from bench.calls import Client, write_section
from bench.checkout import ADDRESS, setup_catalog
from bench.run import (ADMIN_PASSWORD, ADMIN_USER, LUA_COMMON, ROOT, BenchError, FreshDatabase, Server, WrkResult,
                       check, load_data, lua_string, machine_info, run_cli, run_wrk, start_service_and_floor,
                       vdcommerce_bin, write_scripts)
from bench.workspace import Workspace, admin_token, stop_all

RESULTS_JSON = ROOT / "bench" / "results-scaling.json"
BEGIN = "<!-- BEGIN scaling (written by bench/scaling.py) -->"
END = "<!-- END scaling -->"

QUESTIONS = 10_000
CARTS = 256
SATURATING, LIGHT = 32, 4  # wrk connections: throughput, and the latency probe of the mixed load


# -- guest checkouts in client processes --------------------------------------------------------

def _checkout_client(base: str, skus: list[str], until: float, seed: int) -> tuple[list[int], list[str]]:
    """Guest checkouts one after another until ``until`` (time.time()): the order ids and any failures."""
    rng = random.Random(seed)
    orders: list[int] = []
    failures: list[str] = []
    with httpx.Client(base_url=base, timeout=60) as http:
        def call(method: str, path: str, body=None):
            r = http.request(method, path, json=body)
            if r.status_code != 200:
                raise BenchError(f"{method} {path}: {r.status_code} {r.text[:200]}")
            return r.json()

        while time.time() < until:
            try:
                cart = call("POST", "/rest/default/V1/guest-carts")
                path = f"/rest/default/V1/guest-carts/{cart}"
                call("POST", path + "/items", {"cartItem": {"sku": rng.choice(skus), "qty": 1, "quote_id": cart}})
                call("POST", path + "/shipping-information", {"addressInformation": {
                    "shipping_address": ADDRESS, "billing_address": ADDRESS,
                    "shipping_carrier_code": "flatrate", "shipping_method_code": "flatrate"}})
                order_id = call("POST", path + "/payment-information", {
                    "email": "jane.doe@example.com", "paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS})
                if not isinstance(order_id, int):
                    raise BenchError(f"payment-information answered {order_id!r}")
                orders.append(order_id)
            except (BenchError, httpx.HTTPError) as exc:
                failures.append(str(exc))
                if len(failures) > 20:
                    break
    return orders, failures


def _ready(_: int) -> int:
    return os.getpid()


class Checkouts:
    """``clients`` client processes, started (and their imports done) before any of them is timed."""

    def __init__(self, clients: int):
        self.clients = clients
        self.pool = multiprocessing.get_context("spawn").Pool(clients)
        self.pool.map(_ready, range(clients * 4))
        self.pending: list = []
        self.start = 0.0

    def begin(self, base: str, skus: list[str], seconds: float) -> None:
        """Every client places guest orders for ``seconds`` from now, in the background."""
        self.start = time.time()
        until = self.start + seconds
        self.pending = [self.pool.apply_async(_checkout_client, (base, skus, until, i)) for i in range(self.clients)]

    def close(self) -> None:
        self.pool.terminate()
        self.pool.join()

    def finish(self) -> tuple[list[int], float]:
        """The order ids and the seconds from ``begin`` until the last order; raises on any failed call."""
        orders: list[int] = []
        failures: list[str] = []
        for p in self.pending:
            got, failed = p.get(timeout=600)
            orders += got
            failures += failed
        self.pending = []
        elapsed = time.time() - self.start
        check(not failures, f"{len(failures)} checkout calls failed, first: {failures[:1]}")
        check(len(set(orders)) == len(orders), "an order id was answered twice")
        return orders, elapsed


def order_count(admin: Client) -> int:
    return admin.call(None, "GET", "/rest/all/V1/orders?searchCriteria[pageSize]=1")["total_count"]


# -- cart writes with wrk -----------------------------------------------------------------------

def cart_script(tmp: Path, carts: list[tuple[str, str]]) -> Path:
    lines = ["-- generated by bench/scaling.py", 'wrk.headers["Accept"] = "application/json"',
             'wrk.headers["Content-Type"] = "application/json"', "local carts = {"]
    lines += [f"  {{{lua_string(c)}, {lua_string(sku)}}}," for c, sku in carts]
    lines += ["}",
              "function request()",
              "  local c = carts[math.random(1, #carts)]",
              "  local body = string.format('{\"cartItem\":{\"sku\":\"%s\",\"qty\":1,\"quote_id\":\"%s\"}}', c[2], c[1])",
              "  return wrk.format(\"POST\", \"/rest/default/V1/guest-carts/\" .. c[1] .. \"/items\", nil, body)",
              "end"]
    path = tmp / "cart-writes.lua"
    path.write_text("\n".join(lines) + "\n" + LUA_COMMON)
    return path


def cart_quantity(guest: Client, carts: list[tuple[str, str]]) -> int:
    total = 0
    for cart, _sku in carts:
        for item in guest.call(None, "GET", f"/rest/default/V1/guest-carts/{cart}/items"):
            total += int(item["qty"])
    return total


# -- the bulk ---------------------------------------------------------------------------------------

def post_bulk(admin: Client, n: int, tag: str) -> str:
    r = admin.http.post("/rest/all/async/bulk/V1/vendor_faq/question",
                        json=[{"question": {"title": f"scaling {tag} {i}", "email": "a@b.c", "stores": "1"}}
                              for i in range(n)])
    check(r.status_code == 202, f"bulk of {n}: {r.status_code} {r.text[:300]}")
    return r.json()["bulk_uuid"]


def bulk_complete(admin: Client, uuid: str) -> int:
    return int(admin.call(None, "GET", f"/rest/V1/bulk/{uuid}/operation-status/1"))


def start_consumer(env: dict[str, str], log: Path) -> subprocess.Popen:
    with open(log, "ab") as out:
        return subprocess.Popen([str(vdcommerce_bin()), "queue", "consume"], cwd=ROOT, env=env, stdout=out,
                                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)


def stop_process(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


# -- correctness races under the mixed load -------------------------------------------------------

RACE_STOCK, RACE_BUYERS = 5, 16  # last unit: units in stock, guest checkouts racing for them
CARD_ORDERS, CARD_CARTS = 4, 12  # no double spend: orders the gift card's balance covers, carts racing for it
RACERS = 4  # processes the racing checkouts are sent from
OUT_OF_STOCK = "The requested qty is not available"
# what refuses a cart whose gift card was spent by the others: the deduction finds no balance left, the card
# is seen used up before the order is written, or (the card left out of the totals) the cart no longer
# totals 0 and the free method does not apply
CARD_REFUSALS = ("Gift card %1 balance does not have funds.", "Gift card %1 is used.",
                 "The requested Payment Method is not available.")


def _race_client(base: str, jobs: list[tuple[int, str, dict]], at: float) -> list[tuple[int, int, str, float]]:
    """Each job (index, path, body) on a connection of its own, opened first, in a thread of its own; every
    POST is sent at ``at`` (time.time()): (index, status, answer, time.time() when answered)."""
    answers: list[tuple[int, int, str, float]] = []
    lock = threading.Lock()

    def one(i: int, path: str, body: dict) -> None:
        with httpx.Client(base_url=base, timeout=120) as http:
            try:
                http.get("/health/live")
                time.sleep(max(0.0, at - time.time()))
                r = http.post(path, json=body)
                got = (i, r.status_code, r.text, time.time())
            except httpx.HTTPError as exc:
                got = (i, 0, f"{type(exc).__name__}: {exc}", time.time())
        with lock:
            answers.append(got)

    threads = [threading.Thread(target=one, args=job) for job in jobs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


class Races:
    """The last-unit and gift-card races: carts prepared beforehand, then every checkout sent at the same
    instant from ``RACERS`` processes (started, and their imports done, before any race)."""

    def __init__(self) -> None:
        self.pool = multiprocessing.get_context("spawn").Pool(RACERS)
        self.pool.map(_ready, range(RACERS * 4))
        self.pending: list = []

    def close(self) -> None:
        self.pool.terminate()
        self.pool.join()

    def prepare(self, admin: Client, guest: Client, tag: str) -> dict:
        """A product with ``RACE_STOCK`` units and ``RACE_BUYERS`` guest carts of one unit each; a product and
        ``CARD_CARTS`` guest carts each paid in full by one gift card whose balance covers ``CARD_ORDERS`` of
        them. Every cart has its shipping method: what is left is placing the orders."""
        def product(sku: str, qty: int) -> None:
            admin.call(None, "POST", "/rest/all/V1/products", {"product": {
                "sku": sku, "name": f"Race {sku}", "price": 40, "weight": 1, "type_id": "simple",
                "extension_attributes": {"stock_item": {
                    "qty": qty, "is_in_stock": True, "manage_stock": True, "use_config_manage_stock": False,
                    "backorders": 0, "use_config_backorders": False}}}})
            item = admin.call(None, "GET", f"/rest/all/V1/stockItems/{sku}")
            check(item["manage_stock"] and int(item["backorders"]) == 0 and item["qty"] == qty,
                  f"race product {sku}: stock item {item}")

        def cart(sku: str) -> str:
            masked = guest.call(None, "POST", "/rest/default/V1/guest-carts")
            path = f"/rest/default/V1/guest-carts/{masked}"
            guest.call(None, "POST", path + "/items", {"cartItem": {"sku": sku, "qty": 1, "quote_id": masked}})
            guest.call(None, "POST", path + "/shipping-information", {"addressInformation": {
                "shipping_address": ADDRESS, "billing_address": ADDRESS,
                "shipping_carrier_code": "flatrate", "shipping_method_code": "flatrate"}})
            return path

        last_sku, card_sku = f"RACE-LAST-{tag}", f"RACE-CARD-{tag}"
        product(last_sku, RACE_STOCK)
        product(card_sku, 1_000)
        last_carts = [cart(last_sku) for _ in range(RACE_BUYERS)]
        card_carts = [cart(card_sku) for _ in range(CARD_CARTS)]
        totals = {guest.call(None, "GET", c + "/totals")["grand_total"] for c in card_carts}
        check(len(totals) == 1 and min(totals) > 0, f"the gift card race's carts total {totals}")
        order_total = totals.pop()
        balance = round(order_total * CARD_ORDERS, 2)
        pool = admin.call(None, "POST", "/rest/all/V1/vdgcard/code-pool", {"codePool": {
            "title": f"Race {tag}", "template": "RACE-{L}{L}{L}{D}{D}{D}{D}{D}", "qty": 1}})
        card = admin.call(None, "POST", "/rest/all/V1/vdgcard/account", {"account": {
            "code_pool": pool["code_pool_id"], "status": 1, "website_id": 1, "store_id": 1, "initial_value": balance}})
        code = card["code_model"]["code"]
        for c in card_carts:
            guest.call(None, "PUT", f"{c}/gift-card-account/{code}")
            left = guest.call(None, "GET", c + "/totals")["grand_total"]
            check(left == 0, f"the gift card leaves {left} of a race cart to pay, not 0")
        jobs = [(i, c + "/payment-information", {"email": f"last.unit.{i}@example.com", "billingAddress": ADDRESS,
                                                 "paymentMethod": {"method": "checkmo"}})
                for i, c in enumerate(last_carts)]
        jobs += [(RACE_BUYERS + i, c + "/payment-information", {
            "email": f"gift.card.{i}@example.com", "billingAddress": ADDRESS, "paymentMethod": {"method": "free"}})
            for i, c in enumerate(card_carts)]
        return {"last_sku": last_sku, "card_id": card["account_id"], "balance": balance, "order_total": order_total,
                "jobs": jobs}

    def begin(self, base: str, prepared: dict, delay: float) -> float:
        """Every prepared checkout sent ``delay`` seconds from now, spread over the processes; the instant."""
        at = time.time() + delay
        jobs = prepared["jobs"]
        self.pending = [self.pool.apply_async(_race_client, (base, jobs[k::RACERS], at)) for k in range(RACERS)]
        return at

    def finish(self) -> dict[int, tuple[int, str, float]]:
        answers: dict[int, tuple[int, str, float]] = {}
        for p in self.pending:
            for i, status, text, when in p.get(timeout=600):
                answers[i] = (status, text, when)
        self.pending = []
        return answers


def _refusal(status: int, text: str) -> str | None:
    """The platform error message of a 4xx answer (None for anything else)."""
    if not 400 <= status < 500:
        return None
    try:
        body = json.loads(text)
    except ValueError:
        return None
    return body.get("message") if isinstance(body, dict) else None


def check_races(admin: Client, workers: int, prepared: dict, answers: dict[int, tuple[int, str, float]],
                at: float) -> dict:
    """The races' outcome, checked: exactly ``RACE_STOCK`` orders for the last units, the others refused as out
    of stock and the product left with nothing to sell; exactly ``CARD_ORDERS`` orders paid by the gift card,
    never more than its balance, and the card left with the balance less what they paid."""
    what = f"{workers} workers"
    check(len(answers) == RACE_BUYERS + CARD_CARTS, f"{what}: {len(answers)} race answers")
    broken = [(i, s, t[:200]) for i, (s, t, _) in answers.items() if s != 200 and _refusal(s, t) is None]
    check(not broken, f"{what}: racing checkouts answered neither an order nor a refusal: {broken[:3]}")

    last = [answers[i] for i in range(RACE_BUYERS)]
    placed = [json.loads(t) for s, t, _ in last if s == 200]
    refused = [_refusal(s, t) for s, t, _ in last if s != 200]
    item = admin.call(None, "GET", f"/rest/all/V1/stockItems/{prepared['last_sku']}")
    salable = item["qty"] - item.get("min_qty", 0)
    check(len(placed) == RACE_STOCK and all(isinstance(o, int) for o in placed),
          f"{what}, last unit: {len(placed)} of {RACE_BUYERS} orders placed for {RACE_STOCK} units")
    check(all(m == OUT_OF_STOCK for m in refused), f"{what}, last unit: refused with {sorted(set(refused))}")
    check(salable == 0 and not item["is_in_stock"], f"{what}, last unit: salable {salable}, in stock "
          f"{item['is_in_stock']} after the race")

    card = [answers[RACE_BUYERS + i] for i in range(CARD_CARTS)]
    orders = [json.loads(t) for s, t, _ in card if s == 200]
    refused = [_refusal(s, t) for s, t, _ in card if s != 200]
    check(all(m in CARD_REFUSALS for m in refused), f"{what}, gift card: refused with {sorted(set(refused))}")
    paid = round(sum(float(admin.call(None, "GET", f"/rest/all/V1/orders/{o}")["extension_attributes"]
                           .get("vdgiftcard_amount") or 0) for o in orders), 2)
    left = round(float(admin.call(None, "GET", f"/rest/all/V1/vdgcard/account/{prepared['card_id']}")
                       ["current_value"]), 2)
    balance = prepared["balance"]
    check(paid <= balance, f"{what}, gift card: orders paid {paid} from a balance of {balance}")
    check(left >= 0 and abs(balance - paid - left) < 0.005,
          f"{what}, gift card: balance {balance}, orders paid {paid}, {left} left on the card")
    check(len(orders) == CARD_ORDERS, f"{what}, gift card: {len(orders)} of {CARD_CARTS} orders placed, the "
          f"balance covers {CARD_ORDERS}")
    return {"last_unit": {"stock": RACE_STOCK, "buyers": RACE_BUYERS, "placed": len(placed), "salable": salable},
            "gift_card": {"balance": balance, "carts": CARD_CARTS, "covers": CARD_ORDERS, "placed": len(orders),
                          "paid": paid, "left": left},
            "race_orders": len(placed) + len(orders),
            "race_seconds": round(max(w for _, _, w in answers.values()) - at, 3)}


def race_line(r: dict) -> str:
    lu, gc = r["last_unit"], r["gift_card"]
    return (f"last unit: {lu['placed']} of {lu['buyers']} placed, salable {lu['salable']:g}; gift card: paid "
            f"{gc['paid']:.2f} of balance {gc['balance']:.2f} ({gc['placed']} of {gc['carts']} placed)")


# -- one worker count ---------------------------------------------------------------------------

def measure(workers: int, env: dict[str, str], tmp: Path, args: argparse.Namespace, skus: list[str],
            run_id: str, checkouts: Checkouts, races: Races) -> dict:
    servers: list[Server] = []
    work = tmp / f"workers-{workers}"
    work.mkdir()
    wrk_log = work / "wrk.log"
    consumer: subprocess.Popen | None = None
    try:
        svc, floor = start_service_and_floor(env, work, servers, workers=workers)
        base, floor_base = f"http://127.0.0.1:{svc.port}", f"http://127.0.0.1:{floor.port}"
        token = admin_token(base)
        admin, guest = Client(base, token), Client(base)
        scripts = write_scripts(work, token, QUESTIONS, run_id)
        out: dict = {"workers": workers}

        def wrk(url: str, script: Path, conns: int, what: str) -> WrkResult:
            run_wrk(url, script, args.warmup, 1, conns, wrk_log, "get_by_id", what, tag="warm")
            r = run_wrk(url, script, args.duration, 1, conns, wrk_log, "get_by_id", what, tag="measure")
            check(not r.failed, f"{workers} workers, {what}: {r.failure()}")
            return r

        # GET by id, saturated: service, then floor
        svc_get = wrk(base + "/", scripts[("get_by_id", "service")], SATURATING, "service")
        floor_get = wrk(floor_base + "/", scripts[("get_by_id", "floor")], SATURATING, "floor")
        out["get_rps"], out["floor_get_rps"] = round(svc_get.rps, 1), round(floor_get.rps, 1)
        out["get_ratio"] = round(svc_get.rps / floor_get.rps, 3)
        print(f"scaling: {workers} workers: GET by id {svc_get.rps:,.0f} req/s, floor {floor_get.rps:,.0f} "
              f"(ratio {out['get_ratio']:.2f})", flush=True)

        # cart writes: each cart keeps one line whose quantity every add raises
        carts = [(guest.call(None, "POST", "/rest/default/V1/guest-carts"), skus[i % len(skus)]) for i in range(CARTS)]
        script = cart_script(work, carts)
        warm = run_wrk(base + "/", script, args.warmup, 1, SATURATING, wrk_log, "create", "service", tag="warm")
        r = run_wrk(base + "/", script, args.duration, 1, SATURATING, wrk_log, "create", "service", tag="measure")
        check(not warm.failed and not r.failed, f"{workers} workers, cart writes: {warm.failure()} {r.failure()}")
        answered = warm.requests + r.requests
        stored = cart_quantity(guest, carts)
        # an add still in flight when wrk stops is stored but not counted by wrk
        check(answered <= stored <= answered + 2 * SATURATING,
              f"{workers} workers, cart writes: {answered} adds answered, {stored} units in the carts")
        out["cart_writes_rps"] = round(r.rps, 1)
        print(f"scaling: {workers} workers: cart writes {r.rps:,.0f} req/s ({answered:,} answered, {stored:,} "
              "units stored)", flush=True)

        # guest checkouts, alone
        before = order_count(admin)
        checkouts.begin(base, skus, args.duration)
        orders, seconds = checkouts.finish()
        counted = order_count(admin) - before
        check(counted == len(orders), f"{workers} workers: {len(orders)} orders answered, {counted} stored")
        out["orders_per_s"] = round(len(orders) / seconds, 2)
        print(f"scaling: {workers} workers: guest checkouts {out['orders_per_s']:.1f} orders/s "
              f"({len(orders)} orders, {args.clients} clients)", flush=True)

        # mixed load: GET by id's p99 alone, then beside checkouts and a bulk (the consumer, started
        # first, is idle and ready when the bulk arrives)
        consumer = start_consumer(env, work / "consumer.log")
        alone = wrk(base + "/", scripts[("get_by_id", "service")], LIGHT, "service")
        floor_alone = wrk(floor_base + "/", scripts[("get_by_id", "floor")], LIGHT, "floor")
        check(consumer.poll() is None, f"the queue consumer exited with {consumer.returncode}")
        prepared = races.prepare(admin, guest, f"{run_id}-{workers}")
        before = order_count(admin)
        uuid = post_bulk(admin, args.bulk, f"{run_id}-{workers}")
        checkouts.begin(base, skus, args.duration + 1)
        # the racing checkouts start once the clients and the consumer are busy, well before the load ends
        at = races.begin(base, prepared, min(1.0, args.duration / 3))
        mixed = run_wrk(base + "/", scripts[("get_by_id", "service")], args.duration, 1, LIGHT, wrk_log,
                        "get_by_id", "service", tag="mixed")
        check(not mixed.failed, f"{workers} workers, mixed load: {mixed.failure()}")
        done_at_end = bulk_complete(admin, uuid)
        orders, seconds = checkouts.finish()
        load_end = checkouts.start + args.duration + 1
        race = check_races(admin, workers, prepared, races.finish(), at)
        counted = order_count(admin) - before
        check(counted == len(orders) + race["race_orders"], f"{workers} workers, mixed: {len(orders)} orders "
              f"answered by the checkout clients and {race['race_orders']} by the races, {counted} stored")
        deadline = time.monotonic() + 600
        while bulk_complete(admin, uuid) < args.bulk:
            check(time.monotonic() < deadline, f"{workers} workers: the bulk did not complete within 600 s")
            time.sleep(0.5)
        out.update({"get_p99_alone_ms": round(alone.p99_ms, 3), "get_p50_alone_ms": round(alone.p50_ms, 3),
                    "floor_p99_alone_ms": round(floor_alone.p99_ms, 3),
                    "get_p99_mixed_ms": round(mixed.p99_ms, 3), "get_p50_mixed_ms": round(mixed.p50_ms, 3),
                    "get_rps_mixed": round(mixed.rps, 1), "orders_per_s_mixed": round(len(orders) / seconds, 2),
                    "bulk_done_during": done_at_end, "bulk": args.bulk,
                    "last_unit": race["last_unit"], "gift_card": race["gift_card"],
                    "race_seconds": race["race_seconds"], "race_in_load": at + race["race_seconds"] <= load_end})
        print(f"scaling: {workers} workers: GET by id p99 {alone.p99_ms:.2f} ms alone, {mixed.p99_ms:.2f} ms "
              f"mixed (floor alone {floor_alone.p99_ms:.2f} ms); {out['orders_per_s_mixed']:.1f} orders/s and "
              f"{done_at_end}/{args.bulk} bulk operations during it", flush=True)
        print(f"scaling: {workers} workers: {race_line(out)}; the races answered within {race['race_seconds']:.2f} s"
              + ("" if out["race_in_load"] else ", after the checkout clients stopped"), flush=True)
        return out
    finally:
        if consumer is not None:
            stop_process(consumer)
        stop_all(servers)


# -- report -------------------------------------------------------------------------------------

def table_lines(rows: list[dict]) -> list[str]:
    one = rows[0]
    head = ("| workers | GET by id req/s | floor req/s | ratio to floor | cart writes req/s | guest orders/s | "
            "GET by id p99 ms, alone | floor p99 ms, alone | GET by id p99 ms, mixed | orders/s, mixed | "
            "bulk ops done, mixed |")
    lines = [head, "| " + " | ".join(["---:"] * (head.count("|") - 1)) + " |"]
    for r in rows:
        x = lambda k: f" (x{r[k] / one[k]:.2f})" if one[k] and r is not one else ""  # noqa: E731
        lines.append(f"| {r['workers']} | {r['get_rps']:,.0f}{x('get_rps')} | {r['floor_get_rps']:,.0f}"
                     f"{x('floor_get_rps')} | {r['get_ratio']:.2f} | {r['cart_writes_rps']:,.0f}{x('cart_writes_rps')} | "
                     f"{r['orders_per_s']:.1f}{x('orders_per_s')} | {r['get_p99_alone_ms']:.2f} | "
                     f"{r['floor_p99_alone_ms']:.2f} | {r['get_p99_mixed_ms']:.2f} | {r['orders_per_s_mixed']:.1f} | "
                     f"{r['bulk_done_during']:,} of {r['bulk']:,} |")
    return lines


def render(report: dict) -> str:
    m = report["machine"]
    return "\n".join([
        BEGIN, "", "## Workers and mixed load", "",
        "Written by `bench/scaling.py` (`make bench-scaling`, not part of `make bench`): on PostgreSQL "
        f"({report['server']}), {report['questions']:,} questions, the service with 1 to "
        f"{max(r['workers'] for r in report['rows'])} workers and the floor with as many. GET by id and cart "
        f"writes (add one unit to one of {CARTS} guest carts) are wrk at {SATURATING} connections; guest orders "
        f"are {report['clients']} client processes each walking its own carts through the four checkout calls. "
        f"The mixed load is GET by id at {LIGHT} connections while the same checkout clients run and a bulk of "
        f"{report['bulk']:,} question creates is consumed beside the same workers. *(xN)* is the figure over "
        "the one-worker figure; only GET by id has a floor.", "",
        f"{m['date']}, {m['cpu_model']}, {m['nproc']} cores, load average {', '.join(map(str, m['load_average_at_start']))} "
        f"at start, {', '.join(map(str, report['load_average_at_end']))} at end; {report['duration_s']:g} s per "
        "measurement. wrk and the client processes run on the same cores as the workers.", "",
        *table_lines(report["rows"]), "",
        "Checked on every run: each cart's quantity holds every add that was answered, every order id is new "
        "and the orders counted back match those answered, every bulk operation completes. During the mixed "
        f"load, on each worker count, {RACE_BUYERS} guest checkouts race for a product with {RACE_STOCK} units "
        f"(managed stock, no backorders) and {CARD_CARTS} for one gift card whose balance pays {CARD_ORDERS} "
        f"of them, all sent at the same instant from {RACERS} processes: exactly the units' and the balance's "
        "worth of orders are placed, the others refused (out of stock; the card spent), the product is left "
        "with nothing to sell and the card with its balance less what the orders paid:", "",
        *[f"- {r['workers']} workers: {race_line(r)}" for r in report["rows"]], "", END])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.scaling", description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="3 s per measurement, a bulk of 200 (smoke test)")
    ap.add_argument("--workers", default="1,2,4", help="worker counts, comma-separated (default 1,2,4)")
    ap.add_argument("--duration", type=float, default=None, help="seconds per measurement (default 10, quick 3)")
    ap.add_argument("--clients", type=int, default=4, help="checkout client processes (default 4)")
    ap.add_argument("--bulk", type=int, default=None, help="operations in the mixed-load bulk (default 1000)")
    ap.add_argument("--no-write", action="store_true", help="print only: leave results and docs alone")
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory (logs, scripts)")
    args = ap.parse_args(argv)
    args.duration = args.duration or (3.0 if args.quick else 10.0)
    args.warmup = 1.0 if args.quick else 3.0
    args.bulk = args.bulk or (200 if args.quick else 1000)
    counts = [int(w) for w in args.workers.split(",") if w.strip()]
    if shutil.which("wrk") is None:
        print("wrk not found on PATH (apt-get install wrk)", file=sys.stderr)
        return 2

    machine = machine_info()
    run_id = time.strftime("%Y%m%d%H%M%S")
    ws = Workspace("vdc-bench-scaling-", kept="scaling: logs kept in {tmp}", keep=args.keep)
    tmp, servers = ws.tmp, ws.servers
    rows: list[dict] = []
    print(f"scaling: working in {tmp}", flush=True)
    try:
        database = ws.database = FreshDatabase("postgresql", tmp)
        env = ws.env(database.url, VDC_QUEUE_CONSUMERS="0", VDC_QUEUE_BACKEND="db", VDC_CRON_TICK_SECONDS="0")
        log = tmp / "cli.log"
        run_cli(["db", "upgrade"], env, 300, log)
        load_data(database.url, QUESTIONS)
        database.after_load()
        run_cli(["admin", "create", "--username", ADMIN_USER, "--password", ADMIN_PASSWORD], env, 120, log)
        svc, _floor = start_service_and_floor(env, tmp, servers)
        base = f"http://127.0.0.1:{svc.port}"
        skus = setup_catalog(Client(base, admin_token(base)))
        ws.stop_servers()
        server = database.server_version()
        print(f"scaling: {database.name} ready ({QUESTIONS:,} questions, 50 products, 5 rules)", flush=True)
        checkouts = Checkouts(args.clients)
        races: Races | None = None
        try:
            races = Races()
            for workers in counts:
                rows.append(measure(workers, env, tmp, args, skus, run_id, checkouts, races))
        finally:
            checkouts.close()
            if races is not None:
                races.close()
    except (BenchError, httpx.HTTPError) as exc:
        print(f"\nscaling: FAILED: {exc}", file=sys.stderr, flush=True)
        ws.keep = True
        return 1
    finally:
        ws.close()

    report = {"machine": machine, "server": server, "questions": QUESTIONS, "clients": args.clients,
              "bulk": args.bulk, "duration_s": args.duration, "quick": args.quick, "rows": rows,
              "load_average_at_end": [round(x, 2) for x in os.getloadavg()]}
    print()
    print("\n".join(table_lines(rows)))
    for r in rows:
        print(f"{r['workers']} workers: {race_line(r)}")
    if not args.no_write:
        RESULTS_JSON.write_text(json.dumps(report, indent=2) + "\n")
        write_section(BEGIN, END, render(report))
        print(f"scaling: wrote {RESULTS_JSON.relative_to(ROOT)} and docs/performance.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
