"""A customer's return over HTTP: what can be returned, creating a request, its chat, tracking and
cancel; another customer never sees it."""
import base64

from tests.helpers import new_customer, ok
from tests.modules.rma.conftest import shipped_order

PNG = base64.b64encode(bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000000000200015e2b43b20000000049454e44ae426082")).decode()


def _create(client, order, qty=1, resolution=2, item=0):
    return client.post("/V1/vendor_rma/mine/request", json={"request": {
        "order_id": order["entity_id"], "custom_fields": [],
        "request_items": [{"order_item_id": order["items"][item]["item_id"], "qty": qty, "reason_id": 2,
                           "condition_id": 3, "resolution_id": resolution}]}})


def test_a_customer_sees_what_can_be_returned_and_returns_it(all_client, shopper, admin, server):
    customer, me = shopper
    order, _ = shipped_order(all_client, customer)
    assert order["status"] == "complete"
    item_id = order["items"][0]["item_id"]
    seen = ok(me.get(f"/V1/vendor_rma/mine/returnable_order/{order['entity_id']}"))
    assert seen["order"]["entity_id"] == order["entity_id"]
    [line] = seen["items"]
    assert line["item"]["item_id"] == item_id and line["product_exists"] is True
    assert (line["purchased_qty"], line["available_qty"], line["returnable"]) == (2, 2, True)
    assert "no_returnable_reason" not in line and line["no_returnable_data"] == []
    assert [r["action"] for r in line["resolutions"]] == ["exchange", "refund", "repair"]

    created = ok(_create(me, order))
    assert created["order_id"] == order["entity_id"] and created["customer_id"] == customer["id"]
    assert created["status"] == 1 and created["status_label"] == "Processing" and created["status_state"] == 0
    assert created["increment_id"] == f"{created['request_id']:09d}"
    assert len(created["url_hash"]) == 32 and any(c.isalpha() for c in created["url_hash"])
    assert created["customer_name"] == "Jane Doe" and created["note"] == "" and created["tracking_numbers"] == []
    [item] = created["request_items"]
    assert (item["qty"], item["request_qty"], item["item_status"]) == (1, 1, 0) and "creditmemo_id" not in item

    left = ok(me.get(f"/V1/vendor_rma/mine/returnable_order/{order['entity_id']}"))["items"][0]
    assert left["available_qty"] == 1 and left["returnable"] is True
    # the last unit, then nothing
    ok(_create(me, order))
    gone = ok(me.get(f"/V1/vendor_rma/mine/returnable_order/{order['entity_id']}"))["items"][0]
    assert gone["returnable"] is False and gone["no_returnable_reason"] == 0 and gone["resolutions"] == []
    assert [d["request_id"] for d in gone["no_returnable_data"]] == sorted(d["request_id"] for d in
                                                                             gone["no_returnable_data"])
    r = _create(me, order)
    assert r.status_code == 400 and r.json() == {"message": "Items were not selected"}

    mine = ok(me.get("/V1/vendor_rma/mine/requests"))
    assert mine["total_count"] >= 2 and all(i["customer_id"] == customer["id"] for i in mine["items"])
    assert ok(me.get(f"/V1/vendor_rma/mine/request/{created['request_id']}"))["request_id"] == created["request_id"]

    # the shop got the new-request mail for the customer in its outbox
    outbox = ok(admin.get("/V1/vdcommerce/mail/messages", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "entity_id",
        "searchCriteria[filter_groups][0][filters][0][value]": created["request_id"],
        "searchCriteria[filter_groups][1][filters][0][field]": "entity_type",
        "searchCriteria[filter_groups][1][filters][0][value]": "vendor_rma_request"}))
    assert [m["template_id"] for m in outbox["items"]] == ["vendor_rma_new_request_customer"]
    assert outbox["items"][0]["to_email"] == customer["email"]

    # canceling gives the quantity back
    assert ok(me.post(f"/V1/vendor_rma/mine/request/{created['url_hash']}/cancel", json={})) is True
    back = ok(me.get(f"/V1/vendor_rma/mine/request/{created['request_id']}"))
    assert back["status"] == 5 and back["status_state"] == 4
    assert ok(me.get(f"/V1/vendor_rma/mine/returnable_order/{order['entity_id']}"))["items"][0]["available_qty"] == 1
    events = ok(admin.get(f"/V1/vendor_rma/rma_request/history/{created['request_id']}"))
    assert [e["event_type"] for e in events] == [0, 5, 6]
    assert events[2]["event_data"] == {"from": 1, "to": 5}


def test_chat_with_an_attachment_and_tracking(all_client, shopper, admin, server):
    customer, me = shopper
    order, _ = shipped_order(all_client, customer)
    req = ok(_create(me, order))
    rid = req["request_id"]
    msg = ok(me.post(f"/V1/vendor_rma/mine/request/{rid}/message", json={
        "message": "The <b>box</b> was dented.", "files": [{"base64_encoded_data": PNG, "type": "image/png",
                                                             "name": "Dent Photo.PNG"}]}))
    assert msg["message"] == "The box was dented." and msg["name"] == "Jane Doe"
    assert msg["customer_id"] == customer["id"] and msg["manager"] is False and msg["system"] is False
    [f] = msg["message_files"]
    assert f["filename"] == "dent_photo.png" and f["filepath"] == f"vendor_rma/{rid}/dent_photo.png"
    got = me.get(f"/V1/vendor_rma/mine/request/{rid}/file/{f['message_file_id']}")
    assert got.status_code == 200 and got.content == base64.b64decode(PNG)
    assert got.headers["content-type"].startswith("image/png")
    assert admin.get(f"/V1/vendor_rma/rma_chat/file/{f['message_file_id']}").content == base64.b64decode(PNG)

    r = me.post(f"/V1/vendor_rma/mine/request/{rid}/message", json={"message": " <i></i> "})
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "message"}
    r = me.post(f"/V1/vendor_rma/mine/request/{rid}/message", json={
        "message": "x", "files": [{"base64_encoded_data": PNG, "type": "image/png", "name": "evil.exe"}]})
    assert r.status_code == 400 and r.json()["message"] == "Disallowed file type."

    shop = ok(admin.post("/V1/vendor_rma/rma_chat/message", json={"message": {
        "request_id": rid, "message": "Please send a photo.", "name": "Support", "manager_id": 1, "manager": True},
        "notify": True}))
    assert shop["manager"] is True and shop["customer_id"] == 0
    listed = ok(me.get(f"/V1/vendor_rma/mine/request/{rid}/messages"))
    assert [m["message_id"] for m in listed] == [msg["message_id"], shop["message_id"]]
    assert ok(admin.get(f"/V1/vendor_rma/rma_chat/get/{shop['message_id']}"))["read"] is True

    track = ok(me.post(f"/V1/vendor_rma/mine/request/{rid}/tracking", json={
        "tracking": {"tracking_code": "ups", "tracking_number": "1Z999AA10123456784"}}))
    assert track == {"tracking_id": track["tracking_id"], "request_id": rid, "tracking_code": "ups",
                     "tracking_number": "1Z999AA10123456784", "customer": True}
    r = me.post(f"/V1/vendor_rma/mine/request/{rid}/tracking", json={
        "tracking": {"tracking_code": "dhl", "tracking_number": "1"}})
    assert r.status_code == 400 and r.json()["parameters"] == {"value": "dhl", "fieldName": "tracking_code"}
    assert ok(me.delete(f"/V1/vendor_rma/mine/request/{rid}/tracking/{track['tracking_id']}")) is True
    assert ok(me.delete(f"/V1/vendor_rma/mine/request/{rid}/tracking/{track['tracking_id']}")) is False

    # another customer sees and touches nothing of it
    _, token = new_customer(server)
    with server.client(token) as other:
        for r in (other.get(f"/V1/vendor_rma/mine/request/{rid}"),
                  other.post(f"/V1/vendor_rma/mine/request/{req['url_hash']}/cancel", json={}),
                  other.post(f"/V1/vendor_rma/mine/request/{rid}/message", json={"message": "hi"}),
                  other.get(f"/V1/vendor_rma/mine/request/{rid}/messages"),
                  other.post(f"/V1/vendor_rma/mine/request/{rid}/tracking", json={
                      "tracking": {"tracking_code": "ups", "tracking_number": "1"}})):
            assert r.status_code == 404 and r.json() == {"message": "Request doesn't exist."}
        r = other.get(f"/V1/vendor_rma/mine/request/{rid}/file/{f['message_file_id']}")
        assert r.status_code == 404 and r.json() == {"message": "The requested file was not found."}
        r = other.get(f"/V1/vendor_rma/mine/returnable_order/{order['entity_id']}")
        assert r.status_code == 404 and r.json()["parameters"] == {"fieldName": "orderId",
                                                                    "fieldValue": str(order["entity_id"])}
        assert ok(other.get("/V1/vendor_rma/mine/requests"))["total_count"] == 0
