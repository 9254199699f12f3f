"""Cancel Order over HTTP: the customer's cancel and its eligibility, the paid order refunded in one credit
memo, the admin's cancel records (and the POST that cancels), the popup options, ACL and errors."""
import httpx
import pytest

from tests.helpers import limited_admin, new_customer, ok, unique
from tests.helpers.mail import outbox
from tests.helpers.quote import add, error, product, shipping_information
from tests.helpers.sales import item_of, stock_qty

from .conftest import (CANNOT, INVALID, MINE, NO_ORDER, RECORDS, REQUIRED, comments, configured, creditmemos,
                       invoice, order_of, records_of, ship)

REASONS = ["I have changed my mind", "I bought the wrong item(s)", "I found a cheaper alternative",
           "I placed a duplicate order", "I received negative feedback about the item after purchase",
           "Delivery takes too long", "Other"]


def test_the_options_are_anyones(server):
    r = httpx.get(server.url + "/rest/default/V1/vendor_cancelOrder/options")
    assert r.status_code == 200, r.text
    assert r.json() == {"enabled": True, "button_title": "Cancel Order", "popup_enabled": True,
                        "notice": "Your request will be solved in 48 hours",
                        "reasons": [{"value": str(i), "label": label} for i, label in enumerate(REASONS, start=1)],
                        "required": []}
    with configured(server, frontend__required="reason, comment", frontend__popup_enabled="0",
                    frontend__reason='{"2": "Too slow", "1": "Too dear"}'):
        body = httpx.get(server.url + "/rest/V1/vendor_cancelorder/options").json()  # any case of the segments
    assert body["required"] == ["reason", "comment"] and body["popup_enabled"] is False
    assert body["reasons"] == [{"value": "1", "label": "Too dear"}, {"value": "2", "label": "Too slow"}]


def test_a_customer_cancels_an_unpaid_order_of_their_own(server, admin, all_client, customer):
    account, me = customer
    sku, order = order_of(all_client, account)
    oid = order["entity_id"]
    assert stock_qty(admin, sku) == 98
    assert ok(me.get(f"{MINE}/canCancel/{oid}")) is True

    record = ok(me.post(f"{MINE}/cancel/{oid}", json={"reason": "1", "comment": "Ordered twice"}))
    assert record == {"id": record["id"], "order_id": oid, "reason": "I have changed my mind",
                      "comment": "Ordered twice", "status": 0, "created_at": record["created_at"]}
    got = ok(admin.get(f"/V1/orders/{oid}"))
    assert (got["state"], got["status"]) == ("canceled", "canceled")
    assert item_of(got, sku)["qty_canceled"] == 2
    assert stock_qty(admin, sku) == 100
    assert creditmemos(admin, oid) == []  # nothing was paid
    (comment,) = [c for c in comments(admin, oid) if c["comment"].startswith("Order was cancelled")]
    assert comment["comment"] == "Order was cancelled by customer.I have changed my mind; Ordered twice"
    assert (comment["status"], comment["is_customer_notified"], comment["is_visible_on_front"]) == ("canceled", 1, 1)
    mails = outbox(admin, entity_type="order", entity_id=oid, template_id="sales_email_order_comment_template")
    assert [m["to_email"] for m in mails] == [account["email"]]

    # once only: the second answers 400, and nothing comes back twice
    error(me.post(f"{MINE}/cancel/{oid}", json={}), 400, CANNOT)
    assert ok(me.get(f"{MINE}/canCancel/{oid}")) is False
    assert stock_qty(admin, sku) == 100
    assert len(records_of(admin, oid)) == 1
    assert ok(admin.get(RECORDS, params={"id": record["id"]})) == record


def test_a_paid_order_is_refunded_in_one_credit_memo(server, admin, all_client, customer):
    account, me = customer
    sku, order = order_of(all_client, account, qty=2, price=45, shipping=10)
    oid = order["entity_id"]
    invoice(all_client, order)
    assert ok(me.get(f"{MINE}/canCancel/{oid}")) is False  # processing is not in general/order_status
    with configured(server, general__order_status="pending,processing"):
        assert ok(me.get(f"{MINE}/canCancel/{oid}")) is True
        with configured(server, general__refund="disabled"):  # only orders with nothing paid
            assert ok(me.get(f"{MINE}/canCancel/{oid}")) is False
            error(me.post(f"{MINE}/cancel/{oid}", json={}), 400, CANNOT)
        record = ok(me.post(f"{MINE}/cancel/{oid}", json={"reason": "Found it cheaper"}))
    assert record["reason"] == "Found it cheaper" and record["comment"] == ""
    (memo,) = creditmemos(admin, oid)
    got = ok(admin.get(f"/V1/orders/{oid}"))
    assert memo["grand_total"] == got["grand_total"] == 100
    assert got["total_refunded"] == 100 and (got["state"], got["status"]) == ("canceled", "canceled")
    assert stock_qty(admin, sku) == 100  # the refunded items went back to stock
    assert any(c["comment"] == "Order was cancelled by customer.Found it cheaper" for c in comments(admin, oid))


def test_what_a_customer_cannot_cancel(server, admin, all_client, customer):
    account, me = customer
    sku, shipped = order_of(all_client, account)
    invoice(all_client, shipped)
    ship(all_client, shipped, sku)
    with configured(server, general__order_status="pending,processing"):
        assert ok(me.get(f"{MINE}/canCancel/{shipped['entity_id']}")) is False
        error(me.post(f"{MINE}/cancel/{shipped['entity_id']}", json={}), 400, CANNOT)

    _, order = order_of(all_client, account)
    oid = order["entity_id"]
    for setting in ({"general__enabled": "0"}, {"general__customer_group": "0,2,3"},
                    {"general__order_status": "processing"}):
        with configured(server, **setting):
            assert ok(me.get(f"{MINE}/canCancel/{oid}")) is False, setting
            error(me.post(f"{MINE}/cancel/{oid}", json={}), 400, CANNOT)
    assert ok(admin.get(f"/V1/orders/{oid}"))["status"] == "pending"

    # another customer's order, a guest's and an unknown one are not found, for both routes
    other, other_token = new_customer(server)
    _, guests = order_of(all_client, None)
    for order_id in (oid, guests["entity_id"], 999999999):
        with server.client(other_token) as them:
            for r in (them.get(f"{MINE}/canCancel/{order_id}"), them.post(f"{MINE}/cancel/{order_id}", json={})):
                error(r, 404, NO_ORDER, {"fieldName": "orderId", "fieldValue": str(order_id)})
    assert ok(admin.get(f"/V1/orders/{oid}"))["status"] == "pending"


def test_reasons_required_elements_and_cleaned_text(server, admin, all_client, customer):
    account, me = customer
    _, order = order_of(all_client, account)
    oid = order["entity_id"]
    error(me.post(f"{MINE}/cancel/{oid}", json={"reason": "99"}), 400, INVALID, {"value": "99", "fieldName": "reason"})
    with configured(server, frontend__required="reason,comment"):
        error(me.post(f"{MINE}/cancel/{oid}", json={"comment": "x"}), 400, REQUIRED, {"fieldName": "reason"})
        error(me.post(f"{MINE}/cancel/{oid}", json={"reason": "2", "comment": "<b></b> "}), 400, REQUIRED,
              {"fieldName": "comment"})
        assert ok(admin.get(f"/V1/orders/{oid}"))["status"] == "pending"  # nothing half-written
        record = ok(me.post(f"{MINE}/cancel/{oid}", json={"reason": "<i>Late</i> & slow",
                                                          "comment": "It's \"too\" <script>x</script>late"}))
    assert record["reason"] == "Late &amp; slow"
    assert record["comment"] == "It&#039;s &quot;too&quot; xlate"


def test_the_admin_records_cancels_and_edits(server, admin, all_client):
    account, _ = new_customer(server)
    sku, order = order_of(all_client, account)
    oid = order["entity_id"]
    record = ok(admin.post(RECORDS, json={"cancelOrder": {"order_id": oid, "reason": "7", "comment": "Phone request"}}))
    assert record == {"id": record["id"], "order_id": oid, "reason": "Other", "comment": "Phone request", "status": 0,
                      "created_at": record["created_at"]}
    assert ok(admin.get(f"/V1/orders/{oid}"))["state"] == "canceled"
    assert stock_qty(admin, sku) == 100
    assert any(c["comment"] == "Order was cancelled by customer.Other; Phone request" for c in comments(admin, oid))
    path = f"{RECORDS}/{record['id']}"
    assert ok(admin.get(path)) == record == ok(admin.get(RECORDS, params={"id": record["id"]}))

    # an order already cancelled: only the record is stored
    again = ok(admin.post(RECORDS, json={"cancelOrder": {"order_id": oid, "status": 1}}))
    assert again["status"] == 1 and again["reason"] == "" and again["id"] != record["id"]
    assert stock_qty(admin, sku) == 100 and len(records_of(admin, oid)) == 2

    # PUT edits the record only, keys not sent keep their values; the path decides the record
    edited = ok(admin.put(path, json={"cancelOrder": {"id": again["id"], "comment": "Called back", "status": 1}}))
    assert edited == {**record, "comment": "Called back", "status": 1}
    edited = ok(admin.put(path, json={"cancelOrder": {"order_id": oid, "reason": "3"}}))
    assert edited["reason"] == "I found a cheaper alternative" and edited["comment"] == "Called back"
    error(admin.put(path, json={"cancelOrder": {"order_id": oid + 1}}), 400,
          "The order of a cancel record cannot be changed.")
    error(admin.put(path, json={"cancelOrder": {"status": 2}}), 400, INVALID, {"value": 2, "fieldName": "status"})

    # the list: filters and sort orders on every field
    listed = ok(admin.get(f"{RECORDS}/all", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "order_id",
        "searchCriteria[filter_groups][0][filters][0][value]": oid,
        "searchCriteria[filter_groups][1][filters][0][field]": "status",
        "searchCriteria[filter_groups][1][filters][0][value]": 1,
        "searchCriteria[sortOrders][0][field]": "id", "searchCriteria[sortOrders][0][direction]": "DESC"}))
    assert listed["total_count"] == 2 and [i["id"] for i in listed["items"]] == [again["id"], record["id"]]
    assert listed["items"][1] == edited

    # DELETE removes the record only
    assert ok(admin.delete(path)) is True
    error(admin.get(path), 404, 'CancelOrder with specified ID "%1" not found.', [record["id"]])
    error(admin.delete(path), 404, 'CancelOrder with specified ID "%1" not found.', [record["id"]])
    error(admin.put(path, json={"cancelOrder": {"comment": "x"}}), 404, 'CancelOrder with specified ID "%1" not found.')
    assert ok(admin.get(f"/V1/orders/{oid}"))["state"] == "canceled"


def test_the_admin_post_refunds_a_paid_order_and_refuses_a_shipped_one(server, admin, all_client):
    account, _ = new_customer(server)
    sku, order = order_of(all_client, account)
    oid = order["entity_id"]
    invoice(all_client, order)
    with configured(server, general__refund="disabled"):  # the shop decides: no refund-mode check for the admin
        record = ok(admin.post(RECORDS, json={"cancelOrder": {"order_id": oid, "status": 1}}))
    assert record["status"] == 1
    (memo,) = creditmemos(admin, oid)
    assert memo["grand_total"] == 100 and stock_qty(admin, sku) == 100
    assert any(c["comment"] == "Order was cancelled automatically." for c in comments(admin, oid))

    sku, shipped = order_of(all_client, account)
    invoice(all_client, shipped)
    ship(all_client, shipped, sku)
    error(admin.post(RECORDS, json={"cancelOrder": {"order_id": shipped["entity_id"]}}), 400, CANNOT)
    assert records_of(admin, shipped["entity_id"]) == []


def test_admin_errors(admin, all_client):
    error(admin.get(RECORDS), 400, REQUIRED, {"fieldName": "id"})
    error(admin.post(RECORDS, json={"cancelOrder": {"reason": "1"}}), 400, REQUIRED, {"fieldName": "order_id"})
    error(admin.post(RECORDS, json={"cancelOrder": {"order_id": 999999999}}), 404, NO_ORDER,
          {"fieldName": "orderId", "fieldValue": "999999999"})
    _, order = order_of(all_client, None)
    error(admin.post(RECORDS, json={"cancelOrder": {"order_id": order["entity_id"], "status": 3}}), 400, INVALID,
          {"value": 3, "fieldName": "status"})
    error(admin.post(RECORDS, json={"cancelOrder": {"order_id": order["entity_id"], "reason": "99"}}), 400, INVALID,
          {"value": "99", "fieldName": "reason"})
    assert ok(admin.get(f"/V1/orders/{order['entity_id']}"))["status"] == "pending"
    error(admin.get(f"{RECORDS}/999999999"), 404, 'CancelOrder with specified ID "%1" not found.')
    r = admin.post(RECORDS, json={"cancelOrder": {"order_id": "many"}})
    assert r.status_code == 400


def test_acl(server, all_client):
    with server.client() as guest:
        for r in (guest.get(f"{RECORDS}/all"), guest.get(RECORDS, params={"id": 1}), guest.get(f"{RECORDS}/1"),
                  guest.post(RECORDS, json={"cancelOrder": {"order_id": 1}}),
                  guest.put(f"{RECORDS}/1", json={"cancelOrder": {}}), guest.delete(f"{RECORDS}/1")):
            error(r, 401, "The consumer isn't authorized to access %resources.",
                  {"resources": "Vendor_CancelOrder::main"})
        for r in (guest.get(f"{MINE}/canCancel/1"), guest.post(f"{MINE}/cancel/1", json={})):
            error(r, 401, "The consumer isn't authorized to access %resources.", {"resources": "self"})
    token = limited_admin(server, "Magento_Customer::customer")
    with server.client(token) as other:
        error(other.get(f"{RECORDS}/all", params={"searchCriteria": ""}), 401,
              "The consumer isn't authorized to access %resources.")
    token = limited_admin(server, "Vendor_CancelOrder::main")
    with server.client(token) as allowed:
        assert ok(allowed.get(f"{RECORDS}/all", params={"searchCriteria": ""}))["total_count"] >= 0


def test_the_shop_is_mailed_about_a_customers_cancellation(server, admin, all_client, customer):
    account, me = customer
    _, order = order_of(all_client, account)
    oid = order["entity_id"]
    shop = f"{unique('shop')}@example.com"
    with configured(server, admin_email__enabled="1", admin_email__to=f"{shop}, second@example.com"):
        ok(me.post(f"{MINE}/cancel/{oid}", json={"reason": "4"}))
    mails = outbox(admin, entity_type="order", entity_id=oid, template_id="vd_cancel_order_admin_email_template")
    assert sorted(m["to_email"] for m in mails) == sorted([shop, "second@example.com"])


def test_async_and_bulk_admin_writes(server, admin, all_client):
    _, order = order_of(all_client, None)
    oid = order["entity_id"]
    r = admin.post(f"/async{RECORDS}", json={"cancelOrder": {"order_id": oid, "comment": "Queued"}})
    assert r.status_code == 202, r.text
    from tests.helpers.mail import wait_for
    wait_for(lambda: records_of(admin, oid), what="the queued cancellation")
    assert ok(admin.get(f"/V1/orders/{oid}"))["state"] == "canceled"
    (record,) = records_of(admin, oid)
    r = admin.put(f"/async/bulk{RECORDS}/byId", json=[{"id": record["id"], "cancelOrder": {"comment": "Bulk"}}])
    assert r.status_code == 202, r.text
    wait_for(lambda: records_of(admin, oid)[0]["comment"] == "Bulk", what="the bulk edit")
    r = admin.request("DELETE", f"/async/bulk{RECORDS}/byId", json=[{"id": record["id"]}])
    assert r.status_code == 202, r.text
    wait_for(lambda: records_of(admin, oid) == [], what="the bulk delete")


@pytest.mark.parametrize("path", ["/V1/vendor_cancelorder/cancelorder/all", "/V1/VENDOR_CANCELORDER/CANCELORDER/ALL"])
def test_literal_segments_compare_in_any_case(admin, path):
    assert "total_count" in ok(admin.get(path, params={"searchCriteria[pageSize]": 1}))


def test_store_credit_used_on_the_order_comes_back_once(server, admin_token):
    """An order paid partly with store credit: cancelled unpaid, the credit comes back through the
    platform's cancel (history action 4); cancelled paid, through the refund's last credit memo (action 3);
    a second cancellation gives nothing back again."""
    with server.client(admin_token, "all") as all_client, server.client(admin_token) as admin:
        sku = product(server, admin_token, price=30)["sku"]
        for paid in (False, True):
            account, token = new_customer(server)
            ok(all_client.post("/V1/vdstorecredit/manage", json={"customerId": account["id"], "amount": 20}))
            with server.client(token) as me:
                ok(me.post("/V1/carts/mine"))
                add(me, "/V1/carts/mine", sku, 1)
                assert shipping_information(me, "/V1/carts/mine").status_code == 200
                ok(me.post("/V1/carts/mine/vdstorecredit/apply", json={"amount": 20}))
                oid = ok(me.put("/V1/carts/mine/order", json={"paymentMethod": {"method": "checkmo"}}))
                assert ok(me.get("/V1/customers/me/vdstorecredit"))["store_credit"] == 0
                if paid:
                    ok(all_client.post(f"/V1/order/{oid}/invoice", json={}))
                with configured(server, general__order_status="pending,processing"):
                    ok(me.post(f"{MINE}/cancel/{oid}", json={}))
                    error(me.post(f"{MINE}/cancel/{oid}", json={}), 400, CANNOT)
                assert ok(me.get("/V1/customers/me/vdstorecredit"))["store_credit"] == 20
            rows = ok(admin.get("/V1/vdstorecredit/history/search", params={
                "searchCriteria[filter_groups][0][filters][0][field]": "customer_id",
                "searchCriteria[filter_groups][0][filters][0][value]": account["id"]}))["items"]
            assert sorted(r["action"] for r in rows) == ([1, 2, 3] if paid else [1, 2, 4])
            memos = creditmemos(admin, oid)
            assert [m["grand_total"] for m in memos] == ([15] if paid else [])
