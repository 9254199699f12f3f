"""The order archive over HTTP: archived orders (and their invoices, shipments and credit memos) leave
the sales lists and come back; permanent deletion; the configured rules; the customer's view; async."""
import time

import httpx
import sqlalchemy as sa

from tests.helpers import limited_admin, new_customer, ok
from tests.helpers.sales import NOT_FOUND

from .conftest import ARCHIVE, DELETE, EMPTY, MOVE, RESTORE, configure, documented_order, listed, order

DOCUMENT_LISTS = (("/V1/invoices", "invoice_ids"), ("/V1/shipments", "shipment_ids"),
                  ("/V1/creditmemos", "creditmemo_ids"))


def test_an_archived_order_leaves_the_lists_and_comes_back(admin, all_client):
    oid, docs = documented_order(all_client)
    other = order(all_client)
    assert oid in listed(admin, "/V1/orders", "entity_id", oid)

    moved = ok(admin.post(MOVE, json={"orderIds": [oid, other, 999999]}))
    assert moved == {"order_ids": [oid, other], "invoice_ids": docs["invoice_ids"],
                     "creditmemo_ids": docs["creditmemo_ids"], "shipment_ids": docs["shipment_ids"]}
    assert listed(admin, "/V1/orders", "entity_id", oid) == []
    for path, key in DOCUMENT_LISTS:
        assert listed(admin, path, "order_id", oid) == [], path
    # reads by id go on working
    assert ok(admin.get(f"/V1/orders/{oid}"))["entity_id"] == oid
    assert ok(admin.get(f"/V1/invoices/{docs['invoice_ids'][0]}"))["order_id"] == oid
    assert ok(admin.get(f"/V1/shipment/{docs['shipment_ids'][0]}"))["order_id"] == oid
    assert ok(admin.get(f"/V1/creditmemo/{docs['creditmemo_ids'][0]}"))["order_id"] == oid
    # the archive lists it, as GET /V1/orders/:id writes it
    archived = ok(admin.get(ARCHIVE, params={
        "searchCriteria[filter_groups][0][filters][0][field]": "entity_id",
        "searchCriteria[filter_groups][0][filters][0][value]": f"{oid},{other}",
        "searchCriteria[filter_groups][0][filters][0][condition_type]": "in",
        "searchCriteria[sortOrders][0][field]": "entity_id", "searchCriteria[sortOrders][0][direction]": "DESC"}))
    assert archived["total_count"] == 2 and [o["entity_id"] for o in archived["items"]] == [other, oid]
    assert archived["items"][1] == ok(admin.get(f"/V1/orders/{oid}"))

    # archiving again moves nothing
    assert ok(admin.post(MOVE, json={"order_ids": [oid]})) == EMPTY

    restored = ok(admin.post(RESTORE, json={"orderIds": [oid, 999999]}))
    assert restored == {**moved, "order_ids": [oid]}
    assert listed(admin, "/V1/orders", "entity_id", oid) == [oid]
    for path, key in DOCUMENT_LISTS:
        assert listed(admin, path, "order_id", oid) == docs[key], path
    assert listed(admin, ARCHIVE, "entity_id", oid) == []
    assert listed(admin, ARCHIVE, "entity_id", other) == [other]
    assert ok(admin.post(RESTORE, json={"orderIds": [oid]})) == EMPTY


def test_empty_requests_move_nothing(admin):
    for path in (MOVE, RESTORE, DELETE):
        assert ok(admin.post(path, json={"orderIds": []})) == EMPTY


def test_an_archived_order_that_changes_stays_archived(admin, all_client):
    oid = order(all_client)
    ok(admin.post(MOVE, json={"orderIds": [oid]}))
    invoice = ok(all_client.post(f"/V1/order/{oid}/invoice", json={}))
    shipment = ok(all_client.post(f"/V1/order/{oid}/ship", json={}))
    assert ok(admin.get(f"/V1/orders/{oid}"))["status"] == "complete"
    assert listed(admin, "/V1/orders", "entity_id", oid) == []
    assert listed(admin, "/V1/invoices", "order_id", oid) == []
    assert listed(admin, "/V1/shipments", "order_id", oid) == []
    found = ok(admin.get(ARCHIVE, params={
        "searchCriteria[filter_groups][0][filters][0][field]": "entity_id",
        "searchCriteria[filter_groups][0][filters][0][value]": oid}))
    assert found["items"][0]["status"] == "complete"
    # the new documents came with the order into the archive, and go back with it
    assert ok(admin.post(RESTORE, json={"orderIds": [oid]})) == {
        "order_ids": [oid], "invoice_ids": [invoice], "creditmemo_ids": [], "shipment_ids": [shipment]}


def test_remove_permanently(admin, all_client):
    archived, docs = documented_order(all_client)
    live = order(all_client)
    ok(admin.post(MOVE, json={"orderIds": [archived]}))
    gone = ok(admin.post(DELETE, json={"orderIds": [live, archived, 999999]}))
    assert gone == {"order_ids": [archived, live], **docs}
    for oid in (archived, live):
        r = admin.get(f"/V1/orders/{oid}")
        assert (r.status_code, r.json()["message"]) == (404, NOT_FOUND)
    assert admin.get(f"/V1/invoices/{docs['invoice_ids'][0]}").status_code == 404
    assert admin.get(f"/V1/shipment/{docs['shipment_ids'][0]}").status_code == 404
    assert admin.get(f"/V1/creditmemo/{docs['creditmemo_ids'][0]}").status_code == 404
    assert listed(admin, ARCHIVE, "entity_id", archived) == []
    assert ok(admin.post(DELETE, json={"orderIds": [archived]})) == EMPTY


def test_the_configured_status_and_age_rules(admin, all_client, sql):
    pending = order(all_client)
    old_pending = order(all_client)
    invoiced = order(all_client)
    ok(all_client.post(f"/V1/order/{invoiced}/invoice", json={}))
    with sql.begin() as c:  # an order placed long ago
        c.execute(sa.text("UPDATE sales_order SET created_at = '2001-01-01 10:00:00' WHERE entity_id = :i"),
                  {"i": old_pending})
    configure(sql, general__status="processing,complete")
    try:
        moved = ok(admin.post(MOVE, json={"orderIds": [pending, invoiced]}))
        assert moved["order_ids"] == [invoiced] and len(moved["invoice_ids"]) == 1
        configure(sql, general__status="", general__day_ago="30")
        assert ok(admin.post(MOVE, json={"orderIds": [pending, old_pending]}))["order_ids"] == [old_pending]
        # restoring ignores the rules
        assert ok(admin.post(RESTORE, json={"orderIds": [invoiced, old_pending]}))["order_ids"] == [
            old_pending, invoiced]
    finally:
        configure(sql, general__status="", general__day_ago="0")


def test_the_scheduled_job_archives_what_the_rules_select_and_reports(server, admin, all_client, sql):
    old, docs = documented_order(all_client, refund=False)
    young = order(all_client)
    with sql.begin() as c:
        c.execute(sa.text("UPDATE sales_order SET created_at = '2001-01-01 10:00:00' WHERE entity_id = :i"),
                  {"i": old})
        c.execute(sa.text("DELETE FROM cron_schedule WHERE job_code = 'vendor_orderarchive_archive'"))
    configure(sql, general__day_ago="3650", general__frequency="* * * * *", general__enabled="0")
    try:
        server.cli("cron", "run")  # switched off: nothing moves
        assert listed(admin, "/V1/orders", "entity_id", old) == [old]
        configure(sql, general__enabled="1", email__enabled="1", email__recipient="archive-report@example.com")
        with sql.begin() as c:
            c.execute(sa.text("DELETE FROM cron_schedule WHERE job_code = 'vendor_orderarchive_archive'"))
        server.cli("cron", "run")
        assert listed(admin, "/V1/orders", "entity_id", old) == []
        assert listed(admin, "/V1/shipments", "order_id", old) == []
        assert listed(admin, ARCHIVE, "entity_id", old) == [old]
        assert listed(admin, "/V1/orders", "entity_id", young) == [young]
        mails = ok(admin.get("/V1/vdcommerce/mail/messages", params={
            "searchCriteria[filter_groups][0][filters][0][field]": "to_email",
            "searchCriteria[filter_groups][0][filters][0][value]": "archive-report@example.com"}))
        assert mails["total_count"] >= 1
        body = mails["items"][-1]["body_text"]
        assert "Orders archived:" in body and "Shipments archived:" in body
    finally:
        configure(sql, general__day_ago="0", general__frequency="0 1 * * *", general__enabled="1", email__enabled="0")
        ok(admin.post(RESTORE, json={"orderIds": [old]}))


def test_customers_see_archived_orders_until_the_store_hides_them(server, admin, all_client, sql):
    customer, token = new_customer(server)
    oid = order(all_client, customer_id=customer["id"], email=customer["email"])
    ok(admin.post(MOVE, json={"orderIds": [oid]}))
    with server.client(token) as me:
        assert [o["entity_id"] for o in ok(me.get("/V1/vdtest/orders/mine"))["items"]] == [oid]
        assert ok(me.get(f"/V1/vdtest/orders/mine/{oid}"))["entity_id"] == oid
        configure(sql, general__enable_massfilter="1")
        try:
            assert ok(me.get("/V1/vdtest/orders/mine"))["total_count"] == 0
            assert me.get(f"/V1/vdtest/orders/mine/{oid}").status_code == 404
            assert ok(admin.get(f"/V1/orders/{oid}"))["entity_id"] == oid  # admins are not affected
        finally:
            configure(sql, general__enable_massfilter="0")


def test_async_move_to_archive(admin, all_client):
    oid = order(all_client)
    r = admin.post("/async/V1/vendorMoveToArchive", json={"orderIds": [oid]})
    assert r.status_code == 202, r.text
    deadline = time.monotonic() + 20
    while listed(admin, "/V1/orders", "entity_id", oid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert listed(admin, ARCHIVE, "entity_id", oid) == [oid]
    r = admin.post("/async/bulk/V1/vendorMoveFromArchive", json=[{"orderIds": [oid]}])
    assert r.status_code == 202, r.text
    while not listed(admin, "/V1/orders", "entity_id", oid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert listed(admin, ARCHIVE, "entity_id", oid) == []


def test_errors(server, admin):
    decoding = {"message": "Decoding error.", "parameters": []}
    for path in (MOVE, RESTORE, DELETE):
        for body in ({}, {"orderIds": None}):
            r = admin.post(path, json=body)
            assert r.status_code == 400, r.text
            assert r.json()["message"] == '"%fieldName" is required. Enter and try again.'
            assert r.json()["parameters"] == {"fieldName": "orderIds"}
        for bad, params in ((["abc"], {"value": "abc", "type": "int"}),  # an element names its own type
                            ({"a": 1}, {"value": '{"a":1}', "type": "int[]"}), ("abc", {"value": "abc", "type": "int[]"})):
            r = admin.post(path, json={"orderIds": bad})
            assert r.status_code == 400, r.text
            assert r.json()["message"] == ('The "%value" value\'s type is invalid. The "%type" type was expected. '
                                           'Verify and try again.')
            assert r.json()["parameters"] == params
        r = admin.post(path, content=b'{"orderIds": [1', headers={"Content-Type": "application/json"})
        assert r.status_code == 400 and r.json()["message"] == decoding["message"], r.text


def test_only_granted_admins_get_in(server, admin):
    refusal = "The consumer isn't authorized to access %resources."
    _, customer_token = new_customer(server)
    for token in (None, customer_token):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        for path in (MOVE, RESTORE, DELETE):
            r = httpx.post(server.url + "/rest/V1" + path[3:], json={"orderIds": [1]}, headers=headers)
            assert (r.status_code, r.json()) == (401, {"message": refusal, "parameters": {
                "resources": "Vendor_Orderarchive::orderarchive"}})
        r = httpx.get(server.url + "/rest/V1" + ARCHIVE[3:], headers=headers)
        assert (r.status_code, r.json()["parameters"]) == (401, {"resources": "Vendor_Orderarchive::orderarchive_grid"})

    archiver = limited_admin(server, "Vendor_Orderarchive::orderarchive")
    with server.client(archiver) as c:
        assert ok(c.post(MOVE, json={"orderIds": []})) == EMPTY
        assert c.get(ARCHIVE, params={"searchCriteria[pageSize]": 1}).status_code == 401
