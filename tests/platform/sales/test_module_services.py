"""The order actions modules call (``sales.service``): ``cancel_order``, ``refund_order`` (with
``to_store_credit``), ``set_order_status`` and ``store_credit_available``, driven over HTTP through the
test module's routes (``tests/testmodule/sales.py``: OrderActions)."""
import pytest

from tests.helpers import new_customer, ok, unique
from tests.helpers.sales import create, item_of, new_product, stock_qty

BASE = "/V1/vdtest/orders/{}/module-{}"


@pytest.fixture(scope="module")
def customer(server):
    return new_customer(server)[0]


def balance(admin, customer_id) -> float:
    return ok(admin.get(f"/V1/vdstorecredit/customer/{customer_id}"))["store_credit"]


def placed(all_client, customer=None, qty=2, price=45, shipping=10):
    """A new product in stock (100) and an order of ``qty`` of it (price, shipping 10)."""
    sku = new_product(all_client, qty=100, price=price)
    fields = {"customer_id": customer["id"], "email": customer["email"]} if customer else {}
    order = create(all_client, [(sku, qty, price)], shipping=shipping, **fields)
    return sku, order


def test_cancel_order_cancels_what_is_not_invoiced_and_gives_stock_back(all_client, admin):
    sku, order = placed(all_client)
    oid = order["entity_id"]
    assert stock_qty(admin, sku) == 98
    assert ok(all_client.post(BASE.format(oid, "cancel"))) is True
    got = ok(admin.get(f"/V1/orders/{oid}"))
    assert (got["state"], got["status"]) == ("canceled", "canceled")
    assert item_of(got, sku)["qty_canceled"] == 2
    assert stock_qty(admin, sku) == 100
    # nothing left to cancel: False, and nothing changes (stock comes back once)
    assert ok(all_client.post(BASE.format(oid, "cancel"))) is False
    assert stock_qty(admin, sku) == 100
    r = all_client.post(BASE.format(999999999, "cancel"))
    assert r.status_code == 404


def test_refund_order_refunds_everything_left_with_stock_and_status(all_client, admin):
    sku, order = placed(all_client)
    oid = order["entity_id"]
    ok(all_client.post(f"/V1/order/{oid}/invoice", json={}))
    item_id = item_of(order, sku)["item_id"]
    done = ok(all_client.post(BASE.format(oid, "refund"), json={"returnToStock": [item_id],
                                                                "comment": "Refunded by a module"}))
    assert done["grand_total"] == 100 and done["store_credit"] == 0
    memo = ok(admin.get(f"/V1/creditmemo/{done['creditmemo_id']}"))
    assert memo["order_id"] == oid and memo["grand_total"] == 100 and memo["shipping_amount"] == 10
    got = ok(admin.get(f"/V1/orders/{oid}"))
    assert got["total_refunded"] == 100 and got["state"] == "closed"
    assert stock_qty(admin, sku) == 100
    # nothing is left: the platform's refusal, nothing written
    r = all_client.post(BASE.format(oid, "refund"), json={})
    assert r.status_code == 400 and r.json()["message"] == "The order does not allow a creditmemo to be created."

    # the status edit: the status decides the state
    assert ok(all_client.put(BASE.format(oid, "status"), json={"status": "canceled"})) is True
    got = ok(admin.get(f"/V1/orders/{oid}"))
    assert (got["state"], got["status"]) == ("canceled", "canceled")


def test_refund_order_of_some_items_and_its_errors(all_client, admin):
    sku, order = placed(all_client, qty=3)
    oid = order["entity_id"]
    ok(all_client.post(f"/V1/order/{oid}/invoice", json={}))
    item_id = item_of(order, sku)["item_id"]
    r = all_client.post(BASE.format(oid, "refund"), json={"items": [{"order_item_id": item_id, "qty": 4}]})
    assert r.status_code == 400
    assert r.json()["message"] == "The quantity to refund must not be greater than the unrefunded quantity."
    r = all_client.post(BASE.format(oid, "refund"), json={"items": [{"order_item_id": item_id, "qty": 1}],
                                                         "shippingAmount": 0, "adjustmentPositive": 500})
    assert r.status_code == 400 and r.json() == {"message": "The most money available to refund is %1.",
                                                 "parameters": ["145.00"]}
    done = ok(all_client.post(BASE.format(oid, "refund"), json={"items": [{"order_item_id": item_id, "qty": 1}],
                                                                 "shippingAmount": 0, "adjustmentNegative": 5}))
    assert done["grand_total"] == 40
    assert stock_qty(admin, sku) == 97  # not asked back to stock
    got = ok(admin.get(f"/V1/orders/{oid}"))
    assert got["total_refunded"] == 40 and item_of(got, sku)["qty_refunded"] == 1 and got["state"] == "processing"


def test_refund_to_store_credit_goes_through_the_store_credit_handler(all_client, admin, customer):
    assert ok(all_client.get("/V1/vdtest/store-credit-available")) is True
    sku, order = placed(all_client, customer)
    oid = order["entity_id"]
    assert ok(all_client.get("/V1/vdtest/store-credit-available", params={"orderId": oid})) is True
    ok(all_client.post(f"/V1/order/{oid}/invoice", json={}))
    item_id = item_of(order, sku)["item_id"]
    before = balance(admin, customer["id"])

    # more than the credit memo's total: refused, nothing written
    r = all_client.post(BASE.format(oid, "refund"), json={"items": [{"order_item_id": item_id, "qty": 1}],
                                                         "shippingAmount": 0, "toStoreCredit": "45.01"})
    assert r.status_code == 400 and r.json() == {"message": "Only %1 can be returned to store credit.",
                                                 "parameters": ["45.00"]}
    assert ok(admin.get(f"/V1/orders/{oid}")).get("total_refunded") in (None, 0)

    done = ok(all_client.post(BASE.format(oid, "refund"), json={"items": [{"order_item_id": item_id, "qty": 1}],
                                                                 "shippingAmount": 0, "toStoreCredit": "20.50"}))
    assert done["grand_total"] == 45 and done["store_credit"] == 20.5
    assert balance(admin, customer["id"]) == pytest.approx(before + 20.5)
    memo = ok(admin.get(f"/V1/creditmemo/{done['creditmemo_id']}"))
    assert memo["extension_attributes"]["vdstorecredit_refunded"] == 20.5
    history = ok(admin.get("/V1/vdstorecredit/history/search", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "customer_id",
        "searchCriteria[filter_groups][0][filters][0][value]": customer["id"]}))["items"]
    assert [h["action"] for h in history].count(3) == 1

    # "all": the whole credit memo
    done = ok(all_client.post(BASE.format(oid, "refund"), json={"toStoreCredit": "all"}))
    assert done["grand_total"] == 55 and done["store_credit"] == 55
    assert balance(admin, customer["id"]) == pytest.approx(before + 75.5)
    assert ok(admin.get(f"/V1/orders/{oid}"))["total_refunded"] == 100


def test_store_credit_is_not_available_for_a_guests_order(all_client, admin):
    sku, order = placed(all_client)
    oid = order["entity_id"]
    ok(all_client.post(f"/V1/order/{oid}/invoice", json={}))
    assert ok(all_client.get("/V1/vdtest/store-credit-available", params={"orderId": oid})) is False
    r = all_client.post(BASE.format(oid, "refund"), json={"toStoreCredit": "10"})
    assert r.status_code == 400 and r.json() == {"message": "Store credit is not available for this order."}
    got = ok(admin.get(f"/V1/orders/{oid}"))
    assert got.get("total_refunded") in (None, 0) and got["state"] == "processing"
    r = all_client.get("/V1/vdtest/store-credit-available", params={"orderId": 999999999})
    assert r.status_code == 404
    r = all_client.post(BASE.format(oid, "refund"), json={"toStoreCredit": unique("x")})
    assert r.status_code == 400
