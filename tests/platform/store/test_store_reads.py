"""The platform's store reads (store views, groups, websites, store configuration), who may read them,
the scope tree that `vdcommerce store` grows, and every method under the store code `all`."""
import json

import httpx
import pytest

from tests.helpers import new_customer, unique
from tests.helpers.store import scope_tree, store_view

ALLOW_GUESTS = "webapi/webapisecurity/allow_insecure"
DENIED = {"message": "The consumer isn't authorized to access %resources.", "parameters": {"resources": "anonymous"}}
READS = ["/V1/store/storeViews", "/V1/store/storeGroups", "/V1/store/websites", "/V1/store/storeConfigs"]


@pytest.fixture(scope="module")
def tree(server):
    """A website of its own with a store group and a store view, beside the main website's `de`."""
    codes = {"website": unique("w"), "group": unique("g"), "view": unique("v")}
    de = store_view(server, "de")
    server.cli("store", "create-website", "--code", codes["website"], "--name", "Second Website")
    server.cli("store", "create-group", "--code", codes["group"], "--name", "Second Store", "--website",
               codes["website"], "--root-category", "7")
    server.cli("store", "create", "--code", codes["view"], "--name", "Second View", "--group", codes["group"])
    listed = scope_tree(server)
    ids = {"de": de,
           "website": next(w["website_id"] for w in listed["websites"] if w["code"] == codes["website"]),
           "group": next(g["group_id"] for g in listed["groups"] if g["code"] == codes["group"]),
           "view": next(s["store_id"] for s in listed["stores"] if s["code"] == codes["view"])}
    return codes, ids


def test_store_views_groups_and_websites_as_the_platform_writes_them(admin, tree):
    codes, ids = tree
    views = admin.get("/V1/store/storeViews").json()
    assert views[:2] == [
        {"id": 0, "code": "admin", "name": "Admin", "website_id": 0, "store_group_id": 0, "is_active": 1},
        {"id": 1, "code": "default", "name": "Default Store View", "website_id": 1, "store_group_id": 1, "is_active": 1}]
    assert {"id": ids["de"], "code": "de", "name": "German Store View", "website_id": 1, "store_group_id": 1,
            "is_active": 1} in views
    assert {"id": ids["view"], "code": codes["view"], "name": "Second View", "website_id": ids["website"],
            "store_group_id": ids["group"], "is_active": 1} in views

    groups = admin.get("/V1/store/storeGroups").json()
    assert groups[:2] == [
        {"id": 0, "website_id": 0, "root_category_id": 0, "default_store_id": 0, "name": "Default", "code": "default"},
        {"id": 1, "website_id": 1, "root_category_id": 2, "default_store_id": 1, "name": "Main Website Store",
         "code": "main_website_store"}]
    # a new group's first store view became its default
    assert {"id": ids["group"], "website_id": ids["website"], "root_category_id": 7, "default_store_id": ids["view"],
            "name": "Second Store", "code": codes["group"]} in groups

    websites = admin.get("/V1/store/websites").json()
    assert websites[:2] == [{"id": 0, "code": "admin", "name": "Admin", "default_group_id": 0},
                            {"id": 1, "code": "base", "name": "Main Website", "default_group_id": 1}]
    # and a new website's first group became its default
    assert {"id": ids["website"], "code": codes["website"], "name": "Second Website",
            "default_group_id": ids["group"]} in websites


def test_store_configs_per_store_view_and_by_code(server, admin, tree):
    codes, ids = tree
    configs = admin.get("/V1/store/storeConfigs").json()
    assert [c["id"] for c in configs] == sorted(c["id"] for c in configs) and configs[0]["id"] == 1
    assert all(c["id"] != 0 for c in configs)  # never the admin store
    base = f"http://127.0.0.1:{server.port}/"
    assert configs[0] == {
        "id": 1, "code": "default", "website_id": 1, "locale": "en_US", "base_currency_code": "USD",
        "default_display_currency_code": "USD", "timezone": "UTC", "weight_unit": "lbs",
        "base_url": base, "base_link_url": base, "base_static_url": base + "static/",
        "base_media_url": base + "media/", "secure_base_url": base, "secure_base_link_url": base,
        "secure_base_static_url": base + "static/", "secure_base_media_url": base + "media/"}

    server.config("general/locale/code", "de_DE", "--scope", "stores", "--code", "de")
    server.config("web/unsecure/base_media_url", "{{unsecure_base_url}}pub/media/", "--scope", "stores", "--code", "de")
    server.config("general/locale/weight_unit", "kgs", "--scope", "websites", "--code", codes["website"])
    r = admin.get("/V1/store/storeConfigs", params={"storeCodes[]": ["de", codes["view"]]})
    assert r.status_code == 200, r.text
    de, second = r.json()
    assert (de["id"], de["code"], de["locale"], de["weight_unit"]) == (ids["de"], "de", "de_DE", "lbs")
    assert de["base_media_url"] == base + "pub/media/" and de["secure_base_media_url"] == base + "media/"
    assert (second["id"], second["website_id"], second["locale"], second["weight_unit"]) == \
        (ids["view"], ids["website"], "en_US", "kgs")
    assert admin.get("/V1/store/storeConfigs", params={"storeCodes[]": "default"}).json()[0]["locale"] == "en_US"
    assert admin.get("/V1/store/storeConfigs", params={"storeCodes[]": [unique("nope")]}).json() == []


@pytest.mark.parametrize("path", READS)
def test_guests_read_only_while_anonymous_guest_access_is_on(server, path):
    url = server.url + "/rest/V1" + path.removeprefix("/V1")
    r = httpx.get(url)
    assert (r.status_code, r.json()) == (401, DENIED)
    server.config(ALLOW_GUESTS, "1")
    try:
        r = httpx.get(url)
        assert r.status_code == 200 and isinstance(r.json(), list) and r.json(), r.text
    finally:
        server.config(ALLOW_GUESTS, "0")
    assert httpx.get(url).status_code == 401


def test_any_token_reads_them(server, admin_token):
    _, customer_token = new_customer(server)
    integration = json.loads(server.cli("integration", "create", "--name", unique("st"), "--resources",
                                        "Magento_Sales::sales", "--json").stdout)["access_token"]
    limited = unique("clerk")
    server.cli("admin", "create", "--username", limited, "--password", "Clerk-Passw0rd", "--resources",
               "Magento_Cart::cart")
    clerk_token = server.token(limited, "Clerk-Passw0rd")
    for token in (admin_token, customer_token, integration, clerk_token):
        for path in READS:
            r = httpx.get(server.url + "/rest/default" + path, headers={"Authorization": f"Bearer {token}"})
            assert r.status_code == 200, (path, r.text)


def test_every_method_works_under_all_in_the_admin_store(server, admin_token):
    """GET under `all` reads the default scope; carts created under `all` belong to the default view."""
    auth = {"Authorization": f"Bearer {admin_token}"}
    with httpx.Client(base_url=server.url + "/rest/all", headers=auth) as c:
        assert c.get("/V1/store/storeViews").json()[0]["code"] == "admin"
        r = c.get("/V1/vendor_faq/question/all", params={"searchCriteria[pageSize]": 1})
        assert r.status_code == 200 and "total_count" in r.json(), r.text
        r = c.get("/V1/orders", params={"searchCriteria[pageSize]": 1})
        assert r.status_code == 200 and "items" in r.json(), r.text
        r = c.get("/V1/customers/search", params={"searchCriteria[pageSize]": 1})
        assert r.status_code == 200, r.text
        assert c.get("/V1/customers/me").status_code == 401  # an admin is no customer, under `all` as anywhere

    customer, token = new_customer(server)
    r = httpx.get(server.url + "/rest/all/V1/customers/me", headers={"Authorization": f"Bearer {token}"})
    assert (r.status_code, r.json()["id"]) == (200, customer["id"])
    cart = httpx.post(server.url + "/rest/all/V1/guest-carts").json()
    r = httpx.get(f"{server.url}/rest/all/V1/guest-carts/{cart}")
    assert (r.status_code, r.json()["store_id"]) == (200, 1), r.text


def test_the_cli_refuses_what_urls_could_not_carry(server, tree):
    codes, _ = tree

    def fails(*args: str) -> str:
        res = server.cli("store", *args, check=False)
        assert res.returncode != 0, res.stdout
        return res.stderr

    assert "reserved" in fails("create", "--code", "all", "--name", "x")
    assert "reserved" in fails("create", "--code", "admin", "--name", "x")
    assert "first character must be a letter" in fails("create", "--code", "9lives", "--name", "x")
    assert "first character must be a letter" in fails("create", "--code", "with-dash", "--name", "x")
    assert 'Store with the same code "de" already exists.' in fails("create", "--code", "de", "--name", "x")
    assert "wasn't found" in fails("create", "--code", unique("s"), "--name", "x", "--group", unique("g"))
    assert "wasn't found" in fails("create-group", "--code", unique("g"), "--name", "x", "--website", "admin")
    assert "already exists" in fails("create-website", "--code", codes["website"], "--name", "x")
    assert "already exists" in fails("create-group", "--code", codes["group"], "--name", "x")
    assert '"name" is required' in fails("create", "--code", unique("s"), "--name", " ")
    listed = server.cli("store", "list").stdout
    assert f"store view {tree[1]['de']} de (German Store View)" in listed
    assert f"group {tree[1]['group']} {codes['group']} (Second Store), root category 7" in listed


def test_a_new_store_view_code_works_in_urls_at_once(server, admin_token):
    code = unique("v")
    r = httpx.get(f"{server.url}/rest/{code}/V1/store/storeViews", headers={"Authorization": f"Bearer {admin_token}"})
    assert r.status_code == 400  # not a store code yet: the path cannot be processed
    view_id = store_view(server, code, "Fresh View")
    customer = {"customer": {"email": f"{unique('c')}@example.com", "firstname": "Jo", "lastname": "Doe"},
                "password": "Secret-123"}
    r = httpx.post(f"{server.url}/rest/{code}/V1/customers", json=customer)
    assert (r.status_code, r.json()["store_id"], r.json()["created_in"]) == (200, view_id, "Fresh View"), r.text
