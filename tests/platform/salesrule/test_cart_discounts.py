"""Cart price rules through real carts: every action's totals to the cent on
guest and customer carts, coupons on carts, limits, and orders whose totals match.

Every rule here is scoped to this module's own category (a Found condition), so the carts of other tests
on the shared server are never discounted, and is deleted when its test ends.
"""
import datetime as dt

import httpx
import pytest

from tests.helpers import new_customer, unique
from tests.helpers.quote import category
from tests.helpers.salesrule import COMBINE, FOUND, PRODUCT, PRODUCT_COMBINE, create_coupon

ADDRESS = {"firstname": "Jane", "lastname": "Doe", "street": ["1 Main St"], "city": "Austin", "region_id": 57,
           "region_code": "TX", "postcode": "78701", "country_id": "US", "telephone": "5125550100",
           "email": "jane.doe@example.com"}
INVALID_COUPON = "The coupon code isn't valid. Verify the code and try again."


# --------------------------------------------------------------------------- arrangements

@pytest.fixture(scope="module", autouse=True)
def only_our_rules(server, admin_token):
    """Rules other tests left active (the demo's free shipping from 100, say) are switched off while this
    module runs, and switched on again afterwards."""
    with server.client(admin_token) as admin:
        found = admin.get("/V1/salesRules/search", params={
            "searchCriteria[filter_groups][0][filters][0][field]": "is_active",
            "searchCriteria[filter_groups][0][filters][0][value]": "1"}).json()["items"]
        for rule in found:
            r = admin.put(f"/V1/salesRules/{rule['rule_id']}", json={"rule": {"is_active": False}})
            assert r.status_code == 200, r.text
        yield
        for rule in found:
            admin.put(f"/V1/salesRules/{rule['rule_id']}", json={"rule": {"is_active": True}})


@pytest.fixture(scope="module")
def our_category(server, admin_token) -> str:
    """The category this module's products are in, and its rules' conditions name."""
    return category(server, admin_token, "Discounts")


@pytest.fixture
def rules(admin, our_category):
    """``rules(**fields)`` creates an active rule for this module's products; all are deleted afterwards."""
    created = []

    def make(**fields) -> dict:
        scope = {"condition_type": FOUND, "aggregator_type": "all", "value": "1", "conditions": [
            {"condition_type": PRODUCT, "attribute_name": "category_ids", "operator": "==", "value": our_category}]}
        extra = fields.pop("condition", None)
        body = {"name": unique("rule "), "website_ids": [1], "customer_group_ids": [0, 1, 2, 3], "is_active": True,
                "stop_rules_processing": False, "store_labels": [{"store_id": 0, "store_label": unique("Label ")}],
                "condition": {"condition_type": COMBINE, "aggregator_type": "all", "value": "1",
                              "conditions": [scope] + ([extra] if extra else [])}, **fields}
        r = admin.post("/V1/salesRules", json={"rule": body})
        assert r.status_code == 200, r.text
        created.append(r.json()["rule_id"])
        return r.json()

    yield make
    for rule_id in created:
        admin.delete(f"/V1/salesRules/{rule_id}")


@pytest.fixture(scope="module")
def products(server, admin_token, our_category):
    """Products of this module's category by price (45, 20, 10, 3), plenty in stock."""
    out = {}
    for price in (45, 20, 10, 3):
        body = {"sku": unique(f"disc{price}-"), "name": f"Item {price}", "price": price, "status": 1, "visibility": 4,
                "type_id": "simple", "attribute_set_id": 4, "weight": 1,
                "extension_attributes": {"stock_item": {"qty": 10000, "is_in_stock": True}},
                "custom_attributes": [{"attribute_code": "category_ids", "value": [our_category]}]}
        r = httpx.post(server.url + "/rest/all/V1/products", json={"product": body},
                       headers={"Authorization": f"Bearer {admin_token}"})
        assert r.status_code == 200, r.text
        out[price] = r.json()["sku"]
    return out


class Cart:
    """A guest cart (``client`` without token) or the customer's own (``mine``)."""

    def __init__(self, client: httpx.Client, mine: bool = False):
        self.client = client
        if mine:
            assert client.post("/V1/carts/mine").status_code == 200
            self.base, self.masked = "/V1/carts/mine", None
        else:
            self.masked = client.post("/V1/guest-carts").json()
            self.base = f"/V1/guest-carts/{self.masked}"

    def add(self, sku: str, qty: float) -> "Cart":
        item = {"sku": sku, "qty": qty}
        if self.masked:
            item["quote_id"] = self.masked
        r = self.client.post(f"{self.base}/items", json={"cartItem": item})
        assert r.status_code == 200, r.text
        return self

    def ship(self) -> dict:
        r = self.client.post(f"{self.base}/shipping-information", json={"addressInformation": {
            "shipping_address": ADDRESS, "billing_address": ADDRESS,
            "shipping_carrier_code": "flatrate", "shipping_method_code": "flatrate"}})
        assert r.status_code == 200, r.text
        return r.json()["totals"]

    def totals(self) -> dict:
        r = self.client.get(f"{self.base}/totals")
        assert r.status_code == 200, r.text
        return r.json()

    def coupon(self, code: str) -> httpx.Response:
        return self.client.put(f"{self.base}/coupons/{code}")

    def place(self) -> int:
        body = {"paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS}
        if self.masked:
            body["email"] = ADDRESS["email"]
        r = self.client.post(f"{self.base}/payment-information", json=body)
        assert r.status_code == 200, r.text
        return r.json()


def amounts(totals: dict) -> tuple:
    """(subtotal, discount, shipping, grand total)."""
    return totals["subtotal"], totals["discount_amount"], totals["shipping_amount"], totals["grand_total"]


def segment(totals: dict, code: str) -> dict | None:
    return next((s for s in totals["total_segments"] if s["code"] == code), None)


def item_discounts(totals: dict) -> list:
    return [i["discount_amount"] for i in totals["items"]]


def check_order(admin, order_id: int, totals: dict, rule_ids: list[int], description: str | None,
                coupon: str | None = None) -> dict:
    """The order carries the cart's totals, discounts, rules and coupon."""
    order = admin.get(f"/V1/orders/{order_id}").json()
    assert (order["subtotal"], order["discount_amount"], order["shipping_amount"], order["grand_total"]) == \
        amounts(totals)
    assert order.get("applied_rule_ids") == ",".join(str(i) for i in sorted(rule_ids))
    assert (order.get("discount_description") or None) == description
    assert order.get("coupon_code") == coupon
    assert [i["discount_amount"] for i in order["items"]] == item_discounts(totals)
    return order


# --------------------------------------------------------------------------- actions

def test_by_percent_guest_order(guest, admin, rules, products):
    rule = rules(discount_amount=10)
    label = rule["store_labels"][0]["store_label"]
    cart = Cart(guest).add(products[45], 2).add(products[3], 1)
    totals = cart.ship()
    assert amounts(totals) == (93, -9.3, 15, 98.7)
    assert item_discounts(totals) == [9, 0.3]
    assert [i["discount_percent"] for i in totals["items"]] == [10, 10]
    assert totals["subtotal_with_discount"] == 83.7
    assert segment(totals, "discount") == {"code": "discount", "title": f"Discount ({label})", "value": -9.3}
    assert [s["code"] for s in totals["total_segments"]] == ["subtotal", "shipping", "discount", "tax", "grand_total"]
    assert cart.totals() == totals
    order_id = cart.place()
    check_order(admin, order_id, totals, [rule["rule_id"]], label)
    assert admin.get(f"/V1/salesRules/{rule['rule_id']}").json()["times_used"] == 1


def test_by_fixed_customer_order(server, admin, rules, products):
    rule = rules(simple_action="by_fixed", discount_amount=4)
    _, token = new_customer(server)
    with server.client(token) as me:
        cart = Cart(me, mine=True).add(products[20], 3).add(products[3], 2)
        totals = cart.ship()
        assert item_discounts(totals) == [12, 6]               # the 3.00 item: capped at its row
        assert amounts(totals) == (66, -18, 25, 73)
        order_id = cart.place()
    check_order(admin, order_id, totals, [rule["rule_id"]], rule["store_labels"][0]["store_label"])


def test_cart_fixed_spread_by_row_total(guest, admin, rules, products):
    rule = rules(simple_action="cart_fixed", discount_amount=10)
    cart = Cart(guest).add(products[45], 1).add(products[20], 1)
    totals = cart.ship()
    assert item_discounts(totals) == [6.92, 3.08]              # 10 x 45/65, the rest to the last
    assert amounts(totals) == (65, -10, 10, 65)
    check_order(admin, cart.place(), totals, [rule["rule_id"]], rule["store_labels"][0]["store_label"])


def test_cart_fixed_rest_applies_to_shipping(guest, admin, rules, products):
    rules(simple_action="cart_fixed", discount_amount=25, apply_to_shipping=True)
    totals = Cart(guest).add(products[10], 2).ship()
    assert item_discounts(totals) == [20]
    assert totals["shipping_discount_amount"] == 5 and amounts(totals) == (20, -25, 10, 5)


def test_buy_x_get_y(guest, admin, rules, products):
    rule = rules(simple_action="buy_x_get_y", discount_step=2, discount_amount=1)
    cart = Cart(guest).add(products[10], 7)
    totals = cart.ship()
    assert item_discounts(totals) == [20] and amounts(totals) == (70, -20, 35, 85)
    check_order(admin, cart.place(), totals, [rule["rule_id"]], rule["store_labels"][0]["store_label"])


def test_discount_qty_and_step(guest, rules, products):
    rules(discount_amount=50, discount_qty=5, discount_step=2)
    totals = Cart(guest).add(products[10], 7).add(products[20], 3).ship()
    # 7 -> at most 5 -> down to 4 units; 3 -> 2 units
    assert item_discounts(totals) == [20, 20] and amounts(totals) == (130, -40, 50, 140)


def test_percent_applies_to_shipping(guest, admin, rules, products):
    rule = rules(discount_amount=10, apply_to_shipping=True)
    cart = Cart(guest).add(products[45], 2)
    totals = cart.ship()
    assert totals["shipping_discount_amount"] == 1 and item_discounts(totals) == [9]
    assert amounts(totals) == (90, -10, 10, 90) and totals["subtotal_with_discount"] == 81
    check_order(admin, cart.place(), totals, [rule["rule_id"]], rule["store_labels"][0]["store_label"])


@pytest.mark.parametrize("kind", ["MATCHING_ITEMS_ONLY", "1"])  # the name or the platform's number
def test_free_shipping_for_matching_items_only(guest, admin, rules, products, kind):
    rule = rules(simple_free_shipping=kind, action_condition={
        "condition_type": PRODUCT_COMBINE, "aggregator_type": "all", "value": "1", "conditions": [
            {"condition_type": PRODUCT, "attribute_name": "sku", "operator": "==", "value": products[45].upper()}]})
    cart = Cart(guest).add(products[45], 2).add(products[20], 1)
    totals = cart.ship()
    assert amounts(totals) == (110, 0, 5, 115) and segment(totals, "discount") is None
    check_order(admin, cart.place(), totals, [rule["rule_id"]], None)


@pytest.mark.parametrize("kind", ["FREE_WITH_MATCHING_ITEMS", "2"])
def test_free_shipping_with_matching_items(guest, admin, rules, products, kind):
    rules(simple_free_shipping=kind, action_condition={
        "condition_type": PRODUCT_COMBINE, "aggregator_type": "all", "value": "1", "conditions": [
            {"condition_type": PRODUCT, "attribute_name": "sku", "operator": "==", "value": products[3]}]})
    assert amounts(Cart(guest).add(products[45], 2).add(products[3], 1).ship()) == (93, 0, 0, 93)
    assert amounts(Cart(guest).add(products[45], 2).ship()) == (90, 0, 10, 100)


def test_stop_rules_processing_and_order(guest, admin, rules, products):
    later = rules(simple_action="by_fixed", discount_amount=1, sort_order=20)
    first = rules(discount_amount=10, sort_order=10, stop_rules_processing=True, action_condition={
        "condition_type": PRODUCT_COMBINE, "aggregator_type": "all", "value": "1", "conditions": [
            {"condition_type": PRODUCT, "attribute_name": "quote_item_price", "operator": ">", "value": "40"}]})
    cart = Cart(guest).add(products[45], 2).add(products[20], 1)
    totals = cart.ship()
    assert item_discounts(totals) == [9, 1] and amounts(totals) == (110, -10, 15, 115)
    labels = [first["store_labels"][0]["store_label"], later["store_labels"][0]["store_label"]]
    assert segment(totals, "discount")["title"] == f"Discount ({', '.join(labels)})"
    check_order(admin, cart.place(), totals, [first["rule_id"], later["rule_id"]], ", ".join(labels))


def test_subtotal_condition(guest, rules, products):
    rules(discount_amount=10, condition={"condition_type": "Magento\\SalesRule\\Model\\Rule\\Condition\\Address",
                                         "attribute_name": "base_subtotal", "operator": ">=", "value": "100"})
    assert amounts(Cart(guest).add(products[45], 2).ship())[1] == 0
    assert amounts(Cart(guest).add(products[45], 3).ship())[1] == -13.5


# --------------------------------------------------------------------------- coupons

def test_coupon_applied_refused_and_removed(guest, admin, rules, products):
    rule = rules(discount_amount=20, coupon_type="SPECIFIC_COUPON", store_labels=[])
    code = unique("Save20-")
    create_coupon(admin, rule["rule_id"], code)
    cart = Cart(guest).add(products[45], 2)
    assert amounts(cart.ship())[1] == 0
    r = cart.coupon(unique("NOPE"))
    assert r.status_code == 404 and r.json() == {"message": INVALID_COUPON}
    r = cart.coupon(code.lower())
    assert r.status_code == 200 and r.json() is True
    # the coupon's own spelling is kept (Multiple Coupons, installed, stores the codes it keeps so)
    assert cart.client.get(f"{cart.base}/coupons").json() == code
    totals = cart.totals()
    assert amounts(totals) == (90, -18, 10, 82) and totals["coupon_code"] == code
    assert segment(totals, "discount")["title"] == f"Discount ({code})"   # no label: the code
    assert cart.client.delete(f"{cart.base}/coupons").json() is True
    totals = cart.totals()
    assert amounts(totals) == (90, 0, 10, 100) and "coupon_code" not in totals
    assert cart.coupon(code).status_code == 200
    totals = cart.totals()
    order = check_order(admin, cart.place(), totals, [rule["rule_id"]], code, coupon=code)
    assert order["discount_amount"] == -18


def test_coupon_of_a_rule_whose_condition_fails_is_refused(guest, admin, rules, products):
    rule = rules(discount_amount=20, coupon_type="SPECIFIC_COUPON", condition={
        "condition_type": "Magento\\SalesRule\\Model\\Rule\\Condition\\Address",
        "attribute_name": "total_qty", "operator": ">=", "value": "3"})
    code = create_coupon(admin, rule["rule_id"])["code"]
    cart = Cart(guest).add(products[10], 2)
    r = cart.coupon(code)
    assert r.status_code == 404 and r.json()["message"] == INVALID_COUPON
    assert cart.client.get(f"{cart.base}/coupons").json() == []
    cart.add(products[10], 1)
    assert cart.coupon(code).status_code == 200


def test_uses_per_coupon_reached_after_an_order(guest, admin, rules, products):
    rule = rules(discount_amount=10, coupon_type="SPECIFIC_COUPON", uses_per_coupon=1)
    coupon = create_coupon(admin, rule["rule_id"])
    cart = Cart(guest).add(products[20], 1)
    assert cart.coupon(coupon["code"]).status_code == 200
    totals = cart.ship()
    assert amounts(totals) == (20, -2, 5, 23)
    check_order(admin, cart.place(), totals, [rule["rule_id"]], rule["store_labels"][0]["store_label"],
                coupon=coupon["code"])
    assert admin.get(f"/V1/coupons/{coupon['coupon_id']}").json()["times_used"] == 1
    assert admin.get(f"/V1/salesRules/{rule['rule_id']}").json()["times_used"] == 1
    again = Cart(guest).add(products[20], 1)
    r = again.coupon(coupon["code"])
    assert r.status_code == 404 and r.json()["message"] == INVALID_COUPON


def test_coupon_that_stops_applying_refuses_the_order(guest, admin, rules, products):
    rule = rules(discount_amount=10, coupon_type="SPECIFIC_COUPON")
    code = create_coupon(admin, rule["rule_id"])["code"]
    cart = Cart(guest).add(products[20], 1)
    assert cart.coupon(code).status_code == 200
    cart.ship()
    admin.put(f"/V1/salesRules/{rule['rule_id']}", json={"rule": {"is_active": False}})
    r = cart.client.post(f"{cart.base}/payment-information", json={
        "email": ADDRESS["email"], "paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS})
    assert r.status_code == 400 and r.json()["message"] == INVALID_COUPON


# --------------------------------------------------------------------------- who gets the rule

def test_customer_groups(server, guest, rules, products):
    rules(discount_amount=10, customer_group_ids=[1])
    assert amounts(Cart(guest).add(products[20], 1).ship())[1] == 0
    _, token = new_customer(server)
    with server.client(token) as me:
        assert amounts(Cart(me, mine=True).add(products[20], 1).ship())[1] == -2


def test_dates(guest, rules, products):
    today = dt.date.today()
    rules(discount_amount=10, from_date=str(today + dt.timedelta(days=2)))
    rules(discount_amount=20, to_date=str(today - dt.timedelta(days=2)))
    assert amounts(Cart(guest).add(products[20], 1).ship())[1] == 0
    rules(discount_amount=5, from_date=str(today - dt.timedelta(days=1)), to_date=str(today + dt.timedelta(days=1)))
    assert amounts(Cart(guest).add(products[20], 1).ship())[1] == -1


def test_uses_per_customer(server, admin, rules, products):
    rule = rules(discount_amount=10, uses_per_customer=1)
    _, token = new_customer(server)
    with server.client(token) as me:
        cart = Cart(me, mine=True).add(products[20], 1)
        totals = cart.ship()
        assert totals["discount_amount"] == -2
        check_order(admin, cart.place(), totals, [rule["rule_id"]], rule["store_labels"][0]["store_label"])
        assert amounts(Cart(me, mine=True).add(products[20], 1).ship())[1] == 0
    _, other = new_customer(server)
    with server.client(other) as them:
        assert amounts(Cart(them, mine=True).add(products[20], 1).ship())[1] == -2
