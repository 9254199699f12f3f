"""Invoices, shipments and credit memos over HTTP: partial and full, the amounts and
quantities they move, the states they lead to, and the refusals."""
import pytest
import sqlalchemy as sa

from tests.helpers import unique
from tests.helpers.mail import outbox
from tests.helpers.sales import create, item_of, new_product, stock_qty

NO_INVOICE = {"message": "The order does not allow an invoice to be created."}
NO_SHIPMENT = {"message": "The order does not allow a shipment to be created."}
NO_CREDITMEMO = {"message": "The order does not allow a creditmemo to be created."}



def _order(admin, oid) -> dict:
    return admin.get(f"/V1/orders/{oid}").json()


def _post(client, path, body=None):
    r = client.post(path, json=body or {})
    return r.status_code, r.json()


@pytest.fixture
def tees(all_client):
    """An order of 2 tees at 45 and 1 strap at 10, shipping 10: grand total 110."""
    tee, strap = unique("TEE-"), unique("STRAP-")
    order = create(all_client, [(tee, 2, 45), (strap, 1, 10)], shipping=10)
    return order, item_of(order, tee)["item_id"], item_of(order, strap)["item_id"]


def test_invoice_partly_then_the_rest(all_client, admin, tees):
    order, tee, strap = tees
    oid = order["entity_id"]
    status, invoice_id = _post(all_client, f"/V1/order/{oid}/invoice",
                               {"capture": True, "items": [{"order_item_id": tee, "qty": 1}], "notify": True,
                                "appendComment": True, "comment": {"comment": "First tee", "is_visible_on_front": 1}})
    assert status == 200 and isinstance(invoice_id, int)
    got = _order(admin, oid)
    assert (got["state"], got["status"]) == ("processing", "processing")
    assert (got["total_invoiced"], got["total_paid"], got["total_due"]) == (55, 55, 55)  # 45 + the shipping
    assert got["payment"]["amount_paid"] == 55
    assert (item_of(got, got["items"][0]["sku"])["qty_invoiced"], got["items"][1]["qty_invoiced"]) == (1, 0)
    (comment,) = got["status_histories"]
    assert (comment["comment"], comment["entity_name"], comment["is_customer_notified"]) == ("First tee", "invoice", 1)
    assert [(m["template_id"], m["subject"]) for m in outbox(admin, entity_type="order", entity_id=oid)] \
        == [("sales_email_invoice_template", f"Invoice for your order #{got['increment_id']}")]

    status, body = _post(all_client, f"/V1/order/{oid}/invoice", {"items": [{"order_item_id": tee, "qty": 2}]})
    assert status == 400 and body == {"message": "The quantity to invoice must not be greater than the uninvoiced "
                                                 "quantity."}
    status, body = _post(all_client, f"/V1/order/{oid}/invoice", {"items": [{"order_item_id": 999999, "qty": 1}]})
    assert status == 400 and body["parameters"] == {"value": 999999, "fieldName": "order_item_id"}

    status, second = _post(all_client, f"/V1/order/{oid}/invoice")
    assert status == 200 and second > invoice_id
    got = _order(admin, oid)
    assert (got["total_invoiced"], got["total_paid"], got["total_due"]) == (110, 110, 0)
    assert [i["qty_invoiced"] for i in got["items"]] == [2, 1]
    assert got["state"] == "processing"  # nothing shipped yet
    assert _post(all_client, f"/V1/order/{oid}/invoice") == (400, NO_INVOICE)


def test_ship_partly_then_the_rest_completes_an_invoiced_order(all_client, admin, tees, sql):
    order, tee, strap = tees
    oid = order["entity_id"]
    status, shipment_id = _post(all_client, f"/V1/order/{oid}/ship", {
        "items": [{"order_item_id": tee, "qty": 2}],
        "tracks": [{"track_number": "1Z999", "title": "UPS", "carrier_code": "ups"}]})
    assert status == 200 and isinstance(shipment_id, int)
    got = _order(admin, oid)
    assert got["state"] == "processing" and [i["qty_shipped"] for i in got["items"]] == [2, 0]
    with sql.connect() as c:
        track = c.execute(sa.text("SELECT track_number, carrier_code FROM sales_shipment_track WHERE parent_id = :s"),
                          {"s": shipment_id}).one()
    assert tuple(track) == ("1Z999", "ups")
    status, body = _post(all_client, f"/V1/order/{oid}/ship", {"items": [{"order_item_id": tee, "qty": 1}]})
    assert status == 400 and body == {"message": "The quantity to ship must not be greater than the unshipped quantity."}
    assert _post(all_client, f"/V1/order/{oid}/ship")[0] == 200
    got = _order(admin, oid)
    assert got["state"] == "processing"  # shipped, not invoiced
    assert _post(all_client, f"/V1/order/{oid}/ship") == (400, NO_SHIPMENT)
    assert _post(all_client, f"/V1/order/{oid}/invoice")[0] == 200
    got = _order(admin, oid)
    assert (got["state"], got["status"], got["total_due"]) == ("complete", "complete", 0)
    assert all_client.post(f"/V1/orders/{oid}/cancel").json() is False
    assert all_client.post(f"/V1/orders/{oid}/hold").status_code == 400


def test_refund_partly_then_fully_closes_the_order(all_client, admin, tees):
    order, tee, strap = tees
    oid = order["entity_id"]
    assert _post(all_client, f"/V1/order/{oid}/refund") == (400, NO_CREDITMEMO)  # nothing paid yet
    assert _post(all_client, f"/V1/order/{oid}/invoice")[0] == 200
    assert _post(all_client, f"/V1/order/{oid}/ship")[0] == 200
    status, memo = _post(all_client, f"/V1/order/{oid}/refund", {
        "items": [{"order_item_id": tee, "qty": 1}],
        "arguments": {"shipping_amount": 0, "adjustment_positive": 0, "adjustment_negative": 5}})
    assert status == 200 and isinstance(memo, int)
    got = _order(admin, oid)
    assert got["total_refunded"] == 40 and got["payment"]["amount_refunded"] == 40
    assert [i["qty_refunded"] for i in got["items"]] == [1, 0]
    assert got["state"] == "complete"
    status, body = _post(all_client, f"/V1/order/{oid}/refund", {"items": [{"order_item_id": tee, "qty": 2}]})
    assert status == 400 and body == {"message": "The quantity to refund must not be greater than the unrefunded "
                                                 "quantity."}
    status, body = _post(all_client, f"/V1/order/{oid}/refund", {"items": [{"order_item_id": tee, "qty": 1}],
                                                                 "arguments": {"adjustment_positive": 100}})
    assert status == 400 and body == {"message": "The most money available to refund is %1.", "parameters": ["70.00"]}
    assert _post(all_client, f"/V1/order/{oid}/refund")[0] == 200
    got = _order(admin, oid)
    assert got["total_refunded"] == 110 and [i["qty_refunded"] for i in got["items"]] == [2, 1]
    assert (got["state"], got["status"]) == ("closed", "closed")
    assert _post(all_client, f"/V1/order/{oid}/refund") == (400, NO_CREDITMEMO)
    assert _post(all_client, f"/V1/order/{oid}/invoice") == (400, NO_INVOICE)
    assert _post(all_client, f"/V1/order/{oid}/ship") == (400, NO_SHIPMENT)


def test_refund_before_shipping_closes_and_can_return_stock(all_client, admin):
    sku = new_product(all_client, qty=10)
    order = create(all_client, [(sku, 2, 45)], shipping=10)
    oid, item_id = order["entity_id"], order["items"][0]["item_id"]
    assert stock_qty(admin, sku) == 8
    assert _post(all_client, f"/V1/order/{oid}/invoice")[0] == 200
    status, _ = _post(all_client, f"/V1/order/{oid}/refund", {
        "items": [{"order_item_id": item_id, "qty": 2}],
        "arguments": {"extension_attributes": {"return_to_stock_items": [item_id]}}})
    assert status == 200
    assert stock_qty(admin, sku) == 10
    got = _order(admin, oid)
    assert (got["total_refunded"], got["state"]) == (100, "closed")  # the tees and the shipping
    assert _post(all_client, f"/V1/order/{oid}/ship") == (400, NO_SHIPMENT)


def test_discounted_items_split_to_the_cent(all_client, admin):
    """Three items at 10 with a 10.00 discount: invoices of one each take 3.33, 3.33 and 3.34 of it."""
    r = all_client.post("/V1/orders", json={"entity": {
        "customer_email": "split@example.com", "payment": {"method": "checkmo"},
        "items": [{"sku": unique("S-"), "qty_ordered": 3, "price": 10, "discount_amount": 10, "is_virtual": 1}],
        "billing_address": {"firstname": "A", "lastname": "B", "street": ["1 St"], "city": "Paris",
                            "country_id": "FR", "postcode": "75001", "telephone": "1"}}})
    assert r.status_code == 200, r.text
    order = r.json()
    assert (order["subtotal"], order["discount_amount"], order["grand_total"]) == (30, -10, 20)
    oid, item_id = order["entity_id"], order["items"][0]["item_id"]
    one = {"items": [{"order_item_id": item_id, "qty": 1}]}
    assert _post(all_client, f"/V1/order/{oid}/invoice", {"items": [{"order_item_id": item_id, "qty": 0}]}) \
        == (400, NO_INVOICE)
    assert _post(all_client, f"/V1/order/{oid}/invoice", one)[0] == 200
    assert _order(admin, oid)["total_invoiced"] == 6.67
    assert _post(all_client, f"/V1/order/{oid}/invoice", one)[0] == 200
    assert _order(admin, oid)["total_invoiced"] == 13.34
    assert _post(all_client, f"/V1/order/{oid}/invoice")[0] == 200
    got = _order(admin, oid)
    assert (got["total_invoiced"], got["total_due"], got["state"]) == (20, 0, "complete")  # virtual: nothing to ship
    assert _post(all_client, f"/V1/order/{oid}/ship") == (400, NO_SHIPMENT)
