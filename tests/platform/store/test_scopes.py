"""The scope tree as the packages that read it see it: a second website with two store views, customers
placed in them, configuration set per website and store view by code or id."""
import httpx
import pytest
import sqlalchemy as sa

from tests.helpers import new_customer, unique

pytestmark = pytest.mark.long_file(140)  # seconds on a busy machine: handed out early (tests/helpers/order.py)

INVALID = 'Invalid value of "%value" provided for the %fieldName field.'
WEBSITE, GROUP, FIRST, SECOND = 20, 20, 21, 22


@pytest.fixture(scope="module")
def scopes(server):
    """Arranged in the database, with ids of its choosing (``vdcommerce store`` numbers them itself)."""
    codes = {"website": unique("w"), "group": unique("g"), "first": unique("s"), "second": unique("s")}
    with server.db.engine.begin() as c:
        c.execute(sa.text("insert into store_website (website_id, code, name, default_group_id) "
                          "values (:w, :code, 'Second Website', :g)"), {"w": WEBSITE, "g": GROUP, "code": codes["website"]})
        c.execute(sa.text("insert into store_group (group_id, website_id, name, default_store_id, code, root_category_id) "
                          "values (:g, :w, 'Second Store', :s, :code, 2)"),
                  {"g": GROUP, "w": WEBSITE, "s": SECOND, "code": codes["group"]})
        for store_id, key in ((FIRST, "first"), (SECOND, "second")):
            c.execute(sa.text("insert into store (store_id, code, website_id, group_id, name, sort_order, is_active) "
                              "values (:s, :code, :w, :g, :name, 0, :active)"),
                      {"s": store_id, "code": codes[key], "w": WEBSITE, "g": GROUP, "name": f"View {key}",
                       "active": True})
    return codes


def test_admin_places_a_customer_in_another_website(server, admin, scopes):
    customer, _ = new_customer(server)
    url = f"/V1/customers/{customer['id']}"
    r = admin.put(url, json={"customer": {"website_id": WEBSITE}})
    assert r.status_code == 200, r.text
    assert (r.json()["website_id"], r.json()["store_id"]) == (WEBSITE, FIRST)  # the website's first store view
    r = admin.put(url, json={"customer": {"website_id": WEBSITE, "store_id": SECOND}})
    assert (r.json()["website_id"], r.json()["store_id"]) == (WEBSITE, SECOND)
    r = admin.put(url, json={"customer": {"website_id": WEBSITE, "store_id": 1}})  # a view of another website
    assert (r.status_code, r.json()) == (400, {"message": INVALID, "parameters": {"value": 1, "fieldName": "store_id"}})
    r = admin.put(url, json={"customer": {"website_id": 0}})  # the admin website holds no customers
    assert (r.status_code, r.json()) == (400, {"message": INVALID, "parameters": {"value": 0, "fieldName": "website_id"}})


def test_a_guest_signs_up_in_the_store_view_of_the_path(server, scopes):
    body = {"customer": {"email": f"{unique('c')}@example.com", "firstname": "Jane", "lastname": "Doe"},
            "password": "Secret-123"}
    r = httpx.post(f"{server.url}/rest/{scopes['second']}/V1/customers", json=body)
    assert r.status_code == 200, r.text
    assert (r.json()["website_id"], r.json()["store_id"]) == (WEBSITE, SECOND)
    assert r.json()["created_in"] == "View second"


def test_configuration_per_website_and_store_view(server, scopes):
    path = "testmodule/scopes/value"  # declared by the test module, default "fallback"

    def get(scope: str, code: str) -> str:
        res = server.cli("config", "get", path, "--scope", scope, "--code", code)
        return res.stdout.strip()

    server.config(path, "site", "--scope", "websites", "--code", scopes["website"])
    server.config(path, "view", "--scope", "stores", "--code", str(SECOND))  # a store view by id
    assert get("stores", scopes["first"]) == "site"       # falls back to its website
    assert get("stores", scopes["second"]) == "view"
    assert get("websites", str(WEBSITE)) == "site"        # a website by id
    assert get("stores", "default") == "fallback"          # another website: the declared default

    res = server.cli("config", "set", path, "x", "--scope", "stores", "--code", unique("nope"), check=False)
    assert res.returncode != 0 and "scope_code" in res.stderr
    res = server.cli("config", "set", path, "x", "--scope", "websites", "--code", scopes["first"], check=False)
    assert res.returncode != 0 and "scope_code" in res.stderr  # a store view's code names no website


def test_the_store_service_reads_the_tree(server, scopes):
    """The look-ups other packages use, run directly against the server's database."""
    from vdcommerce.platform.store import service as stores

    with server.db.engine.connect() as conn:
        tree = stores.tree(conn)
        assert tree.website_by_code(scopes["website"]).website_id == WEBSITE
        assert tree.store_by_code(scopes["first"]).store_id == FIRST
        assert [s.store_id for s in tree.store_views_of(WEBSITE)] == [FIRST, SECOND]
        assert tree.default_store_view(WEBSITE).store_id == SECOND   # its default group's default view
        assert tree.default_store_view(1).code == "default"
        assert tree.default_store_view(99) is None

        assert stores.default_store_view(conn, WEBSITE) == tree.default_store_view(WEBSITE)
        assert stores.first_store_view(conn, WEBSITE).store_id == FIRST
        assert stores.first_store_view(conn, 0) is None                 # the admin store view never counts
        assert stores.group(conn, GROUP).default_store_id == SECOND
        assert stores.website_by_code(conn, scopes["website"]) == tree.websites[WEBSITE]
        assert stores.store_view_by_code(conn, scopes["second"]) == tree.stores[SECOND]
        assert stores.store_view(conn, 0).code == "admin" and stores.store_view(conn, 99) is None
        assert stores.website(conn, 99) is None and stores.store_view_by_code(conn, "nope") is None
