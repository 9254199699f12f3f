"""Tax classes, rates and rules through their routes: the platform's defaults, saves and their checks,
searchCriteria, the refusals to delete what a rule uses, and the ACL."""
import pytest

from tests.helpers import limited_admin, ok, unique
from tests.helpers.harness import server_fixture
from tests.helpers.quote import error

srv = server_fixture("taxrecords")

REQUIRED = '"%fieldName" is required. Enter and try again.'
INVALID = 'Invalid value of "%value" provided for the %fieldName field.'


@pytest.fixture(scope="module")
def admin(srv):
    with srv.client(srv.token(), store="all") as c:
        yield c


def search(admin, path: str, field: str, value: str, condition: str = "eq") -> dict:
    return ok(admin.get(path, params={"searchCriteria[filterGroups][0][filters][0][field]": field,
                                      "searchCriteria[filterGroups][0][filters][0][value]": value,
                                      "searchCriteria[filterGroups][0][filters][0][conditionType]": condition}))


def test_the_platform_defaults_are_there(admin):
    assert ok(admin.get("/V1/taxClasses/2")) == {"class_id": 2, "class_name": "Taxable Goods", "class_type": "PRODUCT"}
    assert ok(admin.get("/V1/taxClasses/3")) == {"class_id": 3, "class_name": "Retail Customer",
                                                 "class_type": "CUSTOMER"}
    assert ok(admin.get("/V1/taxRates/1")) == {"id": 1, "tax_country_id": "US", "tax_region_id": 12,
                                               "region_name": "CA", "tax_postcode": "*", "rate": 8.25,
                                               "code": "US-CA-*-Rate 1"}
    found = ok(admin.get("/V1/taxRates/search", params={"searchCriteria[pageSize]": 10}))
    assert [r["code"] for r in found["items"]] == ["US-CA-*-Rate 1", "US-NY-*-Rate 1"]
    assert found["items"][1]["rate"] == 8.375
    assert ok(admin.get("/V1/taxRules/search", params={"searchCriteria[pageSize]": 10}))["total_count"] == 0


def test_a_class_is_saved_checked_and_deleted(admin):
    name = unique("Wholesale ")
    class_id = ok(admin.post("/V1/taxClasses", json={"taxClass": {"class_name": name, "class_type": "CUSTOMER"}}))
    assert isinstance(class_id, str) and class_id.isdigit()
    assert ok(admin.get(f"/V1/taxClasses/{class_id}")) == {"class_id": int(class_id), "class_name": name,
                                                           "class_type": "CUSTOMER"}
    # the same name for the same type is refused; another type may have it
    error(admin.post("/V1/taxClasses", json={"taxClass": {"class_name": name, "class_type": "CUSTOMER"}}), 400,
          "A class with the same name already exists for ClassType %1.", ["CUSTOMER"])
    other = ok(admin.post("/V1/taxClasses", json={"taxClass": {"class_name": name, "class_type": "PRODUCT"}}))
    # a rename through the path id; the type may not change
    assert ok(admin.put(f"/V1/taxClasses/{class_id}", json={"taxClass": {"class_name": name + " B",
                                                                         "class_type": "CUSTOMER"}})) == class_id
    assert ok(admin.get(f"/V1/taxClasses/{class_id}"))["class_name"] == name + " B"
    error(admin.put(f"/V1/taxClasses/{class_id}", json={"taxClass": {"class_name": name, "class_type": "PRODUCT"}}),
          400, "Updating classType is not allowed.")
    # both checks of a new class together
    r = admin.post("/V1/taxClasses", json={"taxClass": {"class_name": " ", "class_type": "SHOP"}})
    error(r, 400, "One or more input exceptions have occurred.")
    assert [e["message"] for e in r.json()["errors"]] == [REQUIRED, INVALID]
    assert r.json()["errors"][1]["parameters"] == {"value": "SHOP", "fieldName": "class_type"}
    found = search(admin, "/V1/taxClasses/search", "class_name", name + "%", "like")
    assert [c["class_id"] for c in found["items"]] == [int(class_id), int(other)]
    assert ok(admin.delete(f"/V1/taxClasses/{other}")) is True
    error(admin.get(f"/V1/taxClasses/{other}"), 404, "No such entity with %fieldName = %fieldValue",
          {"fieldName": "class_id", "fieldValue": int(other)})
    error(admin.delete(f"/V1/taxClasses/{other}"), 404, "No such entity with %fieldName = %fieldValue")
    # the customer groups' class may not go
    error(admin.delete("/V1/taxClasses/3"), 400,
          "You cannot delete this tax class because it is used in existing customer groups.")


def test_a_rate_with_a_postcode_range_and_titles(admin):
    code = unique("US-TX-")
    rate = ok(admin.post("/V1/taxRates", json={"taxRate": {
        "tax_country_id": "US", "tax_region_id": 57, "zip_is_range": 1, "zip_from": 78700, "zip_to": 78799,
        "rate": 8.25, "code": code, "titles": [{"store_id": "1", "value": "Texas tax"}]}}))
    assert rate == {"id": rate["id"], "tax_country_id": "US", "tax_region_id": 57, "region_name": "TX",
                    "tax_postcode": "78700-78799", "zip_is_range": 1, "zip_from": 78700, "zip_to": 78799,
                    "rate": 8.25, "code": code, "titles": [{"store_id": "1", "value": "Texas tax"}]}
    assert ok(admin.get(f"/V1/taxRates/{rate['id']}")) == rate
    # PUT without a path id: the body's id decides; a wildcard postcode ends the range
    changed = ok(admin.put("/V1/taxRates", json={"taxRate": {"id": rate["id"], "zip_is_range": 0,
                                                             "tax_postcode": "787*", "rate": 6.25}}))
    assert changed["tax_postcode"] == "787*" and "zip_is_range" not in changed and changed["rate"] == 6.25
    assert changed["titles"] == [{"store_id": "1", "value": "Texas tax"}]
    error(admin.put("/V1/taxRates", json={"taxRate": {"id": 99999, "tax_country_id": "US", "rate": 1, "code": "x",
                                                      "tax_postcode": "*"}}),
          404, "No such entity with %fieldName = %fieldValue", {"fieldName": "taxRateId", "fieldValue": 99999})
    error(admin.post("/V1/taxRates", json={"taxRate": {"tax_country_id": "US", "rate": 1, "code": code,
                                                       "tax_postcode": "*"}}), 400, "Code already exists.")
    r = admin.post("/V1/taxRates", json={"taxRate": {"tax_country_id": "ZZ", "tax_region_id": 57, "rate": -1,
                                                     "code": " ", "zip_is_range": 1, "zip_from": 5, "zip_to": 4}})
    error(r, 400, "One or more input exceptions have occurred.")
    assert [(e["message"], e.get("parameters")) for e in r.json()["errors"]] == [
        (INVALID, {"value": "ZZ", "fieldName": "country_id"}),
        (INVALID, {"value": 57, "fieldName": "region_id"}),
        (REQUIRED, {"fieldName": "percentage_rate"}),
        (REQUIRED, {"fieldName": "code"}),
        ("Range To should be equal or greater than Range From.", None),
    ]
    error(admin.post("/V1/taxRates", json={"taxRate": {"tax_country_id": "DE", "rate": 19, "code": unique("DE")}}),
          400, REQUIRED, {"fieldName": "postcode"})
    found = search(admin, "/V1/taxRates/search", "tax_region_id", "57")
    assert [r["code"] for r in found["items"]] == [code]
    assert ok(admin.delete(f"/V1/taxRates/{rate['id']}")) is True
    error(admin.get(f"/V1/taxRates/{rate['id']}"), 404, "No such entity with %fieldName = %fieldValue",
          {"fieldName": "taxRateId", "fieldValue": rate["id"]})


def test_a_rule_links_classes_and_rates(admin):
    product_class = int(ok(admin.post("/V1/taxClasses", json={"taxClass": {"class_name": unique("Books "),
                                                                           "class_type": "PRODUCT"}})))
    rate = ok(admin.post("/V1/taxRates", json={"taxRate": {"tax_country_id": "DE", "tax_postcode": "*", "rate": 7,
                                                           "code": unique("DE-7-")}}))
    code = unique("Books DE ")
    rule = ok(admin.post("/V1/taxRules", json={"rule": {
        "code": code, "priority": 1, "position": 2, "customer_tax_class_ids": [3],
        "product_tax_class_ids": [product_class, 2], "tax_rate_ids": [rate["id"]]}}))
    assert rule == {"id": rule["id"], "code": code, "priority": 1, "position": 2, "customer_tax_class_ids": [3],
                    "product_tax_class_ids": sorted([2, product_class]), "tax_rate_ids": [rate["id"]],
                    "calculate_subtotal": False}
    assert ok(admin.get(f"/V1/taxRules/{rule['id']}")) == rule
    changed = ok(admin.put("/V1/taxRules", json={"rule": {"id": rule["id"], "product_tax_class_ids": [product_class],
                                                          "calculate_subtotal": True}}))
    assert changed["product_tax_class_ids"] == [product_class] and changed["calculate_subtotal"] is True
    found = search(admin, "/V1/taxRules/search", "product_tax_class_ids", str(product_class))
    assert [r["id"] for r in found["items"]] == [rule["id"]]
    assert search(admin, "/V1/taxRules/search", "tax_rate_ids", "1")["total_count"] == 0
    # what a rule uses cannot go while it does
    error(admin.delete(f"/V1/taxRates/{rate['id']}"), 400, "The tax rate cannot be removed. It exists in a tax rule.")
    error(admin.delete(f"/V1/taxClasses/{product_class}"), 400,
          "You cannot delete this tax class because it is used in Tax Rules. You have to delete the rules it is "
          "used in first.")
    r = admin.post("/V1/taxRules", json={"rule": {"code": code, "priority": -1, "customer_tax_class_ids": [2],
                                                  "product_tax_class_ids": [], "tax_rate_ids": [99999]}})
    error(r, 400, "One or more input exceptions have occurred.")
    assert [(e["message"], e.get("parameters")) for e in r.json()["errors"]] == [
        (REQUIRED, {"fieldName": "position"}),
        (INVALID, {"value": -1, "fieldName": "priority"}),
        (INVALID, {"value": 2, "fieldName": "customer_tax_class_ids"}),
        (REQUIRED, {"fieldName": "product_tax_class_ids"}),
        (INVALID, {"value": 99999, "fieldName": "tax_rate_ids"}),
    ]
    error(admin.post("/V1/taxRules", json={"rule": {"code": code, "priority": 0, "position": 0,
                                                    "customer_tax_class_ids": [3], "product_tax_class_ids": [2],
                                                    "tax_rate_ids": [1]}}), 400, "Code already exists.")
    assert ok(admin.delete(f"/V1/taxRules/{rule['id']}")) is True
    error(admin.get(f"/V1/taxRules/{rule['id']}"), 404, "No such entity with %fieldName = %fieldValue",
          {"fieldName": "taxRuleId", "fieldValue": rule["id"]})
    assert ok(admin.delete(f"/V1/taxRates/{rate['id']}")) is True
    assert ok(admin.delete(f"/V1/taxClasses/{product_class}")) is True


def test_the_routes_need_the_tax_resource(srv):
    with srv.client(store="all") as guest:
        error(guest.get("/V1/taxClasses/2"), 401, "The consumer isn't authorized to access %resources.",
              {"resources": "Magento_Tax::manage_tax"})
    other = limited_admin(srv, "Magento_Sales::sales")
    with srv.client(other, store="all") as admin:
        assert admin.get("/V1/taxRules/search").status_code == 401
    allowed = limited_admin(srv, "Magento_Tax::manage_tax")
    with srv.client(allowed, store="all") as admin:
        assert admin.get("/V1/taxClasses/2").status_code == 200


def test_rates_and_rules_are_written_through_bulk(srv, admin):
    """The admin writes travel through async/bulk like the synchronous ones (the server's consumer runs them)."""
    from tests.helpers.queue import wait_for

    codes = [unique("BULK-"), unique("BULK-")]
    r = admin.post("/async/bulk/V1/taxRates", json=[
        {"taxRate": {"tax_country_id": "FR", "tax_postcode": "*", "rate": 20, "code": codes[0]}},
        {"taxRate": {"tax_country_id": "FR", "tax_postcode": "75*", "rate": 5.5, "code": codes[1]}}])
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 2)
    found = search(admin, "/V1/taxRates/search", "code", "BULK-%", "like")
    assert sorted((x["code"], x["tax_postcode"], x["rate"]) for x in found["items"]) == sorted(
        [(codes[0], "*", 20), (codes[1], "75*", 5.5)])
    r = admin.post("/async/V1/taxRules", json={"rule": {
        "code": unique("FR "), "priority": 0, "position": 0, "customer_tax_class_ids": [3],
        "product_tax_class_ids": [2], "tax_rate_ids": [x["id"] for x in found["items"]]}})
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 1)
    (rule,) = search(admin, "/V1/taxRules/search", "tax_rate_ids", str(found["items"][0]["id"]))["items"]
    assert ok(admin.delete(f"/V1/taxRules/{rule['id']}")) is True
    for x in found["items"]:
        assert ok(admin.delete(f"/V1/taxRates/{x['id']}")) is True


def test_a_customer_group_names_the_customer_classes_the_tax_package_keeps(admin):
    name = unique("Trade ")
    class_id = int(ok(admin.post("/V1/taxClasses", json={"taxClass": {"class_name": name, "class_type": "CUSTOMER"}})))
    group = ok(admin.post("/V1/customerGroups", json={"group": {"code": unique("trade"), "tax_class_id": class_id}}))
    assert (group["tax_class_id"], group["tax_class_name"]) == (class_id, name)
    # a product class is no customer class
    error(admin.post("/V1/customerGroups", json={"group": {"code": unique("goods"), "tax_class_id": 2}}), 400,
          INVALID, {"value": 2, "fieldName": "taxClassId"})
    # and a class a group names may not go
    r = admin.delete(f"/V1/taxClasses/{class_id}")
    assert r.status_code == 400, r.text
