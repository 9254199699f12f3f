"""The scheduled jobs under the job clock: return periods end when the daily job records them, and
approved requests the customer never sent back are closed."""
import datetime as dt

import pytest

from tests.helpers import ok
from tests.modules.rma.conftest import shipped_order

pytestmark = pytest.mark.long_file(90)  # seconds on a busy machine: handed out early

TIME = "%Y-%m-%d %H:%M:%S"


def _run(server, job, at: dt.datetime) -> None:
    out = server.cli("cron", "run", "--job", job, "--at", at.strftime("%Y-%m-%d %H:%M:%S"))
    assert job in out.stdout and "error" not in out.stdout, out.stdout


def _resolutions(me, order):
    line = ok(me.get(f"/V1/vendor_rma/mine/returnable_order/{order['entity_id']}"))["items"][0]
    return [r["action"] for r in line["resolutions"]], line


def test_return_periods_end_when_the_job_records_them(all_client, admin, shopper, server):
    customer, me = shopper
    order, (sku,) = shipped_order(all_client, customer)
    other, _ = shipped_order(all_client, customer)
    tree = ('{"type":"Vendor\\\\Rma\\\\Model\\\\ReturnRules\\\\Condition\\\\Combine","aggregator":"all","value":"1",'
            '"conditions":[{"type":"Vendor\\\\Rma\\\\Model\\\\ReturnRules\\\\Condition\\\\Product","attribute":"sku",'
            f'"operator":"==","value":"{sku}"}}]}}')
    rule = ok(admin.post("/V1/vendor_rma/return_rule", json={"rule": {
        "name": "Ten days to get money back", "default_resolution": 30, "conditions_serialized": tree,
        "resolutions": [{"resolution_id": 2, "value": 10}, {"resolution_id": 3, "value": 0}]}}))
    try:
        placed = dt.datetime.strptime(order["created_at"], TIME)
        # a period of 0 is never allowed; the others are open until the job ends them
        assert _resolutions(me, order)[0] == ["exchange", "refund"]
        _run(server, "vendor_rma_return_periods", placed + dt.timedelta(days=10, seconds=-1))  # 9 whole days
        assert _resolutions(me, order)[0] == ["exchange", "refund"]
        _run(server, "vendor_rma_return_periods", placed + dt.timedelta(days=10))
        assert _resolutions(me, order)[0] == ["exchange"]
        # a request asking for the ended resolution keeps nothing
        r = me.post("/V1/vendor_rma/mine/request", json={"request": {"order_id": order["entity_id"], "request_items": [
            {"order_item_id": order["items"][0]["item_id"], "qty": 1, "reason_id": 1, "condition_id": 1,
             "resolution_id": 2}]}})
        assert r.status_code == 400 and r.json() == {"message": "Items were not selected"}
        # a later rule change does not reopen an ended period
        ok(admin.put(f"/V1/vendor_rma/return_rule/{rule['id']}", json={"rule": {
            "resolutions": [{"resolution_id": 2, "value": 100}]}}))
        assert _resolutions(me, order)[0] == ["exchange", "repair"]
        ok(admin.put(f"/V1/vendor_rma/return_rule/{rule['id']}", json={"rule": {"default_resolution": 30}}))
        _run(server, "vendor_rma_return_periods", placed + dt.timedelta(days=30))
        actions, line = _resolutions(me, order)
        assert actions == [] and line["returnable"] is False and line["no_returnable_reason"] == 1
        # the shop is not bound by the periods; the other order has no rule that applies
        assert ok(admin.get(f"/V1/vendor_rma/returnable_order/{order['entity_id']}"))["items"][0]["returnable"]
        assert _resolutions(me, other)[0] == ["exchange", "refund", "repair"]
    finally:
        ok(admin.delete(f"/V1/vendor_rma/return_rule/{rule['id']}"))


def test_auto_close_cancels_approved_requests_nobody_sent_back(all_client, admin, shopper, server):
    customer, me = shopper
    order, _ = shipped_order(all_client, customer, lines=((2, 30),))
    made = []
    for _ in range(2):
        req = ok(me.post("/V1/vendor_rma/mine/request", json={"request": {
            "order_id": order["entity_id"], "request_items": [{
                "order_item_id": order["items"][0]["item_id"], "qty": 1, "reason_id": 1, "condition_id": 1,
                "resolution_id": 1}]}}))
        made.append(ok(admin.put(f"/V1/vendor_rma/rma_request/request/{req['request_id']}",
                                 json={"request": {"status": 2}})))
    waiting, sent = made
    # the second one's parcel is on its way (the tracking number switches no status: none has auto event 2)
    ok(me.post(f"/V1/vendor_rma/mine/request/{sent['request_id']}/tracking", json={
        "tracking": {"tracking_code": "ups", "tracking_number": "1Z"}}))
    approved_at = dt.datetime.strptime(ok(admin.get(
        f"/V1/vendor_rma/rma_request/get/{waiting['request_id']}"))["modified_at"], TIME)
    server.config("vdrma/general/auto_close_days", "3")
    try:
        _run(server, "vendor_rma_auto_close", approved_at + dt.timedelta(days=3, seconds=-1))
        assert ok(admin.get(f"/V1/vendor_rma/rma_request/get/{waiting['request_id']}"))["status"] == 2
        at = approved_at + dt.timedelta(days=3)
        _run(server, "vendor_rma_auto_close", at)
        closed = ok(admin.get(f"/V1/vendor_rma/rma_request/get/{waiting['request_id']}"))
        assert closed["status"] == 5 and closed["modified_at"] == at.strftime(TIME)
        assert ok(admin.get(f"/V1/vendor_rma/rma_request/get/{sent['request_id']}"))["status"] == 2
        last = ok(admin.get(f"/V1/vendor_rma/rma_request/history/{waiting['request_id']}"))[-1]
        assert last["event_type"] == 10 and last["event_initiator"] == 2 and last["event_initiator_name"] == "System"
        assert last["event_data"] == {"from": 2, "to": 5, "reason": "auto_close"}
        assert last["event_date"] == at.strftime(TIME)
        # its quantity is free again
        line = ok(me.get(f"/V1/vendor_rma/mine/returnable_order/{order['entity_id']}"))["items"][0]
        assert line["available_qty"] == 1
    finally:
        server.config("vdrma/general/auto_close_days", "0")
