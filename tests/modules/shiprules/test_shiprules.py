"""Shipping rules over HTTP: save (POST, PUT), getById, getList, deleteById, their normalisation, the
errors docs/modules/shiprules.md lists, the ACL and async/bulk. The rules these tests create are on a
server of their own (conftest.py), as active rules change every cart's rates."""
import json

import sqlalchemy as sa

from tests.helpers import limited_admin, ok, unique
from tests.helpers.queue import wait_for
from tests.helpers.quote import add, error, guest_cart, product

BASE = "/V1/vendor_shiprules/rule"
RESOURCE = "Vendor_Shiprules::rule"
INTERFACE = "Vendor\\Shiprules\\Api\\Data\\RuleInterface"

EXAMPLE = {"name": "Bulky goods surcharge", "is_active": 1, "pos": 10, "for_admin": 0, "calc": 1, "ignore_promo": 0,
           "stores": "1", "cust_groups": "0,1", "days": "1,2,3,4,5", "time_from": 901, "time_to": 1801,
           "carriers": "flatrate", "methods": "ups_GND", "weight_from": 20, "rate_base": 5, "weight_fixed": 0.5,
           "discount_id": ""}
TREE = {"type": "Magento\\SalesRule\\Model\\Rule\\Condition\\Combine", "aggregator": "all", "value": "1",
        "conditions": [{"type": "Magento\\SalesRule\\Model\\Rule\\Condition\\Address", "attribute": "country_id",
                        "operator": "==", "value": "US"}]}
PRODUCT_TREE = {"type": "Magento\\SalesRule\\Model\\Rule\\Condition\\Product\\Combine", "aggregator": "all",
                "value": "1", "conditions": [{"type": "Magento\\SalesRule\\Model\\Rule\\Condition\\Product",
                                              "attribute": "color", "operator": "==", "value": "red"}]}


def create(client, **fields) -> dict:
    return ok(client.post(BASE, json={"rule": {"name": unique("Rule "), **fields}}))


def get(client, rule_id):
    return client.get(BASE, params={"ruleId": rule_id})


def listing(client, *filters, **extra):
    params = {}
    for g, (field, value, condition) in enumerate(filters):
        params[f"searchCriteria[filter_groups][{g}][filters][0][field]"] = field
        params[f"searchCriteria[filter_groups][{g}][filters][0][value]"] = value
        params[f"searchCriteria[filter_groups][{g}][filters][0][condition_type]"] = condition
    params.update({f"searchCriteria[{k}]": v for k, v in extra.items()})
    return ok(client.get(f"{BASE}/all", params=params))


def test_create_read_edit_list_delete(admin, srv):
    created = create(admin, **{**EXAMPLE, "name": unique("Bulky goods ")})
    rule_id = created["rule_id"]
    assert created == {
        "rule_id": rule_id, "is_active": 1, "name": created["name"], "pos": 10, "for_admin": 0,
        "skip_subsequent": False, "calc": 1, "ignore_promo": 0, "price_from": 0, "price_to": 0,
        "weight_from": 20, "weight_to": 0, "qty_from": 0, "qty_to": 0, "rate_base": 5, "rate_fixed": 0,
        "weight_fixed": 0.5, "rate_percent": 0, "handling": 0, "rate_min": 0, "rate_max": 0, "ship_min": 0,
        "ship_max": 0, "stores": "1", "cust_groups": "0,1", "days": "1,2,3,4,5", "time_from": 901, "time_to": 1801,
        "out_of_stock": 0, "carriers": "flatrate", "methods": "ups_GND", "discount_id": ""}
    assert ok(get(admin, rule_id)) == created

    # PUT: the path decides, only the sent keys change, the tree comes back normalised
    other = create(admin)
    r = admin.put(f"{BASE}/{rule_id}", json={"rule": {"rule_id": other["rule_id"], "is_active": 0,
                                                      "conditions_serialized": json.dumps(TREE)}})
    edited = ok(r)
    assert edited["rule_id"] == rule_id and edited["is_active"] == 0 and edited["pos"] == 10
    assert json.loads(edited["conditions_serialized"]) == {
        "type": TREE["type"], "attribute": None, "operator": None, "value": "1", "is_value_processed": None,
        "aggregator": "all", "conditions": [{**TREE["conditions"][0], "is_value_processed": False}]}
    assert ok(get(admin, other["rule_id"])) == other

    # POST with an existing rule_id edits it; arrays are accepted for the id sets and the methods
    r = admin.post(BASE, json={"rule": {"ruleId": rule_id, "stores": [0, 1], "cust_groups": ["3", "1"],
                                        "days": [7, 6], "methods": ["ups_GND", "freeshipping", "tablerate_bestway"],
                                        "coupon": " SAVE , ship ", "discount_id_disable": "4, 2"}})
    edited = ok(r)
    assert (edited["stores"], edited["cust_groups"], edited["days"]) == ("", "1,3", "6,7")
    assert (edited["carriers"], edited["methods"]) == ("flatrate,freeshipping", "ups_GND,tablerate_bestway")
    assert (edited["coupon"], edited["discount_id_disable"]) == ("SAVE,ship", "4,2")
    assert ok(get(admin, rule_id)) == edited
    # nulls: a key that may be empty is cleared, any other key keeps its value
    edited = ok(admin.put(f"{BASE}/{rule_id}", json={"rule": {"time_to": None, "methods": None, "pos": None,
                                                              "days": None, "conditions_serialized": ""}}))
    assert "time_to" not in edited and "methods" not in edited and "conditions_serialized" not in edited
    assert (edited["pos"], edited["days"], edited["time_from"]) == (10, "6,7", 901)

    # list: filters (OR in a group, AND across), sorting, paging, every field in full
    name = created["name"]
    page = listing(admin, ("name", f"{name},{other['name']}", "in"), pageSize=1, currentPage=1)
    assert page["total_count"] == 2 and page["items"] == [ok(get(admin, rule_id))]
    assert page["search_criteria"]["page_size"] == 1
    page = listing(admin, ("name", f"{name},{other['name']}", "in"), ("is_active", "0", "eq"),
                   **{"sort_orders][0][field": "rule_id", "sort_orders][0][direction": "DESC"})
    assert [i["rule_id"] for i in page["items"]] == [other["rule_id"], rule_id]
    page = listing(admin, ("stores", "", "null"), ("rule_id", str(rule_id), "eq"))
    assert page["total_count"] == 1
    everything = ok(admin.get(f"{BASE}/all", params={"searchCriteria": ""}))
    assert everything["total_count"] >= 2

    # delete takes the rule and its store, group, day and attribute records
    ok(admin.put(f"{BASE}/{rule_id}", json={"rule": {"actions_serialized": json.dumps(PRODUCT_TREE),
                                                     "days": "1", "cust_groups": "1", "stores": "1"}}))
    with srv.db.engine.connect() as c:
        codes = c.execute(sa.text("SELECT code FROM vendor_shiprules_attribute WHERE rule_id = :r"), {"r": rule_id}).all()
    assert [c[0] for c in codes] == ["color"]
    assert ok(admin.delete(f"{BASE}/{rule_id}")) is True
    error(get(admin, rule_id), 404, 'Rule with specified ID "%1" not found.', [rule_id])
    with srv.db.engine.connect() as c:
        for table in ("attribute", "rule_store", "rule_customer_group", "rule_day"):
            left = c.execute(sa.text(f"SELECT COUNT(*) FROM vendor_shiprules_{table} WHERE rule_id = :r"), {"r": rule_id})
            assert left.scalar() == 0, table
    assert ok(admin.delete(f"{BASE}/{other['rule_id']}")) is True


def test_defaults_of_a_new_rule(admin):
    rule = create(admin, name="  Minimal  ")
    assert rule == {"rule_id": rule["rule_id"], "is_active": 0, "name": "  Minimal  ", "pos": 0, "for_admin": 0,
                    "skip_subsequent": False, "calc": 0, "ignore_promo": 0, "price_from": 0, "price_to": 0,
                    "weight_from": 0, "weight_to": 0, "qty_from": 0, "qty_to": 0, "rate_base": 0, "rate_fixed": 0,
                    "weight_fixed": 0, "rate_percent": 0, "handling": 0, "rate_min": 0, "rate_max": 0, "ship_min": 0,
                    "ship_max": 0, "stores": "", "cust_groups": "", "days": "", "out_of_stock": 0, "discount_id": ""}
    # amounts keep two decimals, weights four
    edited = ok(admin.put(f"{BASE}/{rule['rule_id']}", json={"rule": {"rate_base": 1.005, "weight_to": "2.12345",
                                                                      "extension_attributes": {}}}))
    assert (edited["rate_base"], edited["weight_to"]) == (1.01, 2.1235)
    assert ok(admin.delete(f"{BASE}/{rule['rule_id']}")) is True


def test_errors(admin):
    rule = create(admin)
    path = f"{BASE}/{rule['rule_id']}"
    missing = 'Rule with specified ID "%1" not found.'
    error(admin.put(f"{BASE}/999999", json={"rule": {"name": "x"}}), 404, missing, [999999])
    error(admin.post(BASE, json={"rule": {"rule_id": 999999, "name": "x"}}), 404, missing, [999999])
    error(admin.delete(f"{BASE}/999999"), 404, missing, [999999])
    error(get(admin, 999999), 404, missing, [999999])

    required = '"%fieldName" is required. Enter and try again.'
    error(admin.post(BASE, json={}), 400, required, {"fieldName": "rule"})
    error(admin.get(BASE), 400, required, {"fieldName": "ruleId"})
    error(admin.post(BASE, json={"rule": {"pos": 1}}), 400, required, {"fieldName": "name"})
    error(admin.post(BASE, json={"rule": {"name": "  "}}), 400, required, {"fieldName": "name"})
    error(admin.get(f"{BASE}/all"), 400, required, {"fieldName": "searchCriteria"})

    invalid = 'Invalid value of "%value" provided for the %fieldName field.'
    for key, value in (("calc", 9), ("out_of_stock", 3), ("is_active", 2), ("for_admin", -1), ("ignore_promo", 5),
                       ("days", "1,8"), ("time_from", 915), ("time_to", 2401), ("rate_base", -1),
                       ("weight_from", -0.5), ("qty_to", -2), ("ship_max", 1e12), ("stores", "1,x")):
        r = admin.put(path, json={"rule": {key: value}})
        assert r.status_code == 400 and r.json()["message"] == invalid, (key, r.text)
        assert r.json()["parameters"]["fieldName"] == key
    error(admin.post(BASE, json={"rule": {"name": "x", "calc": 9}}), 400, invalid, {"value": "9", "fieldName": "calc"})

    typed = 'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.'
    error(admin.post(BASE, json={"rule": {"name": "x", "pos": "abc"}}), 400, typed, {"value": "abc", "type": "int"})
    r = admin.post(BASE, json={"rule": {"name": "x", "stores": {"a": 1}}})
    assert r.status_code == 400 and r.json()["message"] == typed
    r = admin.post(BASE, json={"rule": {"name": "x", "carriers": {"a": 1}}})
    assert r.status_code == 400 and r.json()["message"] == typed
    error(admin.post(BASE, json={"rule": {"name": "x", "Colour": "red"}}), 400,
          'Property "%1" does not have accessor method "%2" in class "%3".', ["Colour", "getColour", INTERFACE])

    r = admin.post(BASE, json={"rule": {"name": "x", "conditions_serialized": "{not json"}})
    assert r.status_code == 400 and r.json()["message"] == "Unable to save new rule. Error: %1", r.text
    assert "not a valid JSON condition tree" in r.json()["parameters"][0]
    r = admin.put(path, json={"rule": {"actions_serialized": json.dumps(TREE)}})   # an address node in a product tree
    assert r.status_code == 400 and r.json()["message"] == "Unable to save rule with ID %1. Error: %2", r.text
    assert r.json()["parameters"][0] == rule["rule_id"]
    r = admin.put(path, json={"rule": {"name": "n" * 256}})
    assert r.status_code == 400 and r.json()["message"] == "Unable to save rule with ID %1. Error: %2", r.text
    assert ok(get(admin, rule["rule_id"])) == rule   # nothing was written
    assert ok(admin.delete(path)) is True


def test_acl_and_bulk(srv, admin):
    refused = {"message": "The consumer isn't authorized to access %resources.", "parameters": {"resources": RESOURCE}}
    stranger = limited_admin(srv, "Magento_Sales::sales")
    with srv.client() as guest, srv.client(stranger) as other:
        for client in (guest, other):
            for method, path in (("POST", BASE), ("PUT", f"{BASE}/1"), ("DELETE", f"{BASE}/1"),
                                 ("GET", f"{BASE}?ruleId=1"), ("GET", f"{BASE}/all?searchCriteria=")):
                r = client.request(method, path, json={"rule": {"name": "x"}} if method in ("POST", "PUT") else None)
                assert r.status_code == 401 and r.json() == refused, (method, path, r.text)
    with srv.client(limited_admin(srv, "Vendor_Shiprules::shiprules")) as client:   # the parent grants the rule routes
        rule = create(client)
        assert ok(get(client, rule["rule_id"])) == rule
        assert ok(client.delete(f"{BASE}/{rule['rule_id']}")) is True

    names = [unique("Bulk "), unique("Bulk ")]
    r = admin.post(f"/async/bulk{BASE}", json=[{"rule": {"name": n, "pos": 3}} for n in names])
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 2)
    page = listing(admin, ("name", ",".join(names), "in"))
    ids = [i["rule_id"] for i in page["items"]]
    assert page["total_count"] == 2 and {i["pos"] for i in page["items"]} == {3}
    r = admin.request("DELETE", f"/async/bulk{BASE}/byRuleId", json=[{"ruleId": i} for i in ids])
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 2)
    assert all(get(admin, i).status_code == 404 for i in ids)



def test_demo_rules(srv, admin, token):
    """Last in this file: the demo load brings the platform's demo data and the rules onto this server."""
    srv.cli("demo", "load", "shiprules")
    page = listing(admin, ("name", "Heavy parcel surcharge,Half-price shipping for wholesale customers,"
                                   "Weekend surcharge", "in"))
    assert sorted((i["name"], i["is_active"]) for i in page["items"]) == [
        ("Half-price shipping for wholesale customers", 0), ("Heavy parcel surcharge", 1), ("Weekend surcharge", 0)]
    parcel = product(srv, token, price=10, weight=12)["sku"]
    with srv.client() as guest:
        base = f"/V1/guest-carts/{guest_cart(guest)}"
        add(guest, base, parcel, 1)
        r = guest.post(f"{base}/estimate-shipping-methods", json={"address": {"country_id": "US"}})
        assert [m["amount"] for m in ok(r) if m["carrier_code"] == "flatrate"] == [16]   # 5 + 5 + 0.5 x 12
