"""The admin writes of the module through async and bulk: stored, run by the consumer, and visible
as their synchronous calls would leave them; the ACL of a route and of a customer route."""
import httpx

from tests.helpers import limited_admin, ok, unique
from tests.helpers.queue import wait_for
from tests.modules.rma.conftest import shipped_order


def test_async_and_bulk_writes(admin, all_client, shopper):
    title = unique("Async reason ")
    r = admin.post("/async/V1/vendor_rma/rma_reason", json={"reason": {"title": title, "payer": 1}})
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 1)
    (made,) = ok(admin.get("/V1/vendor_rma/rma_reason/list", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "title",
        "searchCriteria[filter_groups][0][filters][0][value]": title}))["items"]
    r = admin.put("/async/bulk/V1/vendor_rma/rma_reason/byReasonId", json=[
        {"reasonId": made["reason_id"], "reason": {"position": 42}}])
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 1)
    assert ok(admin.get(f"/V1/vendor_rma/rma_reason/get/{made['reason_id']}"))["position"] == 42

    customer, me = shopper
    order, _ = shipped_order(all_client, customer)
    req = ok(me.post("/V1/vendor_rma/mine/request", json={"request": {"order_id": order["entity_id"],
                                                                      "request_items": [{
        "order_item_id": order["items"][0]["item_id"], "qty": 1, "reason_id": 1, "condition_id": 1,
        "resolution_id": 2}]}}))
    r = admin.post(f"/async/V1/vendor_rma/rma_request/resolve/{req['request_id']}", json={})
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 1)
    done = ok(admin.get(f"/V1/vendor_rma/rma_request/get/{req['request_id']}"))
    assert done["status_state"] == 3 and done["request_items"][0]["creditmemo_id"] > 0


def test_acl(server, shopper):
    denied = {"message": "The consumer isn't authorized to access %resources.",
              "parameters": {"resources": "Vendor_Rma::request_view"}}
    r = httpx.get(server.url + "/rest/default/V1/vendor_rma/rma_request/list")
    assert r.status_code == 401 and r.json() == denied
    _, me = shopper
    assert me.get("/V1/vendor_rma/rma_request/list").json() == denied
    token = limited_admin(server, "Vendor_Rma::status")
    with server.client(token) as limited:
        assert limited.get("/V1/vendor_rma/rma_request/list").status_code == 401
        assert limited.get("/V1/vendor_rma/rma_status/list").status_code == 200
    r = httpx.get(server.url + "/rest/default/V1/vendor_rma/mine/requests")
    assert r.status_code == 401 and r.json()["parameters"] == {"resources": "self"}
