"""CMS pages and blocks over HTTP: create, read, update, delete, search; store views, identifiers unique
per store view, the active flag, the platform's messages and ACL."""
import re

import pytest

from tests.helpers import limited_admin, unique
from tests.helpers.store import store_view

TIME = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")


@pytest.fixture(scope="module")
def de(server):
    return store_view(server)


def key(prefix="page"):
    return unique(prefix + "-").lower().replace("_", "-")


def test_page_crud(admin):
    identifier = key()
    r = admin.post("/V1/cmsPage", json={"page": {
        "identifier": identifier, "title": "About us", "content": "<p>Hi</p>", "page_layout": "1column",
        "meta_title": "About", "custom_theme_from": "2030-01-02", "sort_order": "3"}})
    assert r.status_code == 200, r.text
    page = r.json()
    assert isinstance(page["id"], int) and page["identifier"] == identifier and page["active"] is True
    assert page["store_id"] == [0] and page["custom_theme_from"] == "2030-01-02" and page["sort_order"] == "3"
    assert TIME.fullmatch(page["creation_time"]) and TIME.fullmatch(page["update_time"])
    assert admin.get(f"/V1/cmsPage/{page['id']}").json() == page
    # PUT: the path id decides, keys left out keep their values
    r = admin.put(f"/V1/cmsPage/{page['id']}", json={"page": {"id": 999999, "title": "About", "active": False}})
    assert r.status_code == 200, r.text
    changed = r.json()
    assert (changed["id"], changed["title"], changed["active"], changed["content"]) == (
        page["id"], "About", False, "<p>Hi</p>")
    assert changed["creation_time"] == page["creation_time"]
    assert admin.delete(f"/V1/cmsPage/{page['id']}").json() is True
    for r in (admin.get(f"/V1/cmsPage/{page['id']}"), admin.delete(f"/V1/cmsPage/{page['id']}"),
              admin.put(f"/V1/cmsPage/{page['id']}", json={"page": {"title": "x"}})):
        assert r.status_code == 404
        assert r.json() == {"message": 'The CMS page with the "%1" ID doesn\'t exist.', "parameters": [page["id"]]}


def test_page_identifier_rules_and_store_views(admin, de):
    identifier = key()
    one = admin.post("/V1/cmsPage", json={"page": {"identifier": identifier, "title": "One", "store_id": [1]}})
    assert one.status_code == 200 and one.json()["store_id"] == [1]
    taken = {"message": "The value specified in the URL Key field would generate a URL that already exists."}
    # the same identifier in the same store view, or in every store view (0): refused
    for stores in ([1], [0], [1, de]):
        r = admin.post("/V1/cmsPage", json={"page": {"identifier": identifier, "store_id": stores}})
        assert (r.status_code, r.json()) == (400, taken), stores
    # in another store view: a page of its own
    two = admin.post("/V1/cmsPage", json={"page": {"identifier": identifier, "title": "Two", "store_id": [de]}})
    assert two.status_code == 200, two.text
    r = admin.put(f"/V1/cmsPage/{two.json()['id']}", json={"page": {"store_id": [1]}})
    assert (r.status_code, r.json()) == (400, taken)
    for bad, message in (("About Us", "The page URL key can't use capital letters or disallowed symbols. "
                                      "Remove the letters and symbols and try again."),
                         ("12345", "The page URL key can't use only numbers. Add letters or words and try again.")):
        r = admin.post("/V1/cmsPage", json={"page": {"identifier": bad}})
        assert (r.status_code, r.json()) == (400, {"message": message}), bad
    r = admin.post("/V1/cmsPage", json={"page": {"title": "no identifier"}})
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "identifier"}
    r = admin.post("/V1/cmsPage", json={"page": {"identifier": key(), "store_id": [987]}})
    assert r.status_code == 400 and r.json()["parameters"] == {"value": 987, "fieldName": "store_id"}


def test_block_crud_search_and_identifier_per_store(admin, de):
    marker = key("block")
    made = []
    for n, (stores, active) in enumerate((([1], True), ([de], False), ([0], True))):
        r = admin.post("/V1/cmsBlock", json={"block": {
            "identifier": f"{marker}-{n}" if n != 1 else f"{marker}-0", "title": f"Block {n}",
            "content": "<b>x</b>", "store_id": stores, "active": active}})
        assert r.status_code == 200, r.text
        made.append(r.json())
    assert list(made[0]) == ["id", "identifier", "title", "content", "creation_time", "update_time", "active",
                             "store_id"]
    r = admin.post("/V1/cmsBlock", json={"block": {"identifier": f"{marker}-0", "store_id": [1]}})
    assert (r.status_code, r.json()) == (400, {
        "message": "A block identifier with the same properties already exists in the selected store."})
    search = {"searchCriteria[filterGroups][0][filters][0][field]": "identifier",
              "searchCriteria[filterGroups][0][filters][0][value]": f"{marker}%",
              "searchCriteria[filterGroups][0][filters][0][conditionType]": "like"}
    body = admin.get("/V1/cmsBlock/search", params=search).json()
    assert [b["id"] for b in body["items"]] == [b["id"] for b in made] and body["total_count"] == 3
    for field, value, expected in (("is_active", "1", [0, 2]), ("active", "0", [1]), ("store_id", str(de), [1]),
                                   ("block_id", str(made[2]["id"]), [2])):
        params = {**search, "searchCriteria[filterGroups][1][filters][0][field]": field,
                  "searchCriteria[filterGroups][1][filters][0][value]": value}
        found = admin.get("/V1/cmsBlock/search", params=params).json()["items"]
        assert [b["id"] for b in found] == [made[i]["id"] for i in expected], field
    r = admin.put(f"/V1/cmsBlock/{made[1]['id']}", json={"block": {"content": "new"}})
    assert r.json()["content"] == "new" and r.json()["identifier"] == f"{marker}-0"
    assert admin.get(f"/V1/cmsBlock/{made[1]['id']}").json()["content"] == "new"
    assert admin.delete(f"/V1/cmsBlock/{made[1]['id']}").json() is True
    r = admin.get(f"/V1/cmsBlock/{made[1]['id']}")
    assert (r.status_code, r.json()) == (404, {"message": 'The CMS block with the "%1" ID doesn\'t exist.',
                                               "parameters": [made[1]["id"]]})


def test_page_search(admin):
    identifier = key()
    page = admin.post("/V1/cmsPage", json={"page": {"identifier": identifier, "title": "Searched",
                                                    "store_id": [1]}}).json()
    params = {"searchCriteria[filterGroups][0][filters][0][field]": "identifier",
              "searchCriteria[filterGroups][0][filters][0][value]": identifier}
    body = admin.get("/V1/cmsPage/search", params=params).json()
    assert body["total_count"] == 1 and body["items"][0] == page
    assert body["search_criteria"]["filter_groups"][0]["filters"][0]["field"] == "identifier"
    params["searchCriteria[filterGroups][0][filters][0][field]"] = "page_id"
    params["searchCriteria[filterGroups][0][filters][0][value]"] = str(page["id"])
    assert admin.get("/V1/cmsPage/search", params=params).json()["items"] == [page]


def test_acl(server, guest):
    for path in ("/V1/cmsPage/1", "/V1/cmsPage/search?searchCriteria="):
        r = guest.get(path)
        assert (r.status_code, r.json()["parameters"]) == (401, {"resources": "Magento_Cms::page"})
    r = guest.post("/V1/cmsBlock", json={"block": {"identifier": "x"}})
    assert (r.status_code, r.json()["parameters"]) == (401, {"resources": "Magento_Cms::block"})
    with server.client(limited_admin(server, "Magento_Cms::block")) as blocks_only:
        assert blocks_only.get("/V1/cmsBlock/search?searchCriteria=").status_code == 200
        r = blocks_only.post("/V1/cmsPage", json={"page": {"identifier": key()}})
        assert (r.status_code, r.json()["parameters"]) == (401, {"resources": "Magento_Cms::page"})
    with server.client(limited_admin(server, "Magento_Backend::content")) as content:
        assert content.post("/V1/cmsPage", json={"page": {"identifier": key()}}).status_code == 200
