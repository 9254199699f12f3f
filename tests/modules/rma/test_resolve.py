"""Resolving returns over HTTP: a refund is a platform credit memo with stock back, store credit goes to
the customer's balance, an exchange or a repair moves no money; refusals keep nothing."""
from tests.helpers import ok
from tests.helpers.sales import stock_qty
from tests.modules.rma.conftest import shipped_order


def _request(me, order, lines):
    """``lines``: (order item index, qty, resolution id)."""
    return ok(me.post("/V1/vendor_rma/mine/request", json={"request": {"order_id": order["entity_id"],
                                                                       "request_items": [
        {"order_item_id": order["items"][i]["item_id"], "qty": qty, "reason_id": 2, "condition_id": 3,
         "resolution_id": resolution} for i, qty, resolution in lines]}}))


def test_a_refund_writes_a_credit_memo_and_puts_stock_back(all_client, admin, shopper):
    customer, me = shopper
    order, (sku,) = shipped_order(all_client, customer)
    oid = order["entity_id"]
    req = _request(me, order, [(0, 1, 2)])
    rid, item_id = req["request_id"], req["request_items"][0]["request_item_id"]
    stock = stock_qty(admin, sku)
    done = ok(admin.post(f"/V1/vendor_rma/rma_request/resolve/{rid}", json={}))
    [memo_id] = done["creditmemo_ids"]
    assert done["refunded_amount"] == 30 and done["store_credit_amount"] == 0
    assert done["request"]["status"] == 4 and done["request"]["status_state"] == 3
    assert done["request"]["request_items"][0]["item_status"] == 3
    assert done["request"]["request_items"][0]["creditmemo_id"] == memo_id
    memo = ok(admin.get(f"/V1/creditmemo/{memo_id}"))
    assert memo["order_id"] == oid and memo["grand_total"] == 30
    assert [(i["order_item_id"], i["qty"]) for i in memo["items"] if i["qty"]] == [(order["items"][0]["item_id"], 1)]
    listed = ok(admin.get("/V1/creditmemos", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "order_id",
        "searchCriteria[filter_groups][0][filters][0][value]": oid}))
    assert [m["entity_id"] for m in listed["items"]] == [memo_id]
    got = ok(admin.get(f"/V1/orders/{oid}"))
    assert got["total_refunded"] == 30
    assert any(h["comment"] == f"Refund for return request #{req['increment_id']}." for h in got["status_histories"])
    assert stock_qty(admin, sku) == stock + 1
    events = ok(admin.get(f"/V1/vendor_rma/rma_request/history/{rid}"))
    assert [e["event_type"] for e in events][-2:] == [12, 10]
    assert events[-2]["event_data"] == {"items": [item_id], "creditmemo_ids": [memo_id]}
    assert events[-1]["event_data"] == {"from": 1, "to": 4, "reason": "resolved"}

    r = admin.post(f"/V1/vendor_rma/rma_request/resolve/{rid}", json={})
    assert r.status_code == 400 and r.json() == {"message": "There are no items to resolve."}
    r = admin.post(f"/V1/vendor_rma/rma_request/resolve/{rid}", json={"itemIds": [item_id]})
    assert r.status_code == 400 and r.json() == {"message": 'Request item with ID "%1" can\'t be resolved.',
                                                 "parameters": [item_id]}
    # the module's own refund does not count twice against what can still be returned
    line = ok(me.get(f"/V1/vendor_rma/mine/returnable_order/{oid}"))["items"][0]
    assert line["available_qty"] == 1
    assert ok(admin.get(f"/V1/orders/{oid}"))["total_refunded"] == 30


def test_store_credit_goes_to_the_customers_balance(all_client, admin, shopper):
    customer, me = shopper
    order, (sku,) = shipped_order(all_client, customer)
    ok(admin.put("/V1/vendor_rma/rma_resolution/4", json={"resolution": {"status": 1}}))
    try:
        offered = ok(me.get(f"/V1/vendor_rma/mine/returnable_order/{order['entity_id']}"))["items"][0]["resolutions"]
        assert "store_credit" in [r["action"] for r in offered]
        req = _request(me, order, [(0, 1, 4)])
        stock = stock_qty(admin, sku)
        done = ok(admin.post(f"/V1/vendor_rma/rma_request/resolve/{req['request_id']}", json={
            "returnToStock": False}))
        assert done["store_credit_amount"] == 30 and done["refunded_amount"] == 0
        assert len(done["creditmemo_ids"]) == 1
        assert ok(me.get("/V1/customers/me/vdstorecredit"))["store_credit"] == 30
        assert stock_qty(admin, sku) == stock
    finally:
        ok(admin.put("/V1/vendor_rma/rma_resolution/4", json={"resolution": {"status": 0}}))


def test_exchange_and_repair_move_no_money_and_items_resolve_one_at_a_time(all_client, admin, shopper):
    customer, me = shopper
    order, _ = shipped_order(all_client, customer, lines=((2, 30), (1, 20)))
    req = _request(me, order, [(0, 1, 1), (1, 1, 3), (0, 1, 2)])
    exchange, repair, refund = (i["request_item_id"] for i in req["request_items"])
    done = ok(admin.post(f"/V1/vendor_rma/rma_request/resolve/{req['request_id']}", json={
        "itemIds": [exchange, repair]}))
    assert done["creditmemo_ids"] == [] and done["refunded_amount"] == 0 and done["store_credit_amount"] == 0
    assert done["request"]["status"] == 1  # an item is still open
    assert [i["item_status"] for i in done["request"]["request_items"]] == [3, 3, 0]
    assert "total_refunded" not in ok(admin.get(f"/V1/orders/{order['entity_id']}"))
    r = admin.post(f"/V1/vendor_rma/rma_request/resolve/{req['request_id']}", json={"itemIds": [999999]})
    assert r.status_code == 404 and r.json() == {"message": 'Request item with specified ID "%1" not found.',
                                                 "parameters": [999999]}
    done = ok(admin.post(f"/V1/vendor_rma/rma_request/resolve/{req['request_id']}", json={}))
    assert len(done["creditmemo_ids"]) == 1 and done["refunded_amount"] == 30
    assert done["request"]["status_state"] == 3
    assert [i.get("creditmemo_id") for i in done["request"]["request_items"]] == [None, None,
                                                                                  done["creditmemo_ids"][0]]
    r = admin.post("/V1/vendor_rma/rma_request/resolve/999999", json={})
    assert r.status_code == 404 and r.json() == {"message": 'Request with specified ID "%1" not found.',
                                                 "parameters": [999999]}


def test_a_refund_the_platform_refuses_keeps_nothing(all_client, admin, shopper, server):
    customer, _ = shopper
    order, _ = shipped_order(all_client, customer)
    oid = order["entity_id"]
    # everything refunded outside the module first (the order is closed); the shop may still open a return
    ok(all_client.post(f"/V1/order/{oid}/refund", json={}))
    server.config("vdrma/general/allowed_statuses", "complete,closed")
    try:
        req = ok(admin.post("/V1/vendor_rma/rma_request/request", json={"request": {
            "order_id": oid, "customer_id": customer["id"], "request_items": [{
                "order_item_id": order["items"][0]["item_id"], "qty": 1, "reason_id": 1, "condition_id": 1,
                "resolution_id": 2}]}}))
    finally:
        server.config("vdrma/general/allowed_statuses", "complete")
    before = ok(admin.get(f"/V1/vendor_rma/rma_request/history/{req['request_id']}"))
    r = admin.post(f"/V1/vendor_rma/rma_request/resolve/{req['request_id']}", json={})
    assert r.status_code == 400 and r.json()["message"] in (
        "The order does not allow a creditmemo to be created.",
        "The quantity to refund must not be greater than the unrefunded quantity.")
    after = ok(admin.get(f"/V1/vendor_rma/rma_request/get/{req['request_id']}"))
    assert after["request_items"][0]["item_status"] == 0 and after["status"] == 1
    assert ok(admin.get(f"/V1/vendor_rma/rma_request/history/{req['request_id']}")) == before
