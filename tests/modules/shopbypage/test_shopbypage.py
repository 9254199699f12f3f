"""Shop-by pages over HTTP: save (create and full replace), get, the list of a category listing,
deleteById, async writes, and the errors docs/modules/shopbypage.md lists."""
import time

import pytest

from tests.helpers import ok, unique

BASE = "/V1/vendor_shopbypage/page"
LIST = BASE + "/list"
COLOR, MATERIAL = "93", "141"  # the catalog's attribute ids of color and material


def option(admin, code: str) -> str:
    return ok(admin.post(f"/V1/products/attributes/{code}/options", json={"option": {"label": unique("Opt ")}}))


def category(admin) -> int:
    return ok(admin.post("/V1/categories", json={"category": {"name": unique("Cat "), "is_active": True}}))["id"]


@pytest.fixture(scope="module")
def catalog(server, admin_token):
    """Categories and select-attribute options the pages below filter on."""
    with server.client(admin_token, store="all") as admin:
        return {"dresses": category(admin), "shoes": category(admin), "red": option(admin, "color"),
                "blue": option(admin, "color"), "cotton": option(admin, "material"),
                "linen": option(admin, "material")}


@pytest.fixture
def everywhere(server, admin_token):
    with server.client(admin_token, store="all") as c:
        yield c


def example(catalog) -> dict:
    return {"position": "replace", "url": "dresses/red", "title": "Red Dresses",
            "description": "Our favourite red dresses for every occasion.", "meta_title": "Red Dresses | Shop",
            "meta_keywords": "red dress", "meta_description": "Red dresses in all sizes.",
            "conditions": [{"filter": COLOR, "value": catalog["red"]}], "categories": [str(catalog["dresses"])],
            "stores": ["1"], "top_block_id": "", "bottom_block_id": "7", "image": "red-dresses.jpg",
            "tag_robots": "INDEX,FOLLOW"}


def create(client, **page) -> dict:
    return ok(client.post(BASE, json={"pageData": page}))


def listed(client, category_id, store_id=1) -> list[int]:
    found = ok(client.get(LIST, params={"categoryId": category_id, "storeId": store_id}))
    assert found["search_criteria"] is None and found["total_count"] == len(found["items"])
    return [p["page_id"] for p in found["items"]]


def not_found(page_id):
    return {"message": 'Page with id "%1" does not exist.', "parameters": [page_id]}


# --------------------------------------------------------------------------- the documented example

def test_create_get_list_replace_and_delete(everywhere, admin, catalog):
    body = example(catalog)
    created = create(everywhere, **body)
    page_id = created["page_id"]
    assert isinstance(page_id, int)
    expected = {"page_id": page_id, **{k: v for k, v in body.items() if k != "top_block_id"}}
    assert created == expected
    assert list(created) == list(expected)
    assert ok(admin.get(BASE, params={"id": page_id})) == created
    assert page_id in listed(admin, catalog["dresses"])
    assert page_id not in listed(admin, catalog["shoes"])

    # a PUT is the whole page: what it leaves out is reset, so the page now covers every category
    r = everywhere.put(f"{BASE}/{page_id}", json={"pageData": {
        "page_id": 999999, "position": "after", "title": "Natural fabrics",
        "conditions": [{"filter": MATERIAL, "value": [catalog["cotton"], catalog["linen"]]}],
        "categories": [], "stores": ["0"]}})
    replaced = ok(r)
    assert replaced == {"page_id": page_id, "position": "after", "title": "Natural fabrics",
                        "conditions": [{"filter": MATERIAL, "value": [catalog["cotton"], catalog["linen"]]}],
                        "categories": [], "stores": ["0"]}
    assert ok(admin.get(BASE, params={"id": page_id})) == replaced
    assert page_id in listed(admin, catalog["shoes"], store_id=1)

    r = everywhere.delete(f"{BASE}/{page_id}")
    assert r.status_code == 200 and r.json() is True
    r = admin.get(BASE, params={"id": page_id})
    assert r.status_code == 404 and r.json() == not_found(page_id)
    assert page_id not in listed(admin, catalog["shoes"])
    # no not-found check on delete: a missing page answers true as well
    r = everywhere.delete(f"{BASE}/{page_id}")
    assert r.status_code == 200 and r.json() is True


def test_a_put_without_categories_or_stores_clears_them(everywhere, catalog):
    page = create(everywhere, **example(catalog))
    r = everywhere.put(f"{BASE}/{page['page_id']}", json={"page_data": {"title": "Only a title"}})
    assert ok(r) == {"page_id": page["page_id"], "position": "replace", "title": "Only a title",
                     "conditions": [], "categories": [], "stores": []}
    assert page["page_id"] not in listed(everywhere, catalog["dresses"])  # linked to no store view now


# --------------------------------------------------------------------------- the list of a listing

def test_list_keeps_the_pages_of_the_category_and_store_most_conditions_first(everywhere, catalog):
    dresses, shoes = str(catalog["dresses"]), str(catalog["shoes"])
    one = {"filter": COLOR, "value": catalog["red"]}
    two = [one, {"filter": "material", "value": [catalog["cotton"]]}]
    simple = create(everywhere, title="one", conditions=[one], categories=[shoes, dresses], stores=["1"])["page_id"]
    double = create(everywhere, title="two", conditions=two, categories=[dresses], stores=["0"])["page_id"]
    anywhere = create(everywhere, title="all", conditions=[], categories=["0"], stores=["1"])["page_id"]
    other_store = create(everywhere, title="admin only", categories=[dresses], stores=["0"])["page_id"]
    other_category = create(everywhere, title="shoes", categories=[shoes], stores=["1"])["page_id"]
    everywhere.delete(f"{BASE}/{other_store}")

    ids = listed(everywhere, catalog["dresses"], 1)
    assert ids.index(double) < ids.index(simple) < ids.index(anywhere)
    assert other_category not in ids and other_store not in ids
    # store 0 pages show in every store view; a page of store 1 only in store 1 (and its category list)
    assert double in listed(everywhere, catalog["dresses"], 0) and simple not in listed(everywhere, catalog["dresses"], 0)
    # an id that only starts like the category's is not a match
    assert simple not in listed(everywhere, int(dresses) * 10 + 1)


def test_list_needs_both_ids(admin):
    r = admin.get(LIST, params={"storeId": 1})
    assert r.status_code == 400
    assert r.json() == {"message": '"%fieldName" is required. Enter and try again.',
                        "parameters": {"fieldName": "categoryId"}}
    r = admin.get(LIST)
    assert r.status_code == 400 and r.json()["message"] == "One or more input exceptions have occurred."
    assert [e["parameters"] for e in r.json()["errors"]] == [{"fieldName": "categoryId"}, {"fieldName": "storeId"}]


# --------------------------------------------------------------------------- delete binding

def test_delete_binds_the_path_and_accepts_a_query_id(everywhere, catalog):
    a = create(everywhere, title="a")["page_id"]
    b = create(everywhere, title="b")["page_id"]
    # the path wins over a disagreeing query id
    assert ok(everywhere.delete(f"{BASE}/{a}", params={"id": b})) is True
    assert everywhere.get(BASE, params={"id": a}).status_code == 404
    assert ok(everywhere.get(BASE, params={"id": b}))["page_id"] == b
    assert ok(everywhere.request("DELETE", f"{BASE}/{b}", json={"id": b})) is True
    assert everywhere.get(BASE, params={"id": b}).status_code == 404


# --------------------------------------------------------------------------- errors

def wrapped(inner: str) -> dict:
    return {"message": "Unable to save page. Error: %1", "parameters": [inner]}


def invalid(value, field) -> str:
    return f'Invalid value of "{value}" provided for the {field} field.'


@pytest.mark.parametrize("page, inner", [
    ({"position": "middle"}, invalid("middle", "position")),
    ({"tag_robots": "FOLLOW"}, invalid("FOLLOW", "tag_robots")),
    ({"stores": ["999"]}, invalid(999, "stores")),
    ({"categories": ["999999"]}, invalid(999999, "categories")),
    ({"conditions": [{"filter": "weight", "value": "1"}]}, invalid('"weight"', "filter")),
    ({"conditions": [{"filter": COLOR, "value": "999999"}]}, invalid("999999", "value")),
    ({"conditions": [{"filter": COLOR}]}, invalid('{"filter": "93"}', "conditions")),
    ({"conditions": ["93"]}, invalid('"93"', "conditions")),
])
def test_values_the_page_cannot_take_are_a_400_and_nothing_is_saved(everywhere, catalog, page, inner):
    before = listed(everywhere, catalog["shoes"], 1)
    r = everywhere.post(BASE, json={"pageData": {"title": "bad", "stores": ["1"], **page}})
    assert r.status_code == 400, r.text
    assert r.json() == wrapped(inner)
    assert listed(everywhere, catalog["shoes"], 1) == before


def test_an_option_of_another_attribute_is_refused(everywhere, catalog):
    r = everywhere.post(BASE, json={"pageData": {"conditions": [{"filter": "color", "value": catalog["cotton"]}]}})
    assert r.status_code == 400 and r.json() == wrapped(invalid(catalog["cotton"], "value"))


def test_shape_and_type_errors(admin):
    r = admin.post(BASE, json={})
    assert r.status_code == 400 and r.json() == {"message": '"%fieldName" is required. Enter and try again.',
                                                 "parameters": {"fieldName": "pageData"}}
    r = admin.post(BASE, json={"pageData": {"title": "x", "colour": "red"}})
    assert r.status_code == 400 and r.json()["message"] == 'Property "%1" does not have accessor method "%2" in class "%3".'
    for bad in ({"categories": "12"}, {"position": {"a": 1}}):
        r = admin.post(BASE, json={"pageData": bad})
        assert r.status_code == 400, r.text
        assert r.json()["message"] == ('The "%value" value\'s type is invalid. The "%type" type was expected. '
                                       'Verify and try again.')
    r = admin.get(BASE, params={"id": "abc"})
    assert r.status_code == 400


def test_missing_pages_are_a_404(admin):
    r = admin.get(BASE, params={"id": 999999})
    assert r.status_code == 404 and r.json() == not_found(999999)
    r = admin.put(f"{BASE}/999999", json={"pageData": {"title": "x"}})
    assert r.status_code == 404 and r.json() == not_found(999999)
    r = admin.get(BASE)
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "id"}


# --------------------------------------------------------------------------- async

def test_async_save_and_bulk_delete(everywhere, catalog):
    title = unique("Async ")
    r = everywhere.post("/async/V1/vendor_shopbypage/page", json={"pageData": {
        "title": title, "categories": [str(catalog["shoes"])], "stores": ["1"]}})
    assert r.status_code == 202, r.text
    deadline = time.monotonic() + 20
    found: list = []
    while not found and time.monotonic() < deadline:
        items = ok(everywhere.get(LIST, params={"categoryId": catalog["shoes"], "storeId": 1}))["items"]
        found = [p for p in items if p.get("title") == title]
        time.sleep(0.1)
    assert len(found) == 1
    page_id = found[0]["page_id"]
    r = everywhere.request("DELETE", "/async/bulk/V1/vendor_shopbypage/page/byPageId", json=[{"pageId": page_id}])
    assert r.status_code == 202, r.text
    while time.monotonic() < deadline and everywhere.get(BASE, params={"id": page_id}).status_code == 200:
        time.sleep(0.1)
    assert everywhere.get(BASE, params={"id": page_id}).status_code == 404


# --------------------------------------------------------------------------- following the catalog

def test_a_deleted_category_leaves_its_pages(everywhere, catalog):
    gone, kept = category(everywhere), str(catalog["shoes"])
    shared = create(everywhere, title="shared", categories=[str(gone), kept], stores=["1"])["page_id"]
    alone = create(everywhere, title="alone", categories=[str(gone)], stores=["1"])["page_id"]
    assert ok(everywhere.delete(f"/V1/categories/{gone}")) is True
    assert ok(everywhere.get(BASE, params={"id": shared}))["categories"] == [kept]
    # a page left without a category goes too, rather than turning into a page of every category
    assert everywhere.get(BASE, params={"id": alone}).status_code == 404
    assert alone not in listed(everywhere, catalog["shoes"])
