"""Free Gift and Special Promotions over HTTP: the rule extension attributes on the salesRules routes
(save, partial update, read, search, delete, every error), every Special Promotions action and modifier
to the cent, every Free Gift action with its gift lines appearing, shrinking and disappearing, the
discount breakdown on cart totals, and the demo data.

Active rules apply to every cart, so these tests run on a server of their own (one for the file); each
rule is reached through its own coupon so that one cart sees one rule, and every rule is deleted."""
from __future__ import annotations

from decimal import Decimal

import pytest
import sqlalchemy as sa

from tests.helpers import limited_admin, new_customer, ok, unique
from tests.helpers.harness import server_fixture
from tests.helpers.queue import wait_for
from tests.helpers.quote import ADDRESS, add, category, error, guest_cart, product, shipping_information

RULES = "/V1/salesRules"
NOT_FOUND = "No such entity with %fieldName = %fieldValue"
UNKNOWN = 'Property "%1" does not have accessor method "%2" in class "%3".'
INVALID = 'Invalid value of "%value" provided for the %fieldName field.'


srv = server_fixture("promotions")


@pytest.fixture(scope="module")
def token(srv) -> str:
    return srv.token()


@pytest.fixture(scope="module")
def adm(srv, token):
    with srv.client(token, store="all") as c:
        yield c


@pytest.fixture(scope="module")
def shop(srv):
    with srv.client() as c:
        yield c


@pytest.fixture(scope="module")
def made(adm):
    """Rule ids created by the tests; deleted at the end of the file."""
    ids: list[int] = []
    yield ids
    for rule_id in ids:
        adm.delete(f"{RULES}/{rule_id}")


@pytest.fixture(scope="module")
def skus(srv, token) -> dict[str, str]:
    """The products of the scenarios by role: prices 10, 20, 30, 40, a Y product at 15, two set members
    at 12 and 8, gifts at 7 and 5, an out-of-stock and a disabled gift."""
    prices = {"A": 10, "B": 20, "C": 30, "D": 40, "Y": 15, "S1": 12, "S2": 8, "G": 7, "G2": 5, "P1": 50, "P2": 30,
              "P3": 20}
    out = {k: product(srv, token, price=v, name=f"Promo {k}")["sku"] for k, v in prices.items()}
    out["GOOS"] = product(srv, token, price=3, qty=0)["sku"]
    out["GOFF"] = product(srv, token, price=3, status=2)["sku"]
    return out


def new_rule(adm, made, action: str, amount: float = 0, step: int = 0, ext: dict | None = None,
             coupon: bool = True, **more) -> tuple[int, str | None]:
    """A rule of ``action`` (reached through its own coupon unless ``coupon`` is False): (rule id, code)."""
    body = {"name": unique(f"{action} "), "is_active": True, "website_ids": [1], "customer_group_ids": [0, 1],
            "coupon_type": "SPECIFIC_COUPON" if coupon else "NO_COUPON", "simple_action": action,
            "discount_amount": amount, "discount_step": step, "stop_rules_processing": False, **more}
    if ext is not None:
        body["extension_attributes"] = ext
    rule = ok(adm.post(RULES, json={"rule": body}))
    made.append(rule["rule_id"])
    code = None
    if coupon:
        code = unique("PROMO")
        ok(adm.post("/V1/coupons", json={"coupon": {"rule_id": rule["rule_id"], "code": code, "is_primary": True}}))
    return rule["rule_id"], code


def cart(shop, skus, lines: dict[str, float]) -> str:
    base = f"/V1/guest-carts/{guest_cart(shop)}"
    for role, qty in lines.items():
        add(shop, base, skus[role], qty)
    return base


def totals(shop, base: str, code: str | None = None) -> dict:
    if code is not None:
        ok(shop.put(f"{base}/coupons/{code}"))
    return ok(shop.get(f"{base}/totals"))


def by_sku(t: dict, skus: dict[str, str]) -> dict[str, Decimal]:
    """The discount per product role (summed over lines)."""
    roles = {v: k for k, v in skus.items()}
    names = {}
    out: dict[str, Decimal] = {}
    for item in t["items"]:
        names[item["item_id"]] = item["name"]
        role = item["name"].removeprefix("Promo ")
        out[role] = out.get(role, Decimal(0)) + Decimal(str(item["discount_amount"]))
    assert roles
    return {k: v for k, v in out.items() if v}


def money(**values: float) -> dict[str, Decimal]:
    return {k: Decimal(str(v)).quantize(Decimal("0.01")) for k, v in values.items()}


# --------------------------------------------------------------------------- saving rules

def test_rule_extension_attributes_save_read_search_delete(srv, adm, made, token):
    gift = {"sku": "24-UG06", "type": 0, "items_discount": "", "apply_tax": 0, "apply_shipping": 0,
            "top_banner_show_gift_images": 1, "after_product_banner_show_gift_images": 0}
    rule_id, _ = new_rule(adm, made, "vdpromo_items", 1, 2, {"vdpromo_rule": gift}, coupon=False,
                          is_active=False, discount_qty=5, simple_free_shipping="MATCHING_ITEMS_ONLY")
    got = ok(adm.get(f"{RULES}/{rule_id}"))
    assert got["simple_free_shipping"] == "NONE"            # forced for gift rules
    assert got["extension_attributes"]["vdpromo_rule"] == {
        "sku": "24-UG06", "type": 0, "apply_tax": 0, "apply_shipping": 0, "top_banner_show_gift_images": 1,
        "after_product_banner_show_gift_images": 0}           # the empty discount is null, left out
    # a partial PUT changes only the keys sent; a save without the code keeps the row
    put = ok(adm.put(f"{RULES}/{rule_id}", json={"rule": {"extension_attributes": {"vdpromo_rule": {
        "items_discount": "50%", "minimal_items_price": 1.5}}}}))
    assert put["extension_attributes"]["vdpromo_rule"]["sku"] == "24-UG06"
    ok(adm.put(f"{RULES}/{rule_id}", json={"rule": {"name": "Renamed", "simple_free_shipping": "FREE_WITH_MATCHING_ITEMS"}}))
    got = ok(adm.get(f"{RULES}/{rule_id}"))
    assert got["simple_free_shipping"] == "NONE"
    assert got["extension_attributes"]["vdpromo_rule"] == {
        "sku": "24-UG06", "type": 0, "items_discount": "50%", "minimal_items_price": 1.5, "apply_tax": 0,
        "apply_shipping": 0, "top_banner_show_gift_images": 1, "after_product_banner_show_gift_images": 0}
    # Special Promotions settings, echoed by the save and the search
    rules = {"promo_skus": "CAP-01", "nqty": "1", "priceselector": 0, "skip_rule": 0, "apply_discount_to": "asc"}
    sp_id, _ = new_rule(adm, made, "buyxgetn_perc", 50, 2, {"vdrules": rules}, coupon=False, is_active=False)
    found = ok(adm.get(f"{RULES}/search", params={
        "searchCriteria[filterGroups][0][filters][0][field]": "rule_id",
        "searchCriteria[filterGroups][0][filters][0][value]": f"{rule_id},{sp_id}",
        "searchCriteria[filterGroups][0][filters][0][conditionType]": "in"}))
    ext = {i["rule_id"]: {k: v for k, v in i["extension_attributes"].items() if k != "vdcoupons"}
           for i in found["items"]}  # vdcoupons: Multiple Coupons answers its setting for every rule
    assert ext[sp_id] == {"vdrules": rules}
    assert ext[rule_id]["vdpromo_rule"]["items_discount"] == "50%"
    # a PUT of the buyxgetn rule that keeps its stored Y products passes the Y-product checks
    ok(adm.put(f"{RULES}/{sp_id}", json={"rule": {"extension_attributes": {"vdrules": {"max_discount": "30"}}}}))
    assert ok(adm.get(f"{RULES}/{sp_id}"))["extension_attributes"]["vdrules"]["promo_skus"] == "CAP-01"
    # deleting the rule deletes its module rows
    assert ok(adm.delete(f"{RULES}/{rule_id}")) is True
    error(adm.get(f"{RULES}/{rule_id}"), 404, NOT_FOUND)
    with srv.db.engine.connect() as conn:
        assert conn.execute(sa.text("SELECT count(*) FROM vendor_promo_rule WHERE salesrule_id = :i"),
                            {"i": rule_id}).scalar() == 0
        assert conn.execute(sa.text("SELECT count(*) FROM vendor_rules_rule WHERE salesrule_id = :i"),
                            {"i": sp_id}).scalar() == 1


def test_rule_errors(srv, adm, made):
    base = {"name": "Broken", "website_ids": [1], "customer_group_ids": [0], "discount_amount": 5}

    def post(**rule):
        return adm.post(RULES, json={"rule": {**base, **rule}})

    error(adm.post(RULES, json={}), 400, '"%fieldName" is required. Enter and try again.', {"fieldName": "rule"})
    error(post(simple_action="buyxgetn_fixprice", extension_attributes={"vdrules": {"nqty": "1"}}), 400,
          "Please specify Promo SKU or Promo Categories.")
    error(post(simple_action="buyxgetn_perc", extension_attributes={"vdrules": {"promo_cats": "3"}}), 400,
          "Please specify Number of Y product(s).")
    error(post(simple_action="buyxgetn_perc"), 400, "Please specify Promo SKU or Promo Categories.")
    error(post(simple_action="buy_more"), 400, INVALID, {"value": "buy_more", "fieldName": "simple_action"})
    for code, key, prop, interface in [("vdrules", "use_for", "UseFor", "Vendor\\Rules\\Api\\Data\\RuleInterface"),
                                       ("vdrules", "salesrule_id", "SalesruleId", "Vendor\\Rules\\Api\\Data\\RuleInterface"),
                                       ("vdpromo_rule", "entity_id", "EntityId", "Vendor\\Promo\\Api\\Data\\GiftRuleInterface"),
                                       ("vdpromo_nothing", None, "VdpromoNothing",
                                        "Magento\\SalesRule\\Api\\Data\\RuleExtensionInterface")]:
        value = {key: 1} if key else {}
        error(post(simple_action="thecheapest", extension_attributes={code: value}), 400, UNKNOWN,
              [prop, f"get{prop}", interface])
    error(post(simple_action="vdpromo_cart", extension_attributes={"vdpromo_rule": {"type": "abc"}}), 400,
          'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.',
          {"value": "abc", "type": "int"})
    bad = [("vdpromo_rule", "type", 2), ("vdpromo_rule", "apply_tax", 5), ("vdpromo_rule", "apply_shipping", -1),
           ("vdpromo_rule", "top_banner_show_gift_images", 3), ("vdpromo_rule", "after_product_banner_show_gift_images", 9),
           ("vdpromo_rule", "minimal_items_price", -1), ("vdrules", "apply_discount_to", "up"),
           ("vdrules", "priceselector", 4), ("vdrules", "skip_rule", 7), ("vdrules", "eachm", "0")]
    for code, key, value in bad:
        r = post(simple_action="thecheapest", extension_attributes={code: {key: value}})
        error(r, 400, INVALID)
        assert r.json()["parameters"]["fieldName"] == key
    error(adm.put(f"{RULES}/999999", json={"rule": {**base, "simple_action": "thecheapest"}}), 404,
          NOT_FOUND)
    error(adm.delete(f"{RULES}/999999"), 404, NOT_FOUND)
    limited = limited_admin(srv, "Magento_Cart::manage")
    with srv.client(limited, store="all") as c:
        error(c.post(RULES, json={"rule": {**base, "simple_action": "thecheapest"}}), 401,
              "The consumer isn't authorized to access %resources.", {"resources": "Magento_SalesRule::quote"})
    with srv.db.engine.connect() as conn:       # nothing half-written by a refused save
        assert conn.execute(sa.text("SELECT count(*) FROM salesrule WHERE name = 'Broken'")).scalar() == 0


# --------------------------------------------------------------------------- Special Promotions

# (action, A, N, vdrules, expected discount per product role) on the cart A×2, B, C, D×2 (150.00)
STANDARD = [
    ("thecheapest", 100, 2, None, money(A=20, B=20)),
    ("themostexpencive", 50, 3, None, money(D=40)),
    ("moneyamount", 5, 50, None, money(A=2, B=2, C=3, D=8)),
    ("eachn_perc", 50, 2, None, money(A=5, C=15, D=20)),
    ("eachn_perc", 50, 2, {"apply_discount_to": "desc"}, money(D=20, B=10, A=5)),
    ("eachn_fixdisc", 5, 3, None, money(B=5, D=5)),
    ("eachn_fixprice", 8, 2, None, money(A=2, C=22, D=32)),
    ("eachmaftn_perc", 50, 2, {"eachm": "2"}, money(C=15, D=20)),
    ("eachmaftn_fixdisc", 5, 1, {"eachm": "2"}, money(B=5, D=5)),
    ("eachmaftn_fixprice", 25, 3, {"eachm": "1"}, money(C=5, D=30)),
    ("groupn", 30, 3, None, money(A=5, B=5, C=21.82, D=58.18)),
    ("groupn_disc", 10, 4, None, money(A=2, B=2, C=3)),
    ("aftern_fixprice", 30, 4, None, money(D=20)),
    ("aftern_disc", 25, 5, None, money(D=10)),
    ("aftern_fixdisc", 7, 3, None, money(C=7, D=14)),
    ("eachn_perc", 50, 1, {"max_discount": "0"}, money(A=10, B=10, C=15, D=40)),
    ("thecheapest", 100, 1, {"max_discount": "30"}, money(A=4, B=4, C=6, D=16)),
]


def test_special_promotions_actions_on_one_cart(srv, adm, made, shop, skus):
    base = cart(shop, skus, {"A": 2, "B": 1, "C": 1, "D": 2})
    for action, a, n, rules, expected in STANDARD:
        rule_id, code = new_rule(adm, made, action, a, n, {"vdrules": rules} if rules else None)
        t = totals(shop, base, code)
        assert by_sku(t, skus) == expected, (action, rules, t["items"])
        amount = sum(expected.values(), Decimal(0))
        assert Decimal(str(t["discount_amount"])) == -amount, action
        assert Decimal(str(t["grand_total"])) == Decimal(150) - amount, action
        line = t["extension_attributes"]["vdrule_discount_breakdown"]
        assert len(line) == 1 and line[0]["rule_amount"] == f"{amount:.2f}", (action, line)
    # discount_qty caps the discounted units (the two cheapest, in order)
    rule_id, code = new_rule(adm, made, "eachn_perc", 50, 1, discount_qty=2)
    assert by_sku(totals(shop, base, code), skus) == money(A=10)


# (action, A, N, vdrules, expected) on the cart A×2, B, C, D×2, Y×3 where Y (15.00) is the promo SKU
BUY_X = [
    ("buyxgety_perc", 50, 2, {}, money(Y=22.5)),
    ("buyxgety_fixprice", 5, 3, {}, money(Y=20)),
    ("buyxgety_fixdisc", 4, 6, {}, money(Y=4)),
    ("buyxgetn_perc", 100, 3, {"nqty": "2"}, money(Y=45)),
    ("buyxgetn_fixprice", 10, 6, {"nqty": "2"}, money(Y=10)),
    ("buyxgetn_fixdisc", 3, 2, {"nqty": "1"}, money(Y=9)),
]


def test_buy_x_get_y_and_product_sets(srv, adm, made, shop, skus, token):
    base = cart(shop, skus, {"A": 2, "B": 1, "C": 1, "D": 2, "Y": 3})
    for action, a, n, rules, expected in BUY_X:
        _, code = new_rule(adm, made, action, a, n, {"vdrules": {"promo_skus": skus["Y"], **rules}})
        t = totals(shop, base, code)
        assert by_sku(t, skus) == expected, (action, t["items"])
        assert Decimal(str(t["grand_total"])) == Decimal(195) - sum(expected.values(), Decimal(0))
    # Y products named by category, outside the rule's matching items (action_condition: product A only)
    y_cat = category(srv, token)
    ok(adm.put(f"/V1/products/{skus['Y']}", json={"product": {"sku": skus["Y"], "extension_attributes": {
        "category_links": [{"position": 0, "category_id": y_cat}]}}}))
    only_a = {"condition_type": "Magento\\SalesRule\\Model\\Rule\\Condition\\Product\\Combine", "aggregator_type": "all",
              "value": "1", "conditions": [{"condition_type": "Magento\\SalesRule\\Model\\Rule\\Condition\\Product",
                                            "attribute_name": "sku", "operator": "==", "value": skus["A"]}]}
    _, code = new_rule(adm, made, "buyxgetn_perc", 50, 2, {"vdrules": {"promo_cats": y_cat, "nqty": "2"}},
                       action_condition=only_a)
    assert by_sku(totals(shop, base, code), skus) == money(Y=15)        # 2 X units: 2 Y units at 50 %
    # product sets: S1×3 (12.00) and S2×2 (8.00) make two sets
    sets = cart(shop, skus, {"S1": 3, "S2": 2, "A": 1})
    members = {"promo_skus": f"{skus['S1']},{skus['S2']}"}
    for action, a, rules, expected in [("setof_percent", 25, members, money(S1=6, S2=4)),
                                       ("setof_fixed", 16, members, money(S1=4.8, S2=3.2))]:
        _, code = new_rule(adm, made, action, a, 0, {"vdrules": rules})
        t = totals(shop, sets, code)
        assert by_sku(t, skus) == expected, (action, t["items"])
    cats = [category(srv, token) for _ in range(2)]
    for role, cat in zip(("S1", "S2"), cats):
        ok(adm.put(f"/V1/products/{skus[role]}", json={"product": {"sku": skus[role], "extension_attributes": {
            "category_links": [{"position": 0, "category_id": cat}]}}}))
    _, code = new_rule(adm, made, "setof_percent", 50, 0, {"vdrules": {"promo_cats": ",".join(cats)}})
    assert by_sku(totals(shop, sets, code), skus) == money(S1=12, S2=8)


def test_price_selector_and_skip_rule(srv, adm, made, shop, skus):
    # P1 50.00 with a special price of 40.00, P2 30.00, P3 20.00
    ok(adm.post("/V1/products/special-price", json={"prices": [{"sku": skus["P1"], "price": 40, "store_id": 0}]}))
    base = cart(shop, skus, {"P1": 1, "P2": 1, "P3": 1})
    cases = [({"priceselector": 0}, 10, money(P1=4, P2=3, P3=2)),
             ({"priceselector": 2}, 10, money(P1=5, P2=3, P3=2)),
             ({"priceselector": 3}, 10, money(P2=3, P3=2)),          # 50 - 5 = 45 stays above 40
             ({"priceselector": 3}, 30, money(P1=5, P2=9, P3=6)),    # 50 - 15 = 35: 5 under the special price
             ({"skip_rule": 1}, 10, money(P2=3, P3=2)),
             ({"skip_rule": 2}, 10, money(P1=4, P2=3, P3=2)),
             ({"skip_rule": 0}, 10, money(P1=4, P2=3, P3=2))]
    for rules, a, expected in cases:
        _, code = new_rule(adm, made, "aftern_disc", a, 0, {"vdrules": rules})
        assert by_sku(totals(shop, base, code), skus) == expected, rules
    # an earlier rule (no coupon, P2 only) takes 10.00 off P2: selector 1 starts from what it left,
    # skip_rule 3 leaves out every unit below its regular price
    only_p2 = {"condition_type": "Magento\\SalesRule\\Model\\Rule\\Condition\\Product\\Combine",
               "conditions": [{"condition_type": "Magento\\SalesRule\\Model\\Rule\\Condition\\Product",
                               "attribute_name": "sku", "operator": "==", "value": skus["P2"]}]}
    first, _ = new_rule(adm, made, "by_fixed", 10, 0, coupon=False, sort_order=0, action_condition=only_p2,
                        store_labels=[{"store_id": 0, "store_label": "Ten off"}])
    try:
        _, code = new_rule(adm, made, "aftern_disc", 50, 0, {"vdrules": {"priceselector": 1}}, sort_order=5)
        t = totals(shop, base, code)
        assert by_sku(t, skus) == money(P1=20, P2=20, P3=10)
        breakdown = t["extension_attributes"]["vdrule_discount_breakdown"]
        assert breakdown[0] == {"rule_name": "Ten off", "rule_amount": "10.00"}      # in the order they ran
        assert breakdown[1]["rule_amount"] == "40.00" and breakdown[1]["rule_name"].startswith("aftern_disc")
        _, code = new_rule(adm, made, "aftern_disc", 10, 0, {"vdrules": {"skip_rule": 3}}, sort_order=5)
        assert by_sku(totals(shop, base, code), skus) == money(P2=10, P3=2)
    finally:
        ok(adm.delete(f"{RULES}/{first}"))
    # no rule gave a discount: no breakdown
    ok(shop.delete(f"{base}/coupons"))
    assert "vdrule_discount_breakdown" not in (ok(shop.get(f"{base}/totals")).get("extension_attributes") or {})


# --------------------------------------------------------------------------- Free Gift

def gift_lines(t: dict) -> list[dict]:
    return [i for i in t["items"] if (i.get("extension_attributes") or {}).get("added_by") == "vdpromo"]


def test_free_gift_lines_follow_the_rule(srv, adm, made, shop, skus):
    # one 7.00 gift with every 2 units of A, at most 3
    _, code = new_rule(adm, made, "vdpromo_items", 1, 2, {"vdpromo_rule": {"sku": skus["G"], "type": 0}},
                       discount_qty=3, store_labels=[{"store_id": 0, "store_label": "Free bottle"}])
    base = cart(shop, skus, {"A": 2})
    t = totals(shop, base, code)
    [g] = gift_lines(t)
    assert (g["qty"], g["price"], g["row_total"], g["discount_amount"]) == (1, 7, 7, 7)
    assert g["extension_attributes"]["vdpromo"]["image_alt"] == "Promo G"
    assert g["extension_attributes"]["vdpromo"]["image_width"] == "75"
    assert (t["subtotal"], t["discount_amount"], t["grand_total"]) == (27, -7, 20)
    assert t["extension_attributes"]["vdrule_discount_breakdown"] == [{"rule_name": "Free bottle", "rule_amount": "7.00"}]
    segment = next(s for s in t["total_segments"] if s["code"] == "discount")
    assert segment["title"] == "Discount (Free bottle)"
    paid = next(i for i in t["items"] if i["name"] == "Promo A")
    ok(shop.put(f"{base}/items/{paid['item_id']}", json={"cartItem": {"qty": 8}}))
    [g] = gift_lines(totals(shop, base))
    assert g["qty"] == 3                                   # 4 triggers, capped at 3
    ok(shop.put(f"{base}/items/{paid['item_id']}", json={"cartItem": {"qty": 5}}))
    [g] = gift_lines(totals(shop, base))
    assert g["qty"] == 2                                   # the gift line shrinks
    ok(shop.put(f"{base}/items/{paid['item_id']}", json={"cartItem": {"qty": 1}}))
    t = totals(shop, base)
    assert gift_lines(t) == [] and t["grand_total"] == 10   # and goes when the rule stops applying
    ok(shop.put(f"{base}/items/{paid['item_id']}", json={"cartItem": {"qty": 2}}))
    [g] = gift_lines(totals(shop, base))
    # a gift the customer removes is not added again
    ok(shop.delete(f"{base}/items/{g['item_id']}"))
    ok(shop.put(f"{base}/items/{paid['item_id']}", json={"cartItem": {"qty": 4}}))
    assert gift_lines(totals(shop, base)) == []


def test_free_gift_actions_and_prices(srv, adm, made, shop, skus):
    def gifts(action, a, n, promo, lines, **more):
        _, code = new_rule(adm, made, action, a, n, {"vdpromo_rule": promo}, **more)
        base = cart(shop, skus, lines)
        t = totals(shop, base, code)
        return base, t, {(g["name"].removeprefix("Promo "), g["qty"], g["price"], g["discount_amount"])
                         for g in gift_lines(t)}

    # every SKU of the list, two of each, half price; unknown, disabled and out-of-stock SKUs skipped
    _, t, got = gifts("vdpromo_cart", 2, 0, {"sku": f"{skus['G']},{skus['G2']},NOPE,{skus['GOOS']},{skus['GOFF']}",
                                            "items_discount": "50%"}, {"B": 1})
    assert got == {("G", 2, 7, 7), ("G2", 2, 5, 5)} and t["grand_total"] == 32
    # the same product, one per 2 units, at 3.00 off
    _, t, got = gifts("vdpromo_product", 1, 2, {"items_discount": "-3"}, {"A": 5})
    assert got == {("A", 2, 10, 6)} and t["grand_total"] == 64
    # one gift per 15.00 spent at a fixed price of 4.00, but never below 5.00
    _, t, got = gifts("vdpromo_spent", 1, 15, {"sku": skus["G"], "items_discount": "4", "minimal_items_price": 5},
                      {"A": 2, "B": 1})
    assert got == {("G", 2, 7, 4)} and t["grand_total"] == 50
    # each 3rd unit, free (the out-of-stock SKU is skipped)
    _, t, got = gifts("vdpromo_eachn", 1, 3, {"sku": f"{skus['G']},{skus['GOOS']}"}, {"A": 4, "C": 2})
    assert got == {("G", 2, 7, 14)}
    # "one of the SKUs": nothing is added; the customer's own line of one of them is the gift
    base, t, got = gifts("vdpromo_cart", 1, 0, {"sku": f"{skus['G']},{skus['G2']}", "type": 1}, {"C": 1})
    assert got == set() and t["grand_total"] == 30
    add(shop, base, skus["G2"], 2)
    t = totals(shop, base)
    line = next(i for i in t["items"] if i["name"] == "Promo G2")
    assert line["discount_amount"] == 5 and t["grand_total"] == 35


def test_gifts_added_for_free_do_not_count_for_shipping(srv, adm, made, shop, skus):
    for apply_shipping, shipping in ((0, 10), (1, 15)):
        _, code = new_rule(adm, made, "vdpromo_cart", 1, 0, {"vdpromo_rule": {"sku": skus["G"],
                                                                            "apply_shipping": apply_shipping}})
        base = cart(shop, skus, {"A": 2})
        ok(shop.put(f"{base}/coupons/{code}"))
        t = ok(shipping_information(shop, base, ADDRESS))["totals"]
        assert len(gift_lines(t)) == 1
        assert t["shipping_amount"] == shipping              # flat rate 5.00 per unit
        assert t["grand_total"] == 20 + shipping
        assert t["extension_attributes"]["vdrule_discount_breakdown"][0]["rule_amount"] == "7.00"
    # the rule stops applying (its coupon taken off the cart): the gift line goes, shipping follows
    ok(shop.delete(f"{base}/coupons"))
    t = ok(shop.get(f"{base}/totals"))
    assert gift_lines(t) == [] and (t["subtotal"], t["shipping_amount"], t["grand_total"]) == (20, 10, 30)


def test_demo(own_server):
    own_server.cli("demo", "load", "promotions")
    token = own_server.token()
    with own_server.client(token, store="all") as adm:
        found = ok(adm.get(f"{RULES}/search", params={
            "searchCriteria[filterGroups][0][filters][0][field]": "simple_action",
            "searchCriteria[filterGroups][0][filters][0][value]": "thecheapest"}))
        assert found["total_count"] == 1
        [rule] = found["items"]
        assert rule["extension_attributes"]["vdrules"]["apply_discount_to"] == "asc"
    with own_server.client() as shop:
        base = f"/V1/guest-carts/{guest_cart(shop)}"
        add(shop, base, "24-MB01", 2)
        add(shop, base, "24-WG085", 1)
        t = ok(shop.get(f"{base}/totals"))
        [g] = gift_lines(t)
        assert (g["name"], g["qty"], g["discount_amount"]) == ("Affirm Water Bottle", 1, 7)
        # units 14, 34, 34 (the gift left out): the cheapest of every two at half price
        assert t["extension_attributes"]["vdrule_discount_breakdown"] == [
            {"rule_name": "Free water bottle", "rule_amount": "7.00"},
            {"rule_name": "Cheapest item -50%", "rule_amount": "7.00"}]
        assert (t["subtotal"], t["grand_total"]) == (89, 75)


def test_async_save_and_every_totals_response(srv, adm, made, token, skus):
    # an async save carries the settings like a direct one
    name = unique("async gift ")
    r = adm.post(f"/async{RULES}", json={"rule": {
        "name": name, "is_active": False, "website_ids": [1], "customer_group_ids": [0], "coupon_type": "NO_COUPON",
        "simple_action": "vdpromo_cart", "simple_free_shipping": "MATCHING_ITEMS_ONLY",
        "extension_attributes": {"vdpromo_rule": {"sku": skus["G"], "apply_shipping": 1}}}})
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], adm, 1)
    found = ok(adm.get(f"{RULES}/search", params={"searchCriteria[filterGroups][0][filters][0][field]": "name",
                                                   "searchCriteria[filterGroups][0][filters][0][value]": name}))
    [rule] = found["items"]
    made.append(rule["rule_id"])
    assert rule["simple_free_shipping"] == "NONE"
    assert rule["extension_attributes"]["vdpromo_rule"]["apply_shipping"] == 1
    # a customer's cart: mine totals, the admin's totals of that cart, totals-information, shipping-information
    _, code = new_rule(adm, made, "thecheapest", 100, 2,
                       store_labels=[{"store_id": 0, "store_label": "Cheapest free"}])
    _, customer_token = new_customer(srv)
    expected = [{"rule_name": "Cheapest free", "rule_amount": "10.00"}]
    with srv.client(customer_token) as me:
        cart_id = ok(me.post("/V1/carts/mine"))
        for role in ("A", "B"):
            add(me, "/V1/carts/mine", skus[role], 1)
        t = totals(me, "/V1/carts/mine", code)
        assert t["grand_total"] == 20 and t["extension_attributes"]["vdrule_discount_breakdown"] == expected
        info = ok(me.post("/V1/carts/mine/totals-information", json={"addressInformation": {
            "address": {"countryId": "US", "regionId": 57, "postcode": "78701"},
            "shipping_carrier_code": "flatrate", "shipping_method_code": "flatrate"}}))
        assert info["extension_attributes"]["vdrule_discount_breakdown"] == expected
        shipped = ok(shipping_information(me, "/V1/carts/mine"))["totals"]
        assert shipped["grand_total"] == 30 and shipped["extension_attributes"]["vdrule_discount_breakdown"] == expected
    with srv.client(token) as admin:
        t = ok(admin.get(f"/V1/carts/{cart_id}/totals"))
        assert t["extension_attributes"]["vdrule_discount_breakdown"] == expected
