"""Two resolves of one return at the same instant, on a server with two workers: one writes the credit
memo, the other finds nothing left to resolve; the order is refunded once."""
import pytest

from tests.helpers import at_once, new_customer, ok
from tests.helpers.harness import server_fixture
from tests.modules.rma.conftest import shipped_order

pytestmark = pytest.mark.long_file(60)  # seconds on a busy machine: handed out early

two_workers = server_fixture("rma-race", workers=2)


def test_a_return_is_never_refunded_twice(two_workers):
    srv = two_workers
    token = srv.token()
    customer, ctoken = new_customer(srv)
    with srv.client(token, store="all") as all_client, srv.client(token) as admin, srv.client(ctoken) as me:
        for _ in range(3):
            order, _ = shipped_order(all_client, customer)
            req = ok(me.post("/V1/vendor_rma/mine/request", json={"request": {
                "order_id": order["entity_id"], "request_items": [{
                    "order_item_id": order["items"][0]["item_id"], "qty": 2, "reason_id": 1, "condition_id": 1,
                    "resolution_id": 2}]}}))
            path = f"/V1/vendor_rma/rma_request/resolve/{req['request_id']}"
            with srv.client(token) as a, srv.client(token) as b:
                answers = at_once(lambda: a.post(path, json={}), lambda: b.post(path, json={}))
            codes = sorted(r.status_code for r in answers)
            assert codes == [200, 400], [r.text for r in answers]
            refused = next(r for r in answers if r.status_code == 400)
            assert refused.json() == {"message": "There are no items to resolve."}
            memos = ok(admin.get("/V1/creditmemos", params={
                "searchCriteria[filter_groups][0][filters][0][field]": "order_id",
                "searchCriteria[filter_groups][0][filters][0][value]": order["entity_id"]}))
            assert memos["total_count"] == 1 and memos["items"][0]["grand_total"] == 60
            assert ok(admin.get(f"/V1/orders/{order['entity_id']}"))["total_refunded"] == 60


def test_two_requests_never_take_the_last_unit_together(two_workers):
    srv = two_workers
    token = srv.token()
    customer, ctoken = new_customer(srv)
    with srv.client(token, store="all") as all_client:
        for _ in range(3):
            order, _ = shipped_order(all_client, customer, lines=((1, 30),))
            body = {"request": {"order_id": order["entity_id"], "request_items": [{
                "order_item_id": order["items"][0]["item_id"], "qty": 1, "reason_id": 1, "condition_id": 1,
                "resolution_id": 1}]}}
            with srv.client(ctoken) as a, srv.client(ctoken) as b:
                answers = at_once(lambda: a.post("/V1/vendor_rma/mine/request", json=body),
                                  lambda: b.post("/V1/vendor_rma/mine/request", json=body))
            assert sorted(r.status_code for r in answers) == [200, 400], [r.text for r in answers]
            assert next(r for r in answers if r.status_code == 400).json() == {"message": "Items were not selected"}
