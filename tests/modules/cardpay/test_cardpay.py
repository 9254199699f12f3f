"""Wallet shipping estimates over HTTP: a wallet sheet's partial address gets exactly the platform's
estimate (every active carrier, the shipping rate processors), the region as the wallet spells it is
matched, nothing is saved on the cart, and the errors of a bad cart or address."""
import json

import pytest

from tests.helpers import new_customer, ok, unique
from tests.helpers.quote import ADDRESS, add, error, guest_cart, product, shipping_information

SR = "Magento\\SalesRule\\Model\\Rule\\Condition\\"
WALLET = "estimate-shipping-methods-wallet-pay"


@pytest.fixture(scope="module")
def sku(server, admin_token):
    return product(server, admin_token, price=30)["sku"]


def california_rule(admin) -> int:
    """A shipping rule of the test module: flat rate costs 7 more for Californian addresses."""
    tree = json.dumps({"type": SR + "Combine", "aggregator": "all", "value": "1", "conditions": [
        {"type": SR + "Address", "attribute": "region_id", "operator": "==", "value": "12"}]})
    return ok(admin.post("/V1/vdtest/rate-rule", json={"rule": {
        "name": unique("west coast "), "carrier_code": "flatrate", "action": "surcharge", "amount": 7,
        "is_active": True, "conditions_serialized": tree}}))["rule_id"]


def methods(r) -> list[tuple]:
    assert r.status_code == 200, r.text
    return [(m["carrier_code"], m["method_code"], m["amount"], m["available"]) for m in r.json()]


def test_a_wallet_estimate_answers_as_the_platform_estimate(server, admin, guest, sku):
    rule_id = california_rule(admin)
    try:
        base = f"/V1/guest-carts/{guest_cart(guest)}"
        add(guest, base, sku, 2)
        # Apple Pay reveals country, region code, city and postcode; the region is matched to California
        sheet = {"country_id": "US", "region": " CA ", "city": "Mountain View", "postcode": "94043"}
        wallet = guest.post(f"{base}/{WALLET}", json={"address": sheet})
        assert methods(wallet) == [("flatrate", "flatrate", 17, True)]  # 2 x 5 + 7 surcharge
        platform = guest.post(f"{base}/estimate-shipping-methods",
                              json={"address": {"country_id": "US", "region_id": 12, "postcode": "94043"}})
        assert wallet.json() == platform.json()
        assert wallet.json()[0] == {"carrier_code": "flatrate", "method_code": "flatrate", "carrier_title": "Flat Rate",
                                    "method_title": "Fixed", "amount": 17, "base_amount": 17, "available": True,
                                    "error_message": "", "price_excl_tax": 17, "price_incl_tax": 17}
        # by its name, in any case, also in camelCase keys
        named = guest.post(f"{base}/{WALLET}", json={"address": {"countryId": "us", "region": "california"}})
        assert methods(named) == [("flatrate", "flatrate", 17, True)]
        # a region that is not California, and free text that matches no region: no surcharge
        assert methods(guest.post(f"{base}/{WALLET}", json={"address": {"country_id": "US", "region": "Texas"}})) == \
            [("flatrate", "flatrate", 10, True)]
        # Google Pay, UK outward code only; a full cart reaches the free-shipping threshold (carrier order)
        add(guest, base, sku, 2)
        uk = guest.post(f"{base}/{WALLET}", json={"address": {"countryId": "GB", "postcode": "SW1A", "city": "London",
                                                              "region": "Greater London"}})
        assert methods(uk) == [("flatrate", "flatrate", 20, True), ("freeshipping", "freeshipping", 0, True)]

        # nothing was saved: the cart still has no shipping address and no method
        error(guest.get(f"{base}/shipping-methods-wallet-pay"), 400,
              "The shipping address is missing. Set the address and try again.")
        ok(shipping_information(guest, base, {**ADDRESS, "region_id": 12, "region_code": "CA", "postcode": "90001"}))
        assert methods(guest.get(f"{base}/shipping-methods-wallet-pay")) == \
            methods(guest.get(f"{base}/shipping-methods")) == [("flatrate", "flatrate", 27, True),
                                                               ("freeshipping", "freeshipping", 0, True)]
        # an estimate for another address leaves the saved method and totals as they were
        before = ok(guest.get(f"{base}/totals"))
        methods(guest.post(f"{base}/{WALLET}", json={"address": {"country_id": "US", "region": "TX"}}))
        assert ok(guest.get(f"{base}/totals")) == before
    finally:
        assert admin.delete(f"/V1/vdtest/rate-rule/{rule_id}").status_code == 200


def test_virtual_and_empty_carts_have_no_methods(server, admin_token, guest):
    base = f"/V1/guest-carts/{guest_cart(guest)}"
    sheet = {"address": {"country_id": "US", "region": "CA"}}
    assert ok(guest.post(f"{base}/{WALLET}", json=sheet)) == []
    assert ok(guest.get(f"{base}/shipping-methods-wallet-pay")) == []
    add(guest, base, product(server, admin_token, price=10, type_id="virtual", weight=None)["sku"], 1)
    assert ok(guest.post(f"{base}/{WALLET}", json=sheet)) == []


def test_a_customer_estimates_for_the_own_cart(server, sku):
    _, token = new_customer(server)
    with server.client(token) as me:
        error(me.post(f"/V1/carts/mine/{WALLET}", json={"address": {"country_id": "US"}}), 404,
              "Current customer does not have an active cart.")
        ok(me.post("/V1/carts/mine"))
        add(me, "/V1/carts/mine", sku, 1)
        assert methods(me.post(f"/V1/carts/mine/{WALLET}", json={"address": {"country_id": "DE", "postcode": "10115"}})) \
            == [("flatrate", "flatrate", 5, True)]
        error(me.get("/V1/carts/mine/shipping-methods-wallet-pay"), 400,
              "The shipping address is missing. Set the address and try again.")
        ok(shipping_information(me, "/V1/carts/mine"))
        assert methods(me.get("/V1/carts/mine/shipping-methods-wallet-pay")) == [("flatrate", "flatrate", 5, True)]
    with server.client() as anonymous:
        for r in (anonymous.post(f"/V1/carts/mine/{WALLET}", json={"address": {"country_id": "US"}}),
                  anonymous.get("/V1/carts/mine/shipping-methods-wallet-pay")):
            error(r, 401, "The consumer isn't authorized to access %resources.", {"resources": "self"})


def test_bad_carts_and_addresses_are_refused(server, guest, sku):
    unknown = "0" * 32
    error(guest.post(f"/V1/guest-carts/{unknown}/{WALLET}", json={"address": {"country_id": "US"}}), 404,
          "No such entity with %fieldName = %fieldValue", {"fieldName": "cartId", "fieldValue": unknown})
    error(guest.get(f"/V1/guest-carts/{unknown}/shipping-methods-wallet-pay"), 404,
          "No such entity with %fieldName = %fieldValue", {"fieldName": "cartId", "fieldValue": unknown})
    base = f"/V1/guest-carts/{guest_cart(guest)}"
    add(guest, base, sku, 1)
    url = f"{base}/{WALLET}"
    error(guest.post(url, json={}), 400, '"%fieldName" is required. Enter and try again.', {"fieldName": "address"})
    error(guest.post(url, json={"address": {"city": "London"}}), 400,
          '"%fieldName" is required. Enter and try again.', {"fieldName": "country_id"})
    error(guest.post(url, json={"address": {"country_id": "  "}}), 400,
          '"%fieldName" is required. Enter and try again.', {"fieldName": "country_id"})
    error(guest.post(url, json={"address": {"country_id": "XX"}}), 400,
          'Invalid value of "%value" provided for the %fieldName field.', {"value": "XX", "fieldName": "country_id"})
    error(guest.post(url, json={"address": {"country_id": "US", "colour": "red"}}), 400,
          'Property "%1" does not have accessor method "%2" in class "%3".')
    error(guest.post(url, json={"address": {"country_id": "US", "region_id": "abc"}}), 400,
          'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.',
          {"value": "abc", "type": "int"})
    error(guest.post(url, content=b"{not json", headers={"Content-Type": "application/json"}), 400, "Decoding error.")
    # unknown top-level keys are ignored
    assert methods(guest.post(url, json={"address": {"country_id": "US"}, "walletName": "apple"})) == \
        [("flatrate", "flatrate", 5, True)]
    # an inactive (ordered) cart is not found
    ok(shipping_information(guest, base))
    ok(guest.post(f"{base}/payment-information", json={"email": "wallet@example.com",
                                                      "paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS}))
    masked = base.rsplit("/", 1)[1]
    error(guest.post(url, json={"address": {"country_id": "US"}}), 404,
          "No such entity with %fieldName = %fieldValue", {"fieldName": "cartId", "fieldValue": masked})


def test_the_demo_offers_free_shipping_from_100(server, admin_token):
    """Last in this file: the demo data goes onto this folder's own server, which no later test uses."""
    from tests.helpers.harness import set_config
    set_config(server.db.engine, "carriers/freeshipping/active", None)
    set_config(server.db.engine, "carriers/freeshipping/free_shipping_subtotal", None)
    server.cli("demo", "load", "cardpay")
    with server.client() as guest:
        base = f"/V1/guest-carts/{guest_cart(guest)}"
        add(guest, base, product(server, admin_token, price=60)["sku"], 2)
        offered = methods(guest.post(f"{base}/{WALLET}", json={"address": {"country_id": "US", "region": "NY"}}))
        assert ("freeshipping", "freeshipping", 0, True) in offered and len(offered) == 2
