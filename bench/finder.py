"""Benchmark the parts finder's search: 100,000 products mapped under Make -> Model -> Year chains.

    .venv/bin/python -m bench.finder            # 500 samples per search
    .venv/bin/python -m bench.finder --quick    # 100 samples

Steps: a fresh SQLite database; ``vdcommerce db upgrade``; an admin; 100,000 products (with their
stock and website rows) written with SQLAlchemy Core, as bench/run.py loads its FAQ questions; a
finder with three dropdowns made over HTTP; 20 makes x 25 models x 10 years (5,000 chains, 5,250
values) and 100,000 map rows (20 products per chain) written with Core. The service (production
settings, one worker) and the floor (``bench.floor``) run on loopback ports. With one keep-alive
client (every figure a per-call latency):

- **finished chain**: ``POST /V1/vendor_finder/product/find`` with make, model and year of a random
  chain: 20 full product objects;
- **open chain**: make and model only: every product below the model (200 products);
- **floor**: ``GET /floor/question`` of the bare ASGI app, the least a call can cost on this server.

Prints p50/p99 of each and its ratio to the floor. Not part of the test suite; writes nothing.
"""
from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import sys
import time

import httpx
import sqlalchemy as sa

from bench.calls import stats
from bench.run import ADMIN_PASSWORD, ADMIN_USER, BenchError, machine_info, run_cli, start_service_and_floor
from bench.workspace import Workspace, admin_token

PRODUCTS = 100_000
MAKES, MODELS, YEARS = 20, 25, 10
PER_CHAIN = PRODUCTS // (MAKES * MODELS * YEARS)


def load_catalog(url: str) -> None:
    """100,000 enabled simple products in stock, on website 1."""
    from vdcommerce.platform.catalog.tables import product, product_website, stock_item

    engine = sa.create_engine(url)
    now = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None, microsecond=0)
    with engine.begin() as conn:
        for start in range(1, PRODUCTS + 1, 5000):
            ids = range(start, min(start + 5000, PRODUCTS + 1))
            conn.execute(sa.insert(product), [{"entity_id": i, "sku": f"PART-{i:06d}", "name": f"Part {i}",
                                               "attribute_set_id": 4, "type_id": "simple", "price": "19.9900",
                                               "status": 1, "visibility": 4, "custom_attributes": "[]",
                                               "created_at": now, "updated_at": now} for i in ids])
            conn.execute(sa.insert(product_website), [{"product_id": i, "website_id": 1} for i in ids])
            conn.execute(sa.insert(stock_item), [{"product_id": i, "qty": 100, "is_in_stock": True} for i in ids])
    engine.dispose()


def load_chains(url: str, dropdown_ids: list[int]) -> list[tuple[int, int, int]]:
    """The Make -> Model -> Year values and 20 products per year; the (make, model, year) value ids."""
    from vdcommerce.modules.finder.tables import value, value_map

    engine = sa.create_engine(url)
    make_d, model_d, year_d = dropdown_ids
    chains: list[tuple[int, int, int]] = []
    next_id = 1
    with engine.begin() as conn:
        rows, maps = [], []
        pid = 1
        for m in range(MAKES):
            make = next_id
            next_id += 1
            rows.append({"value_id": make, "parent_id": 0, "dropdown_id": make_d, "name": f"Make {m}"})
            for n in range(MODELS):
                model = next_id
                next_id += 1
                rows.append({"value_id": model, "parent_id": make, "dropdown_id": model_d, "name": f"Model {n}"})
                for y in range(YEARS):
                    year = next_id
                    next_id += 1
                    rows.append({"value_id": year, "parent_id": model, "dropdown_id": year_d, "name": str(2000 + y)})
                    chains.append((make, model, year))
                    for _ in range(PER_CHAIN):
                        maps.append({"value_id": year, "pid": pid, "sku": f"PART-{pid:06d}"})
                        pid += 1
        conn.execute(sa.insert(value), rows)
        for start in range(0, len(maps), 10000):
            conn.execute(sa.insert(value_map), maps[start:start + 10000])
    engine.dispose()
    return chains


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="100 samples per search")
    args = ap.parse_args(argv)
    samples = 100 if args.quick else 500

    ws = Workspace("vdc-bench-finder-", kept="bench: logs and database kept in {tmp}")
    tmp = ws.tmp
    url = f"sqlite:///{tmp / 'bench.db'}"
    env = ws.env(url, VDC_QUEUE_CONSUMERS="0", VDC_CRON_TICK_SECONDS="0")
    log = tmp / "cli.log"
    rng = random.Random(7)
    timings: dict[str, list[float]] = {"finished chain": [], "open chain": [], "floor": []}
    try:
        run_cli(["db", "upgrade"], env, 300, log)
        run_cli(["admin", "create", "--username", ADMIN_USER, "--password", ADMIN_PASSWORD], env, 120, log)
        t0 = time.perf_counter()
        load_catalog(url)
        svc, floor = start_service_and_floor(env, tmp, ws.servers)
        port, floor_port = svc.port, floor.port
        base = f"http://127.0.0.1:{port}/rest/V1"
        token = admin_token(f"http://127.0.0.1:{port}")
        admin = httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=60)

        def call(label: str | None, method: str, path: str, body=None, client: httpx.Client = admin):
            start = time.perf_counter()
            r = client.request(method, path, json=body)
            elapsed = (time.perf_counter() - start) * 1000
            if r.status_code != 200:
                raise BenchError(f"{method} {path}: {r.status_code} {r.text[:300]}")
            if label:
                timings[label].append(elapsed)
            return r.json()

        finder = call(None, "POST", "/vendor_finder/finder", {"finder": {"name": "Fitment", "cnt": 3}})
        dropdowns = [call(None, "POST", "/vendor_finder/dropdown", {"dropdown": {
            "finder_id": finder["finder_id"], "pos": pos, "name": name}})["dropdown_id"]
            for pos, name in enumerate(("Make", "Model", "Year"))]
        chains = load_chains(url, dropdowns)
        call(None, "POST", "/vendor_faq/question", {"question": {"title": "floor row", "email": "a@b.c"}})
        print(f"bench: {PRODUCTS} products and {len(chains) * PER_CHAIN} map rows loaded in "
              f"{time.perf_counter() - t0:.1f} s", flush=True)

        def options(ids) -> dict:
            return {"finderOptions": [{"dropdown_id": d, "value": str(v)} for d, v in zip(dropdowns, ids)]}

        first = call(None, "POST", "/vendor_finder/product/find", options(chains[0]))
        if [p["sku"] for p in first] != [f"PART-{i:06d}" for i in range(1, PER_CHAIN + 1)]:
            raise BenchError(f"the first chain found {[p['sku'] for p in first]}")
        opened = call(None, "POST", "/vendor_finder/product/find", options(chains[0][:2]))
        if len(opened) != PER_CHAIN * YEARS:
            raise BenchError(f"the first model found {len(opened)} products")
        for _ in range(20):  # warm-up
            call(None, "POST", "/vendor_finder/product/find", options(rng.choice(chains)))
        for _ in range(samples):
            call("finished chain", "POST", "/vendor_finder/product/find", options(rng.choice(chains)))
        for _ in range(max(20, samples // 5)):
            call("open chain", "POST", "/vendor_finder/product/find", options(rng.choice(chains)[:2]))
        floor_client = httpx.Client(base_url=f"http://127.0.0.1:{floor_port}", timeout=30)
        for _ in range(samples):
            call("floor", "GET", "/floor/question?questionId=1", client=floor_client)
    except (BenchError, httpx.HTTPError) as exc:
        print(f"\nbench: FAILED: {exc}", file=sys.stderr)
        ws.keep = True
        return 1
    finally:
        ws.close()

    machine = machine_info()
    floor_p50 = stats(timings["floor"])["p50_ms"]
    print(f"machine: {machine.get('cpu_model', '?')}, {machine.get('cpus', os.cpu_count())} cores")
    print("| call | n | p50 ms | p99 ms | floor p50 / p50 |")
    print("|---|---|---|---|---|")
    for label, ms in timings.items():
        s = stats(ms)
        print(f"| {label} | {s['n']} | {s['p50_ms']} | {s['p99_ms']} | {floor_p50 / s['p50_ms']:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
