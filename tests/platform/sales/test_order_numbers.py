"""Order numbers under concurrency, and the demo orders (a 9-digit counter per store view)."""
from concurrent.futures import ThreadPoolExecutor

import pytest
import sqlalchemy as sa

from tests.helpers import unique
from tests.helpers.harness import Database, Server
from tests.helpers.sales import order_body

pytestmark = pytest.mark.long_file(75)  # seconds on a busy machine: handed out early (tests/helpers/order.py)


def test_orders_placed_at_once_get_distinct_consecutive_numbers(tmp_path):
    db = Database(tmp_path)
    server = Server(tmp_path, db, workers=4)
    try:
        token = server.token()

        def place(_):
            with server.client(token, "all") as c:
                r = c.post("/V1/orders", json=order_body([(unique("S-"), 1, 5)]))
            assert r.status_code == 200, r.text
            return r.json()["increment_id"]

        with ThreadPoolExecutor(max_workers=12) as pool:
            numbers = list(pool.map(place, range(36)))
        assert sorted(numbers) == [f"{n:09d}" for n in range(1, 37)]
    finally:
        server.stop()
        db.drop()


def test_demo_orders_vary_in_state(tmp_path):
    # its own database: the demo data (active rules among it) must not change other tests' carts
    db = Database(tmp_path)
    server = Server(tmp_path, db)
    try:
        server.cli("demo", "load")
        with server.client(server.token()) as admin:
            _check_demo_orders(admin, server.db.engine)
    finally:
        server.stop()
        db.drop()


def _check_demo_orders(admin, engine):
    # read one by one: a module's demo data may take an order out of the lists
    with engine.connect() as c:
        ids = c.execute(sa.text("SELECT entity_id FROM sales_order WHERE customer_email IN "
                                "('ana.silva@example.com', 'roni_cost@example.com', 'john.smith@example.com')")).scalars()
        orders = [admin.get(f"/V1/orders/{i}") for i in ids]
    assert all(r.status_code == 200 for r in orders), [r.text for r in orders]
    demo = {o["customer_email"] + ":" + o["items"][0]["sku"]: o for o in (r.json() for r in orders)}
    states = {key: o["state"] for key, o in demo.items()}
    assert states == {"ana.silva@example.com:MS-TEE-M": "new", "roni_cost@example.com:WS-HOODIE-M": "processing",
                      "john.smith@example.com:24-WG085": "complete", "ana.silva@example.com:GIFT-CARD-50": "complete"}
    tees = demo["ana.silva@example.com:MS-TEE-M"]
    assert (tees["subtotal"], tees["shipping_amount"], tees["grand_total"]) == (90, 10, 100)
    assert tees["shipping_description"] == "Flat Rate - Fixed"
    roni = demo["roni_cost@example.com:WS-HOODIE-M"]
    assert roni["customer_is_guest"] == 0 and roni["total_paid"] == roni["grand_total"]
