"""Who may call the shop-by-page routes (Vendor_ShopbyPage::page or a parent), the ACL tree, and the
demo pages."""
import pytest

from tests.helpers import limited_admin, new_customer, ok

BASE = "/V1/vendor_shopbypage/page"
DENIED = {"message": "The consumer isn't authorized to access %resources.",
          "parameters": {"resources": "Vendor_ShopbyPage::page"}}


def routes(page_id):
    return [("POST", BASE, {"pageData": {"title": "ACL"}}, None),
            ("PUT", f"{BASE}/{page_id}", {"pageData": {"title": "ACL again"}}, None),
            ("GET", BASE, None, {"id": page_id}),
            ("GET", BASE + "/list", None, {"categoryId": 2, "storeId": 1}),
            ("DELETE", f"{BASE}/{page_id}", None, None)]


def new_page(admin) -> int:
    return ok(admin.post(BASE, json={"pageData": {"title": "ACL"}}))["page_id"]


@pytest.mark.parametrize("resource", ["Vendor_ShopbyPage::page", "Magento_Catalog::catalog"])
def test_the_resource_or_its_parent_grants_every_route(server, admin, resource):
    page_id = new_page(admin)
    with server.client(limited_admin(server, resource)) as limited:
        for method, path, body, params in routes(page_id):
            r = limited.request(method, path, json=body, params=params)
            assert r.status_code == 200, (method, path, r.text)


def test_others_are_refused_and_nothing_changes(server, admin, guest):
    page_id = new_page(admin)
    before = ok(admin.get(BASE, params={"id": page_id}))
    _, customer_token = new_customer(server)
    with server.client(customer_token) as customer, \
            server.client(limited_admin(server, "Magento_Catalog::products")) as other:
        for client in (guest, customer, other):
            for method, path, body, params in routes(page_id):
                r = client.request(method, path, json=body, params=params)
                assert r.status_code == 401 and r.json() == DENIED, (method, path, r.text)
    assert ok(admin.get(BASE, params={"id": page_id})) == before


def test_the_acl_tree(server):
    lines = [line.rstrip() for line in server.cli("acl").stdout.splitlines() if line.strip()]
    ids = [line.split()[0] for line in lines]
    depth = {line.split()[0]: len(line) - len(line.lstrip()) for line in lines}
    assert ids.index("Magento_Catalog::catalog") < ids.index("Vendor_ShopbyPage::page")
    assert depth["Vendor_ShopbyPage::page"] > depth["Magento_Catalog::catalog"]


def test_demo_pages(own_server):
    own_server.cli("demo", "load", "shopbypage")
    own_server.cli("demo", "load", "shopbypage")  # a second load adds nothing
    with own_server.client(own_server.token()) as admin:
        tree = ok(admin.get("/V1/categories"))
        women = next(c for c in tree["children_data"] if c["name"] == "Women")
        hoodies = next(c for c in women["children_data"] if c["name"] == "Hoodies")
        pages = ok(admin.get(BASE + "/list", params={"categoryId": hoodies["id"], "storeId": 1}))
        assert [p["title"] for p in pages["items"]] == ["Red Hoodies", "Natural fabrics"]
        assert pages["items"][0]["conditions"][0]["filter"] == "93"
        other = ok(admin.get(BASE + "/list", params={"categoryId": women["id"], "storeId": 1}))
        assert [p["title"] for p in other["items"]] == ["Natural fabrics"]
