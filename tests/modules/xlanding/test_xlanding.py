"""Landing pages over HTTP: save (create, merge, dynamic pages), getById, getList by store view,
deleteById, the product listing that follows the catalog, URL rewrites, the storefront views, the ACL
and every error docs/modules/xlanding.md lists."""
import json
import time

import sqlalchemy as sa

from tests.helpers import limited_admin, new_customer, unique
from tests.helpers.harness import set_config

BASE = "/V1/vendor_xlanding/page"
ALL = "/V1/vendor_xlanding/page/all"
COMBINE = "Magento\\CatalogRule\\Model\\Rule\\Condition\\Combine"
CRON_PATH = "vendor_xlanding/indexer/full_reindex_cron_expr"
PRODUCT = "Magento\\CatalogRule\\Model\\Rule\\Condition\\Product"


def tree(*leaves, aggregator="all"):
    return json.dumps({"type": COMBINE, "aggregator": aggregator, "value": "1",
                       "conditions": [{"type": PRODUCT, "attribute": a, "operator": o, "value": v}
                                      for a, o, v in leaves]})


def create(client, **fields):
    body = {"title": unique("Page "), "identifier": unique("page-").lower(), **fields}
    r = client.post(BASE, json={"page": body})
    assert r.status_code == 200, r.text
    return r.json()


def get(client, page_id):
    r = client.get(BASE, params={"id": page_id})
    assert r.status_code == 200, r.text
    return r.json()


def product(client, sku, **fields):
    body = {"sku": sku, "name": fields.pop("name", sku), "price": fields.pop("price", 10), **fields}
    r = client.post("/V1/products", json={"product": body})
    assert r.status_code == 200, r.text
    return r.json()


def skus(client, page_id):
    r = client.get(f"{BASE}/{page_id}/products")
    assert r.status_code == 200, r.text
    return [p["sku"] for p in r.json()]


def category(client, name):
    r = client.post("/V1/categories", json={"category": {"name": name, "is_active": True}})
    assert r.status_code == 200, r.text
    return r.json()["id"]


def wrapped(page_id, inner):
    if page_id is None:
        return {"message": "Unable to save new page. Error: %1", "parameters": [inner]}
    return {"message": "Unable to save page with ID %1. Error: %2", "parameters": [page_id, inner]}


def not_found(page_id):
    return {"message": 'page with specified ID "%1" not found.', "parameters": [page_id]}


# --------------------------------------------------------------------------- the documented example

def test_create_read_edit_list_and_delete(admin):
    identifier = unique("red-summer-dresses-").lower()
    sent = {
        "title": "Red summer dresses", "identifier": identifier, "is_active": 1, "sort_order": 0,
        "page_layout": "2columns-left", "layout_columns_count": "4", "layout_include_navigation": 1,
        "layout_heading": "Red dresses for hot days", "layout_top_description": "<p>Light fabrics, bold colour.</p>",
        "default_sort_by": "price",
        "conditions_serialized": json.dumps({"type": COMBINE, "aggregator": "all", "value": "1", "conditions": [
            {"type": PRODUCT, "attribute": "color", "operator": "==", "value": "49"}]}),
        "meta_data": json.dumps({"1": {"meta_title": "Red summer dresses", "meta_description": "Our red dresses"}}),
        "creation_time": "2001-01-01 00:00:00"}
    r = admin.post(BASE, json={"page": sent})
    assert r.status_code == 200, r.text
    created = r.json()
    page_id = created["page_id"]
    assert isinstance(page_id, int)
    assert created["creation_time"] == created["update_time"] and not created["creation_time"].startswith("2001")
    assert created == {
        "page_id": page_id, "title": "Red summer dresses", "identifier": identifier, "is_active": 1,
        "dynamic_category_id": "", "sort_order": 0, "creation_time": created["creation_time"],
        "update_time": created["update_time"], "page_layout": "2columns-left", "layout_columns_count": "4",
        "layout_include_navigation": 1, "layout_heading": "Red dresses for hot days",
        "layout_top_description": "<p>Light fabrics, bold colour.</p>", "default_sort_by": "price",
        "conditions_serialized": json.dumps({
            "type": COMBINE, "attribute": None, "operator": None, "value": "1", "is_value_processed": None,
            "aggregator": "all", "conditions": [{"type": PRODUCT, "attribute": "color", "operator": "==",
                                                 "value": "49", "is_value_processed": False}]},
            separators=(",", ":")),
        "meta_data": sent["meta_data"]}
    assert get(admin, page_id) == created

    # PUT merges the sent keys; the path id wins over the body's
    other = create(admin)
    r = admin.put(f"{BASE}/{page_id}", json={"page": {"page_id": other["page_id"], "layoutHeading": "Hot",
                                                      "layout_update_xml": "<block/>"}})
    assert r.status_code == 200, r.text
    assert r.json() == {**created, "layout_heading": "Hot", "layout_update_xml": "<block/>",
                        "update_time": r.json()["update_time"]}
    assert get(admin, other["page_id"]) == other

    # POST with an existing page_id edits it; null clears a nullable field
    r = admin.post(BASE, json={"page": {"page_id": page_id, "layout_heading": None, "sort_order": 7}})
    assert r.status_code == 200 and "layout_heading" not in r.json() and r.json()["sort_order"] == 7

    listed = admin.get(ALL)
    assert listed.status_code == 200 and isinstance(listed.json(), list)
    assert [p for p in listed.json() if p["page_id"] == page_id] == [get(admin, page_id)]

    r = admin.delete(f"{BASE}/{page_id}")
    assert r.status_code == 200 and r.json() is True
    r = admin.get(BASE, params={"id": page_id})
    assert r.status_code == 404 and r.json() == not_found(page_id)
    r = admin.delete(f"{BASE}/{page_id}")
    assert r.status_code == 404 and r.json() == not_found(page_id)


def test_defaults_and_list_order_and_store_filter(admin):
    first = create(admin, sort_order=-50)
    second = create(admin, sort_order=-50, is_active=0)
    assert first["is_active"] == 1 and first["layout_include_navigation"] == 1 and first["dynamic_category_id"] == ""
    assert set(first) == {"page_id", "title", "identifier", "is_active", "dynamic_category_id", "sort_order",
                          "creation_time", "update_time", "layout_include_navigation"}
    everything = admin.get(ALL).json()
    ids = [p["page_id"] for p in everything]
    assert ids[:2] == [first["page_id"], second["page_id"]]  # sort_order, then id; disabled ones too
    keys = [(p["sort_order"], p["page_id"]) for p in everything]
    assert keys == sorted(keys)
    # a page made over REST is in every store view (store 0): store 1 and the admin store list it
    for sid in (0, 1):
        r = admin.get(ALL, params={"storeId": sid})
        assert r.status_code == 200 and [p["page_id"] for p in r.json()] == ids
    r = admin.get(ALL, params={"storeId": 9999})
    assert r.status_code == 404


# --------------------------------------------------------------------------- products follow the catalog

def test_the_product_list_follows_conditions_and_products(admin):
    tag = unique("xl").lower()
    page = create(admin, conditions_serialized=tree(("sku", "{}", tag), ("price", "<", "50")))
    assert skus(admin, page["page_id"]) == []

    product(admin, f"{tag}-a", price=20)  # a new product that matches joins
    product(admin, f"{tag}-b", price=80)  # one that does not stays out
    assert skus(admin, page["page_id"]) == [f"{tag}-a"]

    r = admin.put(f"/V1/products/{tag}-b", json={"product": {"price": 30}})  # starts matching
    assert r.status_code == 200, r.text
    r = admin.put(f"/V1/products/{tag}-a", json={"product": {"price": 60}})  # stops matching
    assert r.status_code == 200, r.text
    assert skus(admin, page["page_id"]) == [f"{tag}-b"]

    # editing the conditions recomputes at once
    r = admin.put(f"{BASE}/{page['page_id']}", json={"page": {"conditions_serialized": tree(("sku", "{}", tag))}})
    assert r.status_code == 200, r.text
    assert skus(admin, page["page_id"]) == [f"{tag}-a", f"{tag}-b"]

    # positions set by the admin order the list and stay while the products keep matching
    ids = {p["sku"]: p["product_id"] for p in admin.get(f"{BASE}/{page['page_id']}/products").json()}
    r = admin.put(f"{BASE}/{page['page_id']}/products", json={"products": [
        {"product_id": ids[f"{tag}-a"], "position": 5}, {"product_id": ids[f"{tag}-b"], "position": 1}]})
    assert r.status_code == 200, r.text
    assert [(p["sku"], p["position"]) for p in r.json()] == [(f"{tag}-b", 1), (f"{tag}-a", 5)]
    admin.put(f"/V1/products/{tag}-a", json={"product": {"name": "Renamed"}})
    admin.put(f"{BASE}/{page['page_id']}", json={"page": {"sort_order": 2}})
    assert [(p["sku"], p["position"]) for p in admin.get(f"{BASE}/{page['page_id']}/products").json()] == \
        [(f"{tag}-b", 1), (f"{tag}-a", 5)]
    for products, field in [([{"product_id": 999999, "position": 1}], "product_id"),
                            ([{"product_id": ids[f"{tag}-a"], "position": -1}], "position")]:
        r = admin.put(f"{BASE}/{page['page_id']}/products", json={"products": products})
        assert r.status_code == 400 and r.json()["parameters"]["fieldName"] == field, r.text
    r = admin.put(f"{BASE}/{page['page_id']}/products", json={"products": [{"position": 1}]})
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "product_id"}
    r = admin.put(f"{BASE}/999999/products", json={"products": []})
    assert r.status_code == 404 and r.json() == not_found(999999)

    assert admin.delete(f"/V1/products/{tag}-b").json() is True  # a deleted product leaves
    assert skus(admin, page["page_id"]) == [f"{tag}-a"]

    # an empty tree selects every product
    everything = create(admin)
    assert f"{tag}-a" in skus(admin, everything["page_id"])
    r = admin.get(f"{BASE}/999999/products")
    assert r.status_code == 404 and r.json() == not_found(999999)


def test_category_conditions_the_nightly_reindex_and_deleted_category(server, admin, sql):
    tag = unique("xc").lower()
    cat = category(admin, unique("Landing cat "))
    page = create(admin, conditions_serialized=tree(("category_ids", "()", str(cat))))
    product(admin, f"{tag}-in", custom_attributes=[{"attribute_code": "category_ids", "value": [str(cat)]}])
    product(admin, f"{tag}-out")
    assert skus(admin, page["page_id"]) == [f"{tag}-in"]

    # a product put into the category through its links raises no product event: the scheduled
    # full reindex catches it
    r = admin.post(f"/V1/categories/{cat}/products", json={"productLink": {"sku": f"{tag}-out", "position": 1}})
    assert r.status_code == 200, r.text
    assert skus(admin, page["page_id"]) == [f"{tag}-in"]
    # due now (set in the database: one command line run instead of three)
    with sql.begin() as c:
        c.execute(sa.text("DELETE FROM cron_schedule WHERE job_code LIKE 'vendor_xlanding_%'"))
    set_config(sql, CRON_PATH, "* * * * *")
    try:
        server.cli("cron", "run")
    finally:
        set_config(sql, CRON_PATH, None)
    assert skus(admin, page["page_id"]) == [f"{tag}-in", f"{tag}-out"]
    assert admin.delete(f"/V1/categories/{cat}").status_code == 200
    assert skus(admin, page["page_id"]) == []


# --------------------------------------------------------------------------- storefront: rewrites, layout, dynamic

def test_url_rewrite_view_and_layout(admin, guest):
    tag = unique("xv").lower()
    product(admin, f"{tag}-on")
    product(admin, f"{tag}-off", status=2)
    identifier = f"landing/{tag}.html"
    meta = json.dumps({"1": {"meta_title": "Store one", "meta_description": "For store one"},
                       "0": {"meta_title": "Everywhere", "meta_keywords": "k0"}})
    page = create(admin, identifier=identifier, layout_columns_count="3", layout_include_navigation=0,
                  layout_update_xml="<update handle=\"x\"/>", conditions_serialized=tree(("sku", "{}", tag)),
                  meta_data=meta)
    r = guest.get("/V1/vendor_xlanding/view", params={"requestPath": identifier})
    assert r.status_code == 200, r.text
    view = r.json()
    assert view["page"] == page and view["request_path"] == identifier
    assert view["target_path"] == f"vendor_xlanding/page/view/page_id/{page['page_id']}"
    assert view["layout_update"] == ('<body><attribute name="class" value="vendor-xlanding-columns3"/></body>\n'
                                     '<referenceBlock name="catalog.leftnav" remove="true"/>\n<update handle="x"/>')
    assert [p["sku"] for p in view["products"]] == [f"{tag}-on"]  # the disabled product is not shown
    # the store view's own meta entry (store 1 under /rest/default)
    assert (view["meta_title"], view["meta_description"]) == ("Store one", "For store one")
    assert "meta_keywords" not in view and get(admin, page["page_id"])["meta_data"] == meta
    assert get(admin, page["page_id"])["layout_update_xml"] == "<update handle=\"x\"/>"  # stored as sent

    # a new URL key moves the rewrite; the old path answers no more
    r = admin.put(f"{BASE}/{page['page_id']}", json={"page": {"identifier": f"{tag}-new"}})
    assert r.status_code == 200, r.text
    assert guest.get("/V1/vendor_xlanding/view", params={"requestPath": identifier}).status_code == 404
    assert guest.get("/V1/vendor_xlanding/view", params={"requestPath": f"{tag}-new"}).status_code == 200
    # a disabled page is not shown; a deleted one has no rewrite left
    admin.put(f"{BASE}/{page['page_id']}", json={"page": {"is_active": 0}})
    r = guest.get("/V1/vendor_xlanding/view", params={"requestPath": f"{tag}-new"})
    assert r.status_code == 404 and r.json()["parameters"] == [f"{tag}-new"]
    admin.delete(f"{BASE}/{page['page_id']}")
    again = create(admin, identifier=f"{tag}-new")  # the URL key is free again
    view = guest.get("/V1/vendor_xlanding/view", params={"requestPath": f"{tag}-new"}).json()
    assert view["page"]["page_id"] == again["page_id"]


def test_one_dynamic_page_per_category(admin, guest):
    tag = unique("xd").lower()
    cat = category(admin, unique("Dynamic "))
    product(admin, f"{tag}-a")
    first = create(admin, is_active=2, dynamic_category_id=str(cat), conditions_serialized=tree(("sku", "{}", tag)))
    r = guest.get(f"/V1/vendor_xlanding/category/{cat}/view")
    assert r.status_code == 200, r.text
    assert r.json()["page"]["page_id"] == first["page_id"] and r.json()["category_id"] == cat
    assert r.json()["meta_title"] == first["title"]  # no meta data: the title
    assert [p["sku"] for p in r.json()["products"]] == [f"{tag}-a"]

    # the category listing follows the catalog too
    product(admin, f"{tag}-b")
    r = guest.get(f"/V1/vendor_xlanding/category/{cat}/view")
    assert [p["sku"] for p in r.json()["products"]] == [f"{tag}-a", f"{tag}-b"]

    # a second dynamic page of the category (made dynamic by PUT, path id wins) disables the first
    second = create(admin, conditions_serialized=tree(("sku", "==", f"{tag}-b")))
    bystander = create(admin)
    r = admin.put(f"{BASE}/{second['page_id']}", json={"page": {"page_id": bystander["page_id"], "is_active": 2,
                                                                 "dynamic_category_id": cat}})
    assert r.status_code == 200, r.text
    assert r.json()["is_active"] == 2 and r.json()["dynamic_category_id"] == str(cat)
    assert get(admin, first["page_id"])["is_active"] == 0
    assert get(admin, bystander["page_id"]) == bystander
    view = guest.get(f"/V1/vendor_xlanding/category/{cat}/view").json()
    assert view["page"]["page_id"] == second["page_id"] and [p["sku"] for p in view["products"]] == [f"{tag}-b"]

    # the page stops being dynamic: the category is its own again
    r = admin.put(f"{BASE}/{second['page_id']}", json={"page": {"is_active": 1}})
    assert r.status_code == 200
    r = guest.get(f"/V1/vendor_xlanding/category/{cat}/view")
    assert r.status_code == 404 and r.json()["parameters"] == [cat]


# --------------------------------------------------------------------------- errors

def test_not_found(admin):
    for method, path, body in [("PUT", f"{BASE}/999998", {"page": {"title": "x"}}),
                               ("POST", BASE, {"page": {"page_id": 999998, "title": "x"}}),
                               ("DELETE", f"{BASE}/999998", None)]:
        r = admin.request(method, path, json=body)
        assert r.status_code == 404 and r.json() == not_found(999998), (method, r.text)


def test_save_errors(admin):
    taken = create(admin)
    page = create(admin)
    pid = page["page_id"]
    required = "\"%fieldName\" is required. Enter and try again."
    invalid = "Invalid value of \"%value\" provided for the %fieldName field."
    cases = [
        (BASE, {"page": {"identifier": "no-title"}}, {"message": required, "parameters": {"fieldName": "title"}}),
        (BASE, {"page": {"title": "No key"}}, {"message": required, "parameters": {"fieldName": "identifier"}}),
        (BASE, {}, {"message": required, "parameters": {"fieldName": "page"}}),
        (f"{BASE}/{pid}", {"page": {"is_active": 2}},
         {"message": required, "parameters": {"fieldName": "dynamic_category_id"}}),
        (f"{BASE}/{pid}", {"page": {"is_active": 3}},
         {"message": invalid, "parameters": {"fieldName": "is_active", "value": 3}}),
        (f"{BASE}/{pid}", {"page": {"layout_include_navigation": 2}},
         {"message": invalid, "parameters": {"fieldName": "layout_include_navigation", "value": 2}}),
        (f"{BASE}/{pid}", {"page": {"identifier": "Bad Key"}},
         {"message": invalid, "parameters": {"fieldName": "identifier", "value": "Bad Key"}}),
        (f"{BASE}/{pid}", {"page": {"identifier": "a/../b"}},
         {"message": invalid, "parameters": {"fieldName": "identifier", "value": "a/../b"}}),
        (f"{BASE}/{pid}", {"page": {"identifier": "/leading"}},
         {"message": invalid, "parameters": {"fieldName": "identifier", "value": "/leading"}}),
        (f"{BASE}/{pid}", {"page": {"is_active": 2, "dynamic_category_id": "999999"}},
         {"message": invalid, "parameters": {"fieldName": "dynamic_category_id", "value": "999999"}}),
        (f"{BASE}/{pid}", {"page": {"identifier": taken["identifier"]}},
         wrapped(pid, f'URL key "{taken["identifier"]}" is already used by another page.')),
        (BASE, {"page": {"title": "Dup", "identifier": taken["identifier"]}},
         wrapped(None, f'URL key "{taken["identifier"]}" is already used by another page.')),
        (f"{BASE}/{pid}", {"page": {"meta_data": "{not json"}}, wrapped(pid, "The meta data is not a JSON object.")),
        (f"{BASE}/{pid}", {"page": {"title": "t" * 256}},
         {"message": 'The value of "%1" is longer than %2 characters.', "parameters": ["title", 255]}),
        (f"{BASE}/{pid}", {"page": {"sort_order": 2**40}},
         {"message": "The \"%value\" value's type is invalid. The \"%type\" type was expected. Verify and try again.",
          "parameters": {"value": str(2**40), "type": "int"}}),
        (f"{BASE}/{pid}", {"page": {"stores": [1]}},
         {"message": "Property \"%1\" does not have accessor method \"%2\" in class \"%3\".",
          "parameters": ["Stores", "getStores", "Vendor\\Xlanding\\Api\\Data\\PageInterface"]}),
    ]
    for path, body, expected in cases:
        r = admin.request("PUT" if path != BASE else "POST", path, json=body)
        assert r.status_code == 400 and r.json() == expected, (body, r.text)

    r = admin.put(f"{BASE}/{pid}", json={"page": {"conditions_serialized": "{oops"}})
    assert r.status_code == 400 and r.json()["message"] == "Unable to save page with ID %1. Error: %2"
    assert r.json()["parameters"][0] == pid and "valid JSON condition tree" in r.json()["parameters"][1]
    r = admin.post(BASE, json={"page": {"title": "T", "identifier": unique("k").lower(), "conditions_serialized":
                                        tree(("sku", "~~", "x"))}})
    assert r.status_code == 400 and r.json()["message"] == "Unable to save new page. Error: %1"
    r = admin.put(f"{BASE}/{pid}", json={"page": {"sort_order": "many"}})
    assert r.status_code == 400 and r.json()["parameters"] == {"value": "many", "type": "int"}
    r = admin.put(f"{BASE}/{pid}", json={"page": "scalar"})
    assert r.status_code == 400
    r = admin.get(BASE)
    assert r.status_code == 400 and r.json() == {"message": required, "parameters": {"fieldName": "id"}}
    r = admin.get(BASE, params={"id": "abc"})
    assert r.status_code == 400
    r = admin.get(BASE, params={"id": 2**40})
    assert r.status_code == 400 and r.json()["parameters"] == {"value": str(2**40), "type": "int"}
    assert get(admin, pid) == page  # nothing of the failed saves was written
    assert len([p for p in admin.get(ALL).json() if p["title"] in ("Dup", "T")]) == 0


# --------------------------------------------------------------------------- ACL and async

ROUTES = [("POST", BASE, {"page": {"title": "ACL", "identifier": "acl-{n}"}}),
          ("PUT", BASE + "/{id}", {"page": {"sort_order": 1}}),
          ("GET", BASE + "?id={id}", None),
          ("GET", ALL, None),
          ("GET", BASE + "/{id}/products", None),
          ("PUT", BASE + "/{id}/products", {"products": []}),
          ("DELETE", BASE + "/{id}", None)]
DENIED = {"message": "The consumer isn't authorized to access %resources.",
          "parameters": {"resources": "Vendor_Xlanding::page"}}


def test_the_parent_resource_grants_every_admin_route(server, admin):
    page = create(admin)
    with server.client(limited_admin(server, "Vendor_Xlanding::xlanding")) as limited:
        for method, path, body in ROUTES:
            body = json.loads(json.dumps(body).replace("{n}", unique("").lower())) if body else None
            r = limited.request(method, path.format(id=page["page_id"]), json=body)
            assert r.status_code == 200, (method, path, r.text)


def test_acl_refusals(server, admin, guest):
    page = create(admin)
    _, customer_token = new_customer(server)
    with server.client(customer_token) as customer, \
            server.client(limited_admin(server, "Magento_Catalog::catalog")) as other:
        for client in (guest, customer, other):
            for method, path, body in ROUTES:
                r = client.request(method, path.format(id=page["page_id"]), json=body)
                assert r.status_code == 401 and r.json() == DENIED, (method, path, r.text)
    assert get(admin, page["page_id"]) == page


def test_async_create(admin):
    title = unique("Async ")
    r = admin.post("/async/V1/vendor_xlanding/page", json={"page": {"title": title,
                                                                     "identifier": unique("async-").lower()}})
    assert r.status_code == 202, r.text
    r = admin.post("/async/bulk/V1/vendor_xlanding/page", json=[{"page": {"title": title + " bulk",
                                                                          "identifier": unique("bulk-").lower()}}])
    assert r.status_code == 202, r.text
    deadline = time.monotonic() + 20
    found = []
    while len(found) < 2 and time.monotonic() < deadline:
        found = [p for p in admin.get(ALL).json() if p["title"].startswith(title)]
        time.sleep(0.2)
    assert sorted(p["title"] for p in found) == [title, title + " bulk"]
