"""Refunds that give part back through a module (the test module's wallet, a declared refund handler),
and refunds of one invoice (``POST /V1/invoice/:invoiceId/refund``)."""
import pytest
import sqlalchemy as sa

from tests.helpers import new_customer, ok, unique
from tests.helpers.sales import NOT_FOUND, create, item_of




@pytest.fixture(scope="module")
def customer(server):
    return new_customer(server)[0]


@pytest.fixture
def invoiced(all_client, customer):
    """A customer's order of 2 tees at 45 and 1 strap at 10, shipping 10 (110), invoiced."""
    tee, strap = unique("TEE-"), unique("STRAP-")
    order = create(all_client, [(tee, 2, 45), (strap, 1, 10)], shipping=10, customer_id=customer["id"],
                   email=customer["email"])
    invoice_id = ok(all_client.post(f"/V1/order/{order['entity_id']}/invoice", json={}))
    return order, item_of(order, tee)["item_id"], item_of(order, strap)["item_id"], invoice_id


def _wallet(sql, creditmemo_id):
    with sql.connect() as c:
        return c.execute(sa.text("SELECT customer_id, amount FROM vendor_testmodule_wallet_refund "
                                 "WHERE creditmemo_id = :c"), {"c": creditmemo_id}).one_or_none()


def test_a_refund_hands_the_modules_amount_to_its_handler_and_records_it(all_client, admin, invoiced, customer, sql):
    order, tee, _, _ = invoiced
    oid = order["entity_id"]
    memo_id = ok(all_client.post(f"/V1/order/{oid}/refund", json={
        "items": [{"order_item_id": tee, "qty": 1}], "arguments": {
            "shipping_amount": 0, "extension_attributes": {"vdtest_return_to_wallet": 20.5}}}))
    memo = ok(admin.get(f"/V1/creditmemo/{memo_id}"))
    assert memo["grand_total"] == 45 and memo["extension_attributes"] == {"vdtest_wallet": 20.5}
    row = _wallet(sql, memo_id)
    assert row is not None and row[0] == customer["id"] and float(row[1]) == 20.5
    got = ok(admin.get(f"/V1/orders/{oid}"))
    assert got["total_refunded"] == 45
    # the handler knows what it gave back on the order's earlier credit memos (the wallet takes 50 an order)
    r = all_client.post(f"/V1/order/{oid}/refund", json={"items": [{"order_item_id": tee, "qty": 1}], "arguments": {
        "shipping_amount": 0, "extension_attributes": {"vdtest_return_to_wallet": 30}}})
    assert r.status_code == 400 and r.json() == {"message": "The wallet can take at most %1 more of this order.",
                                                 "parameters": ["29.50"]}
    # a refund that sends nothing to the wallet records nothing for it
    other = ok(all_client.post(f"/V1/order/{oid}/refund", json={"items": [{"order_item_id": tee, "qty": 1}],
                                                                 "arguments": {"shipping_amount": 0}}))
    assert "vdtest_wallet" not in (ok(admin.get(f"/V1/creditmemo/{other}")).get("extension_attributes") or {})
    assert _wallet(sql, other) is None


def test_a_handler_that_refuses_leaves_nothing_written(all_client, admin, invoiced, sql):
    order, tee, _, _ = invoiced
    oid = order["entity_id"]
    before = ok(admin.get(f"/V1/orders/{oid}"))
    r = all_client.post(f"/V1/order/{oid}/refund", json={
        "items": [{"order_item_id": tee, "qty": 1}],
        "arguments": {"shipping_amount": 0, "extension_attributes": {"vdtest_return_to_wallet": 46}}})
    assert r.status_code == 400, r.text
    assert r.json() == {"message": "The wallet can take at most %1.", "parameters": ["45.00"]}
    after = ok(admin.get(f"/V1/orders/{oid}"))
    assert "total_refunded" not in after and "total_refunded" not in before
    assert all(i["qty_refunded"] == 0 for i in after["items"])
    listed = ok(admin.get("/V1/creditmemos", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "order_id",
        "searchCriteria[filter_groups][0][filters][0][value]": oid}))
    assert listed["total_count"] == 0
    with sql.connect() as c:
        assert c.execute(sa.text("SELECT count(*) FROM vendor_testmodule_wallet_refund w JOIN sales_creditmemo m "
                                 "ON m.entity_id = w.creditmemo_id WHERE m.order_id = :o"), {"o": oid}).scalar() == 0


def test_a_guest_order_cannot_go_to_the_wallet(all_client):
    tee = unique("TEE-")
    order = create(all_client, [(tee, 1, 45)], shipping=0)
    oid = order["entity_id"]
    ok(all_client.post(f"/V1/order/{oid}/invoice", json={}))
    r = all_client.post(f"/V1/order/{oid}/refund", json={"arguments": {
        "extension_attributes": {"vdtest_return_to_wallet": 5}}})
    assert r.status_code == 400 and r.json() == {"message": "A guest's order cannot be refunded to a wallet."}
    r = all_client.post(f"/V1/order/{oid}/refund", json={"arguments": {"extension_attributes": {"vdtest_nope": 5}}})
    assert r.status_code == 400  # a code nobody declared


def test_refund_one_invoice(all_client, admin, customer, sql):
    tee, strap = unique("TEE-"), unique("STRAP-")
    order = create(all_client, [(tee, 2, 45), (strap, 1, 10)], shipping=10, customer_id=customer["id"],
                   email=customer["email"])
    oid = order["entity_id"]
    tee_id, strap_id = item_of(order, tee)["item_id"], item_of(order, strap)["item_id"]
    first = ok(all_client.post(f"/V1/order/{oid}/invoice", json={"items": [{"order_item_id": tee_id, "qty": 1}]}))
    second = ok(all_client.post(f"/V1/order/{oid}/invoice", json={}))  # the other tee and the strap
    # the first invoice holds one tee and the shipping (55): nothing of the strap
    r = all_client.post(f"/V1/invoice/{first}/refund", json={"items": [{"order_item_id": strap_id, "qty": 1}]})
    assert r.status_code == 400 and r.json()["message"] == \
        "The quantity to refund must not be greater than the unrefunded quantity."
    memo_id = ok(all_client.post(f"/V1/invoice/{first}/refund", json={
        "appendComment": True, "comment": {"comment": "Back"},
        "arguments": {"extension_attributes": {"vdtest_return_to_wallet": 10}}}))
    memo = ok(admin.get(f"/V1/creditmemo/{memo_id}"))
    assert (memo["invoice_id"], memo["grand_total"], memo["shipping_amount"]) == (first, 55, 10)
    assert [(i["order_item_id"], i["qty"]) for i in memo["items"]] == [(tee_id, 1)]
    assert memo["extension_attributes"] == {"vdtest_wallet": 10}
    invoice = ok(admin.get(f"/V1/invoices/{first}"))
    assert (invoice["is_used_for_refund"], invoice["base_total_refunded"]) == (1, 55)
    r = all_client.post(f"/V1/invoice/{first}/refund", json={})
    assert r.status_code == 400 and r.json() == {"message": "The order does not allow a creditmemo to be created."}
    # the second invoice still refunds what it holds; then the order is closed
    assert ok(admin.get(f"/V1/orders/{oid}"))["state"] == "processing"
    memo2 = ok(all_client.post(f"/V1/invoice/{second}/refund", json={}))
    assert ok(admin.get(f"/V1/creditmemo/{memo2}"))["grand_total"] == 55
    got = ok(admin.get(f"/V1/orders/{oid}"))
    assert (got["total_refunded"], got["state"]) == (110, "closed")


def test_refund_invoice_refusals(all_client, admin, invoiced):
    _, _, _, invoice_id = invoiced
    r = all_client.post("/V1/invoice/999999/refund", json={})
    assert (r.status_code, r.json()["message"]) == (404, NOT_FOUND)
    r = all_client.post(f"/V1/invoice/{invoice_id}/refund", json={"isOnline": True})
    assert r.status_code == 400 and r.json() == {"message": "Cannot create online refund for offline payment method."}
    r = all_client.post(f"/V1/invoice/{invoice_id}/refund", json={"arguments": {"adjustment_positive": 1}})
    assert r.status_code == 400 and r.json() == {"message": "The most money available to refund is %1.",
                                                 "parameters": ["110.00"]}
