"""Shipping Table Rates admin routes over HTTP: methods, the CSV import and the rate list, their ACL
and their errors."""
import base64
import time

import httpx

from tests.helpers import at_once, limited_admin, ok, unique
from tests.helpers.quote import error

from .conftest import csv_body

METHOD = "/V1/vendor_shippingtablerates/method"
METHODS = "/V1/vendor_shippingtablerates/methods"
RATES = "/V1/vendor_shippingtablerates/rates"
RESOURCE = "Vendor_ShippingTableRates::vdstrates"


def by_method(method_id: int, **extra) -> dict:
    return {"searchCriteria[filter_groups][0][filters][0][field]": "method_id",
            "searchCriteria[filter_groups][0][filters][0][value]": str(method_id), **extra}


def new_method(adm, **fields) -> dict:
    return ok(adm.post(METHOD, json={"method": {"name": unique("Method "), **fields}}))


def test_methods_are_created_edited_listed_and_deleted_with_their_rates(adm):
    r = adm.post(METHOD, json={"method": {
        "name": "Standard ({day} days, {name})", "is_active": 1, "comment": "Tracked parcel.", "stores": "",
        "cust_groups": "", "select_rate": 0, "min_rate": 5, "max_rate": 0, "free_types": ""}})
    created = ok(r)
    assert created == {"id": created["id"], "is_active": 1, "name": "Standard ({day} days, {name})",
                       "comment": "Tracked parcel.", "stores": "", "cust_groups": "", "select_rate": 0,
                       "min_rate": 5, "max_rate": 0, "free_types": "", "labels": []}
    path = f"{METHOD}/{created['id']}"
    assert ok(adm.get(path)) == created

    # a partial PUT changes only what it sends; labels per store view; id lists are normalised
    changed = ok(adm.put(path, json={"method": {"max_rate": 30, "stores": "1, 0", "labels": [
        {"store_id": 1, "label": "Standard delivery", "comment": "Signed for."}]}}))
    assert changed == {**created, "max_rate": 30, "stores": "1,0",
                       "labels": [{"store_id": 1, "label": "Standard delivery", "comment": "Signed for."}]}
    assert ok(adm.get(path)) == changed

    page = ok(adm.get(METHODS, params={"searchCriteria[filter_groups][0][filters][0][field]": "name",
                                       "searchCriteria[filter_groups][0][filters][0][value]": created["name"]}))
    assert page["total_count"] >= 1 and changed in page["items"]

    assert ok(adm.post(f"{path}/rates/import", json=csv_body("US,,,,,,,,,,,,7,0,0,0,2,Air"))) == {
        "imported_count": 1, "messages": []}
    assert ok(adm.delete(path)) is True
    error(adm.get(path), 404, "No such entity with %fieldName = %fieldValue",
          {"fieldName": "methodId", "fieldValue": created["id"]})
    assert ok(adm.get(RATES, params=by_method(created["id"])))["total_count"] == 0
    error(adm.delete(path), 404, "No such entity with %fieldName = %fieldValue")


def test_method_errors(adm):
    error(adm.post(METHOD, json={}), 400, '"%fieldName" is required. Enter and try again.', {"fieldName": "method"})
    error(adm.post(METHOD, json={"method": {"name": "  "}}), 400, '"%fieldName" is required. Enter and try again.',
          {"fieldName": "name"})
    error(adm.post(METHOD, json={"method": {"name": "x", "select_rate": 5}}), 400,
          'Invalid value of "%value" provided for the %fieldName field.', {"value": 5, "fieldName": "select_rate"})
    error(adm.post(METHOD, json={"method": {"name": "x", "is_active": 2}}), 400,
          'Invalid value of "%value" provided for the %fieldName field.', {"value": 2, "fieldName": "is_active"})
    r = adm.post(METHOD, json={"method": {"name": "x", "colour": "red"}})
    assert r.status_code == 400 and r.json()["parameters"][0] == "Colour"
    r = adm.post(METHOD, json={"method": {"name": "x", "min_rate": -1}})
    assert r.status_code == 400
    error(adm.put(f"{METHOD}/987654", json={"method": {"name": "x"}}), 404,
          "No such entity with %fieldName = %fieldValue", {"fieldName": "methodId", "fieldValue": 987654})
    assert ok(adm.get(METHODS, params={"searchCriteria[filter_groups][0][filters][0][field]": "name",
                                       "searchCriteria[filter_groups][0][filters][0][value]": "x"}))[
        "total_count"] == 0


def test_import_reports_lines_expands_lists_and_skips_duplicates(adm):
    method = new_method(adm)
    base = f"{METHOD}/{method['id']}"
    # the example of the module: California and Nevada in one line
    result = ok(adm.post(f"{base}/rates/import", json=csv_body(
        'US,"CA,NV",,,,0,100,0,,0,,All,10,0,0,0.5,3,Ground',
        "US,,,,,100,,0,,0,,All,0,0,0,0,3,Ground",
        "All,,,,,0,,0,,0,,,25,0,2,0,7,Freight")))
    assert result == {"imported_count": 4, "messages": []}
    page = ok(adm.get(RATES, params=by_method(method["id"], **{
        "searchCriteria[sort_orders][0][field]": "id", "searchCriteria[sort_orders][0][direction]": "ASC"})))
    assert page["total_count"] == 4
    first = page["items"][0]
    assert first == {"id": first["id"], "method_id": method["id"], "country": "US", "state": "12", "city": "",
                     "zip_from": "", "zip_to": "", "price_from": 0, "price_to": 100, "weight_from": 0,
                     "weight_to": 99999999, "qty_from": 0, "qty_to": 99999999, "shipping_type": "",
                     "cost_base": 10, "cost_percent": 0, "cost_product": 0, "cost_weight": 0.5,
                     "time_delivery": "3", "name_delivery": "Ground", "num_zip_from": 0, "num_zip_to": 0}
    assert [i["state"] for i in page["items"]] == ["12", "39", "", ""]

    # appending: warnings and errors of single values, in file order; the rest of each line is kept
    result = ok(adm.post(f"{base}/rates/import", json=csv_body(
        "XX,,,,,,,,,,,,1,0,0,0,1,A",                       # line 2: unknown country, nothing left
        "US,Atlantis,,,,,,,,,,,1,0,0,0,1,A",               # line 3: unknown state
        "US,TX,Austin,78701,78799,,,,,,,Nope,1,0,0,0,1",   # line 4: 17 columns, unknown type
        "US,TX,Austin,78701,78799,,,,,,,,2,0,0,0,1,A",     # line 5: a new row
        'US,"CA,NV",,,,0,100,0,,0,,All,9,0,0,0,1,A',       # line 6: repeats the first import
        "united states,tx,,*10001*,,,,,,,,,3,0,0,0,1,A",   # line 7: a name, a code in lower case, stars
        "US,TX,,10001,,,,,,,,,4,0,0,0,1,A",                # line 8: repeats line 7
        delete_existing=False)))
    assert result == {"imported_count": 2, "messages": [
        "Line #2: invalid country code XX",
        "Line #3: invalid state code Atlantis",
        "Line #4: warning, expected number of columns is 18",
        "Line #4: invalid type code Nope",
        "Line #6: duplicated conditions before this line have been skipped",
        "Line #8: duplicated conditions before this line have been skipped",
        "Your csv file has been automatically cleared of duplicates and successfully uploaded"]}
    rows = ok(adm.get(RATES, params=by_method(method["id"], **{
        "searchCriteria[filter_groups][1][filters][0][field]": "state",
        "searchCriteria[filter_groups][1][filters][0][value]": "57"})))["items"]
    assert sorted((r["city"], r["zip_from"], r["num_zip_from"], r["num_zip_to"], r["cost_base"]) for r in rows) == [
        ("", "10001", 10001, 10001, 3), ("Austin", "78701", 78701, 78799, 2)]

    ok(adm.delete(f"{base}/rates"))
    assert ok(adm.get(RATES, params=by_method(method["id"])))["total_count"] == 0
    error(adm.delete(f"{METHOD}/987654/rates"), 404, "No such entity with %fieldName = %fieldValue",
          {"fieldName": "methodId", "fieldValue": 987654})


def test_a_malformed_file_imports_nothing(adm):
    method = new_method(adm)
    path = f"{METHOD}/{method['id']}/rates/import"
    assert ok(adm.post(path, json=csv_body("US,,,,,,,,,,,,5,0,0,0,1,A")))["imported_count"] == 1
    # line 3 is good, lines 2 and 4 hold words where numbers go: a 400 naming both, and with
    # deleteExisting the old row survives (one transaction)
    r = adm.post(path, json=csv_body("DE,,,,,cheap,,,,,,,1,0,0,0,1,A", "FR,,,,,,,,,,,,1,0,0,0,1,A",
                                     "GB,,,,,,,,,,,,1,0,0,abc,1,A"))
    assert r.status_code == 400, r.text
    body = r.json()
    assert [(e["message"], e["parameters"]) for e in body["errors"]] == [
        ('Line #%1: "%2" is not a number (column %3).', [2, "cheap", 6]),
        ('Line #%1: "%2" is not a number (column %3).', [4, "abc", 16])]
    # broken quoting: the line is named too
    r = adm.post(path, json=csv_body("FR,,,,,,,,,,,,1,0,0,0,1,A", 'DE,"x"y,,,,,,,,,,,1,0,0,0,1,A'))
    error(r, 400, "Line #%1: the line is not valid CSV (%2).")
    assert r.json()["parameters"][0] == 3
    rows = ok(adm.get(RATES, params=by_method(method["id"])))["items"]
    assert [(r["country"], r["cost_base"]) for r in rows] == [("US", 5)]

    for data in ("", "not base64!", base64.b64encode(b"\xff\xfe\xfa").decode()):
        r = adm.post(path, json={"fileContent": {"base64_encoded_data": data, "name_with_extension": "r.csv"}})
        error(r, 400, "The rates file could not be decoded.")
    error(adm.post(path, json={}), 400, '"%fieldName" is required. Enter and try again.',
          {"fieldName": "fileContent"})
    r = adm.post(path, json={"fileContent": {"base64_encoded_data": "eA==", "size": 1}})
    assert r.status_code == 400 and r.json()["parameters"][0] == "Size"
    error(adm.post(f"{METHOD}/987654/rates/import", json=csv_body("US,,,,,,,,,,,,1,0,0,0,1,A")), 404,
          "No such entity with %fieldName = %fieldValue", {"fieldName": "methodId", "fieldValue": 987654})
    assert ok(adm.get(RATES, params=by_method(method["id"])))["total_count"] == 1


def test_admin_routes_need_the_resource(srv, adm):
    method = new_method(adm)
    refused = {"message": "The consumer isn't authorized to access %resources.",
               "parameters": {"resources": RESOURCE}}
    other = limited_admin(srv, "Magento_Catalog::catalog")
    calls = [("POST", METHOD, {"method": {"name": "x"}}), ("PUT", f"{METHOD}/{method['id']}", {"method": {}}),
             ("GET", f"{METHOD}/{method['id']}", None), ("GET", METHODS + "?searchCriteria[pageSize]=5", None),
             ("POST", f"{METHOD}/{method['id']}/rates/import", csv_body("US,,,,,,,,,,,,1,0,0,0,1,A")),
             ("GET", RATES + "?searchCriteria[pageSize]=5", None), ("DELETE", f"{METHOD}/{method['id']}/rates", None),
             ("DELETE", f"{METHOD}/{method['id']}", None)]
    for token in (None, other):
        with srv.client(token, store="all") as c:
            for verb, path, body in calls:
                r = c.request(verb, path, json=body)
                assert (r.status_code, r.json()) == (401, refused), (verb, path)
    for verb, path, body in calls:
        assert adm.request(verb, path, json=body).status_code == 200, (verb, path)


def test_admin_writes_go_through_async_and_bulk(adm):
    name = unique("Async method ")
    r = adm.post("/async/V1/vendor_shippingtablerates/method", json={"method": {"name": name, "is_active": 0}})
    assert r.status_code == 202, r.text
    params = {"searchCriteria[filter_groups][0][filters][0][field]": "name",
              "searchCriteria[filter_groups][0][filters][0][value]": name}
    deadline = time.monotonic() + 20
    items: list = []
    while not items and time.monotonic() < deadline:
        items = ok(adm.get(METHODS, params=params))["items"]
        time.sleep(0.1)
    assert len(items) == 1 and items[0]["is_active"] == 0
    r = adm.request("DELETE", "/async/bulk/V1/vendor_shippingtablerates/method/byMethodId",
                    json=[{"methodId": items[0]["id"]}])
    assert r.status_code == 202, r.text
    deadline = time.monotonic() + 20
    while items and time.monotonic() < deadline:
        items = ok(adm.get(METHODS, params=params))["items"]
        time.sleep(0.1)
    assert items == []


def test_guests_are_refused(srv):
    r = httpx.get(srv.url + "/rest/all" + METHODS)
    assert r.status_code == 401


def test_imports_into_one_method_at_the_same_instant_take_turns(srv, token, adm):
    """Two imports of one file at once: neither collides with the other's rows (on PostgreSQL the second
    used to fail on the unique conditions key); replacing imports leave one copy, adding ones skip the
    rows already there as duplicates."""
    method = ok(adm.post(METHOD, json={"method": {"name": unique("Race "), "is_active": 1, "stores": "",
                                                  "cust_groups": "", "free_types": ""}}))
    path = f"{METHOD}/{method['id']}/rates/import"
    lines = ("US,,,,,,,,,,,,7,0,0,0,2,Air", "CA,,,,,,,,,,,,9,0,0,0,3,Road")

    def importing(delete_existing: bool):
        def call() -> httpx.Response:
            with srv.client(token, store="all") as c:
                return c.post(path, json=csv_body(*lines, delete_existing=delete_existing))
        return call

    for delete_existing in (True, False):
        answers = at_once(*[importing(delete_existing)] * 4)
        assert [a.status_code for a in answers] == [200] * 4, [a.text for a in answers]
        counts = sorted(a.json()["imported_count"] for a in answers)
        assert counts == ([2, 2, 2, 2] if delete_existing else [0, 0, 0, 0])
        assert ok(adm.get(RATES, params=by_method(method["id"])))["total_count"] == 2
    assert ok(adm.delete(f"{METHOD}/{method['id']}")) is True
