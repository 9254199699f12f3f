"""Rate processors through HTTP: the test module's rule-based processor raises one carrier's price,
hides another, marks one unavailable or adds a method while a condition tree holds for the cart, and a
second processor declared after it doubles what it leaves. Estimates, shipping information, totals and
the placed order all see the processed rates.

The module has a server of its own: freeshipping is switched on there (free from any subtotal) and its
rules apply to every cart on it."""
import json

import pytest

from tests.helpers import new_customer, unique
from tests.helpers.harness import Database, Server
from tests.helpers.quote import ADDRESS, add, error, guest_cart, product, shipping_information

SR = "Magento\\SalesRule\\Model\\Rule\\Condition\\"


@pytest.fixture(scope="module")
def srv(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("rates")
    db = Database(tmp)
    server = Server(tmp, db)
    server.config("carriers/freeshipping/active", "1")
    yield server
    server.stop()
    db.drop()


@pytest.fixture(scope="module")
def token(srv):
    return srv.token()


@pytest.fixture
def admin(srv, token):
    with srv.client(token) as c:
        yield c


@pytest.fixture
def guest(srv):
    with srv.client() as c:
        yield c


@pytest.fixture(scope="module")
def goods(srv, token):
    """A bulky product (the surcharge rule looks for it) and a plain one, 30 each."""
    return {"bulky": product(srv, token, price=30, sku=unique("bulky-"))["sku"],
            "plain": product(srv, token, price=30, sku=unique("plain-"))["sku"]}


def cart_tree(*conditions, aggregator="all") -> str:
    return json.dumps({"type": SR + "Combine", "aggregator": aggregator, "value": "1", "conditions": list(conditions)})


def address(attribute, operator, value) -> dict:
    return {"type": SR + "Address", "attribute": attribute, "operator": operator, "value": value}


def found(sku: str) -> dict:
    return {"type": SR + "Product\\Found", "aggregator": "all", "value": "1",
            "conditions": [{"type": SR + "Product", "attribute": "sku", "operator": "==", "value": sku}]}


@pytest.fixture
def rules(admin):
    """Saves rules for one test and removes them after it."""
    made = []

    def make(action, carrier, conditions, **fields):
        body = {"name": unique("rule "), "carrier_code": carrier, "action": action, "is_active": True,
                "conditions_serialized": conditions, **fields}
        r = admin.post("/V1/vdtest/rate-rule", json={"rule": body})
        assert r.status_code == 200, r.text
        made.append(r.json()["rule_id"])
        return r.json()["rule_id"]

    yield make
    for rule_id in made:
        assert admin.delete(f"/V1/vdtest/rate-rule/{rule_id}").status_code == 200


def new_cart(guest, *lines) -> str:
    base = f"/V1/guest-carts/{guest_cart(guest)}"
    for sku, qty in lines:
        add(guest, base, sku, qty)
    return base


def estimate(guest, base, **where) -> list[tuple]:
    r = guest.post(f"{base}/estimate-shipping-methods", json={"address": {"country_id": "US", "region_id": 57,
                                                                         "postcode": "78701", **where}})
    assert r.status_code == 200, r.text
    return [(m["carrier_code"], m["method_code"], m["amount"], m["available"], m["error_message"]) for m in r.json()]


def place(guest, base) -> int:
    r = guest.post(f"{base}/payment-information", json={"email": "rates@example.com",
                                                       "paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS})
    assert r.status_code == 200, r.text
    return r.json()


def test_without_rules_the_carriers_quote_unchanged(guest, goods):
    base = new_cart(guest, (goods["bulky"], 2))
    assert estimate(guest, base) == [("flatrate", "flatrate", 10, True, ""),
                                     ("freeshipping", "freeshipping", 0, True, "")]


def test_a_surcharge_and_a_hidden_carrier_follow_their_conditions(admin, guest, goods, rules):
    rules("surcharge", "flatrate", cart_tree(found(goods["bulky"]), address("country_id", "==", "US")), amount=7.5)
    rules("hide", "freeshipping", cart_tree(address("base_subtotal", ">=", "100")))

    bulky = new_cart(guest, (goods["bulky"], 2))            # 60: surcharged, freeshipping offered
    assert estimate(guest, bulky) == [("flatrate", "flatrate", 17.5, True, ""),
                                      ("freeshipping", "freeshipping", 0, True, "")]
    assert estimate(guest, bulky, country_id="CA", region_id=None) == [
        ("flatrate", "flatrate", 10, True, ""), ("freeshipping", "freeshipping", 0, True, "")]
    plain = new_cart(guest, (goods["plain"], 2))
    assert estimate(guest, plain) == [("flatrate", "flatrate", 10, True, ""),
                                      ("freeshipping", "freeshipping", 0, True, "")]
    add(guest, bulky, goods["plain"], 2)                   # 120: freeshipping hidden, still surcharged
    assert estimate(guest, bulky) == [("flatrate", "flatrate", 27.5, True, "")]

    # the cart's own shipping methods, the shipping information, the totals and the order
    r = shipping_information(guest, bulky)
    assert r.status_code == 200, r.text
    totals = r.json()["totals"]
    assert (totals["subtotal"], totals["shipping_amount"], totals["grand_total"]) == (120, 27.5, 147.5)
    assert [(m["carrier_code"], m["amount"]) for m in guest.get(f"{bulky}/shipping-methods").json()] == [
        ("flatrate", 27.5)]
    assert guest.get(f"{bulky}/totals").json()["shipping_amount"] == 27.5
    order = admin.get(f"/V1/orders/{place(guest, bulky)}").json()
    assert (order["shipping_amount"], order["grand_total"]) == (27.5, 147.5)

    # a hidden method cannot be chosen: the platform's "not found"
    r = shipping_information(guest, new_cart(guest, (goods["plain"], 4)), carrier="freeshipping",
                             method="freeshipping")
    error(r, 404, "Carrier with such method not found: %1, %2", ["freeshipping", "freeshipping"])


def test_a_rule_change_is_seen_at_once(admin, guest, goods, rules):
    rule_id = rules("surcharge", "flatrate", cart_tree(address("total_qty", ">", "1")), amount=1.25)
    base = new_cart(guest, (goods["plain"], 2))
    assert ("flatrate", "flatrate", 11.25, True, "") in estimate(guest, base)
    r = admin.put(f"/V1/vdtest/rate-rule/{rule_id}", json={"rule": {
        "conditions_serialized": cart_tree(address("total_qty", ">", "2"))}})
    assert r.status_code == 200, r.text
    assert ("flatrate", "flatrate", 10, True, "") in estimate(guest, base)
    add(guest, base, goods["plain"], 1)
    assert ("flatrate", "flatrate", 16.25, True, "") in estimate(guest, base)
    assert admin.put(f"/V1/vdtest/rate-rule/{rule_id}", json={"rule": {"is_active": False}}).status_code == 200
    assert ("flatrate", "flatrate", 15, True, "") in estimate(guest, base)


def test_an_unavailable_rate_is_listed_but_cannot_be_selected(admin, guest, goods, rules):
    rules("disable", "flatrate", cart_tree(address("postcode", "==", "99999")),
          error_message="We do not ship to this postcode.")
    base = new_cart(guest, (goods["plain"], 1))
    assert estimate(guest, base, postcode="99999") == [
        ("flatrate", "flatrate", 5, False, "We do not ship to this postcode."),
        ("freeshipping", "freeshipping", 0, True, "")]
    far = {**ADDRESS, "postcode": "99999"}
    r = shipping_information(guest, base, far)
    error(r, 400, "We do not ship to this postcode.")
    assert guest.get(f"{base}/totals").json()["shipping_amount"] == 0      # nothing was saved
    r = shipping_information(guest, base, far, carrier="freeshipping", method="freeshipping")
    assert r.status_code == 200, r.text
    r = shipping_information(guest, base)                                 # another postcode: available
    assert r.status_code == 200 and r.json()["totals"]["shipping_amount"] == 5


def test_an_order_cannot_be_placed_with_a_method_that_became_unavailable(admin, guest, goods, rules):
    base = new_cart(guest, (goods["plain"], 1))
    assert shipping_information(guest, base, {**ADDRESS, "postcode": "10001"}).status_code == 200
    rules("disable", "flatrate", cart_tree(address("postcode", "==", "10001"), address("customer_group_id", "==", "0")))
    r = guest.post(f"{base}/payment-information", json={"email": "rates@example.com",
                                                       "paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS})
    error(r, 400, "This shipping method is currently unavailable. If you would like to ship using this shipping "
                  "method, please contact us.")
    assert guest.get(f"{base}").status_code == 200
    assert guest.get(f"{base}").json()["is_active"] is True               # no order, the cart stays open


def test_a_processor_adds_a_method(admin, guest, goods, rules):
    rule_id = rules("add", "flatrate", cart_tree(found(goods["bulky"])), amount=3)
    base = new_cart(guest, (goods["bulky"], 1))
    assert estimate(guest, base) == [("flatrate", f"rule{rule_id}", 3, True, ""),
                                     ("flatrate", "flatrate", 5, True, ""),
                                     ("freeshipping", "freeshipping", 0, True, "")]
    r = shipping_information(guest, base, carrier="flatrate", method=f"rule{rule_id}")
    assert r.status_code == 200, r.text
    assert r.json()["totals"]["shipping_amount"] == 3
    order = admin.get(f"/V1/orders/{place(guest, base)}").json()
    assert order["shipping_amount"] == 3
    assert order["shipping_description"].startswith("Flat Rate - ")


def test_processors_run_in_their_declared_order(srv, guest, goods, rules):
    """The rules' processor (100) surcharges, then the second one (200) doubles: (10 + 2.5) x 2."""
    rules("surcharge", "flatrate", cart_tree(found(goods["bulky"])), amount=2.5)
    srv.config("testmodule/rates/double", "flatrate")
    try:
        base = new_cart(guest, (goods["bulky"], 2))
        assert ("flatrate", "flatrate", 25, True, "") in estimate(guest, base)
        r = shipping_information(guest, base)
        assert r.json()["totals"]["shipping_amount"] == 25
    finally:
        srv.config("testmodule/rates/double", "")


def test_the_customer_estimate_routes_see_processed_rates(srv, token, goods, rules):
    customer, ctoken = new_customer(srv, addresses=[{
        "firstname": "Jane", "lastname": "Doe", "street": ["1 Main St"], "city": "Austin", "region_id": 57,
        "postcode": "78701", "country_id": "US", "telephone": "5125550100"}])
    rules("surcharge", "flatrate", cart_tree(address("customer_group_id", "==", "1"), found(goods["plain"])), amount=4)
    with srv.client(ctoken) as me:
        assert me.post("/V1/carts/mine").status_code == 200
        add(me, "/V1/carts/mine", goods["plain"], 1)
        r = me.post("/V1/carts/mine/estimate-shipping-methods", json={"address": {"country_id": "US"}})
        assert r.status_code == 200, r.text
        assert ("flatrate", 9) in [(m["carrier_code"], m["amount"]) for m in r.json()]
        address_id = customer["addresses"][0]["id"]
        r = me.post("/V1/carts/mine/estimate-shipping-methods-by-address-id", json={"addressId": address_id})
        assert r.status_code == 200, r.text
        assert ("flatrate", 9) in [(m["carrier_code"], m["amount"]) for m in r.json()]
    with srv.client() as guest:                                      # a guest (group 0): no surcharge
        base = new_cart(guest, (goods["plain"], 1))
        assert ("flatrate", "flatrate", 5, True, "") in estimate(guest, base)
