"""The finder at work over HTTP: products assigned to chains (saveProduct, imports) and found again by
a chain of chosen values (product/find), universal products and their settings, imports with their
log, history and errors, the scheduled import run, and a deleted product leaving the finder."""
import base64

import pytest

from tests.helpers import ok
from tests.helpers.harness import set_config

from .helpers import V, assign, chain_ids, csv_file, find, new_finder, new_product, not_found, values

PRODUCT_KEYS = {"id", "sku", "name", "attribute_set_id", "price", "status", "visibility", "type_id", "created_at",
                "updated_at", "extension_attributes"}


def test_save_product_then_find_by_finished_and_partial_chains(admin):
    finder, dropdowns = new_finder(admin)
    pad, disc, other = new_product(admin, "39.90"), new_product(admin), new_product(admin)
    assert assign(admin, pad["sku"], dropdowns, ["Audi", "A4", "2014"]).json() is True
    # the same chain again creates nothing new (idempotent)
    before = len(values(admin))
    assert ok(assign(admin, pad["sku"], dropdowns, ["Audi", "A4", "2014"])) is True
    assert len(values(admin)) == before
    ok(assign(admin, disc["sku"], dropdowns, ["Audi", "A4", "2015"]))
    ok(assign(admin, other["sku"], dropdowns, ["Audi", "A6", "2014"]))

    audi, a4, y2014 = chain_ids(admin, dropdowns, ["Audi", "A4", "2014"])
    found = find(admin, dropdowns, [audi, a4, y2014])
    assert [p["sku"] for p in found] == [pad["sku"]]
    assert PRODUCT_KEYS <= set(found[0]) and found[0]["price"] == 39.9
    assert found[0] == ok(admin.get(f"/V1/products/{pad['sku']}"))

    assert [p["id"] for p in find(admin, dropdowns, [audi, a4])] == [pad["id"], disc["id"]]
    assert [p["id"] for p in find(admin, dropdowns, [audi])] == [pad["id"], disc["id"], other["id"]]

    # an unknown value id, or one that is no number: nothing
    assert find(admin, dropdowns, [audi, 99999999]) == []
    assert find(admin, dropdowns, ["A4"]) == []
    assert find(admin, dropdowns, ["9" * 30]) == []
    # no options: every product of the catalogue
    everything = ok(admin.post(f"{V}/product/find", json={"finderOptions": []}))
    assert {pad["id"], disc["id"], other["id"]} <= {p["id"] for p in everything}
    assert [p["id"] for p in everything] == sorted(p["id"] for p in everything)


def test_finder_cnt_decides_whether_a_chain_is_finished(admin):
    finder, dropdowns = new_finder(admin, cnt=2)
    first, second = new_product(admin), new_product(admin)
    ok(assign(admin, first["sku"], dropdowns, ["VW", "Golf", "2010"]))
    ok(assign(admin, second["sku"], dropdowns, ["VW", "Golf"]))
    vw, golf, y2010 = chain_ids(admin, dropdowns, ["VW", "Golf", "2010"])
    # cnt 2 and two options: a finished chain, only what is mapped to Golf itself
    assert [p["id"] for p in find(admin, dropdowns, [vw, golf])] == [second["id"]]
    ok(admin.put(f"{V}/finder/{finder['finder_id']}", json={"finder": {"cnt": 3}}))
    assert [p["id"] for p in find(admin, dropdowns, [vw, golf])] == [first["id"], second["id"]]


def test_save_product_chain_order_comes_from_dropdown_ids(admin):
    finder, dropdowns = new_finder(admin)
    product = new_product(admin)
    shuffled = [{"dropdown_id": dropdowns[2]["dropdown_id"], "value": "2020"},
                {"dropdown_id": dropdowns[0]["dropdown_id"], "value": "Seat"},
                {"dropdown_id": dropdowns[1]["dropdown_id"], "value": "Leon"}]
    assert ok(admin.post(f"{V}/saveProduct", json={"sku": product["sku"], "dropdowns": shuffled})) is True
    ids = chain_ids(admin, dropdowns, ["Seat", "Leon", "2020"])
    assert [p["id"] for p in find(admin, dropdowns, ids)] == [product["id"]]


@pytest.mark.parametrize("body,status,error", [
    ({"sku": "x", "dropdowns": []}, 400,
     {"message": '"%fieldName" is required. Enter and try again.', "parameters": {"fieldName": "dropdowns"}}),
    ({"dropdowns": [{"dropdown_id": 1, "value": "Audi"}]}, 400,
     {"message": '"%fieldName" is required. Enter and try again.', "parameters": {"fieldName": "sku"}}),
    ({"sku": "x", "dropdowns": [{"dropdown_id": 99999999, "value": "Audi"}]}, 404, not_found("dropdown", 99999999)),
    ({"sku": "x", "dropdowns": [{"id": 1, "value": "Audi"}]}, 400, None),
    ({"sku": "NO-SUCH-SKU", "dropdowns": "FIRST"}, 400, None),
])
def test_save_product_errors(admin, body, status, error):
    r = admin.post(f"{V}/saveProduct", json=body)
    assert r.status_code == status, r.text
    if error is not None:
        assert r.json() == error


def test_save_product_unknown_sku_or_dropdown_stores_nothing(admin):
    _, dropdowns = new_finder(admin)
    before = len(values(admin))
    r = assign(admin, "NO-SUCH-SKU", dropdowns, ["Opel", "Astra", "2001"])
    assert r.status_code == 404 and "product that was requested" in r.json()["message"]
    product = new_product(admin)
    r = admin.post(f"{V}/saveProduct", json={"sku": product["sku"], "dropdowns": [
        {"dropdown_id": dropdowns[0]["dropdown_id"], "value": "Opel"}, {"dropdown_id": 99999999, "value": "x"}]})
    assert r.status_code == 404 and r.json() == not_found("dropdown", 99999999)
    assert len(values(admin)) == before


def test_find_errors(admin):
    r = admin.post(f"{V}/product/find", json={"finderOptions": [{"dropdown_id": 99999999, "value": "1"}]})
    assert r.status_code == 404 and r.json() == not_found("dropdown", 99999999)
    r = admin.post(f"{V}/product/find", json={})
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "finderOptions"}
    r = admin.post(f"{V}/product/find", json={"finderOptions": [{"id": 1, "value": "1"}]})
    assert r.status_code == 400


def test_universal_products_follow_the_settings(sql, admin):
    finder, dropdowns = new_finder(admin, cnt=1, names=("Make",))
    mapped, universal = new_product(admin), new_product(admin)
    ok(assign(admin, mapped["sku"], dropdowns, ["Skoda"]))
    ok(admin.post(f"{V}/universal", json={"universal": {"finder_id": finder["finder_id"], "sku": universal["sku"]}}))
    [skoda] = chain_ids(admin, dropdowns, ["Skoda"])
    # on by default, ordered by product id with the mapped ones
    assert [p["id"] for p in find(admin, dropdowns, [skoda])] == [mapped["id"], universal["id"]]
    try:
        set_config(sql, "vendor_finder/advanced/universal", "0")
        assert [p["id"] for p in find(admin, dropdowns, [skoda])] == [mapped["id"]]
        set_config(sql, "vendor_finder/advanced/universal", "1")
        # universal last: a universal product with a lower id than a mapped one comes after it
        early = new_product(admin)
        ok(admin.post(f"{V}/universal", json={"universal": {"finder_id": finder["finder_id"], "pid": universal["id"]}}))
        newest = new_product(admin)
        ok(assign(admin, newest["sku"], dropdowns, ["Skoda"]))
        ok(admin.post(f"{V}/universal", json={"universal": {"finder_id": finder["finder_id"], "sku": early["sku"]}}))
        assert [p["id"] for p in find(admin, dropdowns, [skoda])] == [mapped["id"], universal["id"], early["id"],
                                                                      newest["id"]]
        set_config(sql, "vendor_finder/advanced/universal_last", "1")
        assert [p["id"] for p in find(admin, dropdowns, [skoda])] == [mapped["id"], newest["id"], universal["id"],
                                                                      early["id"]]
    finally:
        set_config(sql, "vendor_finder/advanced/universal", "1")
        set_config(sql, "vendor_finder/advanced/universal_last", "0")


def test_import_of_make_model_year_rows_then_a_chained_search(admin):
    finder, dropdowns = new_finder(admin)
    pad, disc = new_product(admin), new_product(admin)
    text = (f"make,model,year,sku\n"
            f"Audi,A4,2014,{pad['sku']}\n"
            f"Audi,A4,2014,{disc['sku']}\n"
            f"\n"
            f"\"Audi\",A6,2016,{disc['sku']}\n")
    log = ok(admin.post(f"{V}/finder/{finder['finder_id']}/import", json=csv_file(text)))
    assert log["file_name"] == "parts.csv" and log["finder_id"] == str(finder["finder_id"])
    assert log["status"] == 0 and log["is_locked"] == 0 and log["count_lines"] == 4 and log["count_errors"] == 0
    assert ok(admin.get(f"{V}/importLog", params={"id": log["file_id"]})) == log
    assert log in ok(admin.get(f"{V}/importLog/all"))

    history = ok(admin.post(f"{V}/importLog/{log['file_id']}/run"))
    assert history["count_errors"] == 0 and history["count_processing_lines"] == 3
    assert history["count_processing_rows"] == 3 and history["count_lines"] == 4
    assert history["finder_id"] == str(finder["finder_id"]) and history["ended_at"]
    assert ok(admin.get(f"{V}/importLogHistory", params={"id": history["file_id"]})) == history
    assert history in ok(admin.get(f"{V}/importLogHistory/all"))
    assert admin.get(f"{V}/importLog", params={"id": log["file_id"]}).status_code == 404

    ids = chain_ids(admin, dropdowns, ["Audi", "A4", "2014"])
    assert [p["sku"] for p in find(admin, dropdowns, ids)] == [pad["sku"], disc["sku"]]
    assert [p["sku"] for p in find(admin, dropdowns, ids[:1])] == [pad["sku"], disc["sku"]]
    assert ok(admin.delete(f"{V}/importLogHistory/{history['file_id']}")) is True
    assert admin.get(f"{V}/importLogHistory", params={"id": history["file_id"]}).status_code == 404


def test_a_malformed_import_row_is_reported_by_line_and_nothing_is_stored(admin):
    finder, dropdowns = new_finder(admin)
    pad = new_product(admin)
    text = (f"BMW,X5,2018,{pad['sku']}\n"
            f"BMW,X5,{pad['sku']}\n"
            f"BMW,,2019,{pad['sku']}\n"
            f"BMW,X3,2019,NO-SUCH-SKU\n")
    before = (len(values(admin)), len(ok(admin.get(f"{V}/map/all"))))
    log = ok(admin.post(f"{V}/finder/{finder['finder_id']}/import", json=csv_file(text, "broken.csv")))
    history = ok(admin.post(f"{V}/importLog/{log['file_id']}/run"))
    assert history["count_errors"] == 3 and history["count_processing_rows"] == 0
    assert (len(values(admin)), len(ok(admin.get(f"{V}/map/all")))) == before

    errors = [e for e in ok(admin.get(f"{V}/importLogErrors/all"))
              if e["import_file_log_history_id"] == int(history["file_id"])]
    assert [e["line"] for e in errors] == [2, 3, 4]
    assert errors[0]["message"] == "Expected 4 cells (one per dropdown and the SKU), found 3."
    assert errors[1]["message"] == "Column 2 has no value."
    assert errors[2]["message"] == 'The product with SKU "NO-SUCH-SKU" does not exist.'
    assert all(e["import_file_log_id"] == int(log["file_id"]) and e["created_at"] for e in errors)
    assert ok(admin.get(f"{V}/importLogErrors", params={"id": errors[0]["error_id"]})) == errors[0]
    assert ok(admin.delete(f"{V}/importLogErrors/{errors[0]['error_id']}")) is True
    # deleting the history takes its other errors along
    assert ok(admin.delete(f"{V}/importLogHistory/{history['file_id']}")) is True
    left = {e["error_id"] for e in ok(admin.get(f"{V}/importLogErrors/all"))}
    assert not {e["error_id"] for e in errors} & left


def test_import_upload_errors_and_queue_delete(admin):
    finder, _ = new_finder(admin, names=("Make",))
    r = admin.post(f"{V}/finder/99999999/import", json=csv_file("a,b\n"))
    assert r.status_code == 404 and r.json() == not_found("finder", 99999999)
    r = admin.post(f"{V}/finder/{finder['finder_id']}/import", json={"file": {"name": "x.csv",
                                                                              "base64_encoded_data": "%%%"}})
    assert r.status_code == 400
    r = admin.post(f"{V}/finder/{finder['finder_id']}/import", json={"file": {"name": "x.csv"}})
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "base64_encoded_data"}
    # a file name longer than the log's column: the write check's 400, nothing queued
    r = admin.post(f"{V}/finder/{finder['finder_id']}/import", json=csv_file("Kia,SKU-1\n", "n" * 252 + ".csv"))
    assert r.status_code == 400 and r.json() == {
        "message": 'The value of "%1" is longer than %2 characters.', "parameters": ["file_name", 255]}, r.text
    r = admin.post(f"{V}/importLog/99999999/run")
    assert r.status_code == 404 and r.json() == not_found("Import log", 99999999)
    log = ok(admin.post(f"{V}/finder/{finder['finder_id']}/import", json=csv_file("Kia,SKU-1\n")))
    assert ok(admin.delete(f"{V}/importLog/{log['file_id']}")) is True
    assert admin.get(f"{V}/importLog", params={"id": log["file_id"]}).status_code == 404


def test_the_scheduled_job_runs_queued_imports(server, admin):
    finder, dropdowns = new_finder(admin, cnt=1, names=("Make",))
    product = new_product(admin)
    data = base64.b64encode(f"Lada,{product['sku']}\n".encode()).decode()
    log = ok(admin.post(f"{V}/finder/{finder['finder_id']}/import",
                        json={"file": {"name": "cron.csv", "base64_encoded_data": data}}))
    server.cli("cron", "run", "--job", "vendor_finder_import")
    assert admin.get(f"{V}/importLog", params={"id": log["file_id"]}).status_code == 404
    [lada] = chain_ids(admin, dropdowns, ["Lada"])
    assert [p["id"] for p in find(admin, dropdowns, [lada])] == [product["id"]]
    assert any(h["file_name"] == "cron.csv" and h["finder_id"] == str(finder["finder_id"])
               for h in ok(admin.get(f"{V}/importLogHistory/all")))


def test_a_deleted_product_leaves_maps_and_universal_products(admin):
    finder, dropdowns = new_finder(admin, cnt=1, names=("Make",))
    product = new_product(admin)
    ok(assign(admin, product["sku"], dropdowns, ["Dacia"]))
    universal = ok(admin.post(f"{V}/universal", json={"universal": {"finder_id": finder["finder_id"],
                                                                     "sku": product["sku"]}}))
    ok(admin.delete(f"/V1/products/{product['sku']}"))
    assert product["id"] not in {m["pid"] for m in ok(admin.get(f"{V}/map/all"))}
    assert admin.get(f"{V}/universal", params={"id": universal["universal_id"]}).status_code == 404
