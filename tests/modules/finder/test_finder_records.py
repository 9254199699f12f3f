"""The finder's records over HTTP: finders, dropdowns, values, universal products and map rows (save,
PUT by path id, getById, getList, deletes with what they take along) and the errors of
docs/modules/finder.md."""
import time

import pytest

from tests.helpers import ok, unique

from .helpers import V, assign, chain_ids, new_finder, new_product, not_found, values

DROPDOWN_KEYS = ["dropdown_id", "finder_id", "pos", "name", "sort", "range", "display_type"]


def test_dropdown_example_create_rename_list_and_delete(admin):
    r = admin.post(f"{V}/dropdown", json={"dropdown": {"finder_id": 0, "pos": 3, "name": "Engine", "sort": 0,
                                                        "range": 0, "display_type": 0}})
    created = ok(r)
    dropdown_id = created["dropdown_id"]
    assert list(created) == DROPDOWN_KEYS
    assert created == {"dropdown_id": dropdown_id, "finder_id": 0, "pos": 3, "name": "Engine", "sort": 0,
                       "range": 0, "display_type": 0}

    # the path id decides; a body id is overwritten; keys not sent keep their values
    renamed = ok(admin.put(f"{V}/dropdown/{dropdown_id}", json={"dropdown": {"dropdown_id": 999999,
                                                                              "name": "Model line"}}))
    assert renamed == {**created, "name": "Model line"}
    assert ok(admin.get(f"{V}/dropdown", params={"id": dropdown_id})) == renamed
    # POST with the id of an existing record edits it
    assert ok(admin.post(f"{V}/dropdown", json={"dropdown": {"dropdown_id": dropdown_id, "sort": 3}}))["sort"] == 3

    listed = ok(admin.get(f"{V}/dropdown/all", params={"searchCriteria[pageSize]": 1}))
    assert isinstance(listed, list) and len(listed) >= 1
    assert [d["dropdown_id"] for d in listed] == sorted(d["dropdown_id"] for d in listed)
    assert {**renamed, "sort": 3} in listed

    assert ok(admin.delete(f"{V}/dropdown/{dropdown_id}")) is True
    r = admin.get(f"{V}/dropdown", params={"id": dropdown_id})
    assert r.status_code == 404 and r.json() == not_found("dropdown", dropdown_id)


def test_finder_defaults_edit_and_visibility(admin):
    name = unique("Finder ")
    created = ok(admin.post(f"{V}/finder", json={"finder": {"name": name}}))
    finder_id = created["finder_id"]
    assert created == {"finder_id": finder_id, "cnt": 0, "name": name, "template": "horizontal", "meta_title": "",
                       "meta_descr": "", "custom_url": "", "default_category": 0, "position": 0,
                       "finder_is_visible": 1}
    edited = ok(admin.put(f"{V}/finder/{finder_id}", json={"finder": {"cnt": 2, "template": "vertical",
                                                                        "finder_is_visible": ""}}))
    assert edited == {**created, "cnt": 2, "template": "vertical"}
    assert ok(admin.get(f"{V}/finder", params={"id": finder_id})) == edited
    assert edited in ok(admin.get(f"{V}/finder/all"))


@pytest.mark.parametrize("path,body,status,error", [
    ("finder", {"finder": {"name": "x", "hide_finder": 1}}, 400,
     {"message": 'Property "%1" does not have accessor method "%2" in class "%3".',
      "parameters": ["HideFinder", "getHideFinder", "Vendor\\Finder\\Api\\Data\\FinderInterface"]}),
    ("finder", {"finder": {"name": "x", "finder_is_visible": 0}}, 400,
     {"message": 'Property "%1" does not have corresponding setter in class "%2".',
      "parameters": ["FinderIsVisible", "Vendor\\Finder\\Api\\Data\\FinderInterface"]}),
    ("finder", {"finder": {"cnt": 1}}, 400,
     {"message": '"%fieldName" is required. Enter and try again.', "parameters": {"fieldName": "name"}}),
    ("finder", {"finder": {"name": "x", "default_category": 2}}, 400,
     {"message": 'Invalid value of "%value" provided for the %fieldName field.',
      "parameters": {"fieldName": "default_category", "value": 2}}),
    ("dropdown", {"dropdown": {"name": "x", "sort": 4}}, 400,
     {"message": 'Invalid value of "%value" provided for the %fieldName field.',
      "parameters": {"fieldName": "sort", "value": 4}}),
    ("dropdown", {"dropdown": {"name": "x", "display_type": 7}}, 400, None),
    ("dropdown", {"dropdown": {"name": "x", "range": 2}}, 400, None),
    ("dropdown", {"dropdown": {"name": "x", "pos": "first"}}, 400,
     {"message": 'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.',
      "parameters": {"value": "first", "type": "int"}}),
    ("dropdown", {"dropdown": {"name": "x", "image": "a.png"}}, 400, None),
    ("dropdown", {}, 400,
     {"message": '"%fieldName" is required. Enter and try again.', "parameters": {"fieldName": "dropdown"}}),
    ("dropdown", {"dropdown": "Make"}, 400, None),
    ("value", {"value": {"name": "Audi"}}, 400,
     {"message": '"%fieldName" is required. Enter and try again.', "parameters": {"fieldName": "dropdown_id"}}),
    ("value", {"value": {"dropdown_id": 99999999, "name": "Audi"}}, 404, not_found("dropdown", 99999999)),
    ("value", {"value": {"value_id": 99999999, "name": "Audi"}}, 404, not_found("value", 99999999)),
    ("universal", {"universal": {"finder_id": 99999999, "sku": "x"}}, 404, not_found("finder", 99999999)),
    ("map", {"map": {"value_id": 99999999, "sku": "x"}}, 404, not_found("value", 99999999)),
    ("finder", {"finder": {"finder_id": 99999999, "name": "x"}}, 404, not_found("finder", 99999999)),
])
def test_bad_saves(admin, path, body, status, error):
    before = {p: len(ok(admin.get(f"{V}/{p}/all"))) for p in ("finder", "dropdown", "value")}
    r = admin.post(f"{V}/{path}", json=body)
    assert r.status_code == status, r.text
    if error is not None:
        assert r.json() == error
    assert {p: len(ok(admin.get(f"{V}/{p}/all"))) for p in before} == before


@pytest.mark.parametrize("method,path", [
    ("PUT", "dropdown/{id}"), ("DELETE", "dropdown/{id}"), ("GET", "dropdown?id={id}"),
    ("PUT", "finder/{id}"), ("DELETE", "finder/{id}"), ("GET", "finder?id={id}"),
    ("PUT", "universal/{id}"), ("DELETE", "universal/{id}"), ("GET", "universal?id={id}"),
    ("PUT", "value/{id}"), ("DELETE", "value/{id}"), ("GET", "value?id={id}"),
    ("PUT", "map/{id}"), ("DELETE", "map/{id}"), ("GET", "map?id={id}"),
    ("DELETE", "importLog/{id}"), ("GET", "importLog?id={id}"),
    ("DELETE", "importLogErrors/{id}"), ("GET", "importLogErrors?id={id}"),
    ("DELETE", "importLogHistory/{id}"), ("GET", "importLogHistory?id={id}"),
])
def test_unknown_ids_are_404(admin, method, path):
    entity = path.split("/")[0].split("?")[0]
    key = {"dropdown": "dropdown", "finder": "finder", "universal": "universal", "value": "value", "map": "map"}
    body = {key[entity]: {"name": "x"}} if method == "PUT" else None
    if entity == "map" and body:
        body = {"map": {"sku": "x"}}
    if entity == "universal" and body:
        body = {"universal": {"sku": "x"}}
    r = admin.request(method, f"{V}/{path.format(id=99999999)}", json=body)
    assert r.status_code == 404, r.text
    label = {"importLog": "Import log", "importLogErrors": "Import error", "importLogHistory": "Import history"}
    assert r.json() == not_found(label.get(entity, entity), 99999999)


def test_get_by_id_needs_the_id(admin):
    r = admin.get(f"{V}/dropdown")
    assert r.status_code == 400
    assert r.json() == {"message": '"%fieldName" is required. Enter and try again.', "parameters": {"fieldName": "id"}}


def test_values_tree_duplicates_and_deletes(admin):
    finder, dropdowns = new_finder(admin)
    product = new_product(admin)
    ok(assign(admin, product["sku"], dropdowns, ["Audi", "A4", "2014"]))
    ok(assign(admin, product["sku"], dropdowns, ["Audi", "A6", "2015"]))
    audi, a4, y2014 = chain_ids(admin, dropdowns, ["Audi", "A4", "2014"])
    _, a6, y2015 = chain_ids(admin, dropdowns, ["Audi", "A6", "2015"])

    # a value of its own, then a duplicate of (dropdown, parent, name)
    make = dropdowns[0]["dropdown_id"]
    bmw = ok(admin.post(f"{V}/value", json={"value": {"dropdown_id": make, "name": "BMW"}}))
    assert bmw == {"value_id": bmw["value_id"], "parent_id": 0, "dropdown_id": make, "name": "BMW"}
    r = admin.post(f"{V}/value", json={"value": {"dropdown_id": make, "name": "BMW"}})
    assert r.status_code == 400 and r.json()["message"] == "Unable to save new value. Error: %1"
    r = admin.put(f"{V}/value/{bmw['value_id']}", json={"value": {"name": "Audi"}})
    assert r.status_code == 400 and r.json()["message"] == "Unable to save value with ID %1. Error: %2"
    assert r.json()["parameters"][0] == bmw["value_id"]
    assert ok(admin.put(f"{V}/value/{bmw['value_id']}", json={"value": {"name": "BMW Group"}}))["name"] == "BMW Group"

    # deleteById checks the finder and that the value belongs to it
    other, _ = new_finder(admin, names=("Brand",))
    r = admin.delete(f"{V}/value/{a4}/99999999")
    assert r.status_code == 404 and r.json() == not_found("finder", 99999999)
    r = admin.delete(f"{V}/value/{a4}/{other['finder_id']}")
    assert r.status_code == 400 and r.json()["message"] == "Unable to remove value with ID %1. Error: %2"
    assert ok(admin.delete(f"{V}/value/{a4}/{finder['finder_id']}")) is True
    left = {v["value_id"] for v in values(admin)}
    assert a4 not in left and y2014 not in left and {audi, a6, y2015} <= left
    mapped = {m["value_id"] for m in ok(admin.get(f"{V}/map/all"))}
    assert y2014 not in mapped and y2015 in mapped

    # deleteOnlyValue takes the whole subtree and its map rows
    assert ok(admin.delete(f"{V}/value/{audi}")) is True
    left = {v["value_id"] for v in values(admin)}
    assert not {audi, a6, y2015} & left
    assert y2015 not in {m["value_id"] for m in ok(admin.get(f"{V}/map/all"))}


def test_deleting_a_finder_takes_its_dropdowns_values_maps_and_universal_products(admin):
    finder, dropdowns = new_finder(admin)
    product = new_product(admin)
    ok(assign(admin, product["sku"], dropdowns, ["Ford", "Focus", "2019"]))
    ids = chain_ids(admin, dropdowns, ["Ford", "Focus", "2019"])
    universal = ok(admin.post(f"{V}/universal", json={"universal": {"finder_id": finder["finder_id"],
                                                                     "pid": product["id"]}}))
    assert universal == {"universal_id": universal["universal_id"], "finder_id": finder["finder_id"],
                         "sku": product["sku"], "pid": product["id"]}
    assert ok(admin.delete(f"{V}/finder/{finder['finder_id']}")) is True
    assert admin.get(f"{V}/finder", params={"id": finder["finder_id"]}).status_code == 404
    assert not {d["dropdown_id"] for d in dropdowns} & {d["dropdown_id"] for d in ok(admin.get(f"{V}/dropdown/all"))}
    assert not set(ids) & {v["value_id"] for v in values(admin)}
    assert ids[-1] not in {m["value_id"] for m in ok(admin.get(f"{V}/map/all"))}
    assert admin.get(f"{V}/universal", params={"id": universal["universal_id"]}).status_code == 404


def test_universal_and_map_records(admin):
    finder, dropdowns = new_finder(admin, names=("Make",))
    first, second = new_product(admin), new_product(admin)
    universal = ok(admin.post(f"{V}/universal", json={"universal": {"finder_id": finder["finder_id"],
                                                                     "sku": first["sku"]}}))
    assert universal["pid"] == first["id"]
    moved = ok(admin.put(f"{V}/universal/{universal['universal_id']}", json={"universal": {"sku": second["sku"]}}))
    assert moved == {**universal, "sku": second["sku"], "pid": second["id"]}
    assert moved in ok(admin.get(f"{V}/universal/all"))
    r = admin.post(f"{V}/universal", json={"universal": {"finder_id": finder["finder_id"], "sku": "NO-SUCH-SKU"}})
    assert r.status_code == 404 and r.json() == {
        "message": "The product that was requested doesn't exist. Verify the product and try again."}
    r = admin.post(f"{V}/universal", json={"universal": {"finder_id": finder["finder_id"]}})
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "sku"}
    assert ok(admin.delete(f"{V}/universal/{universal['universal_id']}")) is True

    value = ok(admin.post(f"{V}/value", json={"value": {"dropdown_id": dropdowns[0]["dropdown_id"], "name": "Kia"}}))
    row = ok(admin.post(f"{V}/map", json={"map": {"value_id": value["value_id"], "sku": first["sku"]}}))
    assert row == {"id": row["id"], "value_id": value["value_id"], "pid": first["id"], "sku": first["sku"]}
    # the same pair again keeps one row
    assert ok(admin.post(f"{V}/map", json={"map": {"value_id": value["value_id"], "pid": first["id"]}})) == row
    # saveMap, both spellings; idempotent
    assert ok(admin.post(f"{V}/map/saveMap", json={"valueId": value["value_id"], "sku": second["sku"]})) is True
    assert ok(admin.put(f"{V}/map/saveMap:id", json={"value_id": value["value_id"], "sku": second["sku"]})) is True
    rows = [m for m in ok(admin.get(f"{V}/map/all")) if m["value_id"] == value["value_id"]]
    assert [m["pid"] for m in rows] == [first["id"], second["id"]]
    # PUT by the path id; moving onto a pair that exists is a save error
    r = admin.put(f"{V}/map/{row['id']}", json={"map": {"sku": second["sku"]}})
    assert r.status_code == 400 and r.json()["message"] == "Unable to save map with ID %1. Error: %2"
    r = admin.post(f"{V}/map/saveMap", json={"valueId": 99999999, "sku": first["sku"]})
    assert r.status_code == 404 and r.json() == not_found("value", 99999999)
    r = admin.post(f"{V}/map/saveMap", json={"sku": first["sku"]})
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "valueId"}
    assert ok(admin.get(f"{V}/map", params={"id": row["id"]})) == row
    assert ok(admin.delete(f"{V}/map/{row['id']}")) is True


def test_admin_writes_through_async_and_bulk(admin):
    name = unique("Async ")
    r = admin.post(f"/async{V}/dropdown", json={"dropdown": {"name": name}})
    assert r.status_code == 202, r.text
    r = admin.post(f"/async/bulk{V}/dropdown", json=[{"dropdown": {"name": name + "-bulk"}}])
    assert r.status_code == 202, r.text
    deadline = time.monotonic() + 20
    names: set = set()
    while time.monotonic() < deadline and not {name, name + "-bulk"} <= names:
        time.sleep(0.2)
        names = {d["name"] for d in ok(admin.get(f"{V}/dropdown/all"))}
    assert {name, name + "-bulk"} <= names


@pytest.mark.parametrize("path,body,message", [
    ("dropdown", {"dropdown": {"name": "x" * 256}}, "Unable to save new dropdown. Error: %1"),
    ("finder", {"finder": {"name": "x", "position": 2 ** 31}},
     'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.'),
    ("finder", {"finder": {"name": "x", "cnt": -1}}, 'Invalid value of "%value" provided for the %fieldName field.'),
])
def test_values_beyond_the_columns_are_400s_on_every_database(admin, path, body, message):
    r = admin.post(f"{V}/{path}", json=body)
    assert r.status_code == 400 and r.json()["message"] == message, r.text


def test_a_too_long_value_name_in_save_product_is_a_400(admin):
    _, dropdowns = new_finder(admin, names=("Make",))
    product = new_product(admin)
    r = assign(admin, product["sku"], dropdowns, ["x" * 256])   # refused by the write check, as every write
    assert r.status_code == 400 and r.json() == {
        "message": 'The value of "%1" is longer than %2 characters.', "parameters": ["name", 255]}, r.text
