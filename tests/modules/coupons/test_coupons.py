"""Multiple Coupons over HTTP: several codes on one cart through the module's routes and the platform's
coupon routes, the totals and the order per code, placement and usage, the rule setting, the errors."""
import httpx
import pytest
import sqlalchemy as sa

from tests.helpers import limited_admin, new_customer, ok, unique
from tests.helpers.quote import ADDRESS, add, error, guest_cart, product, shipping_information
from tests.helpers.queue import wait_for

NOT_VALID = "The coupon code isn't valid. Verify the code and try again."
NO_PRODUCTS = 'The "%1" Cart doesn\'t contain products.'
UNAUTHORIZED = "The consumer isn't authorized to access %resources."
TYPE_INVALID = 'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.'


def rule(admin, label: str | None, action: str = "by_percent", amount: float = 10, codes=(), **fields) -> dict:
    """An active coupon rule of website 1 for guests and customers, with its codes (each a dict of coupon
    fields or a code)."""
    body = {"name": unique("rule "), "website_ids": [1], "customer_group_ids": [0, 1, 2, 3], "is_active": True,
            "coupon_type": "SPECIFIC_COUPON", "simple_action": action, "discount_amount": amount,
            "stop_rules_processing": False, **fields}
    if label:
        body["store_labels"] = [{"store_id": 0, "store_label": label}]
    created = ok(admin.post("/V1/salesRules", json={"rule": body}))
    for code in codes:
        coupon = code if isinstance(code, dict) else {"code": code}
        ok(admin.post("/V1/coupons", json={"coupon": {"rule_id": created["rule_id"], **coupon}}))
    return created


def coupon(admin, code: str) -> dict:
    page = ok(admin.get("/V1/coupons/search", params={
        "searchCriteria[filterGroups][0][filters][0][field]": "code",
        "searchCriteria[filterGroups][0][filters][0][value]": code}))
    assert page["total_count"] == 1, page
    return page["items"][0]


@pytest.fixture(scope="module")
def goods(server, admin_token):
    return product(server, admin_token, price=50, qty=1000)


@pytest.fixture
def two_codes(admin):
    """``SUMMER...`` (10 % off, labelled) and ``VIP...`` ($5 off the cart, labelled), of two rules."""
    summer, vip = unique("SUMMER").upper(), unique("VIP").upper()
    rule(admin, "Summer 10%", codes=[summer], sort_order=1)
    rule(admin, "VIP $5", action="cart_fixed", amount=5, codes=[vip], sort_order=2)
    return summer, vip


def filled_guest_cart(guest, sku: str, qty: float = 3) -> str:
    base = f"/V1/guest-carts/{guest_cart(guest)}"
    add(guest, base, sku, qty)
    assert shipping_information(guest, base).status_code == 200
    return base


def test_several_codes_on_the_customers_cart(server, admin, goods, two_codes):
    summer, vip = two_codes
    _, token = new_customer(server)
    with server.client(token) as me:
        ok(me.post("/V1/carts/mine"))
        add(me, "/V1/carts/mine", goods["sku"], 3)
        assert shipping_information(me, "/V1/carts/mine").status_code == 200
        r = me.post("/V1/carts/mine/multicoupons/apply-to-cart",
                    json={"couponCodes": [summer.lower(), vip, "BOGUS-" + summer, f" {vip.lower()} "], "cartId": 999999})
        assert r.status_code == 200, r.text
        assert r.json() == {"items": [{"applied": True, "code": summer}, {"applied": True, "code": vip},
                                      {"applied": False, "code": "BOGUS-" + summer}],
                            "is_quote_items_changed": False}
        assert ok(me.get("/V1/carts/mine/multicoupons")) == [summer, vip]
        assert ok(me.get("/V1/carts/mine/coupons")) == f"{summer},{vip}"
        totals = ok(me.get("/V1/carts/mine/totals"))
        assert (totals["subtotal"], totals["discount_amount"], totals["shipping_amount"], totals["grand_total"]) == \
            (150, -20, 15, 145)
        assert totals["coupon_code"] == f"{summer},{vip}"
        segment = next(s for s in totals["total_segments"] if s["code"] == "discount")
        assert segment == {"code": "discount", "title": "Discount (Summer 10%, VIP $5)", "value": -20}
        ext = totals["extension_attributes"]
        assert ext["vdcoupon_discount_breakdown"] == [{"rule_name": summer, "rule_amount": "15.00"},
                                                      {"rule_name": vip, "rule_amount": "5.00"}]
        assert ext["vdrule_discount_breakdown"] == [{"rule_name": "Summer 10%", "rule_amount": "15.00"},
                                                    {"rule_name": "VIP $5", "rule_amount": "5.00"}]
        # the complete list each time: sending one code removes the other
        assert ok(me.post("/V1/carts/mine/multicoupons/apply", json={"coupon_codes": [vip]})) == \
            [{"applied": True, "code": vip}]
        assert ok(me.get("/V1/carts/mine/multicoupons")) == [vip]
        assert ok(me.post("/V1/carts/mine/multicoupons/apply-to-cart", json={"couponCodes": []})) == \
            {"items": [], "is_quote_items_changed": False}
        assert ok(me.get("/V1/carts/mine/multicoupons")) == []
        assert ok(me.get("/V1/carts/mine/coupons")) == []
        assert ok(me.get("/V1/carts/mine/totals"))["grand_total"] == 165


def test_the_platform_coupon_routes_take_a_list(guest, goods, two_codes):
    summer, vip = two_codes
    base = filled_guest_cart(guest, goods["sku"], 2)
    r = guest.put(f"{base}/coupons/{summer}%2C{vip.lower()}%2Cnope-{summer}")
    assert r.status_code == 200 and r.json() is True
    assert ok(guest.get(f"{base}/coupons")) == f"{summer},{vip}"
    assert ok(guest.get(f"{base}/multicoupons")) == [summer, vip]
    totals = ok(guest.get(f"{base}/totals"))
    assert totals["discount_amount"] == -15 and totals["coupon_code"] == f"{summer},{vip}"
    # nothing accepted: 404 and the cart keeps its codes
    error(guest.put(f"{base}/coupons/nope-{summer}%2Cnope-{vip}"), 404, NOT_VALID)
    assert ok(guest.get(f"{base}/coupons")) == f"{summer},{vip}"
    assert ok(guest.post(f"{base}/multicoupons/apply", json={"couponCodes": [summer]})) == \
        [{"applied": True, "code": summer}]
    assert ok(guest.delete(f"{base}/coupons")) is True
    assert ok(guest.get(f"{base}/multicoupons")) == [] and ok(guest.get(f"{base}/coupons")) == []
    assert "coupon_code" not in ok(guest.get(f"{base}/totals"))


def test_unique_codes_stand_alone(server, admin, guest, goods, two_codes):
    summer, vip = two_codes
    staff, boss = unique("STAFF").upper(), unique("BOSS").upper()
    rule(admin, "Staff", amount=50, codes=[staff])
    rule(admin, "Boss", amount=20, codes=[boss])
    server.config("vdcoupons/general/unique_codes", f" {staff.lower()} , {boss}")
    try:
        base = filled_guest_cart(guest, goods["sku"])
        r = ok(guest.post(f"{base}/multicoupons/apply-to-cart", json={"couponCodes": [summer, staff, vip]}))
        assert r["items"] == [{"applied": False, "code": summer}, {"applied": True, "code": staff},
                              {"applied": False, "code": vip}]
        r = ok(guest.post(f"{base}/multicoupons/apply-to-cart", json={"couponCodes": [boss, summer, staff]}))
        assert [i["applied"] for i in r["items"]] == [False, False, True]
        assert ok(guest.get(f"{base}/multicoupons")) == [staff]
    finally:
        server.config("vdcoupons/general/unique_codes", "")


def test_codes_of_one_rule_and_the_rule_setting(server, admin, guest, goods):
    first, second = unique("PAIRA").upper(), unique("PAIRB").upper()
    created = rule(admin, None, amount=10, codes=[first, second])
    rule_id = created["rule_id"]
    assert created["extension_attributes"]["vdcoupons"] == {"rule_id": rule_id, "allow_coupons_same_rule": False,
                                                             "use_config_value": 1}
    base = filled_guest_cart(guest, goods["sku"], 2)
    r = ok(guest.post(f"{base}/multicoupons/apply-to-cart", json={"couponCodes": [first, second]}))
    assert r["items"] == [{"applied": True, "code": first}, {"applied": False, "code": second}]
    # the store setting lets every rule following it take several codes
    server.config("vdcoupons/general/allow_same_rule", "1")
    try:
        r = ok(guest.post(f"{base}/multicoupons/apply-to-cart", json={"couponCodes": [first, second]}))
        assert [i["applied"] for i in r["items"]] == [True, True]
    finally:
        server.config("vdcoupons/general/allow_same_rule", "0")
    # the rule's own value, once it stops following the setting
    saved = ok(admin.put(f"/V1/salesRules/{rule_id}", json={"rule": {"extension_attributes": {
        "vdcoupons": {"allow_coupons_same_rule": True, "use_config_value": 0, "rule_id": 12345}}}}))
    ext = saved["extension_attributes"]["vdcoupons"]
    assert ext == {"entity_id": ext["entity_id"], "rule_id": rule_id, "allow_coupons_same_rule": True,
                   "use_config_value": 0}
    assert ok(admin.get(f"/V1/salesRules/{rule_id}"))["extension_attributes"]["vdcoupons"] == ext
    r = ok(guest.post(f"{base}/multicoupons/apply-to-cart", json={"couponCodes": [second, first]}))
    assert r["items"] == [{"applied": True, "code": second}, {"applied": True, "code": first}]
    totals = ok(guest.get(f"{base}/totals"))
    # the rule runs once; its line goes to the first of its codes; without a label the code describes it
    assert totals["discount_amount"] == -10 and totals["coupon_code"] == f"{second},{first}"
    assert totals["extension_attributes"]["vdcoupon_discount_breakdown"] == [{"rule_name": second,
                                                                              "rule_amount": "10.00"}]
    assert next(s for s in totals["total_segments"] if s["code"] == "discount")["title"] == f"Discount ({second})"
    # a save without the code keeps the record; keys left out keep their values; null deletes it
    kept = ok(admin.put(f"/V1/salesRules/{rule_id}", json={"rule": {"name": "renamed"}}))
    assert kept["extension_attributes"]["vdcoupons"] == ext
    merged = ok(admin.put(f"/V1/salesRules/{rule_id}", json={"rule": {"extension_attributes": {
        "vdcoupons": {"allow_coupons_same_rule": False}}}}))
    assert merged["extension_attributes"]["vdcoupons"] == {**ext, "allow_coupons_same_rule": False}
    error(admin.put(f"/V1/salesRules/{rule_id}", json={"rule": {"extension_attributes": {
        "vdcoupons": {"use_config_value": 2}}}}), 400,
        'Invalid value of "%value" provided for the %fieldName field.', {"value": 2, "fieldName": "use_config_value"})
    r = admin.put(f"/V1/salesRules/{rule_id}", json={"rule": {"extension_attributes": {"vdcoupons": {"colour": 1}}}})
    assert r.status_code == 400
    r = admin.put(f"/V1/salesRules/{rule_id}", json={"rule": {"extension_attributes": {
        "vdcoupons": {"use_config_value": "many"}}}})
    assert r.status_code == 400
    cleared = ok(admin.put(f"/V1/salesRules/{rule_id}", json={"rule": {"extension_attributes": {"vdcoupons": None}}}))
    assert cleared["extension_attributes"]["vdcoupons"] == {"rule_id": rule_id, "allow_coupons_same_rule": False,
                                                            "use_config_value": 1}
    ok(admin.put(f"/V1/salesRules/{rule_id}", json={"rule": {"extension_attributes": {
        "vdcoupons": {"use_config_value": 0}}}}))
    assert ok(admin.delete(f"/V1/salesRules/{rule_id}")) is True
    with server.db.engine.connect() as c:
        assert c.execute(sa.text("SELECT COUNT(*) FROM vendor_coupons_rule WHERE rule_id = :r"),
                         {"r": rule_id}).scalar() == 0


def test_used_up_codes_are_not_applied(server, admin, guest, goods):
    spent, fresh = unique("SPENT").upper(), unique("FRESH").upper()
    rule(admin, "Spent", codes=[spent], uses_per_coupon=1)
    rule(admin, "Fresh", amount=5, codes=[fresh])
    with server.db.engine.begin() as c:  # its one use taken by an order of another channel
        c.execute(sa.text("UPDATE salesrule_coupon SET times_used = 1 WHERE coupon_id = :c"),
                  {"c": coupon(admin, spent)["coupon_id"]})
    base = filled_guest_cart(guest, goods["sku"], 1)
    r = ok(guest.post(f"{base}/multicoupons/apply-to-cart", json={"couponCodes": [spent, fresh, "x" * 300]}))
    assert r["items"] == [{"applied": False, "code": spent}, {"applied": True, "code": fresh},
                          {"applied": False, "code": "x" * 300}]


def place_guest(guest, base: str) -> httpx.Response:
    return guest.post(f"{base}/payment-information", json={
        "email": "multi.coupons@example.com", "paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS})


def test_the_order_keeps_every_code_counts_and_gives_back_their_uses(server, admin, guest, goods, two_codes):
    summer, vip = two_codes
    base = filled_guest_cart(guest, goods["sku"], 3)
    ok(guest.post(f"{base}/multicoupons/apply-to-cart", json={"couponCodes": [summer, vip]}))
    order_id = ok(place_guest(guest, base))
    order = ok(admin.get(f"/V1/orders/{order_id}"))
    assert order["coupon_code"] == f"{summer},{vip}" and order["discount_amount"] == -20
    assert order["discount_description"] == "Summer 10%, VIP $5"
    assert order["extension_attributes"]["vdcoupon_discount_breakdown"] == [
        {"rule_name": summer, "rule_amount": "15.00"}, {"rule_name": vip, "rule_amount": "5.00"}]
    assert coupon(admin, summer)["times_used"] == 1 and coupon(admin, vip)["times_used"] == 1
    assert ok(admin.post(f"/V1/orders/{order_id}/cancel")) is True
    assert coupon(admin, summer)["times_used"] == 0 and coupon(admin, vip)["times_used"] == 0


def test_a_code_that_stops_applying_blocks_placement(admin, guest, goods, two_codes):
    summer, _ = two_codes
    big = unique("BIG").upper()
    rule(admin, "Big carts", amount=20, codes=[big], condition={
        "condition_type": "Magento\\SalesRule\\Model\\Rule\\Condition\\Combine", "aggregator_type": "all",
        "value": "1", "conditions": [{"condition_type": "Magento\\SalesRule\\Model\\Rule\\Condition\\Address",
                                      "attribute_name": "base_subtotal", "operator": ">=", "value": "100"}]})
    base = filled_guest_cart(guest, goods["sku"], 2)
    r = ok(guest.post(f"{base}/multicoupons/apply-to-cart", json={"couponCodes": [summer, big]}))
    assert [i["applied"] for i in r["items"]] == [True, True]
    item_id = ok(guest.get(f"{base}/items"))[0]["item_id"]
    ok(guest.put(f"{base}/items/{item_id}", json={"cartItem": {"qty": 1, "quote_id": base.rsplit("/", 1)[1]}}))
    assert ok(guest.get(f"{base}/multicoupons")) == [summer, big]
    totals = ok(guest.get(f"{base}/totals"))
    assert totals["coupon_code"] == summer and totals["discount_amount"] == -5
    assert totals["extension_attributes"]["vdcoupon_discount_breakdown"] == [{"rule_name": summer,
                                                                              "rule_amount": "5.00"}]
    error(place_guest(guest, base), 400, NOT_VALID)
    assert ok(guest.get(f"{base}"))["is_active"] is True
    assert coupon(admin, summer)["times_used"] == 0
    ok(guest.post(f"{base}/multicoupons/apply-to-cart", json={"couponCodes": [summer]}))
    assert isinstance(ok(place_guest(guest, base)), int)


def test_errors(server, admin, guest, goods):
    masked = guest_cart(guest)
    cart_id = ok(guest.get(f"/V1/guest-carts/{masked}"))["id"]
    error(guest.post(f"/V1/guest-carts/{masked}/multicoupons/apply-to-cart", json={"couponCodes": ["A"]}), 404,
          NO_PRODUCTS, [cart_id])
    error(guest.post(f"/V1/guest-carts/{masked}/multicoupons/apply", json={"couponCodes": []}), 404,
          NO_PRODUCTS, [cart_id])
    assert ok(guest.get(f"/V1/guest-carts/{masked}/multicoupons")) == []
    unknown = "x" * 32
    error(guest.get(f"/V1/guest-carts/{unknown}/multicoupons"), 404, "No such entity with %fieldName = %fieldValue",
          {"fieldName": "cartId", "fieldValue": unknown})
    error(guest.post(f"/V1/guest-carts/{unknown}/multicoupons/apply", json={"couponCodes": ["A"]}), 404,
          "No such entity with %fieldName = %fieldValue", {"fieldName": "cartId", "fieldValue": unknown})
    error(admin.get("/V1/carts/99999999/multicoupons"), 404, "No such entity with %fieldName = %fieldValue",
          {"fieldName": "cartId", "fieldValue": "99999999"})
    base = filled_guest_cart(guest, goods["sku"], 1)
    path = f"{base}/multicoupons/apply-to-cart"
    error(guest.post(path, json={}), 400, '"%fieldName" is required. Enter and try again.', {"fieldName": "couponCodes"})
    error(guest.post(path, json={"couponCodes": "A,B"}), 400, TYPE_INVALID, {"value": "A,B", "type": "string[]"})
    error(guest.post(path, json={"couponCodes": ["A", {"x": 1}]}), 400, TYPE_INVALID,
          {"value": '{"x":1}', "type": "string"})
    error(guest.post(path, json={"couponCodes": [["A"]]}), 400, TYPE_INVALID, {"value": '["A"]', "type": "string"})
    r = ok(guest.post(path, json={"couponCodes": [12345]}))
    assert r["items"] == [{"applied": False, "code": "12345"}]
    # callers
    with server.client() as anonymous:
        for method, url in (("GET", "/V1/carts/mine/multicoupons"), ("POST", "/V1/carts/mine/multicoupons/apply"),
                            ("POST", "/V1/carts/mine/multicoupons/apply-to-cart")):
            error(anonymous.request(method, url, json={"couponCodes": []}), 401, UNAUTHORIZED, {"resources": "self"})
        cart_id = ok(guest.get(base))["id"]
        for method, url in (("GET", f"/V1/carts/{cart_id}/multicoupons"),
                            ("POST", f"/V1/carts/{cart_id}/multicoupons/apply"),
                            ("POST", f"/V1/carts/{cart_id}/multicoupons/apply-to-cart")):
            error(anonymous.request(method, url, json={"couponCodes": []}), 401, UNAUTHORIZED,
                  {"resources": "Magento_Cart::manage"})
    error(admin.get("/V1/carts/mine/multicoupons"), 401, UNAUTHORIZED, {"resources": "self"})
    _, token = new_customer(server)
    with server.client(token) as me:
        error(me.get("/V1/carts/mine/multicoupons"), 404, "Current customer does not have an active cart.")
        error(me.get(f"/V1/carts/{cart_id}/multicoupons"), 401, UNAUTHORIZED, {"resources": "Magento_Cart::manage"})
    with server.client(limited_admin(server, "Magento_SalesRule::quote")) as other:
        error(other.post(f"/V1/carts/{cart_id}/multicoupons/apply", json={"couponCodes": []}), 401, UNAUTHORIZED,
              {"resources": "Magento_Cart::manage"})


def test_admin_routes_and_their_async_form(server, admin, guest, goods, two_codes):
    summer, vip = two_codes
    base = filled_guest_cart(guest, goods["sku"], 1)
    cart_id = ok(guest.get(base))["id"]
    assert ok(admin.post(f"/V1/carts/{cart_id}/multicoupons/apply", json={"couponCodes": [vip]})) == \
        [{"applied": True, "code": vip}]
    assert ok(admin.get(f"/V1/carts/{cart_id}/multicoupons")) == [vip]
    r = admin.post(f"/async/V1/carts/{cart_id}/multicoupons/apply-to-cart", json={"couponCodes": [summer, vip]})
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 1)
    assert ok(admin.get(f"/V1/carts/{cart_id}/multicoupons")) == [summer, vip]
    r = admin.post("/async/bulk/V1/carts/byCartId/multicoupons/apply",
                   json=[{"cartId": cart_id, "couponCodes": [summer]}])
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 1)
    assert ok(guest.get(f"{base}/multicoupons")) == [summer]


def test_input_limits_count_the_codes(server, guest, goods):
    base = filled_guest_cart(guest, goods["sku"], 1)
    server.config("webapi/validation/input_limit_enabled", "1")
    try:
        error(guest.post(f"{base}/multicoupons/apply-to-cart", json={"couponCodes": [f"C{n}" for n in range(21)]}),
              400, 'Maximum items of type "%type" is %max', {"type": "string", "max": 20})
        assert len(ok(guest.post(f"{base}/multicoupons/apply-to-cart",
                                 json={"couponCodes": [f"C{n}" for n in range(20)]}))["items"]) == 20
    finally:
        server.config("webapi/validation/input_limit_enabled", "0")
