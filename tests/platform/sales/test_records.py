"""Invoices, shipments and credit memos read back over HTTP: by id, in searchCriteria lists, their
comments, and the ACL resources that guard them."""
import pytest

from tests.helpers import ok, unique
from tests.helpers.sales import NOT_FOUND, create, item_of




@pytest.fixture
def documents(all_client):
    """An order of 2 tees at 45 and 1 strap at 10, shipping 10: invoiced, shipped with a
    track, one tee refunded; each document with a comment."""
    tee, strap = unique("TEE-"), unique("STRAP-")
    order = create(all_client, [(tee, 2, 45), (strap, 1, 10)], shipping=10)
    oid = order["entity_id"]
    tee_id, strap_id = item_of(order, tee)["item_id"], item_of(order, strap)["item_id"]
    invoice_id = ok(all_client.post(f"/V1/order/{oid}/invoice", json={
        "appendComment": True, "comment": {"comment": "Paid by cheque", "is_visible_on_front": 1}}))
    shipment_id = ok(all_client.post(f"/V1/order/{oid}/ship", json={
        "items": [{"order_item_id": tee_id, "qty": 2}], "appendComment": True, "comment": {"comment": "Tees sent"},
        "tracks": [{"track_number": "1Z999", "title": "UPS", "carrier_code": "ups"}]}))
    creditmemo_id = ok(all_client.post(f"/V1/order/{oid}/refund", json={
        "items": [{"order_item_id": tee_id, "qty": 1}], "arguments": {"shipping_amount": 0},
        "appendComment": True, "notify": True, "comment": {"comment": "One tee came back"}}))
    return {"order": order, "tee": tee, "strap": strap, "tee_id": tee_id, "strap_id": strap_id,
            "invoice": invoice_id, "shipment": shipment_id, "creditmemo": creditmemo_id}


def test_an_invoice_by_id_with_its_items_totals_and_comments(admin, documents):
    d = documents
    invoice = ok(admin.get(f"/V1/invoices/{d['invoice']}"))
    order = d["order"]
    assert invoice["entity_id"] == d["invoice"] and invoice["order_id"] == order["entity_id"]
    assert invoice["increment_id"] == f"{d['invoice']:09d}"
    assert (invoice["state"], invoice["store_id"]) == (2, order["store_id"])
    assert (invoice["subtotal"], invoice["shipping_amount"], invoice["grand_total"], invoice["total_qty"]) \
        == (100, 10, 110, 3)
    assert invoice["billing_address_id"] == order["billing_address"]["entity_id"]
    assert invoice["is_used_for_refund"] == 0 and "base_total_refunded" not in invoice  # refunded by order
    lines = {i["sku"]: i for i in invoice["items"]}
    assert (lines[d["tee"]]["qty"], lines[d["tee"]]["row_total"], lines[d["tee"]]["price"]) == (2, 90, 45)
    assert lines[d["tee"]]["order_item_id"] == d["tee_id"] and lines[d["strap"]]["row_total"] == 10
    (comment,) = invoice["comments"]
    assert (comment["comment"], comment["parent_id"], comment["is_visible_on_front"]) == \
        ("Paid by cheque", d["invoice"], 1)
    comments = ok(admin.get(f"/V1/invoices/{d['invoice']}/comments"))
    assert comments["total_count"] == 1 and comments["items"] == [comment]


def test_a_shipment_by_id_with_items_tracks_and_comments(admin, documents):
    d = documents
    shipment = ok(admin.get(f"/V1/shipment/{d['shipment']}"))
    assert shipment["order_id"] == d["order"]["entity_id"] and shipment["total_qty"] == 2
    assert [(i["sku"], i["qty"], i["order_item_id"]) for i in shipment["items"]] == [(d["tee"], 2, d["tee_id"])]
    (track,) = shipment["tracks"]
    assert (track["track_number"], track["carrier_code"], track["parent_id"]) == ("1Z999", "ups", d["shipment"])
    assert shipment["packages"] == []
    assert [c["comment"] for c in shipment["comments"]] == ["Tees sent"]
    assert ok(admin.get(f"/V1/shipment/{d['shipment']}/comments"))["items"][0]["comment"] == "Tees sent"


def test_a_credit_memo_by_id_and_the_invoice_it_marks_refunded(admin, documents):
    d = documents
    memo = ok(admin.get(f"/V1/creditmemo/{d['creditmemo']}"))
    assert memo["order_id"] == d["order"]["entity_id"] and memo["state"] == 2
    assert (memo["subtotal"], memo["shipping_amount"], memo["adjustment"], memo["grand_total"]) == (45, 0, 0, 45)
    assert [(i["sku"], i["qty"], i["row_total"]) for i in memo["items"]] == [(d["tee"], 1, 45)]
    assert [c["comment"] for c in memo["comments"]] == ["One tee came back"]
    comments = ok(admin.get(f"/V1/creditmemo/{d['creditmemo']}/comments"))
    assert comments["items"][0]["is_customer_notified"] == 1
    # an order refund names no invoice
    assert "invoice_id" not in memo


def test_lists_by_search_criteria(admin, documents):
    d = documents
    oid = d["order"]["entity_id"]
    query = {"searchCriteria[filter_groups][0][filters][0][field]": "order_id",
             "searchCriteria[filter_groups][0][filters][0][value]": oid}
    for path, key in (("/V1/invoices", "invoice"), ("/V1/shipments", "shipment"), ("/V1/creditmemos", "creditmemo")):
        found = ok(admin.get(path, params=query))
        assert found["total_count"] == 1 and [i["entity_id"] for i in found["items"]] == [d[key]], path
        assert found["search_criteria"]["filter_groups"][0]["filters"][0]["field"] == "order_id"
    big = ok(admin.get("/V1/invoices", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "grand_total",
        "searchCriteria[filter_groups][0][filters][0][value]": 110,
        "searchCriteria[filter_groups][0][filters][0][condition_type]": "gteq",
        "searchCriteria[sortOrders][0][field]": "entity_id", "searchCriteria[sortOrders][0][direction]": "DESC"}))
    assert d["invoice"] in [i["entity_id"] for i in big["items"]]
    ids = [i["entity_id"] for i in big["items"]]
    assert ids == sorted(ids, reverse=True)
    r = admin.get("/V1/creditmemos", params={"searchCriteria[filter_groups][0][filters][0][field]": "customer_email",
                                             "searchCriteria[filter_groups][0][filters][0][value]": "x"})
    assert r.status_code == 400 and r.json()["parameters"] == {"value": "customer_email", "fieldName": "field"}


def test_unknown_documents_are_404(admin):
    for path in ("/V1/invoices/999999", "/V1/shipment/999999", "/V1/creditmemo/999999",
                 "/V1/invoices/999999/comments", "/V1/shipment/999999/comments", "/V1/creditmemo/999999/comments"):
        r = admin.get(path)
        assert (r.status_code, r.json()["message"]) == (404, NOT_FOUND), path


def test_each_list_needs_its_own_resource(server, documents):
    server.cli("admin", "create", "--username", "invoice_clerk", "--password", "Clerk-Passw0rd",
               "--resources", "Magento_Sales::sales_invoice")
    token = server.token("invoice_clerk", "Clerk-Passw0rd")
    with server.client(token) as clerk:
        assert clerk.get(f"/V1/invoices/{documents['invoice']}").status_code == 200
        for path, resource in (("/V1/shipments", "Magento_Sales::shipment"),
                               (f"/V1/creditmemo/{documents['creditmemo']}", "Magento_Sales::sales_creditmemo"),
                               ("/V1/orders", "Magento_Sales::actions_view")):
            r = clerk.get(path)
            assert r.status_code == 401 and r.json()["parameters"] == {"resources": resource}, path
    with server.client() as guest:
        assert guest.get("/V1/invoices").status_code == 401
