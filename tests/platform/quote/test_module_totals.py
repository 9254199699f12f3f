"""A module's totals collector: its amount shows as a total segment and in the cart totals, and it travels
to the placed order, where the declared extension attributes answer it (the test module's fee)."""
import pytest

from tests.helpers import new_customer
from tests.helpers.quote import ADDRESS, add, guest_cart, product, shipping_information

BILLING = {k: v for k, v in ADDRESS.items() if k != "region_code"}


@pytest.fixture(scope="module")
def tee(server, admin_token):
    return product(server, admin_token, price=30.1, qty=1000)


def cart_id(guest, masked: str) -> int:
    r = guest.get(f"/V1/guest-carts/{masked}")
    assert r.status_code == 200, r.text
    return r.json()["id"]


def set_fee(client, cart: int, amount, label: str) -> dict:
    r = client.put(f"/V1/vdtest/carts/{cart}/fee", json={"amount": amount, "label": label})
    assert r.status_code == 200, r.text
    return r.json()


def order_of(admin, order_id: int) -> dict:
    r = admin.get(f"/V1/orders/{order_id}")
    assert r.status_code == 200, r.text
    return r.json()


def test_fee_shows_on_the_cart_and_travels_to_the_order(admin, guest, tee):
    masked = guest_cart(guest)
    base = f"/V1/guest-carts/{masked}"
    add(guest, base, tee["sku"], 3)
    totals = set_fee(admin, cart_id(guest, masked), 0.07, "Insurance")
    assert totals["subtotal"] == 90.3 and totals["grand_total"] == 90.37
    assert totals["extension_attributes"] == {"vdtest_fee_amount": 0.07}
    codes = [s["code"] for s in totals["total_segments"]]
    assert codes.index("vdtest_fee") == len(codes) - 2 and codes[-1] == "grand_total"
    assert {"code": "vdtest_fee", "title": "Fee (Insurance)", "value": 0.07} in totals["total_segments"]
    assert guest.get(f"{base}/totals").json() == totals

    r = shipping_information(guest, base)
    assert r.status_code == 200, r.text
    assert r.json()["totals"]["grand_total"] == 105.37  # 90.30 + 3 × 5.00 shipping + 0.07, to the cent
    r = guest.post(f"{base}/payment-information", json={"email": "fee.buyer@example.com",
                                                        "paymentMethod": {"method": "checkmo"},
                                                        "billingAddress": BILLING})
    assert r.status_code == 200, r.text
    order = order_of(admin, r.json())
    assert order["grand_total"] == 105.37
    ext = order["extension_attributes"]
    assert (ext["vdtest_fee_amount"], ext["vdtest_fee_label"]) == (0.07, "Insurance")
    assert "shipping_assignments" in ext
    r = admin.get("/V1/orders", params={"searchCriteria[filterGroups][0][filters][0][field]": "entity_id",
                                        "searchCriteria[filterGroups][0][filters][0][value]": order["entity_id"]})
    assert r.status_code == 200, r.text
    [listed] = r.json()["items"]
    assert listed["extension_attributes"]["vdtest_fee_amount"] == 0.07
    assert listed["extension_attributes"]["vdtest_fee_label"] == "Insurance"


def test_an_order_without_the_fee_has_no_fee_attributes(admin, guest, tee):
    masked = guest_cart(guest)
    base = f"/V1/guest-carts/{masked}"
    add(guest, base, tee["sku"], 1)
    assert "extension_attributes" not in guest.get(f"{base}/totals").json()
    shipping_information(guest, base)
    r = guest.post(f"{base}/payment-information", json={"email": "plain@example.com",
                                                        "paymentMethod": {"method": "checkmo"},
                                                        "billingAddress": BILLING})
    assert r.status_code == 200, r.text
    ext = order_of(admin, r.json())["extension_attributes"]
    assert "vdtest_fee_amount" not in ext and "vdtest_fee_label" not in ext


def test_a_credit_larger_than_the_cart_leaves_a_grand_total_of_zero(server, admin, tee):
    _, token = new_customer(server)
    with server.client(token) as me:
        cart = me.post("/V1/carts/mine").json()
        add(me, "/V1/carts/mine", tee["sku"], 1)
        totals = set_fee(me, cart, -500, "Credit")  # the customer's own cart: resource-or-owner
        assert totals["grand_total"] == 0
        assert {"code": "vdtest_fee", "title": "Fee (Credit)", "value": -500} in totals["total_segments"]
        shipping_information(me, "/V1/carts/mine")
        assert [m["code"] for m in me.get("/V1/carts/mine/payment-methods").json()] == ["free"]
        r = me.post("/V1/carts/mine/payment-information", json={"paymentMethod": {"method": "free"},
                                                                 "billingAddress": BILLING})
        assert r.status_code == 200, r.text
        order_id = r.json()
        # the owner reads the fee of the order back through a resource-or-owner route
        r = me.get(f"/V1/vdtest/orders/{order_id}/fee")
        assert r.status_code == 200 and r.json() == -500
    order = order_of(admin, order_id)
    assert order["grand_total"] == 0 and order["subtotal"] == 30.1
    assert order["extension_attributes"]["vdtest_fee_amount"] == -500
