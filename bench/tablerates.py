"""Benchmark the table-rate carrier: a guest shipping estimate over 100,000 rate rows.

    .venv/bin/python -m bench.tablerates            # full run: 100,000 rows, 400 estimates
    .venv/bin/python -m bench.tablerates --quick    # 10,000 rows, 100 estimates

Steps: a fresh SQLite database; ``vdcommerce db upgrade``; the ``vdstrates`` carrier switched on; an
admin; the service (production settings, one worker) and the floor (``bench.floor``) on loopback
ports. Over HTTP with the admin token: one product (weight 1) and one table-rate method. Then, with
one keep-alive client (every figure is a per-call latency, not queueing):

- **estimate, no rows**: ``POST /V1/guest-carts/:cartId/estimate-shipping-methods`` for a guest cart
  of two units shipped to Los Angeles while the method has no rows;
- **import**: the rows loaded through ``POST .../method/:id/rates/import`` in files of 20,000 lines
  (50 US states x 200 postcode ranges x 10 weight brackets at full size); seconds per file;
- **estimate, N rows**: the same estimate, every answer checked for the table rate the rows give;
- **floor**: the same client against ``GET /floor/question`` of the bare ASGI app; *ratio to floor* is
  the floor's figure divided by the call's (p50 by p50, p99 by p99).

Writes ``bench/results-tablerates.json`` and its section of docs/performance.md (between the markers
below); any failed call fails the run (exit code 1) and leaves the page alone.
"""
from __future__ import annotations

import argparse
import base64
import json
import sys
import time

import httpx

from bench.calls import Client, stats, write_section
from bench.run import (ADMIN_PASSWORD, ADMIN_USER, ROOT, BenchError, machine_info, run_cli,
                       start_service_and_floor)
from bench.workspace import Workspace, admin_token

RESULTS_JSON = ROOT / "bench" / "results-tablerates.json"
BEGIN = "<!-- BEGIN tablerates (written by bench/tablerates.py) -->"
END = "<!-- END tablerates -->"

HEADER = ("Country,State,City,Zip From,Zip To,Price From,Price To,Weight From,Weight To,Qty From,Qty To,"
          "Shipping Type,Rate,PPP,FRPP,FRPUW,Estimated Delivery (days),Name Delivery\n")
STATES = ("AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC "
          "ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI").split()
ZIP_RANGES = 200
WEIGHTS = 10
CHUNK = 20_000
ADDRESS = {"country_id": "US", "region_id": 12, "region_code": "CA", "postcode": "90001", "city": "Los Angeles"}


def lines(total: int) -> list[str]:
    """``total`` rate lines: per state, per postcode range of 500, per weight bracket of 1 kg."""
    out: list[str] = []
    width = 100_000 // ZIP_RANGES
    for state in STATES:
        for z in range(ZIP_RANGES):
            for w in range(WEIGHTS):
                heavy = "" if w == WEIGHTS - 1 else str(w + 1)
                cost = 5 + (z % 7) + w
                out.append(f"US,{state},,{z * width:05d},{z * width + width - 1:05d},,,{w},{heavy},,,,"
                           f"{cost},0,0,0.5,{1 + w % 5},Ground")
                if len(out) == total:
                    return out
    return out


def expected_amount() -> float:
    """What the rows give two units of 1 kg worth 2 x 20 shipped to 90001: of the brackets 1-2 and 2-3
    (both hold 2 kg, as specific as each other) the dearer, plus 2 kg x 0.5."""
    z = 90001 // (100_000 // ZIP_RANGES)
    return float(max(5 + (z % 7) + w for w in (1, 2)) + 1)


def estimate(guest: Client, label: str, base: str, method_code: str, amount: float | None) -> None:
    rates = guest.call(label, "POST", base + "/estimate-shipping-methods", {"address": ADDRESS})
    mine = [r for r in rates if r["method_code"] == method_code]
    if amount is None and mine:
        raise BenchError(f"the method without rows was offered: {mine}")
    if amount is not None and [r["amount"] for r in mine] != [amount]:
        raise BenchError(f"the estimate answered {mine}, not the table rate {amount}")


def render(report: dict) -> str:
    m = report["machine"]
    floor = report["floor"]
    lines_ = [BEGIN, "", "## Table rates", "",
              "Written by `bench/tablerates.py` (not part of the test suite): a guest "
              "`POST /V1/guest-carts/:cartId/estimate-shipping-methods` with the `vdstrates` carrier on, first "
              f"while its one method has no rows, then over {report['rows']:,} rate rows imported through the "
              "import route (50 US states x 200 postcode ranges x 10 weight brackets). One keep-alive client "
              "against one worker on SQLite, so each figure is the latency of one call. *Ratio to floor* is the "
              "floor's figure (`GET /floor/question` of the bare ASGI app, same client, same run) divided by "
              "the call's.", "",
              f"{m['date']}, {m['cpu_model']}, {m['nproc']} cores, load average at start "
              f"{', '.join(str(x) for x in m['load_average_at_start'])}; {report['samples']} estimates per row."
              + (" The load average was above the number of cores: other work shared the machine, so read the "
                 "ratios rather than the milliseconds." if m["load_average_at_start"][0] > m["nproc"] else ""), "",
              f"Import: {report['rows']:,} rows in {report['import_files']} files of up to {CHUNK:,} lines, "
              f"{report['import_seconds']:.1f} s in all ({report['rows'] / report['import_seconds']:,.0f} rows/s).",
              "", "| call | p50 ms | p99 ms | p50 ratio to floor | p99 ratio to floor |",
              "| --- | ---: | ---: | ---: | ---: |"]
    for label, s in report["calls"].items():
        lines_.append(f"| {label} | {s['p50_ms']:.2f} | {s['p99_ms']:.2f} | {floor['p50_ms'] / s['p50_ms']:.2f} | "
                      f"{floor['p99_ms'] / s['p99_ms']:.2f} |")
    lines_ += [f"| floor: `GET /floor/question` | {floor['p50_ms']:.2f} | {floor['p99_ms']:.2f} | 1.00 | 1.00 |",
               "", END]
    return "\n".join(lines_)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="10,000 rows, 100 estimates")
    ap.add_argument("--rows", type=int, default=None)
    ap.add_argument("--no-write", action="store_true", help="print only")
    ap.add_argument("--render", action="store_true", help="rewrite the docs section from the last results only")
    args = ap.parse_args(argv)
    if args.render:
        write_section(BEGIN, END, render(json.loads(RESULTS_JSON.read_text())))
        return 0
    rows = args.rows or (10_000 if args.quick else 100_000)
    samples = 100 if args.quick else 400

    ws = Workspace("vdc-bench-tablerates-", kept="bench: logs and database kept in {tmp}")
    tmp = ws.tmp
    env = ws.env(f"sqlite:///{tmp / 'bench.db'}", VDC_QUEUE_CONSUMERS="0")
    log = tmp / "cli.log"
    import_seconds, files = 0.0, 0
    try:
        run_cli(["db", "upgrade"], env, 300, log)
        run_cli(["config", "set", "carriers/vdstrates/active", "1"], env, 120, log)
        run_cli(["admin", "create", "--username", ADMIN_USER, "--password", ADMIN_PASSWORD], env, 120, log)
        svc, floor = start_service_and_floor(env, tmp, ws.servers)
        base_url = f"http://127.0.0.1:{svc.port}"
        admin = Client(base_url + "/rest/all", admin_token(base_url))
        admin.call(None, "POST", "/V1/vendor_faq/question", {"question": {"title": "floor row", "email": "a@b.c"}})
        sku = "BENCH-TABLE-RATE"
        admin.call(None, "POST", "/V1/products", {"product": {
            "sku": sku, "name": "Bench parcel", "price": 20, "weight": 1, "type_id": "simple",
            "extension_attributes": {"stock_item": {"qty": 1_000_000, "is_in_stock": True}}}})
        method = admin.call(None, "POST", "/V1/vendor_shippingtablerates/method",
                            {"method": {"name": "Ground ({day} days)"}})
        method_code = f"vdstrates{method['id']}"

        guest = Client(base_url + "/rest/default")
        cart = guest.call(None, "POST", "/V1/guest-carts")
        base = f"/V1/guest-carts/{cart}"
        guest.call(None, "POST", base + "/items", {"cartItem": {"sku": sku, "qty": 2, "quote_id": cart}})
        for _ in range(samples // 4):
            estimate(guest, None, base, method_code, None)  # warm-up
        for _ in range(samples):
            estimate(guest, "estimate, no rows", base, method_code, None)

        all_lines = lines(rows)
        print(f"bench: importing {len(all_lines):,} rate rows", flush=True)
        for start in range(0, len(all_lines), CHUNK):
            text = HEADER + "\n".join(all_lines[start:start + CHUNK]) + "\n"
            body = {"fileContent": {"base64_encoded_data": base64.b64encode(text.encode()).decode(),
                                    "name_with_extension": "rates.csv"}, "deleteExisting": start == 0}
            t0 = time.perf_counter()
            result = admin.call(None, "POST", f"/V1/vendor_shippingtablerates/method/{method['id']}/rates/import",
                                body)
            import_seconds += time.perf_counter() - t0
            files += 1
            if result != {"imported_count": len(all_lines[start:start + CHUNK]), "messages": []}:
                raise BenchError(f"the import answered {str(result)[:300]}")
        amount = expected_amount()
        label = f"estimate, {len(all_lines):,} rows"
        for _ in range(samples // 4):
            estimate(guest, None, base, method_code, amount)
        for _ in range(samples):
            estimate(guest, label, base, method_code, amount)
        fl = Client(f"http://127.0.0.1:{floor.port}")
        for _ in range(samples * 2):
            fl.call("floor", "GET", "/floor/question?questionId=1")
    except (BenchError, httpx.HTTPError) as exc:
        print(f"\nbench: FAILED: {exc}", file=sys.stderr)
        ws.keep = True
        return 1
    finally:
        ws.close()

    report = {"machine": machine_info(), "rows": rows, "samples": samples, "import_files": files,
              "import_seconds": round(import_seconds, 2),
              "calls": {k: stats(v) for k, v in guest.samples.items()}, "floor": stats(fl.samples["floor"])}
    print(json.dumps({"import_seconds": report["import_seconds"], "calls": report["calls"],
                      "floor": report["floor"]}, indent=1))
    if not args.no_write:
        RESULTS_JSON.write_text(json.dumps(report, indent=2) + "\n")
        write_section(BEGIN, END, render(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
