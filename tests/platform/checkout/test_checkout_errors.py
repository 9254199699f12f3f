"""Shipping, payment and placing-the-order errors, in the steps' order."""

import httpx
import pytest

from tests.helpers import unique
from tests.helpers.quote import ADDRESS, add, coupon_rule, error, guest_cart, product, shipping_information

CHECKMO = {"paymentMethod": {"method": "checkmo"}}
REQUIRED = '"{}" is required. Enter and try again.'


@pytest.fixture(scope="module")
def tee(server, admin_token):
    return product(server, admin_token, price=45, qty=1000)


@pytest.fixture
def cart(guest, tee):
    """A guest cart with one item: (route prefix, numeric id)."""
    masked = guest_cart(guest)
    add(guest, f"/V1/guest-carts/{masked}", tee["sku"], 1)
    return f"/V1/guest-carts/{masked}", guest.get(f"/V1/guest-carts/{masked}").json()["id"]


def test_shipping_information_errors(guest, cart):
    base, _ = cart
    empty = f"/V1/guest-carts/{guest_cart(guest)}"
    error(shipping_information(guest, empty), 400,
          "The shipping method can't be set for an empty cart. Add an item to cart and try again.")
    error(shipping_information(guest, base, {**ADDRESS, "country_id": None}), 400,
          "The shipping address is missing. Set the address and try again.")
    error(shipping_information(guest, base, carrier="ups", method="ground"), 404,
          "Carrier with such method not found: %1, %2", ["ups", "ground"])
    error(shipping_information(guest, base, carrier="flatrate", method="express"), 404,
          "Carrier with such method not found: %1, %2", ["flatrate", "express"])
    error(shipping_information(guest, base, {**ADDRESS, "city": "A" * 300}), 400,
          "The shipping information was unable to be saved. Verify the input data and try again.")
    error(guest.get(f"{base}/shipping-methods"), 400, "The shipping address is missing. Set the address and try again.")


def test_payment_method_errors(guest, cart):
    base, _ = cart
    error(guest.put(f"{base}/selected-payment-method", json={"method": {"method": "checkmo"}}), 400,
          "The shipping address is missing. Set the address and try again.")
    shipping_information(guest, base)
    for code in ("banktransfer", "nosuchmethod", "free"):
        error(guest.put(f"{base}/selected-payment-method", json={"method": {"method": code}}), 400,
              "The requested Payment Method is not available.")


def test_order_errors_in_step_order(server, guest, cart, sql):
    base, cart_id = cart
    empty = f"/V1/guest-carts/{guest_cart(guest)}"
    error(guest.put(f"{empty}/order", json=CHECKMO), 400, "Please specify order items.")
    # shipping address incomplete
    assert shipping_information(guest, base, {"country_id": "US"}).status_code == 200
    fields = " ".join(REQUIRED.format(f) for f in
                      ("firstname", "lastname", "street", "city", "telephone", "postcode", "regionId"))
    error(guest.put(f"{base}/order", json=CHECKMO), 400, "Please check the shipping address information. %1", [fields])
    # a country orders may not go to
    berlin = {**ADDRESS, "country_id": "DE", "region_id": None, "region_code": None, "region": "Berlin",
              "postcode": "10115", "city": "Berlin"}
    assert shipping_information(guest, base, berlin).status_code == 200
    server.config("general/country/allow", "US,CA")
    try:
        error(guest.put(f"{base}/order", json=CHECKMO), 400,
              "Some addresses can't be used due to the configurations for specific countries.")
    finally:
        server.config("general/country/allow", "")
    # no shipping method: the address set through the billing route only
    other = f"/V1/guest-carts/{guest_cart(guest)}"
    add(guest, other, product(server, server.token())["sku"], 1)
    guest.post(f"{other}/billing-address", json={"address": ADDRESS, "useForShipping": True})
    error(guest.put(f"{other}/order", json=CHECKMO), 400,
          "The shipping method is missing. Select the shipping method and try again.")
    # billing address incomplete
    guest.post(f"{base}/shipping-information", json={"addressInformation": {
        "shipping_address": ADDRESS, "billing_address": {"country_id": "US", "firstname": "Jane"},
        "shipping_carrier_code": "flatrate", "shipping_method_code": "flatrate"}})
    fields = " ".join(REQUIRED.format(f) for f in ("lastname", "street", "city", "telephone", "postcode", "regionId"))
    error(guest.put(f"{base}/order", json=CHECKMO), 400, "Please check the billing address information. %1", [fields])
    # no payment method
    no_email = {k: v for k, v in ADDRESS.items() if k != "email"}
    assert shipping_information(guest, base, no_email).status_code == 200
    error(guest.put(f"{base}/order", json={}), 400, "Enter a valid payment method and try again.")
    error(guest.put(f"{base}/order", json={"paymentMethod": {"method": "banktransfer"}}), 400,
          "The requested Payment Method is not available.")
    # guest e-mail
    error(guest.put(f"{base}/order", json=CHECKMO), 400, '"%fieldName" is required. Enter and try again.',
          {"fieldName": "email"})
    r = guest.post(f"{base}/payment-information", json={"email": "not-an-email", **CHECKMO})
    error(r, 400, 'Invalid value of "%value" provided for the %fieldName field.',
          {"value": "not-an-email", "fieldName": "email"})
    # nothing of the failed attempts stuck: the cart is still active and can be ordered
    r = guest.post(f"{base}/payment-information", json={"email": "ok@example.com", **CHECKMO})
    assert r.status_code == 200, r.text
    error(guest.put(f"{base}/order", json=CHECKMO), 404, "No such entity with %fieldName = %fieldValue",
          {"fieldName": "cartId", "fieldValue": base.rsplit("/", 1)[1]})


def test_stock_gone_since_the_item_was_added(server, admin_token, guest):
    scarce = product(server, admin_token, qty=5)
    base = f"/V1/guest-carts/{guest_cart(guest)}"
    add(guest, base, scarce["sku"], 5)
    shipping_information(guest, base)
    r = httpx.put(f"{server.url}/rest/all/V1/products/{scarce['sku']}", headers={"Authorization": f"Bearer {admin_token}"},
                  json={"product": {"extension_attributes": {"stock_item": {"qty": 2, "is_in_stock": True}}}})
    assert r.status_code == 200, r.text
    error(guest.post(f"{base}/payment-information", json={"email": "a@example.com", **CHECKMO}), 400,
          "The requested qty is not available")
    assert guest.get(base).json()["is_active"] is True


def test_coupon_that_no_longer_applies(server, admin_token, guest, cart):
    base, _ = cart
    code = unique("GONE").upper()
    rule_id = coupon_rule(server, admin_token, code)
    assert guest.put(f"{base}/coupons/{code}").json() is True
    shipping_information(guest, base)
    r = httpx.put(f"{server.url}/rest/all/V1/salesRules/{rule_id}", headers={"Authorization": f"Bearer {admin_token}"},
                  json={"rule": {"is_active": False}})
    assert r.status_code == 200, r.text
    error(guest.post(f"{base}/payment-information", json={"email": "a@example.com", **CHECKMO}), 400,
          "The coupon code isn't valid. Verify the code and try again.")


def test_unexpected_failure_while_placing(guest, cart, sql):
    base, cart_id = cart
    shipping_information(guest, base)
    guest.post(f"{base}/set-payment-information", json={"email": "a@example.com", **CHECKMO})
    with sql.begin() as c:
        c.exec_driver_sql(f"UPDATE quote SET extension = '{{broken' WHERE id = {cart_id}")
    error(guest.put(f"{base}/order", json=CHECKMO), 400,
          "A server error stopped your order from being placed. Please try to place your order again.")
