"""What shipping rules do to the rates of a cart, through HTTP: the estimates (guest, customer, by address
id, admin), the shipping information, the totals and the placed order's shipping amount. The platform's
flat rate (5.00 per unit) and free shipping carriers quote; the rules raise, lower or replace them.

The rules apply to every cart on their server, so this file has a server of its own (conftest.py) and
every test deletes the rules it made."""
import datetime as dt
import json
from zoneinfo import ZoneInfo

import pytest

from tests.helpers import new_customer, ok, unique
from tests.helpers.harness import set_config
from tests.helpers.quote import ADDRESS, add, coupon_rule, guest_cart, product, shipping_information

BASE = "/V1/vendor_shiprules/rule"
SR = "Magento\\SalesRule\\Model\\Rule\\Condition\\"


@pytest.fixture
def rules(admin):
    """Saves active rules for one test and deletes them after it; answers a function that edits one."""
    made = []

    def make(**fields):
        rule = ok(admin.post(BASE, json={"rule": {"name": unique("Rule "), "is_active": 1, **fields}}))
        made.append(rule["rule_id"])
        return lambda **changes: ok(admin.put(f"{BASE}/{rule['rule_id']}", json={"rule": changes}))

    yield make
    for rule_id in made:
        assert ok(admin.delete(f"{BASE}/{rule_id}")) is True


@pytest.fixture(scope="module")
def goods(srv, token):
    """A light product (10.00, 1 kg) and a heavy one (30.00, 2 kg)."""
    return {"light": product(srv, token, price=10, weight=1)["sku"],
            "heavy": product(srv, token, price=30, weight=2, custom_attributes=[
                {"attribute_code": "color", "value": "red"}])["sku"]}


def new_cart(guest, *lines) -> str:
    base = f"/V1/guest-carts/{guest_cart(guest)}"
    for sku, qty in lines:
        add(guest, base, sku, qty)
    return base


def rates(client, base, **where) -> dict[str, float]:
    r = client.post(f"{base}/estimate-shipping-methods", json={"address": {"country_id": "US", "region_id": 57,
                                                                          "postcode": "78701", **where}})
    assert r.status_code == 200, r.text
    out = {}
    for m in r.json():
        assert m["amount"] == m["base_amount"] == m["price_excl_tax"] == m["price_incl_tax"], m
        out[f"{m['carrier_code']}_{m['method_code']}"] = m["amount"]
    return out


def flat(client, base, **where) -> float:
    return rates(client, base, **where)["flatrate_flatrate"]


def code(at: dt.datetime) -> int:
    """A time of day as a rule's time code, on its 15-minute step."""
    return at.hour * 100 + at.minute // 15 * 15 + 1


def tree(*conditions, kind="Combine") -> str:
    return json.dumps({"type": SR + kind, "aggregator": "all", "value": "1", "conditions": list(conditions)})


def leaf(kind, attribute, operator, value) -> dict:
    return {"type": SR + kind, "attribute": attribute, "operator": operator, "value": value}


def place(client, base, **body) -> int:
    r = client.post(f"{base}/payment-information", json={"paymentMethod": {"method": "checkmo"},
                                                         "billingAddress": ADDRESS, **body})
    assert r.status_code == 200, r.text
    return r.json()


def test_the_example_surcharge_reaches_every_route_and_the_order(srv, token, admin, rules):
    """Bulky goods: 5 + 0.5 per kg on flat rate, weekdays and hours around now, customers and guests of
    store 1, from 20 kg."""
    set_config(srv.db.engine, "general/locale/timezone", "America/Chicago")
    try:
        now = dt.datetime.now(ZoneInfo("America/Chicago"))
        window = {"time_from": code(now - dt.timedelta(hours=1)), "time_to": code(now + dt.timedelta(hours=1))}
        heavy = product(srv, token, price=20, weight=15)["sku"]
        edit = rules(name="Bulky goods surcharge", pos=10, calc=1, stores="1", cust_groups="0,1",
                     days=str(now.isoweekday()), carriers="flatrate", methods="ups_GND", weight_from=20,
                     rate_base=5, weight_fixed=0.5, **window)
        customer, ctoken = new_customer(srv, addresses=[{
            "firstname": "Jane", "lastname": "Doe", "street": ["1 Main St"], "city": "Austin", "region_id": 57,
            "postcode": "78701", "country_id": "US", "telephone": "5125550100"}])
        mine = "/V1/carts/mine"
        with srv.client(ctoken) as me:
            ok(me.post(mine))
            add(me, mine, heavy, 2)                                       # 30 kg, flat rate 10
            assert flat(me, mine) == 30                                   # 10 + 5 + 0.5 x 30
            r = me.post(f"{mine}/estimate-shipping-methods-by-address-id",
                        json={"addressId": customer["addresses"][0]["id"]})
            assert [m["amount"] for m in r.json() if m["carrier_code"] == "flatrate"] == [30]
            totals = ok(shipping_information(me, mine))["totals"]
            assert (totals["shipping_amount"], totals["grand_total"]) == (30, 70)
            assert ok(me.get(f"{mine}/totals"))["shipping_amount"] == 30
            assert [m["amount"] for m in ok(me.get(f"{mine}/shipping-methods"))] == [30]
            order = ok(admin.get(f"/V1/orders/{place(me, mine)}"))
            assert (order["shipping_amount"], order["base_shipping_amount"], order["grand_total"]) == (30, 30, 70)

            ok(me.post(mine))
            add(me, mine, heavy, 1)                                       # 15 kg: below the range
            assert flat(me, mine) == 5
            add(me, mine, heavy, 1)
            assert flat(me, mine) == 30
            edit(days=str(now.isoweekday() % 7 + 1))                      # another weekday
            assert flat(me, mine) == 10
            edit(days=[], time_from=window["time_to"], time_to=window["time_from"])   # every hour but now's
            assert flat(me, mine) == 10
            edit(time_from=window["time_from"], time_to=0)                # from an hour ago on
            assert flat(me, mine) == 30
            edit(cust_groups="0")                                         # guests only
            assert flat(me, mine) == 10
            edit(cust_groups="", stores="2")                              # another store view
            assert flat(me, mine) == 10
            edit(stores="0", carriers=None, methods="flatrate_flatrate")  # every store view; by method
            assert flat(me, mine) == 30
            edit(methods="ups_GND")                                       # not this carrier's method
            assert flat(me, mine) == 10
            edit(methods=None, is_active=0)
            assert flat(me, mine) == 10
    finally:
        set_config(srv.db.engine, "general/locale/timezone", None)


def test_calculations_bounds_and_order(srv, guest, goods, rules):
    """2 x light (10.00, 1 kg) + 1 x heavy (30.00, 2 kg): flat rate 15, subtotal 50, 4 kg, 3 units."""
    set_config(srv.db.engine, "carriers/freeshipping/active", "1")
    try:
        base = new_cart(guest, (goods["light"], 2), (goods["heavy"], 1))
        assert rates(guest, base) == {"freeshipping_freeshipping": 0, "flatrate_flatrate": 15}
        edit = rules(calc=0, rate_base=7, carriers="flatrate")
        assert rates(guest, base) == {"freeshipping_freeshipping": 0, "flatrate_flatrate": 7}      # replace
        edit(calc=2, rate_base=0, rate_fixed=1)
        assert flat(guest, base) == 12                                   # discount 1 per unit
        edit(calc=1, rate_fixed=0, weight_fixed=0.25, rate_percent=10, handling=20)
        assert flat(guest, base) == 24                                   # 15 + 1 + 5 + 3
        edit(rate_min=10)
        assert flat(guest, base) == 25                                   # the adjustment at least 10
        edit(rate_min=0, rate_max=2.5)
        assert flat(guest, base) == 17.5                                 # at most 2.50
        edit(ship_max=16)
        assert flat(guest, base) == 16                                   # the rate at most 16
        edit(calc=2, rate_min=0, rate_max=0, ship_max=0, rate_base=100)
        assert flat(guest, base) == 0                                    # never below 0
        edit(ship_min=4)
        assert flat(guest, base) == 4
        # partial replace: the heavy item's share of the rate (30 / 50 of 15 = 9) is replaced by 2 + 10 %
        edit(calc=3, ship_min=0, rate_base=2, weight_fixed=0, rate_percent=10, handling=0,
             actions_serialized=tree(leaf("Product", "color", "==", "red"), kind="Product\\Combine"))
        assert flat(guest, base) == 11                                   # 15 - 9 + 2 + 3
        edit(actions_serialized=tree(leaf("Product", "sku", "==", "nothing-" + unique()), kind="Product\\Combine"))
        assert flat(guest, base) == 15                                   # no item selected: no change
        # ranges of the selected items: subtotal, quantity, weight (bounds inclusive)
        edit(actions_serialized="", calc=1, rate_base=1, rate_percent=0, price_from=50, price_to=50, qty_to=3,
             weight_from=4)
        assert flat(guest, base) == 16
        for limits in ({"price_from": 50.01}, {"qty_from": 4}, {"weight_to": 3.9999}):
            edit(**limits)
            assert flat(guest, base) == 15, limits
            edit(price_from=0, qty_from=0, weight_to=0)
        assert flat(guest, base) == 16

        # rules run by pos; one with skip_subsequent ends the chain for that rate
        rules(pos=-1, calc=1, rate_base=20, skip_subsequent=True, methods="flatrate_flatrate")
        assert flat(guest, base) == 35                                   # 15 + 20, the +1 rule skipped
        later = rules(pos=5, calc=1, rate_base=3)                        # every carrier and method
        assert rates(guest, base) == {"freeshipping_freeshipping": 3, "flatrate_flatrate": 35}
        later(pos=-2)
        assert flat(guest, base) == 38                                   # 15 + 3 + 20
    finally:
        set_config(srv.db.engine, "carriers/freeshipping/active", None)


def test_cart_conditions_coupons_promotions_and_backorders(srv, token, admin, guest, goods, rules):
    base = new_cart(guest, (goods["light"], 1))                          # flat rate 5
    edit = rules(calc=1, rate_base=2, conditions_serialized=tree(leaf("Address", "country_id", "==", "US")))
    assert flat(guest, base) == 7
    assert flat(guest, base, country_id="CA", region_id=None) == 5
    edit(conditions_serialized=tree(leaf("Address", "base_subtotal", ">=", "20")))
    assert flat(guest, base) == 5
    add(guest, base, goods["light"], 1)
    assert flat(guest, base) == 12                                       # 10 + 2

    # coupons and cart price rules: required ones, disabling ones
    code = unique("SHIP").upper()
    sales_rule = coupon_rule(srv, token, code, percent=10)
    edit(conditions_serialized=None, coupon=code.lower())
    assert flat(guest, base) == 10
    assert ok(guest.put(f"{base}/coupons/{code}")) is True
    assert flat(guest, base) == 12
    edit(coupon=None, discount_id=str(sales_rule))
    assert flat(guest, base) == 12
    edit(discount_id="", coupon_disable="other," + code)
    assert flat(guest, base) == 10
    edit(coupon_disable=None, discount_id_disable=f"{sales_rule}")
    assert flat(guest, base) == 10
    assert ok(guest.delete(f"{base}/coupons")) is True
    assert flat(guest, base) == 12
    # a free-shipping promotion's free rate is left alone, unless the rule ignores promotions
    free = unique("FREE").upper()
    coupon_rule(srv, token, free, percent=0, simple_free_shipping="FREE_WITH_MATCHING_ITEMS")
    assert ok(guest.put(f"{base}/coupons/{free}")) is True
    edit(discount_id_disable=None, calc=0, rate_base=3)
    assert flat(guest, base) == 0
    edit(ignore_promo=1)
    assert flat(guest, base) == 3
    edit(ignore_promo=0, out_of_stock=1, calc=1, rate_base=2)
    assert ok(guest.delete(f"{base}/coupons")) is True

    # backorders: the rule for backordered carts, then the one for carts without
    scarce = product(srv, token, price=5, qty=1, extension_attributes={
        "stock_item": {"qty": 1, "is_in_stock": True, "backorders": 1, "use_config_backorders": False}})["sku"]
    assert flat(guest, base) == 10
    backordered = new_cart(guest, (scarce, 2))
    assert flat(guest, backordered) == 12
    edit(out_of_stock=2)
    assert (flat(guest, base), flat(guest, backordered)) == (12, 10)
    edit(out_of_stock=0)

    # orders an admin asks for take only the rules for admins
    customer, ctoken = new_customer(srv)
    with srv.client(ctoken) as me:
        cart_id = ok(me.post("/V1/carts/mine"))
        add(me, "/V1/carts/mine", goods["light"], 1)
        assert flat(me, "/V1/carts/mine") == 7
    assert flat(admin, f"/V1/carts/{cart_id}") == 5
    edit(for_admin=1)
    assert flat(admin, f"/V1/carts/{cart_id}") == 7
