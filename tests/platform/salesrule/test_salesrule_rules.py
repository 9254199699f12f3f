"""Cart price rules over HTTP: CRUD, defaults, echo, validation, search."""
import pytest

from tests.helpers import unique
from tests.helpers.salesrule import ADDRESS, COMBINE, FOUND, PRODUCT, PRODUCT_COMBINE, SUBSELECT, create_rule, rule_body

SPEC_EXAMPLE = {  # active, but its dates are long past: it changes no cart
    "name": "10% off orders from 50",
    "store_labels": [{"store_id": 0, "store_label": "Spring 10%"}],
    "description": "Spring campaign",
    "website_ids": [1],
    "customer_group_ids": [0, 1],
    "from_date": "2025-03-01",
    "to_date": "2025-03-31",
    "uses_per_customer": 0,
    "is_active": True,
    "condition": {"condition_type": COMBINE, "aggregator_type": "all", "value": "1", "conditions": [
        {"condition_type": ADDRESS, "attribute_name": "base_subtotal", "operator": ">=", "value": "50"}]},
    "action_condition": {"condition_type": PRODUCT_COMBINE, "aggregator_type": "all", "value": "1",
                         "conditions": []},
    "stop_rules_processing": False,
    "sort_order": 10,
    "simple_action": "by_percent",
    "discount_amount": 10,
    "discount_step": 0,
    "apply_to_shipping": False,
    "coupon_type": "SPECIFIC_COUPON",
    "use_auto_generation": False,
    "uses_per_coupon": 0,
    "simple_free_shipping": "NONE",
}


@pytest.fixture
def all_store(server, admin_token):
    with server.client(admin_token, store="all") as c:
        yield c


def test_create_the_spec_example_and_read_it_back(all_store, admin):
    r = all_store.post("/V1/salesRules", json={"rule": SPEC_EXAMPLE})
    assert r.status_code == 200, r.text
    rule = r.json()
    assert isinstance(rule["rule_id"], int)
    assert rule["times_used"] == 0 and rule["is_rss"] is True and rule["is_advanced"] is True
    assert "discount_qty" not in rule and "product_ids" not in rule
    # conditions echoed with their nulls: operator is non-nullable, the rest omitted when null
    assert rule["condition"] == {"condition_type": COMBINE, "conditions": [
        {"condition_type": ADDRESS, "operator": ">=", "attribute_name": "base_subtotal", "value": "50"}],
        "aggregator_type": "all", "operator": None, "value": "1"}
    assert rule["action_condition"] == {"condition_type": PRODUCT_COMBINE, "conditions": [],
                                        "aggregator_type": "all", "operator": None, "value": "1"}
    for key, value in SPEC_EXAMPLE.items():
        if key not in ("condition", "action_condition"):
            assert rule[key] == value, key
    # (extension_attributes: what the installed modules answer for every rule, Multiple Coupons' vdcoupons)
    assert [k for k in rule if k != "extension_attributes"] == ["rule_id", "name", "store_labels", "description", "website_ids", "customer_group_ids",
                          "from_date", "to_date", "uses_per_customer", "is_active", "condition", "action_condition",
                          "stop_rules_processing", "is_advanced", "sort_order", "simple_action", "discount_amount",
                          "discount_step", "apply_to_shipping", "times_used", "is_rss", "coupon_type",
                          "use_auto_generation", "uses_per_coupon", "simple_free_shipping"]
    assert admin.get(f"/V1/salesRules/{rule['rule_id']}").json() == rule


def test_defaults_on_create(admin):
    r = admin.post("/V1/salesRules", json={"rule": {"name": "n", "website_ids": [1], "customer_group_ids": [0]}})
    assert r.status_code == 200, r.text
    rule = r.json()
    assert rule["store_labels"] == [] and "description" not in rule and "from_date" not in rule
    assert rule["uses_per_customer"] == 0 and rule["is_active"] is False
    assert "condition" not in rule and "action_condition" not in rule
    assert rule["stop_rules_processing"] is True and rule["is_advanced"] is True and rule["sort_order"] == 0
    assert rule["simple_action"] == "by_percent" and rule["discount_amount"] == 0 and rule["discount_step"] == 0
    assert rule["apply_to_shipping"] is False and rule["times_used"] == 0 and rule["is_rss"] is True
    assert rule["coupon_type"] == "NO_COUPON" and rule["use_auto_generation"] is False
    assert rule["uses_per_coupon"] == 0 and rule["simple_free_shipping"] == "NONE"
    auto = create_rule(admin, coupon_type="AUTO")
    assert auto["use_auto_generation"] is True


@pytest.mark.parametrize("sent", ["0", "1", "2", "NONE", "MATCHING_ITEMS_ONLY", "FREE_WITH_MATCHING_ITEMS"])
def test_simple_free_shipping_takes_the_platform_numbers_and_names(admin, sent):
    rule = create_rule(admin, simple_free_shipping=sent)
    assert rule["simple_free_shipping"] == sent
    assert admin.get(f"/V1/salesRules/{rule['rule_id']}").json()["simple_free_shipping"] == sent


def test_every_condition_type_and_extension_attributes_echo(admin):
    tree = {"condition_type": COMBINE, "aggregator_type": "any", "value": "0", "conditions": [
        {"condition_type": FOUND, "aggregator_type": "all", "value": "1", "conditions": [
            {"condition_type": PRODUCT, "attribute_name": "category_ids", "operator": "()", "value": "3, 4"},
            {"condition_type": PRODUCT_COMBINE, "aggregator_type": "any", "value": "1", "conditions": [
                {"condition_type": PRODUCT, "attribute_name": "color", "operator": "==", "value": ["red", "blue"]}]}]},
        {"condition_type": SUBSELECT, "attribute_name": "qty", "operator": ">=", "value": 2,
         "aggregator_type": "all", "conditions": []}]}
    # the codes the test module declares on the rule (etc/extension_attributes.xml), kept with the rule
    ext = {"vdtest_rule": {"sku": "24-UG06", "type": 0, "items_discount": None}, "vdtest_labels": ["A", "B"]}
    rule = create_rule(admin, condition=tree, extension_attributes=ext,
                       store_labels=[{"store_id": 1, "store_label": "Shop label"}])
    back = admin.get(f"/V1/salesRules/{rule['rule_id']}").json()
    assert {k: v for k, v in back["extension_attributes"].items() if k != "vdcoupons"} == {"vdtest_rule": {"sku": "24-UG06", "type": 0, "items_discount": None},
                                            "vdtest_labels": ["A", "B"]}
    found = back["condition"]["conditions"][0]
    assert found["conditions"][0] == {"condition_type": PRODUCT, "operator": "()", "attribute_name": "category_ids",
                                      "value": "3, 4"}
    assert found["conditions"][1]["conditions"][0]["value"] == ["red", "blue"]
    assert back["condition"]["conditions"][1]["value"] == 2
    assert back["store_labels"] == [{"store_id": 1, "store_label": "Shop label"}]
    # a save that leaves extension_attributes out keeps it; a code sent replaces that code only
    r = admin.put(f"/V1/salesRules/{rule['rule_id']}", json={"rule": {"description": "d",
                                                                       "extension_attributes": {"vdtest_labels": None,
                                                                                                "vdtest_rule": {"a": 1}}}})
    assert r.status_code == 200, r.text
    assert {k: v for k, v in r.json()["extension_attributes"].items() if k != "vdcoupons"} == {"vdtest_rule": {"a": 1}}
    # a code nobody declared is refused
    r = admin.put(f"/V1/salesRules/{rule['rule_id']}", json={"rule": {"extension_attributes": {"anything": 1}}})
    assert r.status_code == 400 and r.json()["parameters"][0] == "Anything"
    r = admin.put(f"/V1/salesRules/{rule['rule_id']}", json={"rule": {"extension_attributes": "text"}})
    assert r.status_code == 400
    assert r.json()["parameters"] == {"value": "text", "type": "Magento\\SalesRule\\Api\\Data\\RuleExtensionInterface"}


def test_put_and_post_with_rule_id_edit(admin):
    rule = create_rule(admin, discount_amount=5, sort_order=3)
    r = admin.put(f"/V1/salesRules/{rule['rule_id']}", json={"rule": {"rule_id": 999999, "discount_amount": 7}})
    assert r.status_code == 200, r.text
    assert r.json()["rule_id"] == rule["rule_id"] and r.json()["discount_amount"] == 7
    assert r.json()["sort_order"] == 3 and r.json()["name"] == rule["name"]
    r = admin.post("/V1/salesRules", json={"rule": {"rule_id": rule["rule_id"], "name": "renamed"}})
    assert r.status_code == 200 and r.json()["rule_id"] == rule["rule_id"]
    assert admin.get(f"/V1/salesRules/{rule['rule_id']}").json()["name"] == "renamed"
    r = admin.post("/V1/salesRules", json={"rule": {"rule_id": 987654, "name": "x"}})
    assert r.status_code == 404
    assert r.json() == {"message": "No such entity with %fieldName = %fieldValue",
                        "parameters": {"fieldName": "rule_id", "fieldValue": 987654}}


@pytest.mark.parametrize("method, path", [("GET", "/V1/salesRules/987654"), ("DELETE", "/V1/salesRules/987654"),
                                          ("PUT", "/V1/salesRules/987654")])
def test_unknown_rule_is_404(admin, method, path):
    r = admin.request(method, path, json={"rule": {"name": "x"}} if method == "PUT" else None)
    assert r.status_code == 404
    assert r.json()["message"] == "No such entity with %fieldName = %fieldValue"
    assert r.json()["parameters"]["fieldName"] == "rule_id"
    assert str(r.json()["parameters"]["fieldValue"]) == "987654"


def test_delete(admin):
    rule = create_rule(admin)
    assert admin.delete(f"/V1/salesRules/{rule['rule_id']}").json() is True
    assert admin.get(f"/V1/salesRules/{rule['rule_id']}").status_code == 404


def test_required_fields(admin):
    r = admin.post("/V1/salesRules", json={"rule": {"website_ids": [1], "customer_group_ids": [0]}})
    assert r.status_code == 400
    assert r.json() == {"message": '"%fieldName" is required. Enter and try again.',
                        "parameters": {"fieldName": "name"}}
    r = admin.post("/V1/salesRules", json={"rule": {"name": "n"}})
    assert r.status_code == 400
    assert [e["parameters"]["fieldName"] for e in r.json()["errors"]] == ["website_ids", "customer_group_ids"]
    r = admin.post("/V1/salesRules", json={"rule": {"name": "n", "website_ids": [], "customer_group_ids": [1]}})
    assert r.json()["parameters"] == {"fieldName": "website_ids"}
    r = admin.post("/V1/salesRules", json={})
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "rule"}


@pytest.mark.parametrize("fields, field, value", [
    ({"simple_action": "buy_more"}, "simple_action", "buy_more"),
    ({"coupon_type": "SOMETIMES"}, "coupon_type", "SOMETIMES"),
    ({"simple_free_shipping": "ALWAYS"}, "simple_free_shipping", "ALWAYS"),
    ({"discount_amount": -5}, "discount_amount", "-5"),
    ({"discount_amount": 100.5}, "discount_amount", "100.5"),
    ({"discount_qty": -1}, "discount_qty", "-1"),
    ({"discount_step": -2}, "discount_step", "-2"),
    ({"uses_per_coupon": -1}, "uses_per_coupon", "-1"),
    ({"from_date": "2025-13-45"}, "from_date", "2025-13-45"),
    ({"condition": {"condition_type": "Foo\\Bar"}}, "condition_type", "Foo\\Bar"),
    ({"condition": {"condition_type": COMBINE, "conditions": [
        {"condition_type": ADDRESS, "attribute_name": "colour", "operator": "==", "value": "1"}]}},
     "attribute_name", "colour"),
    ({"condition": {"condition_type": COMBINE, "conditions": [
        {"condition_type": ADDRESS, "attribute_name": "base_subtotal", "operator": "=~", "value": "1"}]}},
     "operator", "=~"),
    ({"condition": {"condition_type": COMBINE, "aggregator_type": "most"}}, "aggregator_type", "most"),
    ({"action_condition": {"condition_type": COMBINE}}, "condition_type", COMBINE),
    ({"condition": {"condition_type": COMBINE, "conditions": [
        {"condition_type": PRODUCT, "attribute_name": "sku", "operator": "==", "value": "x"}]}},
     "condition_type", PRODUCT),
])
def test_invalid_values(admin, fields, field, value):
    r = admin.post("/V1/salesRules", json={"rule": rule_body(**fields)})
    assert r.status_code == 400, r.text
    assert r.json() == {"message": 'Invalid value of "%value" provided for the %fieldName field.',
                        "parameters": {"value": value, "fieldName": field}}


def test_percent_above_100_is_fine_for_fixed_amounts(admin):
    assert create_rule(admin, simple_action="by_fixed", discount_amount=150)["discount_amount"] == 150


def test_dates(admin):
    r = admin.post("/V1/salesRules", json={"rule": rule_body(from_date="2025-04-02", to_date="2025-04-01")})
    assert r.status_code == 400 and r.json() == {"message": "End Date must follow Start Date."}
    rule = create_rule(admin, from_date="2025-04-01", to_date="2025-04-01")
    r = admin.put(f"/V1/salesRules/{rule['rule_id']}", json={"rule": {"from_date": "2025-05-01"}})
    assert r.status_code == 400 and r.json()["message"] == "End Date must follow Start Date."
    r = admin.put(f"/V1/salesRules/{rule['rule_id']}", json={"rule": {"to_date": None}})
    assert r.status_code == 200 and "to_date" not in r.json() and r.json()["from_date"] == "2025-04-01"


def test_wrong_types_and_unknown_keys_are_400(admin):
    r = admin.post("/V1/salesRules", json={"rule": rule_body(discount_amount="lots")})
    assert r.status_code == 400 and r.json()["parameters"] == {"value": "lots", "type": "float"}
    r = admin.post("/V1/salesRules", json={"rule": rule_body(colour="red")})
    assert r.status_code == 400 and r.json()["parameters"] == [
        "Colour", "getColour", "Magento\\SalesRule\\Api\\Data\\RuleInterface"]
    r = admin.post("/V1/salesRules", json={"rule": rule_body(condition={"condition_type": COMBINE,
                                                                        "conditions": [{"oops": 1}]})})
    assert r.status_code == 400 and r.json()["parameters"][2] == "Magento\\SalesRule\\Api\\Data\\ConditionInterface"
    r = admin.post("/V1/salesRules", json={"rule": rule_body(condition={"conditions": []})})
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "condition_type"}


def test_acl(guest, server):
    assert guest.get("/V1/salesRules/1").status_code == 401
    r = guest.post("/V1/coupons/deleteByIds", json={"ids": [1]})
    assert r.status_code == 401 and r.json()["parameters"] == {"resources": "Magento_SalesRule::quote"}


def test_search_filters_sorting_and_paging_past_the_end(admin):
    tag = unique("s")
    # website 99 does not exist: these rules touch no cart
    ids = [create_rule(admin, name=f"{tag} {n}", sort_order=n, customer_group_ids=[n % 2 + 2], website_ids=[99],
                       is_active=n != 1)["rule_id"] for n in range(3)]
    base = {"searchCriteria[filter_groups][0][filters][0][field]": "name",
            "searchCriteria[filter_groups][0][filters][0][value]": f"{tag}%",
            "searchCriteria[filter_groups][0][filters][0][condition_type]": "like"}
    r = admin.get("/V1/salesRules/search", params={**base, "searchCriteria[sortOrders][0][field]": "sort_order",
                                                   "searchCriteria[sortOrders][0][direction]": "DESC",
                                                   "searchCriteria[pageSize]": 2})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["total_count"] == 3 and [i["rule_id"] for i in body["items"]] == [ids[2], ids[1]]
    r = admin.get("/V1/salesRules/search", params={**base, "searchCriteria[pageSize]": 2,
                                                   "searchCriteria[currentPage]": 3})
    assert r.json()["items"] == [] and r.json()["total_count"] == 3
    group = "searchCriteria[filter_groups][1][filters][0]"
    r = admin.get("/V1/salesRules/search", params={**base, f"{group}[field]": "customer_group_ids",
                                                   f"{group}[value]": "3"})
    assert [i["rule_id"] for i in r.json()["items"]] == [ids[1]]
    r = admin.get("/V1/salesRules/search", params={**base,
                                                   "searchCriteria[filter_groups][1][filters][0][field]": "is_active",
                                                   "searchCriteria[filter_groups][1][filters][0][value]": "0"})
    assert [i["rule_id"] for i in r.json()["items"]] == [ids[1]]
    r = admin.get("/V1/salesRules/search", params={"searchCriteria[filter_groups][0][filters][0][field]": "nope",
                                                   "searchCriteria[filter_groups][0][filters][0][value]": "1"})
    assert r.status_code == 400
