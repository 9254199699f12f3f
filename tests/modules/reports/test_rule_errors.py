"""Report rules: every client mistake is a 400 (or 404) with the platform's error body, and a failed
save writes nothing."""
import pytest

from tests.helpers import ok, unique

from .conftest import BASE, leaf, new_rule, tree

REQUIRED = '"%fieldName" is required. Enter and try again.'
INVALID = 'Invalid value of "%value" provided for the %fieldName field.'
RULE_CLASS = "Vendor\\Reports\\Api\\Data\\RuleInterface"


def _count(admin, title: str) -> int:
    return ok(admin.get(f"{BASE}/all", params={"searchCriteria[filter_groups][0][filters][0][field]": "title",
                                               "searchCriteria[filter_groups][0][filters][0][value]": title}))[
        "total_count"]


def test_missing_rule_entity_id_and_title(admin):
    r = admin.post(BASE, json={})
    assert r.status_code == 400 and r.json() == {"message": REQUIRED, "parameters": {"fieldName": "rule"}}
    r = admin.get(BASE)
    assert r.status_code == 400 and r.json() == {"message": REQUIRED, "parameters": {"fieldName": "entityId"}}
    r = admin.post(BASE, json={"rule": {"pin": 1}})
    assert r.status_code == 400 and r.json() == {"message": REQUIRED, "parameters": {"fieldName": "title"}}
    r = admin.post(BASE, json={"rule": {"title": "   "}})
    assert r.status_code == 400 and r.json() == {"message": REQUIRED, "parameters": {"fieldName": "title"}}
    rule = new_rule(admin)
    r = admin.put(f"{BASE}/{rule['entity_id']}", json={"rule": {"title": ""}})
    assert r.status_code == 400 and r.json() == {"message": REQUIRED, "parameters": {"fieldName": "title"}}
    assert ok(admin.get(BASE, params={"entityId": rule["entity_id"]}))["title"] == rule["title"]


@pytest.mark.parametrize("field,value", [("status", 2), ("status", -1), ("pin", 2), ("pin", 7)])
def test_status_and_pin_are_0_or_1(admin, field, value):
    title = unique("range ")
    r = admin.post(BASE, json={"rule": {"title": title, field: value}})
    assert r.status_code == 400
    assert r.json() == {"message": INVALID, "parameters": {"fieldName": field, "value": value}}
    assert _count(admin, title) == 0


def test_wrong_types(admin):
    r = admin.post(BASE, json={"rule": {"title": "x", "pin": "often"}})
    assert r.status_code == 400
    assert r.json()["message"] == ('The "%value" value\'s type is invalid. The "%type" type was expected. '
                                   'Verify and try again.')
    assert r.json()["parameters"] == {"value": "often", "type": "int"}
    r = admin.get(BASE, params={"entityId": "four"})
    assert r.status_code == 400 and r.json()["parameters"] == {"value": "four", "type": "int"}
    r = admin.post(BASE, json={"rule": "a rule"})
    assert r.status_code == 400


def test_the_column_name_of_the_conditions_is_an_unknown_key(admin):
    title = unique("wrong key ")
    r = admin.post(BASE, json={"rule": {"title": title, "conditions_serialized": "{}"}})
    assert r.status_code == 400
    assert r.json() == {"message": 'Property "%1" does not have accessor method "%2" in class "%3".',
                        "parameters": ["ConditionsSerialized", "getConditionsSerialized", RULE_CLASS]}
    assert _count(admin, title) == 0


def test_condition_empty_is_output_only(admin):
    r = admin.post(BASE, json={"rule": {"title": "x", "condition_empty": True}})
    assert r.status_code == 400
    assert r.json() == {"message": 'Property "%1" does not have corresponding setter in class "%2".',
                        "parameters": ["ConditionEmpty", RULE_CLASS]}
    # an empty value is ignored, as for every read-only key
    assert new_rule(admin, condition_empty=None)["condition_empty"] is True


@pytest.mark.parametrize("conditions", [
    "{not json",
    "[1, 2]",
    tree(leaf("price", "~~", "5")),
    tree(leaf("price", "<", "5"), aggregator="most"),
    tree({"type": "Magento\\SalesRule\\Model\\Rule\\Condition\\Address", "attribute": "base_subtotal",
          "operator": ">", "value": "5"}),
])
def test_bad_conditions_fail_the_save(admin, conditions):
    title = unique("bad tree ")
    r = admin.post(BASE, json={"rule": {"title": title, "serialized_conditions": conditions}})
    assert r.status_code == 400, r.text
    body = r.json()
    assert body["message"] == "Unable to save new rule. Error: %1" and len(body["parameters"]) == 1
    assert _count(admin, title) == 0

    rule = new_rule(admin, serialized_conditions=tree(leaf("price", "<", "5")))
    r = admin.put(f"{BASE}/{rule['entity_id']}", json={"rule": {"title": "renamed", "serialized_conditions": conditions}})
    assert r.status_code == 400
    body = r.json()
    assert body["message"] == "Unable to save rule with ID %1. Error: %2"
    assert body["parameters"][0] == rule["entity_id"] and isinstance(body["parameters"][1], str)
    assert ok(admin.get(BASE, params={"entityId": rule["entity_id"]})) == rule  # nothing written


def test_invalid_json_names_the_reason(admin):
    r = admin.post(BASE, json={"rule": {"title": "x", "serialized_conditions": "{not json"}})
    assert r.json()["parameters"][0].startswith("The conditions are not a valid JSON condition tree: ")
