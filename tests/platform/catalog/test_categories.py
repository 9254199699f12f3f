"""Categories over HTTP: the tree, records, moves, deletes of subtrees, product assignment."""
import sqlalchemy as sa

from tests.helpers import unique
from tests.helpers.quote import error, product


def category(admin, name: str | None = None, parent_id: int | None = None, **fields) -> dict:
    body = {"name": name or unique("Cat "), "is_active": True, **fields}
    if parent_id is not None:
        body["parent_id"] = parent_id
    r = admin.post("/V1/categories", json={"category": body})
    assert r.status_code == 200, r.text
    return r.json()


def test_seeded_roots_and_create(admin):
    r = admin.get("/V1/categories/1")
    assert r.status_code == 200, r.text
    assert (r.json()["name"], r.json()["level"], r.json()["path"], r.json()["parent_id"]) == ("Root Catalog", 0, "1", 0)
    root = admin.get("/V1/categories/2").json()
    assert (root["name"], root["level"], root["path"], root["parent_id"]) == ("Default Category", 1, "1/2", 1)

    c = category(admin, "Summer Sale", custom_attributes=[{"attribute_code": "description", "value": "<p>Hot</p>"}],
                 available_sort_by=["position", "name"], include_in_menu=False)
    assert c["parent_id"] == 2 and c["level"] == 2 and c["path"] == f"1/2/{c['id']}"
    assert c["is_active"] is True and c["include_in_menu"] is False
    assert c["available_sort_by"] == ["position", "name"]
    attrs = {a["attribute_code"]: a["value"] for a in c["custom_attributes"]}
    assert attrs["url_key"] == "summer-sale" and attrs["description"] == "<p>Hot</p>"
    assert c["created_at"] and c["updated_at"]
    child = category(admin, "Shoes", c["id"])
    assert child["level"] == 3 and child["path"] == f"1/2/{c['id']}/{child['id']}"
    got = admin.get(f"/V1/categories/{c['id']}").json()
    assert got["children"] == str(child["id"])
    assert {"attribute_code": "children_count", "value": "1"} in got["custom_attributes"]


def test_update_keeps_what_is_not_sent_and_path_id_decides(admin):
    c = category(admin, "Winter")
    other = category(admin, "Other")
    r = admin.put(f"/V1/categories/{c['id']}", json={"category": {"id": other["id"], "name": "Winter Sale"}})
    assert r.status_code == 200, r.text
    assert r.json()["id"] == c["id"] and r.json()["name"] == "Winter Sale" and r.json()["is_active"] is True
    assert admin.get(f"/V1/categories/{other['id']}").json()["name"] == "Other"
    # what a client read may be sent back: computed keys are ignored
    got = admin.get(f"/V1/categories/{c['id']}").json()
    r = admin.put(f"/V1/categories/{c['id']}", json={"category": {**got, "level": 9, "path": "1/9", "name": "Echo"}})
    assert r.status_code == 200, r.text
    assert (r.json()["name"], r.json()["level"], r.json()["path"]) == ("Echo", got["level"], got["path"])


def test_bad_input(admin):
    error(admin.get("/V1/categories/987654"), 404, "No such entity with %fieldName = %fieldValue",
          {"fieldName": "id", "fieldValue": 987654})
    error(admin.post("/V1/categories", json={"category": {"name": "  "}}), 400, "Could not save category: %1")
    error(admin.post("/V1/categories", json={"category": {"name": "X", "parent_id": 987654}}), 404,
          "No such entity with %fieldName = %fieldValue")
    error(admin.post("/V1/categories", json={"category": {"name": "X", "custom_attributes": [
        {"attribute_code": "url_key", "value": "Not Valid!"}]}}), 400,
        'Invalid value of "%value" provided for the %fieldName field.')
    error(admin.delete("/V1/categories/2"), 400, "Cannot delete category with id %1", [2])
    error(admin.delete("/V1/categories/1"), 400, "Cannot delete category with id %1", [1])
    error(admin.put("/V1/categories/2/move", json={"parentId": 1}), 400, "Cannot move category with id %1", [2])


def test_tree_with_depth_and_product_counts(admin, server, admin_token):
    top = category(admin, "Tree top")
    a = category(admin, "A", top["id"])
    b = category(admin, "B", top["id"])
    a1 = category(admin, "A1", a["id"])
    p = product(server, admin_token)
    assert admin.post(f"/V1/categories/{a['id']}/products",
                      json={"productLink": {"sku": p["sku"], "position": 3}}).json() is True
    r = admin.get("/V1/categories", params={"rootCategoryId": top["id"]})
    assert r.status_code == 200, r.text
    tree = r.json()
    assert (tree["id"], tree["level"], tree["product_count"]) == (top["id"], 2, 0)
    assert [c["id"] for c in tree["children_data"]] == [a["id"], b["id"]]
    assert tree["children_data"][0]["product_count"] == 1
    assert [c["id"] for c in tree["children_data"][0]["children_data"]] == [a1["id"]]
    shallow = admin.get("/V1/categories", params={"rootCategoryId": top["id"], "depth": 1}).json()
    assert shallow["children_data"][0]["children_data"] == []
    default = admin.get("/V1/categories").json()
    assert default["id"] == 2 and top["id"] in [c["id"] for c in default["children_data"]]


def test_list_with_search_criteria(admin):
    parent = category(admin, "List parent")
    names = [category(admin, n, parent["id"])["name"] for n in ("Lb", "La", "Lc")]
    r = admin.get("/V1/categories/list", params={
        "searchCriteria[filterGroups][0][filters][0][field]": "parent_id",
        "searchCriteria[filterGroups][0][filters][0][value]": parent["id"],
        "searchCriteria[sortOrders][0][field]": "name", "searchCriteria[sortOrders][0][direction]": "ASC"})
    assert r.status_code == 200, r.text
    assert [c["name"] for c in r.json()["items"]] == sorted(names) and r.json()["total_count"] == 3


def test_move_rewrites_subtree_and_refuses_cycles(admin):
    a = category(admin, "Move A")
    b = category(admin, "Move B")
    a1 = category(admin, "Move A1", a["id"])
    a11 = category(admin, "Move A11", a1["id"])
    b1 = category(admin, "Move B1", b["id"])
    r = admin.put(f"/V1/categories/{a['id']}/move", json={"parentId": b["id"], "afterId": 0})
    assert r.status_code == 200 and r.json() is True, r.text
    moved = admin.get(f"/V1/categories/{a['id']}").json()
    assert (moved["parent_id"], moved["level"], moved["path"]) == (b["id"], 3, f"1/2/{b['id']}/{a['id']}")
    deep = admin.get(f"/V1/categories/{a11['id']}").json()
    assert deep["level"] == 5 and deep["path"] == f"1/2/{b['id']}/{a['id']}/{a1['id']}/{a11['id']}"
    assert admin.get(f"/V1/categories/{b['id']}").json()["children"] == f"{a['id']},{b1['id']}"
    for target in (a11["id"], a["id"]):
        error(admin.put(f"/V1/categories/{a['id']}/move", json={"parentId": target}), 400,
              "Operation do not allow to move a parent category to any of children category")
    error(admin.put(f"/V1/categories/{a['id']}/move", json={"parentId": 987654}), 404,
          "No such entity with %fieldName = %fieldValue")
    # a save with another parent moves the subtree too
    r = admin.put(f"/V1/categories/{a1['id']}", json={"category": {"parent_id": 2}})
    assert r.status_code == 200, r.text
    assert (r.json()["level"], r.json()["path"]) == (2, f"1/2/{a1['id']}")
    assert admin.get(f"/V1/categories/{a11['id']}").json()["path"] == f"1/2/{a1['id']}/{a11['id']}"


def test_delete_takes_the_subtree_and_its_product_links(admin, server, admin_token, sql):
    top = category(admin, "Del top")
    child = category(admin, "Del child", top["id"])
    grandchild = category(admin, "Del grandchild", child["id"])
    p = product(server, admin_token)
    admin.post(f"/V1/categories/{grandchild['id']}/products", json={"productLink": {"sku": p["sku"]}})
    r = admin.delete(f"/V1/categories/{top['id']}")
    assert r.status_code == 200 and r.json() is True, r.text
    for cid in (top["id"], child["id"], grandchild["id"]):
        assert admin.get(f"/V1/categories/{cid}").status_code == 404
    links = admin.get(f"/V1/products/{p['sku']}").json()["extension_attributes"]["category_links"]
    assert str(grandchild["id"]) not in [x["category_id"] for x in links]
    with sql.connect() as c:
        assert c.execute(sa.text("SELECT count(*) FROM catalog_category_product WHERE category_id = :c"),
                         {"c": grandchild["id"]}).scalar() == 0
    error(admin.delete(f"/V1/categories/{top['id']}"), 404, "No such entity with %fieldName = %fieldValue")


def test_assign_list_and_remove_products(admin, server, admin_token):
    c = category(admin, "Links")
    p1, p2 = product(server, admin_token), product(server, admin_token)
    assert admin.post(f"/V1/categories/{c['id']}/products",
                      json={"productLink": {"sku": p1["sku"], "position": 2}}).json() is True
    assert admin.put(f"/V1/categories/{c['id']}/products",
                     json={"productLink": {"sku": p2["sku"], "position": 1, "category_id": "1"}}).json() is True
    r = admin.get(f"/V1/categories/{c['id']}/products")
    assert r.json() == [{"sku": p2["sku"], "position": 1, "category_id": str(c["id"])},
                        {"sku": p1["sku"], "position": 2, "category_id": str(c["id"])}]
    got = admin.get(f"/V1/products/{p1['sku']}").json()
    assert {"position": 2, "category_id": str(c["id"])} in got["extension_attributes"]["category_links"]
    assert str(c["id"]) in next(a["value"] for a in got["custom_attributes"] if a["attribute_code"] == "category_ids")
    assert admin.delete(f"/V1/categories/{c['id']}/products/{p1['sku']}").json() is True
    assert [x["sku"] for x in admin.get(f"/V1/categories/{c['id']}/products").json()] == [p2["sku"]]
    error(admin.delete(f"/V1/categories/{c['id']}/products/{p1['sku']}"), 400,
          "The category doesn't contain the specified product.")
    error(admin.post(f"/V1/categories/{c['id']}/products", json={"productLink": {"sku": "no-such-sku"}}), 404,
          "The product that was requested doesn't exist. Verify the product and try again.")
    error(admin.post("/V1/categories/987654/products", json={"productLink": {"sku": p1["sku"]}}), 404,
          "No such entity with %fieldName = %fieldValue")
    error(admin.get("/V1/categories/987654/products"), 404, "No such entity with %fieldName = %fieldValue")


def test_product_category_links_on_save(admin, server, admin_token):
    c1, c2 = category(admin, "PL1"), category(admin, "PL2")
    sku = unique("SKU-")
    r = admin.post("/V1/products", json={"product": {
        "sku": sku, "name": "Linked", "price": 10,
        "extension_attributes": {"category_links": [{"position": 4, "category_id": str(c1["id"])},
                                                    {"position": 0, "category_id": str(c2["id"])}]}}})
    assert r.status_code == 200, r.text
    links = r.json()["extension_attributes"]["category_links"]
    assert sorted((x["category_id"], x["position"]) for x in links) == sorted(
        [(str(c1["id"]), 4), (str(c2["id"]), 0)])
    assert [x["sku"] for x in admin.get(f"/V1/categories/{c1['id']}/products").json()] == [sku]
    # category_ids replaces the set and keeps the positions of categories that stay
    r = admin.put(f"/V1/products/{sku}", json={"product": {"custom_attributes": [
        {"attribute_code": "category_ids", "value": [str(c1["id"])]}]}})
    assert r.json()["extension_attributes"]["category_links"] == [{"position": 4, "category_id": str(c1["id"])}]
    r = admin.get("/V1/products", params={"searchCriteria[filterGroups][0][filters][0][field]": "category_id",
                                          "searchCriteria[filterGroups][0][filters][0][value]": c1["id"]})
    assert [p["sku"] for p in r.json()["items"]] == [sku]
    error(admin.put(f"/V1/products/{sku}", json={"product": {"extension_attributes": {
        "category_links": [{"position": 0, "category_id": "987654"}]}}}), 404,
        "No such entity with %fieldName = %fieldValue")


def test_acl_and_guests(server, guest):
    r = guest.get("/V1/categories/2")
    assert r.status_code == 401
    r = guest.post("/V1/categories", json={"category": {"name": "Nope"}})
    assert r.status_code == 401


def test_events_reach_observers(admin, server):
    """The test module counts catalog_category_save_after / _delete_after per category."""
    top = category(admin, "Observed")
    child = category(admin, "Observed child", top["id"])
    admin.delete(f"/V1/categories/{top['id']}")
    r = admin.get("/V1/vdtest/category-events")
    assert r.status_code == 200, r.text
    seen = r.json()
    assert f"save:{top['id']}" in seen and f"save:{child['id']}" in seen
    assert f"delete:{top['id']}" in seen and f"delete:{child['id']}" in seen
    assert seen.index(f"delete:{child['id']}") < seen.index(f"delete:{top['id']}")


def test_a_product_names_only_categories_that_exist(admin, server, admin_token):
    p = product(server, admin_token)
    for body in ({"custom_attributes": [{"attribute_code": "category_ids", "value": ["987654"]}]},
                 {"extension_attributes": {"category_links": [{"category_id": "987654", "position": 0}]}}):
        r = admin.put(f"/V1/products/{p['sku']}", json={"product": {"sku": p["sku"], **body}})
        error(r, 404, "No such entity with %fieldName = %fieldValue")
    c = admin.post("/V1/categories", json={"category": {"name": unique("Later "), "parent_id": 2}}).json()
    assert admin.get(f"/V1/categories/{c['id']}/products").json() == []  # nothing was waiting for its id
