"""Benchmark the checkout: guest order placement end to end, and totals collection of a big cart.

    .venv/bin/python -m bench.checkout            # full run (make bench)
    .venv/bin/python -m bench.checkout --quick    # fewer orders and samples
    .venv/bin/python -m bench.checkout --preload 100000   # beside 100,000 orders and carts

Steps: a fresh SQLite database; ``vdcommerce db upgrade``; an admin; the service (production
settings, one worker) and the floor (``bench.floor``) on loopback ports. Over HTTP with the admin
token: 50 products with ample stock and 5 active cart price rules without coupons (10 % off from a
subtotal of 50, 2 off per unit in category A, 15 off the cart, buy 2 get 1 on category B, free
shipping from 100). Then, with one keep-alive client (so every figure is a per-call latency, not
queueing):

- **place order**: N guest checkouts of one item, each the four calls a storefront makes
  (create cart, add item, shipping information, payment information), every answer checked;
  orders per second and p50/p95 of each call;
- **place order, 4 connections**: the same N orders again on four keep-alive connections at once, each
  walking its own carts (the throughput of the one worker, not a client's latency);
- **place order with money collectors**: customer checkouts with an extra fee chosen, a gift card and
  store credit each paying part (seven calls, every answer checked, the last order's amounts too);
- **totals, 50 items, 5 rules**: a guest cart with 50 different items, then repeated
  ``POST .../totals-information`` (collects every total without saving) and ``PUT .../items/:id``
  (changes a quantity: collects and saves); p50/p95;
- **floor**: the same client against ``GET /floor/question`` of the bare ASGI app, the least a call
  can cost on this server; every figure's *ratio to floor* is floor p50 / call p50;
- **statements**: ``--count-orders`` more guest checkouts with the service's
  ``vdcommerce_db_statements_total`` read around each call: statements per call and per order.

``--preload N``: before the service starts, N orders and N more carts shaped like real ones (items,
addresses, payments; guests and customers in every store view) are written with bulk inserts
(``bench.preload``), so the figures can be compared on an empty database and on a full one.

Writes ``bench/results-checkout.json`` and its section of docs/performance.md (between the markers
below); any failed call fails the run (exit code 1) and leaves the page alone.
"""
from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
import threading
import time

import httpx

from bench.calls import Client, stats, write_section
from bench.preload import preload
from bench.run import (ADMIN_PASSWORD, ADMIN_USER, ROOT, BenchError, StatementCounter, machine_info,
                       run_cli, start_service_and_floor)
from bench.workspace import Workspace, admin_token

CONNECTIONS = 4  # the concurrent place-order run
RESULTS_JSON = ROOT / "bench" / "results-checkout.json"
BEGIN = "<!-- BEGIN checkout (written by bench/checkout.py) -->"
END = "<!-- END checkout -->"

ADDRESS = {"firstname": "Jane", "lastname": "Doe", "street": ["1 Main St"], "city": "Austin", "region_id": 57,
           "region_code": "TX", "postcode": "78701", "country_id": "US", "telephone": "5125550100",
           "email": "jane.doe@example.com"}
COMBINE = "Magento\\SalesRule\\Model\\Rule\\Condition\\Combine"
PRODUCT_COMBINE = "Magento\\SalesRule\\Model\\Rule\\Condition\\Product\\Combine"


def _rule(name: str, sort_order: int, action: str, amount: float, conditions=(), actions=(), **extra) -> dict:
    rule = {"name": name, "website_ids": [1], "customer_group_ids": [0, 1, 2, 3], "is_active": True,
            "coupon_type": "NO_COUPON", "stop_rules_processing": False, "sort_order": sort_order,
            "simple_action": action, "discount_amount": amount,
            "condition": {"condition_type": COMBINE, "aggregator_type": "all", "value": "1",
                          "conditions": list(conditions)},
            "action_condition": {"condition_type": PRODUCT_COMBINE, "aggregator_type": "all", "value": "1",
                                 "conditions": list(actions)}}
    rule.update(extra)
    return {"rule": rule}


def _address(attr: str, op: str, value: str) -> dict:
    return {"condition_type": "Magento\\SalesRule\\Model\\Rule\\Condition\\Address", "attribute_name": attr,
            "operator": op, "value": value}


def _product(attr: str, op: str, value: str) -> dict:
    return {"condition_type": "Magento\\SalesRule\\Model\\Rule\\Condition\\Product", "attribute_name": attr,
            "operator": op, "value": value}


def rules(a: str, b: str) -> list[dict]:
    """The five rules, two of them on the categories ``a`` and ``b``."""
    return [
        _rule("10% from 50", 10, "by_percent", 10, [_address("base_subtotal", ">=", "50")]),
        _rule("2 off per unit, category A", 20, "by_fixed", 2, actions=[_product("category_ids", "()", a)]),
        _rule("15 off the cart", 30, "cart_fixed", 15),
        _rule("buy 2 get 1, category B", 40, "buy_x_get_y", 1, actions=[_product("category_ids", "==", b)],
              discount_step=2),
        _rule("free shipping from 100", 50, "by_percent", 0, [_address("base_subtotal", ">=", "100")],
              simple_free_shipping="FREE_WITH_MATCHING_ITEMS"),
    ]


def setup_catalog(admin: Client) -> list[str]:
    skus = []
    a, b = (str(admin.call(None, "POST", "/rest/all/V1/categories",
                           {"category": {"name": f"Bench {n}", "parent_id": 2, "is_active": True}})["id"])
            for n in ("A", "B"))
    for i in range(50):
        sku = f"BENCH-{i:02d}"
        category = a if i % 2 == 0 else b
        admin.call(None, "POST", "/rest/all/V1/products", {"product": {
            "sku": sku, "name": f"Bench product {i}", "price": 10 + i, "weight": 1, "type_id": "simple",
            "extension_attributes": {"stock_item": {"qty": 1_000_000, "is_in_stock": True}},
            "custom_attributes": [{"attribute_code": "category_ids", "value": [category]}]}})
        skus.append(sku)
    for rule in rules(a, b):
        admin.call(None, "POST", "/rest/all/V1/salesRules", rule)
    return skus


GUEST_CALLS = ("create cart", "add item", "shipping information", "payment information")


def place_order(call, sku: str) -> int:
    """One guest checkout, the four calls a storefront makes, through ``call(label, method, path, body)``."""
    cart = call("create cart", "POST", "/rest/default/V1/guest-carts")
    base = f"/rest/default/V1/guest-carts/{cart}"
    call("add item", "POST", base + "/items", {"cartItem": {"sku": sku, "qty": 1, "quote_id": cart}})
    call("shipping information", "POST", base + "/shipping-information", {"addressInformation": {
        "shipping_address": ADDRESS, "billing_address": ADDRESS,
        "shipping_carrier_code": "flatrate", "shipping_method_code": "flatrate"}})
    order_id = call("payment information", "POST", base + "/payment-information", {
        "email": "jane.doe@example.com", "paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS})
    if not isinstance(order_id, int):
        raise BenchError(f"payment-information answered {order_id!r}, not an order id")
    return order_id


def place_orders(guest: Client, sku: str, n: int) -> float:
    t0 = time.perf_counter()
    for _ in range(n):
        place_order(guest.call, sku)
    return n / (time.perf_counter() - t0)


def count_order_statements(guest: Client, base: str, sku: str, n: int) -> dict:
    """Statements of each guest checkout call and of a whole order, over ``n`` orders (the service's
    statement counter read around every call)."""
    counter = StatementCounter(base)
    if not counter.available:
        return {"available": False}
    counts: dict[str, list[float]] = {label: [] for label in GUEST_CALLS}

    def counted(label: str, method: str, path: str, body=None):
        before = counter.read()
        out = guest.call(None, method, path, body)
        counts[label].append(counter.since(before))
        return out

    for _ in range(n):
        place_order(counted, sku)
    per_order = [sum(c[i] for c in counts.values()) for i in range(n)]
    summary = lambda xs: {"mean": round(sum(xs) / len(xs), 2), "min": min(xs), "max": max(xs)}  # noqa: E731
    return {"available": True, "orders": n, "calls": {k: summary(v) for k, v in counts.items()},
            "order": summary(per_order)}
def place_orders_concurrently(base: str, sku: str, n: int, connections: int) -> float:
    """``place_order`` on ``connections`` keep-alive connections at once, each walking its own carts
    (``n`` orders in all): the throughput of one worker kept busy, rather than one client's latency."""
    clients = [Client(base) for _ in range(connections)]
    failures: list[BaseException] = []

    def walk(client: Client, count: int) -> None:
        try:
            place_orders(client, sku, count)
        except BaseException as exc:  # noqa: BLE001 - reported by the caller
            failures.append(exc)

    share = [n // connections + (1 if k < n % connections else 0) for k in range(connections)]
    threads = [threading.Thread(target=walk, args=(c, k)) for c, k in zip(clients, share)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - t0
    if failures:
        raise failures[0]
    return n / elapsed


def setup_money(admin: Client, base: str, n: int) -> tuple[str, int, int, list[str]]:
    """A customer with ample store credit, an extra fee every cart is offered, and ``n`` gift cards of 5.00
    (one per order); answers the customer's token, the fee and option ids and the card codes."""
    email = f"bench.{secrets.token_hex(4)}@example.com"
    customer = admin.call(None, "POST", "/rest/V1/customers", {"customer": {
        "email": email, "firstname": "Bench", "lastname": "Buyer"}, "password": "Bench-Passw0rd"})
    admin.call(None, "POST", "/rest/all/V1/vdstorecredit/manage", {"customerId": customer["id"], "amount": 1_000_000})
    fee = admin.call(None, "POST", "/rest/all/V1/vendor_extrafee/fee", {"fee": {
        "name": "Bench packing", "frontend_type": "radio", "group_id": [0, 1, 2, 3], "store_id": [0],
        "options": [{"admin": "Box", "price": 7.5, "order": 1}]}})
    pool = admin.call(None, "POST", "/rest/all/V1/vdgcard/code-pool", {"codePool": {
        "title": "Bench cards", "template": "BENCH-{L}{L}{L}{D}{D}{D}{D}", "qty": n}})
    codes = []
    for _ in range(n):
        card = admin.call(None, "POST", "/rest/all/V1/vdgcard/account", {"account": {
            "code_pool": pool["code_pool_id"], "status": 1, "website_id": 1, "store_id": 1, "initial_value": 5}})
        codes.append(card["code_model"]["code"])
    token = httpx.post(base + "/rest/V1/integration/customer/token",
                       json={"username": email, "password": "Bench-Passw0rd"}).json()
    return token, fee["id"], fee["options"][0]["entity_id"], codes


def place_orders_with_money(me: Client, sku: str, fee: tuple[int, int], codes: list[str]) -> tuple[float, int]:
    """Customer checkouts that choose the fee (7.50), pay 5.00 by gift card and 5.00 by store credit: the
    seven calls a storefront makes; orders per second and the last order's id."""
    mine = "/rest/default/V1/carts/mine"
    shipping = {"shipping_carrier_code": "flatrate", "shipping_method_code": "flatrate"}
    order_id = 0
    t0 = time.perf_counter()
    for code in codes:
        cart = me.call("[money] create cart", "POST", mine)
        me.call("[money] add item", "POST", mine + "/items", {"cartItem": {"sku": sku, "qty": 1, "quote_id": cart}})
        me.call("[money] shipping information", "POST", mine + "/shipping-information", {"addressInformation": {
            "shipping_address": ADDRESS, "billing_address": ADDRESS, **shipping}})
        me.call("[money] choose the fee", "POST", "/rest/default/V1/vendor_extrafee/carts/mine/totals-information", {
            "information": {"fee_id": fee[0], "options_ids": [fee[1]]},
            "addressInformation": {"address": ADDRESS, **shipping}})
        me.call("[money] apply a gift card", "PUT", f"{mine}/gift-card-account/{code}")
        me.call("[money] apply store credit", "POST", mine + "/vdstorecredit/apply", {"amount": 5})
        order_id = me.call("[money] payment information", "POST", mine + "/payment-information", {
            "paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS})
        if not isinstance(order_id, int):
            raise BenchError(f"payment-information answered {order_id!r}, not an order id")
    return len(codes) / (time.perf_counter() - t0), order_id


def check_money_order(admin: Client, order_id: int) -> None:
    ext = admin.call(None, "GET", f"/rest/all/V1/orders/{order_id}")["extension_attributes"]
    paid = (ext.get("vdextrafee_amount"), ext.get("vdgiftcard_amount"), ext.get("vdstorecredit_amount"))
    if paid != (7.5, 5, 5):
        raise BenchError(f"the order's fee, gift card and store credit are {paid}, not (7.5, 5, 5)")


def big_cart_totals(guest: Client, skus: list[str], samples: int) -> None:
    cart = guest.call(None, "POST", "/rest/default/V1/guest-carts")
    base = f"/rest/default/V1/guest-carts/{cart}"
    items = [guest.call(None, "POST", base + "/items", {"cartItem": {"sku": s, "qty": 3, "quote_id": cart}})
             for s in skus]
    guest.call(None, "POST", base + "/shipping-information", {"addressInformation": {
        "shipping_address": ADDRESS, "billing_address": ADDRESS,
        "shipping_carrier_code": "flatrate", "shipping_method_code": "flatrate"}})
    totals = guest.call(None, "GET", base + "/totals")
    if len(totals["items"]) != 50 or totals["discount_amount"] >= 0:
        raise BenchError(f"the 50-item cart's totals look wrong: {len(totals['items'])} items, "
                         f"discount {totals['discount_amount']}")
    body = {"addressInformation": {"address": ADDRESS, "shipping_carrier_code": "flatrate",
                                   "shipping_method_code": "flatrate"}}
    for i in range(samples):
        guest.call("totals-information (50 items, 5 rules)", "POST", base + "/totals-information", body)
        item = items[i % len(items)]
        guest.call("update item qty (50 items, 5 rules)", "PUT", f"{base}/items/{item['item_id']}",
                   {"cartItem": {"qty": 2 + i % 3, "quote_id": cart}})


def render(report: dict) -> str:
    m = report["machine"]
    lines = [BEGIN, "", "## Checkout", "",
             "Written by `bench/checkout.py` (part of `make bench`): guest order placement end to end and totals "
             "collection of a 50-item cart under 5 active cart price rules, one keep-alive client against one "
             "worker on SQLite, so each figure is the latency of one call. *Ratio to floor* is the floor's p50 "
             "(`GET /floor/question` of the bare ASGI app, same client, same run) divided by the call's p50.", "",
             f"{m['date']}, {m['cpu_model']}, {m['nproc']} cores, {report['orders']} orders, "
             f"{report['samples']} totals samples, load average {report['loadavg']} (before, after), "
             + (f"{report['preloaded']['orders']:,} orders and {report['preloaded']['carts']:,} carts preloaded "
                f"({report['preloaded']['order items']:,} order items, {report['preloaded']['cart items']:,} cart items)."
                if report.get("preloaded") else "on an empty database (nothing preloaded)."), "",
             "Statements per call and what cut them: [quote.md](platform/quote.md#reading-and-collecting-a-cart-once-"
             "per-request).", "",
             f"**Place-order throughput: {report['orders_per_s']:.1f} guest orders/s** (4 calls each, one client); "
             f"**{report['orders_per_s_concurrent']:.1f} guest orders/s on {report['connections']} connections** "
             "(each walking its own carts, the worker kept busy).",
             "",
             f"**With an extra fee, a gift card and store credit: {report['money_orders_per_s']:.1f} customer "
             f"orders/s** ({report['money_orders']} orders of 7 calls each: create the cart, add the item, shipping "
             "information, choose the fee, apply a gift card, apply store credit, payment information; the rows "
             "marked [money]). Each order pays 7.50 for the fee and 5.00 each by gift card and credit, checked on "
             "the last order.",
             "", "| call | p50 ms | p95 ms | ratio to floor |", "| --- | ---: | ---: | ---: |"]
    floor = report["floor"]["p50_ms"]
    for label, s in report["calls"].items():
        lines.append(f"| {label} | {s['p50_ms']:.2f} | {s['p95_ms']:.2f} | {floor / s['p50_ms']:.2f} |")
    lines += [f"| floor: `GET /floor/question` | {floor:.2f} | {report['floor']['p95_ms']:.2f} | 1.00 |", ""]
    lines += statement_lines(report.get("statements"), markdown=True)
    lines += ["", END]
    return "\n".join(lines)


def statement_lines(st: dict | None, markdown: bool) -> list[str]:
    if not st or not st.get("available"):
        return ["Statements per call: not measured (the service's /metrics is off)."]
    rows = [(label, st["calls"][label]) for label in GUEST_CALLS] + [("whole guest order", st["order"])]
    spread = lambda c: f"{c['mean']:g}" + ("" if c["min"] == c["max"] else f" ({c['min']:g}-{c['max']:g})")  # noqa: E731
    if not markdown:
        return [f"statements: {label} {spread(c)}" for label, c in rows]
    return [f"Statements per call of a guest checkout, counted by the service (`vdcommerce_db_statements_total`, "
            f"transaction control not counted) over {st['orders']} more orders placed one call at a time "
            "(mean, and the range when it varied):", "",
            "| call | statements |", "| --- | ---: |"] + [f"| {label} | {spread(c)} |" for label, c in rows]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="50 orders, 50 totals samples")
    ap.add_argument("--orders", type=int, default=None)
    ap.add_argument("--count-orders", type=int, default=None,
                    help="orders placed with the statements of each call counted (default 20, quick 10)")
    ap.add_argument("--no-write", action="store_true", help="print only")
    ap.add_argument("--preload", type=int, default=0, metavar="N",
                    help="write N orders and N more carts (with items, addresses, payments) before the run")
    args = ap.parse_args(argv)
    orders = args.orders or (50 if args.quick else 400)
    samples = 50 if args.quick else 300
    count_orders = args.count_orders or (10 if args.quick else 20)

    load_before = os.getloadavg()[0]  # other work on the machine moves every figure; the page notes it
    ws = Workspace("vdc-bench-checkout-", kept="bench: logs and database kept in {tmp}")
    tmp = ws.tmp
    env = ws.env(f"sqlite:///{tmp / 'bench.db'}", VDC_QUEUE_CONSUMERS="0")
    log = tmp / "cli.log"
    try:
        run_cli(["db", "upgrade"], env, 300, log)
        run_cli(["admin", "create", "--username", ADMIN_USER, "--password", ADMIN_PASSWORD], env, 120, log)
        preloaded = None
        if args.preload:
            t0 = time.perf_counter()
            preloaded = preload(env["VDC_DATABASE_URL"], args.preload)
            print(f"bench: preloaded {preloaded} in {time.perf_counter() - t0:.0f} s", flush=True)
        svc, floor = start_service_and_floor(env, tmp, ws.servers)
        port, floor_port = svc.port, floor.port
        base = f"http://127.0.0.1:{port}"
        admin = Client(base, admin_token(base))
        skus = setup_catalog(admin)
        admin.call(None, "POST", "/rest/V1/vendor_faq/question", {"question": {"title": "floor row", "email": "a@b.c"}})
        print(f"bench: 2 categories, 50 products and 5 rules created; placing {orders} guest orders", flush=True)

        guest = Client(base)
        place_orders(guest, skus[0], max(5, orders // 10))  # warm-up
        guest.samples.clear()
        rate = place_orders(guest, skus[0], orders)
        statements = count_order_statements(Client(base), base, skus[0], count_orders)
        rate_concurrent = place_orders_concurrently(base, skus[0], orders, CONNECTIONS)
        money_orders = max(10, orders // 4)
        ctoken, fee_id, option_id, codes = setup_money(admin, base, money_orders + 5)
        me = Client(base, ctoken)
        place_orders_with_money(me, skus[0], (fee_id, option_id), codes[:5])  # warm-up
        me.samples.clear()
        money_rate, last = place_orders_with_money(me, skus[0], (fee_id, option_id), codes[5:])
        check_money_order(admin, last)
        admin.call(None, "DELETE", f"/rest/all/V1/vendor_extrafee/fee/{fee_id}")  # not offered to the big cart
        guest.samples.update(me.samples)
        big_cart_totals(guest, skus, samples)
        fl = Client(f"http://127.0.0.1:{floor_port}")
        for _ in range(samples * 2):
            fl.call("floor", "GET", "/floor/question?questionId=1")
    except (BenchError, httpx.HTTPError) as exc:
        print(f"\nbench: FAILED: {exc}", file=sys.stderr)
        ws.keep = True
        return 1
    finally:
        ws.close()

    report = {"machine": machine_info(), "orders": orders, "samples": samples, "orders_per_s": round(rate, 2),
              "connections": CONNECTIONS, "orders_per_s_concurrent": round(rate_concurrent, 2),
              "loadavg": f"{load_before:.2f}, {os.getloadavg()[0]:.2f}",
              "money_orders": money_orders, "money_orders_per_s": round(money_rate, 2),
              "calls": {k: stats(v) for k, v in guest.samples.items()}, "floor": stats(fl.samples["floor"]),
              "statements": statements, "preloaded": preloaded}
    print(json.dumps(report["calls"], indent=1))
    print(f"place order: {rate:.1f} orders/s on one connection, {rate_concurrent:.1f} on {CONNECTIONS}; with a fee, a gift card and store credit: {money_rate:.1f} "
          f"orders/s; floor p50 {report['floor']['p50_ms']} ms")
    print("\n".join(statement_lines(statements, markdown=False)))
    if not args.no_write:
        RESULTS_JSON.write_text(json.dumps(report, indent=2) + "\n")
        write_section(BEGIN, END, render(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
