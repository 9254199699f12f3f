"""Condition trees through HTTP: the test module keeps serialized trees on its shipping rules (checked
and normalised on save) and answers the products a product tree selects."""
import json

import pytest

from tests.helpers import unique
from tests.helpers.quote import category, error, product

SR = "Magento\\SalesRule\\Model\\Rule\\Condition\\"
CR = "Magento\\CatalogRule\\Model\\Rule\\Condition\\"
INVALID = 'Invalid value of "%value" provided for the %fieldName field.'


def tree(*conditions, aggregator="all", value="1", kind=SR + "Combine") -> str:
    return json.dumps({"type": kind, "aggregator": aggregator, "value": value, "conditions": list(conditions)})


def leaf(attribute, operator, value, kind=SR + "Address") -> dict:
    return {"type": kind, "attribute": attribute, "operator": operator, "value": value}


def save_rule(admin, conditions: str | None, **fields):
    body = {"name": unique("rule "), "carrier_code": "flatrate", "action": "surcharge", "amount": 1,
            "is_active": False, "conditions_serialized": conditions, **fields}
    return admin.post("/V1/vdtest/rate-rule", json={"rule": body})


def test_a_tree_is_stored_in_the_normalised_form(admin):
    sent = tree(leaf("country_id", "==", "US"),
                {"type": SR + "Product\\Found", "aggregator": "any", "value": "0",
                 "conditions": [leaf("sku", "()", "A,B", kind=SR + "Product")]},
                aggregator="ANY")
    r = save_rule(admin, sent)
    assert r.status_code == 200, r.text
    stored = json.loads(r.json()["conditions_serialized"])
    assert stored == {
        "type": SR + "Combine", "attribute": None, "operator": None, "value": "1", "is_value_processed": None,
        "aggregator": "any", "conditions": [
            {"type": SR + "Address", "attribute": "country_id", "operator": "==", "value": "US",
             "is_value_processed": False},
            {"type": SR + "Product\\Found", "attribute": None, "operator": None, "value": "0",
             "is_value_processed": None, "aggregator": "any", "conditions": [
                 {"type": SR + "Product", "attribute": "sku", "operator": "()", "value": "A,B",
                  "is_value_processed": False}]}]}
    got = admin.get(f"/V1/vdtest/rate-rule/{r.json()['rule_id']}").json()
    assert got["conditions_serialized"] == r.json()["conditions_serialized"]


def test_an_empty_tree_is_no_condition(admin):
    r = save_rule(admin, "")
    assert r.status_code == 200, r.text
    assert r.json().get("conditions_serialized") is None


@pytest.mark.parametrize("sent, message, parameters", [
    ("{not json", "The conditions are not a valid JSON condition tree: %1", None),
    ('["a"]', "The conditions are not a valid JSON condition tree: %1", ["the tree is not an object"]),
    (tree(kind=SR + "Address"), INVALID, {"value": SR + "Address", "fieldName": "type"}),
    (tree(leaf("colour_of_sky", "==", "blue")), INVALID, {"value": "colour_of_sky", "fieldName": "attribute"}),
    (tree(leaf("country_id", "=~", "US")), INVALID, {"value": "=~", "fieldName": "operator"}),
    (tree(leaf("country_id", None, "US")), INVALID, {"value": "", "fieldName": "operator"}),
    (tree(leaf(None, "==", "US")), '"%fieldName" is required. Enter and try again.', {"fieldName": "attribute"}),
    (tree(aggregator="most"), INVALID, {"value": "most", "fieldName": "aggregator"}),
    (tree(leaf("sku", "==", "A", kind=SR + "Product")), INVALID, {"value": SR + "Product", "fieldName": "type"}),
    (tree(leaf("x", "==", "1", kind="Vendor\\Rule\\Condition\\Weather")), INVALID,
     {"value": "Vendor\\Rule\\Condition\\Weather", "fieldName": "type"}),
    (tree({"type": SR + "Product\\Subselect", "attribute": "price", "operator": ">=", "value": "2",
           "conditions": []}), INVALID, {"value": "price", "fieldName": "attribute"}),
    (tree({"type": SR + "Product\\Found", "value": "1", "conditions": [leaf("country_id", "==", "US")]}), INVALID,
     {"value": SR + "Address", "fieldName": "type"}),
])
def test_a_bad_tree_is_refused_and_nothing_is_saved(admin, sent, message, parameters):
    name = unique("bad ")
    r = save_rule(admin, sent, name=name)
    error(r, 400, message, parameters)
    found = admin.get("/V1/vdtest/rate-rule/search", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "name",
        "searchCriteria[filter_groups][0][filters][0][value]": name})
    assert found.status_code == 200, found.text
    assert found.json()["total_count"] == 0


def test_a_tree_is_checked_on_update_too(admin):
    r = save_rule(admin, tree(leaf("country_id", "==", "US")))
    rule_id = r.json()["rule_id"]
    r = admin.put(f"/V1/vdtest/rate-rule/{rule_id}", json={"rule": {"conditions_serialized": tree(aggregator="x")}})
    error(r, 400, INVALID, {"value": "x", "fieldName": "aggregator"})
    assert json.loads(admin.get(f"/V1/vdtest/rate-rule/{rule_id}").json()["conditions_serialized"])["conditions"][0][
        "value"] == "US"


@pytest.fixture(scope="module")
def catalog(server, admin_token):
    """Four products of one batch: a prefix no other test's SKU has, colours, prices and categories."""
    prefix = unique("cond-")
    c = {name: category(server, admin_token, name) for name in ("Tees", "Sale", "Mugs")}
    made = {}
    for name, price, colour, categories in (("red-cheap", 20, "49", [c["Tees"]]), ("red-dear", 80, "49", [c["Sale"]]),
                                            ("blue-cheap", 30, "50", [c["Tees"], c["Sale"]]),
                                            ("green", 10, "51", [c["Mugs"]])):
        made[name] = product(server, admin_token, price=price, sku=f"{prefix}{name}", custom_attributes=[
            {"attribute_code": "category_ids", "value": categories}, {"attribute_code": "color", "value": colour}])["sku"]
    return prefix, made, c


def matching(admin, conditions: str):
    return admin.post("/V1/vdtest/product-conditions/matching-skus", json={"conditions": conditions})


def product_leaf(attribute, operator, value) -> dict:
    return leaf(attribute, operator, value, kind=CR + "Product")


def test_the_products_a_tree_selects(admin, catalog):
    prefix, p, c = catalog
    mine = product_leaf("sku", "{}", prefix)

    def skus(*conditions, aggregator="all", value="1"):
        r = matching(admin, tree(mine, *conditions, kind=CR + "Combine") if aggregator == "all" and value == "1"
                     else tree(mine, {"type": CR + "Combine", "aggregator": aggregator, "value": value,
                                      "conditions": list(conditions)}, kind=CR + "Combine"))
        assert r.status_code == 200, r.text
        return r.json()

    assert skus() == [p["red-cheap"], p["red-dear"], p["blue-cheap"], p["green"]]
    assert skus(product_leaf("color", "==", "49"), product_leaf("price", "<", "50")) == [p["red-cheap"]]
    assert skus(product_leaf("color", "==", "49"), product_leaf("price", "<", "50"), aggregator="any") == [
        p["red-cheap"], p["red-dear"], p["blue-cheap"], p["green"]]
    assert skus(product_leaf("color", "==", "49"), product_leaf("price", ">=", "25"), aggregator="any") == [
        p["red-cheap"], p["red-dear"], p["blue-cheap"]]
    # value "0": the children must all be false
    assert skus(product_leaf("color", "==", "49"), product_leaf("price", "<", "15"), value="0") == [p["blue-cheap"]]
    assert skus(product_leaf("category_ids", "()", f"{c['Tees']}, {c['Mugs']}")) == [p["red-cheap"], p["blue-cheap"], p["green"]]
    assert skus(product_leaf("category_ids", "==", c["Sale"])) == [p["red-dear"], p["blue-cheap"]]
    assert skus(product_leaf("category_ids", "!()", f"{c['Tees']},{c['Sale']}")) == [p["green"]]
    assert skus(product_leaf("color", "!()", "49,50")) == [p["green"]]
    assert skus(product_leaf("sku", "{}", "CHEAP")) == [p["red-cheap"], p["blue-cheap"]]


def test_a_bad_product_tree_is_refused(admin):
    r = matching(admin, tree(leaf("country_id", "==", "US"), kind=CR + "Combine"))
    error(r, 400, INVALID, {"value": SR + "Address", "fieldName": "type"})
    r = matching(admin, tree(kind=SR + "Product\\Found"))
    error(r, 400, INVALID, {"value": SR + "Product\\Found", "fieldName": "type"})
