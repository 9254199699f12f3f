"""The shop's side of a return over HTTP: creating for a customer, editing (status effects, the label),
items, tracking numbers, chat deletion, history and deleting; their errors."""
import base64

from tests.helpers import ok
from tests.modules.rma.conftest import shipped_order

PDF = base64.b64encode(b"%PDF-1.4\n% a label\n").decode()


def _admin_create(admin, order, customer_id, **extra):
    return admin.post("/V1/vendor_rma/rma_request/request", json={"request": {
        "order_id": order["entity_id"], "customer_id": customer_id,
        "request_items": [{"order_item_id": order["items"][0]["item_id"], "qty": 1, "reason_id": 1,
                           "condition_id": 1, "resolution_id": 1}], **extra}, "secretKey": ""})


def _outbox(admin, request_id):
    return [m["template_id"] for m in ok(admin.get("/V1/vdcommerce/mail/messages", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "entity_id",
        "searchCriteria[filter_groups][0][filters][0][value]": request_id,
        "searchCriteria[filter_groups][1][filters][0][field]": "entity_type",
        "searchCriteria[filter_groups][1][filters][0][value]": "vendor_rma_request"}))["items"]]


def test_the_shop_creates_approves_with_a_label_and_the_customer_reads_it(all_client, admin, shopper):
    customer, me = shopper
    order, _ = shipped_order(all_client, customer)
    r = _admin_create(admin, order, customer["id"] + 1000)
    assert r.status_code == 400 and r.json() == {"message": "Wrong Customer Id"}
    r = admin.post("/V1/vendor_rma/rma_request/request", json={"request": {"order_id": order["entity_id"],
                                                                           "customer_id": customer["id"]},
                                                               "secretKey": "abc"})
    assert r.status_code == 400 and r.json() == {"message": "Order not found"}
    r = admin.post("/V1/vendor_rma/rma_request/request", json={"request": {"customer_id": 1}})
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "order_id"}
    r = admin.post("/V1/vendor_rma/rma_request/request", json={"request": {"order_id": 999999, "customer_id": 1}})
    assert r.status_code == 404 and r.json()["parameters"] == {"fieldName": "orderId", "fieldValue": "999999"}
    made = ok(_admin_create(admin, order, customer["id"]))
    rid = made["request_id"]
    assert made["status"] == 1 and made["customer_id"] == customer["id"]

    approved = ok(admin.put(f"/V1/vendor_rma/rma_request/request/{rid}", json={"request": {
        "status": 2, "manager_id": 1, "note": "Label attached",
        "shipping_label_content": {"base64_encoded_data": PDF, "type": "application/pdf", "name": "ups-label.pdf"}}}))
    assert approved["status"] == 2 and approved["status_state"] == 1 and approved["shipping_label"] == "ups-label.pdf"
    assert approved["note"] == "Label attached" and approved["manager_id"] == 1
    label = me.get(f"/V1/vendor_rma/mine/request/{rid}/label")
    assert label.status_code == 200 and label.content == base64.b64decode(PDF)
    assert admin.get(f"/V1/vendor_rma/rma_request/label/{rid}").content == base64.b64decode(PDF)
    mine = ok(me.get(f"/V1/vendor_rma/mine/request/{rid}"))
    assert mine["note"] == "" and mine["status"] == 2
    chat = ok(me.get(f"/V1/vendor_rma/mine/request/{rid}/messages"))
    assert [(m["message"], m["system"], m["manager"]) for m in chat] == [
        ("Your return request has been approved. Please send the items back.", True, True)]
    assert "vendor_rma_status_customer" in _outbox(admin, rid)
    events = ok(admin.get(f"/V1/vendor_rma/rma_request/history/{rid}"))
    assert [e["event_type"] for e in events] == [0, 8, 7]
    assert events[2]["event_data"]["from"] == 1 and events[2]["event_data"]["to"] == 2
    assert events[2]["message"] == "Request saved by manager." and events[2]["event_initiator"] == 1

    r = admin.put(f"/V1/vendor_rma/rma_request/request/{rid}", json={"request": {"order_id": order["entity_id"] + 1000}})
    assert r.status_code == 400 and r.json() == {"message": "The order of a return request cannot be changed."}
    r = admin.put(f"/V1/vendor_rma/rma_request/request/{rid}", json={"request": {"shipping_label_content": {
        "base64_encoded_data": PDF, "type": "application/x-msdownload", "name": "label.exe"}}})
    assert r.status_code == 400 and r.json()["message"] == "Disallowed file type."
    removed = ok(admin.put(f"/V1/vendor_rma/rma_request/request/{rid}", json={"request": {"shipping_label": ""}}))
    assert removed["shipping_label"] == ""
    r = me.get(f"/V1/vendor_rma/mine/request/{rid}/label")
    assert r.status_code == 404 and r.json() == {"message": "The requested file was not found."}
    r = admin.get("/V1/vendor_rma/rma_request/get/999999")
    assert r.status_code == 404 and r.json() == {"message": 'Request with specified ID "%1" not found.',
                                                 "parameters": [999999]}

    listed = ok(admin.get("/V1/vendor_rma/rma_request/list", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "order_id",
        "searchCriteria[filter_groups][0][filters][0][value]": order["entity_id"]}))
    assert [i["request_id"] for i in listed["items"]] == [rid]
    history = ok(admin.get("/V1/vendor_rma/rma_history/list", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "request_id",
        "searchCriteria[filter_groups][0][filters][0][value]": rid}))
    assert history["total_count"] == 5


def test_items_tracking_and_chat_records(all_client, admin, shopper):
    customer, me = shopper
    order, _ = shipped_order(all_client, customer, lines=((2, 30), (1, 12)))
    other_order, _ = shipped_order(all_client, customer)
    made = ok(_admin_create(admin, order, customer["id"]))
    rid = made["request_id"]
    item = ok(admin.post("/V1/vendor_rma/rma_request_item/item", json={"item": {
        "request_id": rid, "order_item_id": order["items"][1]["item_id"], "qty": 1, "reason_id": 1,
        "condition_id": 1, "resolution_id": 3}}))
    assert item["request_qty"] == 1 and item["item_status"] == 0
    edited = ok(admin.put(f"/V1/vendor_rma/rma_request_item/item/{item['request_item_id']}", json={"item": {
        "qty": 0.5, "item_status": 1}}))
    assert edited["qty"] == 0.5 and edited["request_qty"] == 1 and edited["item_status"] == 1
    r = admin.post("/V1/vendor_rma/rma_request_item/item", json={"item": {
        "request_id": rid, "order_item_id": other_order["items"][0]["item_id"], "qty": 1, "reason_id": 1,
        "condition_id": 1, "resolution_id": 3}})
    assert r.status_code == 400 and r.json() == {"message": "The order item does not belong to the request's order."}
    r = admin.put(f"/V1/vendor_rma/rma_request_item/item/{item['request_item_id']}", json={"item": {"qty": 0}})
    assert r.status_code == 400 and r.json()["parameters"] == {"value": "0", "fieldName": "qty"}
    r = admin.put(f"/V1/vendor_rma/rma_request_item/item/{item['request_item_id']}", json={"item": {"reason_id": 999}})
    assert r.status_code == 404 and r.json()["parameters"] == [999]
    r = admin.post("/V1/vendor_rma/rma_request_item/item", json={"item": {"qty": 1}})
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "request_id"}
    listed = ok(admin.get("/V1/vendor_rma/rma_request_item/list", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "request_id",
        "searchCriteria[filter_groups][0][filters][0][value]": rid}))
    assert listed["total_count"] == 2
    assert ok(admin.get(f"/V1/vendor_rma/rma_request_item/get/{item['request_item_id']}"))["qty"] == 0.5
    assert ok(admin.delete(f"/V1/vendor_rma/rma_request_item/request/{item['request_item_id']}")) is True
    r = admin.get(f"/V1/vendor_rma/rma_request_item/get/{item['request_item_id']}")
    assert r.status_code == 404 and r.json() == {"message": 'Request item with specified ID "%1" not found.',
                                                 "parameters": [item["request_item_id"]]}
    # the request's items replaced through its PUT
    first = made["request_items"][0]["request_item_id"]
    replaced = ok(admin.put(f"/V1/vendor_rma/rma_request/request/{rid}", json={"request": {"request_items": [
        {"request_item_id": first, "qty": 2},
        {"order_item_id": order["items"][1]["item_id"], "qty": 1, "reason_id": 2, "condition_id": 2,
         "resolution_id": 1}]}}))
    assert [(i["qty"], i["request_qty"]) for i in replaced["request_items"]] == [(2, 1), (1, 1)]

    track = ok(admin.post("/V1/vendor_rma/rma_request_tracking/create", json={"tracking": {
        "request_id": rid, "tracking_code": "dhl", "tracking_number": " 42 "}}))
    assert track["tracking_number"] == "42" and track["customer"] is False
    tid = track["tracking_id"]
    saved = ok(admin.put(f"/V1/vendor_rma/rma_request_tracking/save/{tid}", json={"tracking": {
        "tracking_number": "43"}}))
    assert saved == {**track, "tracking_number": "43"}
    assert ok(admin.get(f"/V1/vendor_rma/rma_request_tracking/get/{tid}")) == saved
    r = admin.post("/V1/vendor_rma/rma_request_tracking/create", json={"tracking": {"request_id": rid,
                                                                                   "tracking_code": "ups"}})
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "tracking_number"}
    r = admin.post("/V1/vendor_rma/rma_request_tracking/create", json={"tracking": {
        "request_id": 999999, "tracking_code": "ups", "tracking_number": "1"}})
    assert r.status_code == 404 and r.json()["parameters"] == [999999]
    # a tracking number the shop added is not the customer's to remove
    assert ok(me.delete(f"/V1/vendor_rma/mine/request/{rid}/tracking/{tid}")) is False
    assert ok(admin.delete(f"/V1/vendor_rma/rma_request_tracking/delete/{tid}")) == saved
    r = admin.get(f"/V1/vendor_rma/rma_request_tracking/get/{tid}")
    assert r.status_code == 404 and r.json() == {"message": 'Tracking number with specified ID "%1" not found.',
                                                 "parameters": [tid]}

    msg = ok(admin.post("/V1/vendor_rma/rma_chat/message", json={"message": {
        "request_id": rid, "message": "Hello", "manager": True, "message_files": [{"content": {
            "base64_encoded_data": PDF, "type": "application/pdf", "name": "note.pdf"}}]}}))
    assert ok(admin.get("/V1/vendor_rma/rma_chat/list", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "request_id",
        "searchCriteria[filter_groups][0][filters][0][value]": rid}))["total_count"] == 1
    fid = msg["message_files"][0]["message_file_id"]
    assert ok(admin.delete(f"/V1/vendor_rma/rma_chat/{msg['message_id']}")) is True
    r = admin.get(f"/V1/vendor_rma/rma_chat/get/{msg['message_id']}")
    assert r.status_code == 404 and r.json() == {"message": 'Message with specified ID "%1" not found.',
                                                 "parameters": [msg["message_id"]]}
    r = admin.get(f"/V1/vendor_rma/rma_chat/file/{fid}")
    assert r.status_code == 404 and r.json() == {"message": "The requested file was not found."}
    types = [e["event_type"] for e in ok(admin.get(f"/V1/vendor_rma/rma_request/history/{rid}"))]
    assert types == [0, 7, 1, 2, 4]

    # closing from the shop's side, then deleting everything of the request
    assert ok(admin.post(f"/V1/vendor_rma/rma_request/cancel/{rid}", json={})) is True
    assert ok(admin.get(f"/V1/vendor_rma/rma_request/get/{rid}"))["status"] == 5
    assert ok(admin.post(f"/V1/vendor_rma/rma_request/cancel/{made['url_hash']}", json={})) is True
    r = admin.post("/V1/vendor_rma/rma_request/cancel/abcdef", json={})
    assert r.status_code == 404 and r.json() == {"message": "Request doesn't exist."}
    assert ok(admin.delete(f"/V1/vendor_rma/rma_request/request/{rid}")) is True
    assert admin.get(f"/V1/vendor_rma/rma_request/get/{rid}").status_code == 404
    assert admin.get(f"/V1/vendor_rma/rma_request/history/{rid}").status_code == 404


def test_the_returnable_order_for_the_shop_and_the_settings(all_client, admin, shopper, server):
    customer, me = shopper
    order, _ = shipped_order(all_client, customer)
    unshipped, _ = shipped_order(all_client, customer, ship=False)
    got = ok(admin.get(f"/V1/vendor_rma/returnable_order/{order['entity_id']}"))
    assert got["items"][0]["returnable"] is True and got["items"][0]["available_qty"] == 2
    r = me.get(f"/V1/vendor_rma/mine/returnable_order/{unshipped['entity_id']}")
    assert r.status_code == 400 and r.json() == {"message": "Wrong Order."}
    server.config("vdrma/general/allowed_statuses", "")
    try:
        line = ok(me.get(f"/V1/vendor_rma/mine/returnable_order/{unshipped['entity_id']}"))["items"][0]
        assert line["returnable"] is False and line["no_returnable_reason"] == 3 and line["purchased_qty"] == 0
    finally:
        server.config("vdrma/general/allowed_statuses", "complete")
    server.config("vdrma/general/enabled", "0")
    try:
        for r in (me.get("/V1/vendor_rma/mine/requests"),
                  me.post("/V1/vendor_rma/mine/request", json={"request": {"order_id": order["entity_id"]}})):
            assert r.status_code == 400 and r.json() == {"message": "The returns functionality is disabled."}
    finally:
        server.config("vdrma/general/enabled", "1")
    server.config("vdrma/chat/enabled", "0")
    try:
        req = ok(_admin_create(admin, order, customer["id"]))
        r = me.post(f"/V1/vendor_rma/mine/request/{req['request_id']}/message", json={"message": "hi"})
        assert r.status_code == 400 and r.json() == {"message": "The chat is disabled."}
    finally:
        server.config("vdrma/chat/enabled", "1")
    server.config("vdrma/extra/custom_fields", '[{"code": "iban", "label": "IBAN"}]')
    try:
        r = me.post("/V1/vendor_rma/mine/request", json={"request": {
            "order_id": order["entity_id"], "custom_fields": [{"key": "colour", "value": "red"}],
            "request_items": [{"order_item_id": order["items"][0]["item_id"], "qty": 1, "reason_id": 1,
                               "condition_id": 1, "resolution_id": 1}]}})
        assert r.status_code == 400 and r.json()["parameters"] == {"value": "colour", "fieldName": "custom_fields"}
        made = ok(me.post("/V1/vendor_rma/mine/request", json={"request": {
            "order_id": order["entity_id"], "custom_fields": [{"key": "iban", "value": "DE00"}],
            "request_items": [{"order_item_id": order["items"][0]["item_id"], "qty": 1, "reason_id": 1,
                               "condition_id": 1, "resolution_id": 1}]}}))
        assert made["custom_fields"] == [{"key": "iban", "value": "DE00"}]
    finally:
        server.config("vdrma/extra/custom_fields", "[]")


def test_rating_only_once_and_only_when_completed(all_client, admin, shopper):
    customer, me = shopper
    order, _ = shipped_order(all_client, customer)
    made = ok(_admin_create(admin, order, customer["id"]))
    rid = made["request_id"]
    assert ok(me.post(f"/V1/vendor_rma/mine/request/{rid}/rating", json={"rating": 5})) is False
    r = me.post(f"/V1/vendor_rma/mine/request/{rid}/rating", json={"rating": 7})
    assert r.status_code == 400 and r.json()["parameters"] == {"value": "7", "fieldName": "rating"}
    ok(admin.put(f"/V1/vendor_rma/rma_request/request/{rid}", json={"request": {"status": 4}}))
    assert ok(me.post(f"/V1/vendor_rma/mine/request/{rid}/rating", json={
        "rating": 5, "ratingComment": "Quick and <b>easy</b>"})) is True
    got = ok(me.get(f"/V1/vendor_rma/mine/request/{rid}"))
    assert got["rating"] == 5 and got["rating_comment"] == "Quick and easy"
    assert ok(me.post(f"/V1/vendor_rma/mine/request/{rid}/rating", json={"rating": 1})) is False


def test_mail_to_the_shop_file_limits_and_a_missing_canceled_status(all_client, admin, shopper, server):
    customer, me = shopper
    order, _ = shipped_order(all_client, customer)
    server.config("vdrma/email/send_to", "returns@example.com, boss@example.com")
    try:
        made = ok(_admin_create(admin, order, customer["id"]))
    finally:
        server.config("vdrma/email/send_to", "")
    rid = made["request_id"]
    sent = _outbox(admin, rid)
    assert sorted(sent) == ["vendor_rma_new_request_admin", "vendor_rma_new_request_admin",
                            "vendor_rma_new_request_customer"]
    ok(admin.post("/V1/vendor_rma/rma_chat/message", json={"message": {
        "request_id": rid, "message": "We got your parcel.", "name": "Support", "manager": True}, "notify": True}))
    assert "vendor_rma_new_message_customer" in _outbox(admin, rid)

    server.config("vdrma/general/max_file_size", "1")
    try:
        big = base64.b64encode(b"x" * 2048).decode()
        r = me.post(f"/V1/vendor_rma/mine/request/{rid}/message", json={
            "message": "log", "files": [{"base64_encoded_data": big, "type": "text/plain", "name": "log.txt"}]})
        assert r.status_code == 400 and r.json() == {"message": "The file is too large."}
        assert len(ok(me.get(f"/V1/vendor_rma/mine/request/{rid}/messages"))) == 1  # nothing of it kept
    finally:
        server.config("vdrma/general/max_file_size", "2000")

    ok(admin.put("/V1/vendor_rma/rma_status/5", json={"status": {"enabled": False}}))
    try:
        r = me.post(f"/V1/vendor_rma/mine/request/{made['url_hash']}/cancel", json={})
        assert r.status_code == 400 and r.json() == {"message": "No canceled status is configured."}
    finally:
        ok(admin.put("/V1/vendor_rma/rma_status/5", json={"status": {"enabled": True}}))
    assert ok(me.post(f"/V1/vendor_rma/mine/request/{rid}/cancel", json={})) is True
