"""Coupons on a cart."""
import pytest

from tests.helpers import unique
from tests.helpers.quote import add, coupon_rule, error, guest_cart, product, shipping_information

NOT_VALID = "The coupon code isn't valid. Verify the code and try again."


@pytest.fixture(scope="module")
def tee(server, admin_token):
    return product(server, admin_token, price=45, qty=100)


def test_coupon_on_an_empty_cart(guest):
    masked = guest_cart(guest)
    cart_id = guest.get(f"/V1/guest-carts/{masked}").json()["id"]
    error(guest.put(f"/V1/guest-carts/{masked}/coupons/ANY"), 404, 'The "%1" Cart doesn\'t contain products.', [cart_id])
    error(guest.delete(f"/V1/guest-carts/{masked}/coupons"), 404, 'The "%1" Cart doesn\'t contain products.', [cart_id])
    r = guest.get(f"/V1/guest-carts/{masked}/coupons")
    assert r.status_code == 200 and r.json() == []


def test_unknown_and_unusable_codes(guest, tee):
    base = f"/V1/guest-carts/{guest_cart(guest)}"
    add(guest, base, tee["sku"], 1)
    error(guest.put(f"{base}/coupons/{unique('NOPE')}"), 404, NOT_VALID)
    error(guest.put(f"{base}/coupons/{'X' * 300}"), 400,
          "The coupon code couldn't be applied. Verify the coupon code and try again.")
    assert guest.get(f"{base}/coupons").json() == []


def test_apply_and_remove_a_coupon(server, admin_token, guest, tee):
    code = unique("SPRING").upper()
    coupon_rule(server, admin_token, code)
    base = f"/V1/guest-carts/{guest_cart(guest)}"
    add(guest, base, tee["sku"], 2)
    shipping_information(guest, base)
    r = guest.put(f"{base}/coupons/%20{code}%20")
    assert r.status_code == 200 and r.json() is True
    assert guest.get(f"{base}/coupons").json() == code
    totals = guest.get(f"{base}/totals").json()
    assert (totals["subtotal"], totals["discount_amount"], totals["shipping_amount"], totals["grand_total"]) == \
        (90, -9, 10, 91)
    assert totals["coupon_code"] == code and totals["subtotal_with_discount"] == 81
    assert totals["items"][0]["discount_amount"] == 9 and totals["items"][0]["discount_percent"] == 10
    assert [s["code"] for s in totals["total_segments"]] == ["subtotal", "shipping", "discount", "tax", "grand_total"]
    assert totals["total_segments"][2] == {"code": "discount", "title": "Discount (Save 10%)", "value": -9}
    r = guest.delete(f"{base}/coupons")
    assert r.status_code == 200 and r.json() is True
    assert guest.get(f"{base}/coupons").json() == []
    totals = guest.get(f"{base}/totals").json()
    assert totals["grand_total"] == 100 and "coupon_code" not in totals


def test_customer_mine_coupon(server, admin_token, tee):
    from tests.helpers import new_customer
    code = unique("MINE").upper()
    coupon_rule(server, admin_token, code, percent=50)
    _, token = new_customer(server)
    with server.client(token) as me:
        me.post("/V1/carts/mine")
        add(me, "/V1/carts/mine", tee["sku"], 1)
        assert me.put(f"/V1/carts/mine/coupons/{code}").json() is True
        assert me.get("/V1/carts/mine/totals").json()["grand_total"] == 22.5
