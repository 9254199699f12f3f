"""Coupons over HTTP: save checks, generation, mass delete, PUT aliases."""
import re

import pytest

from tests.helpers import unique
from tests.helpers.salesrule import create_coupon, create_rule

NOT_SAVED = "Error occurred when saving coupon: %1"


@pytest.fixture
def specific(admin):
    return create_rule(admin, coupon_type="SPECIFIC_COUPON", uses_per_coupon=5, uses_per_customer=2,
                       to_date="2030-03-31")


@pytest.fixture
def auto(admin):
    return create_rule(admin, coupon_type="AUTO", uses_per_coupon=1)


def test_save_copies_the_rule_limits(admin, specific):
    code = unique("SPRING")
    r = admin.post("/V1/coupons", json={"coupon": {"rule_id": specific["rule_id"], "code": code, "is_primary": True,
                                                   "type": 0, "usage_limit": 99, "expiration_date": "2040-01-01"}})
    assert r.status_code == 200, r.text
    coupon = r.json()
    assert coupon["rule_id"] == specific["rule_id"] and coupon["code"] == code
    assert coupon["usage_limit"] == 5 and coupon["usage_per_customer"] == 2 and coupon["times_used"] == 0
    assert coupon["expiration_date"] == "2030-03-31" and coupon["is_primary"] is True and coupon["type"] == 0
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", coupon["created_at"])
    assert list(coupon) == ["coupon_id", "rule_id", "code", "usage_limit", "usage_per_customer", "times_used",
                            "expiration_date", "is_primary", "created_at", "type"]
    assert admin.get(f"/V1/coupons/{coupon['coupon_id']}").json() == coupon
    # the rule's limits follow the rule
    r = admin.put(f"/V1/salesRules/{specific['rule_id']}", json={"rule": {"uses_per_coupon": 7, "to_date": None}})
    assert r.status_code == 200
    again = admin.get(f"/V1/coupons/{coupon['coupon_id']}").json()
    assert again["usage_limit"] == 7 and "expiration_date" not in again


def test_put_merges_and_the_path_id_decides(admin, specific):
    first = create_coupon(admin, specific["rule_id"], is_primary=True)
    second = create_coupon(admin, specific["rule_id"])
    r = admin.put(f"/V1/coupons/{second['coupon_id']}", json={"coupon": {"coupon_id": first["coupon_id"],
                                                                         "is_primary": True}})
    assert r.status_code == 200, r.text
    assert r.json()["coupon_id"] == second["coupon_id"] and r.json()["code"] == second["code"]
    assert admin.get(f"/V1/coupons/{first['coupon_id']}").json()["is_primary"] is False  # one primary per rule
    new_code = unique("NEW")
    r = admin.put(f"/V1/coupons/{second['coupon_id']}", json={"coupon": {"code": new_code}})
    assert r.json()["code"] == new_code and r.json()["is_primary"] is True
    r = admin.put("/V1/coupons/987654", json={"coupon": {"code": "x"}})
    assert r.status_code == 404 and r.json()["parameters"]["fieldName"] == "coupon_id"


@pytest.mark.parametrize("rule, coupon_type, inner", [
    ("none", 0, "Specified rule does not allow coupons"),
    ("auto", 0, "Specified rule only allows auto generated coupons"),
    ("specific", 1, "Specified rule does not allow auto generated coupons"),
    ("missing", 0, "No such entity with rule_id = 987654"),
])
def test_save_refusals(admin, rule, coupon_type, inner):
    rule_id = {"none": lambda: create_rule(admin)["rule_id"],
               "auto": lambda: create_rule(admin, coupon_type="AUTO")["rule_id"],
               "specific": lambda: create_rule(admin, coupon_type="SPECIFIC_COUPON")["rule_id"],
               "missing": lambda: 987654}[rule]()
    r = admin.post("/V1/coupons", json={"coupon": {"rule_id": rule_id, "code": unique("C"), "type": coupon_type}})
    assert r.status_code == 400
    assert r.json() == {"message": NOT_SAVED, "parameters": [inner]}


def test_codes_are_unique_ignoring_case(admin, specific, auto):
    code = unique("Dup")
    create_coupon(admin, specific["rule_id"], code)
    r = admin.post("/V1/coupons", json={"coupon": {"rule_id": specific["rule_id"], "code": code.upper()}})
    assert r.status_code == 400
    assert r.json() == {"message": NOT_SAVED, "parameters": ["Coupon with the same code already exists."]}
    r = admin.post("/V1/coupons", json={"coupon": {"rule_id": specific["rule_id"]}})
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "code"}


def test_get_delete_and_search(admin, specific):
    coupons = [create_coupon(admin, specific["rule_id"]) for _ in range(3)]
    params = {"searchCriteria[filter_groups][0][filters][0][field]": "rule_id",
              "searchCriteria[filter_groups][0][filters][0][value]": specific["rule_id"],
              "searchCriteria[pageSize]": 2}
    page1 = admin.get("/V1/coupons/search", params=params).json()
    assert page1["total_count"] == 3
    assert [c["coupon_id"] for c in page1["items"]] == [c["coupon_id"] for c in coupons[:2]]
    page3 = admin.get("/V1/coupons/search", params={**params, "searchCriteria[currentPage]": 3}).json()
    assert page3["items"] == [] and page3["total_count"] == 3
    r = admin.get("/V1/coupons/search", params={"searchCriteria[filter_groups][0][filters][0][field]": "code",
                                                "searchCriteria[filter_groups][0][filters][0][value]":
                                                    coupons[1]["code"].lower()})
    assert [c["coupon_id"] for c in r.json()["items"]] == [coupons[1]["coupon_id"]]
    assert admin.delete(f"/V1/coupons/{coupons[0]['coupon_id']}").json() is True
    for method in ("GET", "DELETE"):
        r = admin.request(method, f"/V1/coupons/{coupons[0]['coupon_id']}")
        assert r.status_code == 404
        assert r.json() == {"message": "No such entity with %fieldName = %fieldValue",
                            "parameters": {"fieldName": "coupon_id", "fieldValue": coupons[0]["coupon_id"]}}
    # deleting the rule deletes its coupons
    admin.delete(f"/V1/salesRules/{specific['rule_id']}")
    assert admin.get(f"/V1/coupons/{coupons[1]['coupon_id']}").status_code == 404


@pytest.mark.parametrize("method", ["POST", "PUT"])
def test_generate(admin, auto, method):
    r = admin.request(method, "/V1/coupons/generate", json={"couponSpec": {
        "rule_id": auto["rule_id"], "format": "alphanum", "quantity": 3, "length": 8, "prefix": "SP-",
        "delimiter_at_every": 4, "delimiter": "-"}})
    assert r.status_code == 200, r.text
    codes = r.json()
    assert len(codes) == 3 and len(set(codes)) == 3
    assert all(re.fullmatch(r"SP-[A-Z0-9]{4}-[A-Z0-9]{4}", c) for c in codes)
    found = admin.get("/V1/coupons/search", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "rule_id",
        "searchCriteria[filter_groups][0][filters][0][value]": auto["rule_id"]}).json()["items"]
    generated = [c for c in found if c["code"] in codes]
    assert len(generated) == 3
    assert all(c["type"] == 1 and c["is_primary"] is False and c["usage_limit"] == 1 for c in generated)
    r = admin.post("/V1/coupons/generate", json={"couponSpec": {"rule_id": auto["rule_id"], "format": "num",
                                                                "quantity": 2, "length": 5, "suffix": "-X"}})
    assert all(re.fullmatch(r"\d{5}-X", c) for c in r.json())
    r = admin.post("/V1/coupons/generate", json={"couponSpec": {"rule_id": auto["rule_id"], "format": "alpha",
                                                                "quantity": 1, "length": 6}})
    assert re.fullmatch(r"[A-Z]{6}", r.json()[0])


def test_generate_refusals(admin, auto, specific):
    spec = {"rule_id": auto["rule_id"], "format": "alphanum", "quantity": 1, "length": 8}
    for rule_id in (specific["rule_id"], 987654):
        r = admin.post("/V1/coupons/generate", json={"couponSpec": {**spec, "rule_id": rule_id}})
        assert r.status_code == 400
        assert r.json() == {"message": "Specified rule does not allow automatic coupon generation"}
    for key, value in (("quantity", 0), ("length", 0), ("format", "emoji")):
        r = admin.post("/V1/coupons/generate", json={"couponSpec": {**spec, key: value}})
        assert r.status_code == 400
        assert r.json() == {"message": 'Invalid value of "%value" provided for the %fieldName field.',
                            "parameters": {"value": value, "fieldName": key}}


@pytest.mark.parametrize("method", ["POST", "PUT"])
def test_delete_by_ids(admin, specific, method):
    a, b = create_coupon(admin, specific["rule_id"]), create_coupon(admin, specific["rule_id"])
    r = admin.request(method, "/V1/coupons/deleteByIds", json={"ids": [a["coupon_id"], 987654],
                                                              "ignoreInvalidCoupons": False})
    assert r.status_code == 404
    assert r.json() == {"message": "No such entity with %fieldName = %fieldValue",
                        "parameters": {"fieldName": "coupon_id", "fieldValue": "987654"}}
    assert admin.get(f"/V1/coupons/{a['coupon_id']}").status_code == 200  # nothing deleted
    r = admin.request(method, "/V1/coupons/deleteByIds", json={"ids": [a["coupon_id"], b["coupon_id"], 987654]})
    assert r.status_code == 200
    assert r.json() == {"failed_items": [], "missing_items": ["987654"]}
    assert admin.get(f"/V1/coupons/{b['coupon_id']}").status_code == 404


@pytest.mark.parametrize("method", ["POST", "PUT"])
def test_delete_by_codes(admin, specific, method):
    a, b = create_coupon(admin, specific["rule_id"]), create_coupon(admin, specific["rule_id"])
    r = admin.request(method, "/V1/coupons/deleteByCodes", json={"codes": [a["code"], "NOPE-1"],
                                                                "ignoreInvalidCoupons": False})
    assert r.status_code == 404
    assert r.json()["parameters"] == {"fieldName": "code", "fieldValue": "NOPE-1"}
    r = admin.request(method, "/V1/coupons/deleteByCodes", json={"codes": [a["code"].lower(), b["code"], "NOPE-1"],
                                                                "ignoreInvalidCoupons": True})
    assert r.json() == {"failed_items": [], "missing_items": ["NOPE-1"]}
    assert admin.get(f"/V1/coupons/{a['coupon_id']}").status_code == 404
    r = admin.request(method, "/V1/coupons/deleteByCodes", json={})
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "codes"}


def test_times_used_and_created_at_are_saved_when_sent(admin, specific):
    """The platform saves what an import sends: a coupon's use count and creation time, a rule's count."""
    code = unique("IMPORTED")
    r = admin.post("/V1/coupons", json={"coupon": {"rule_id": specific["rule_id"], "code": code, "type": 0,
                                                   "times_used": 3, "created_at": "2024-05-06 07:08:09"}})
    assert r.status_code == 200, r.text
    coupon = r.json()
    assert (coupon["times_used"], coupon["created_at"]) == (3, "2024-05-06 07:08:09")
    assert admin.get(f"/V1/coupons/{coupon['coupon_id']}").json() == coupon
    # left out or null: the stored values stay
    r = admin.put(f"/V1/coupons/{coupon['coupon_id']}", json={"coupon": {"is_primary": False, "times_used": None}})
    assert (r.json()["times_used"], r.json()["created_at"]) == (3, "2024-05-06 07:08:09")
    r = admin.put(f"/V1/coupons/{coupon['coupon_id']}", json={"coupon": {"created_at": "yesterday"}})
    assert r.status_code == 400 and r.json()["parameters"] == {"value": "yesterday", "fieldName": "created_at"}
    r = admin.put(f"/V1/coupons/{coupon['coupon_id']}", json={"coupon": {"times_used": -1}})
    assert r.status_code == 400
    rule = admin.put(f"/V1/salesRules/{specific['rule_id']}", json={"rule": {"times_used": 12}}).json()
    assert rule["times_used"] == 12 and admin.get(f"/V1/salesRules/{specific['rule_id']}").json()["times_used"] == 12
    assert admin.put(f"/V1/salesRules/{specific['rule_id']}", json={"rule": {"name": "n"}}).json()["times_used"] == 12
    assert admin.put(f"/V1/salesRules/{specific['rule_id']}", json={"rule": {"times_used": -2}}).status_code == 400
