"""Who may call the mega menu routes (Vendor_MegaMenu::menu_links on every one), and the async forms of
its admin writes."""
import time

import pytest

from tests.helpers import limited_admin, new_customer, unique
from tests.modules.megamenu.menu import ITEM, LINK, items_of, new_item, new_link

RESOURCE = "Vendor_MegaMenu::menu_links"

# every route, with a request that succeeds for a caller with full access
ROUTES = [
    ("POST", LINK, {"link": {"link": "acl", "link_type": 1}}),
    ("PUT", LINK + "/{link}", {"link": {"level": 1}}),
    ("GET", LINK + "?entityId={link}", None),
    ("GET", LINK + "/all?searchCriteria[pageSize]=10", None),
    ("POST", ITEM, {"item": {"entity_id": "{link}", "type": "custom", "store_id": 1}}),
    ("PUT", ITEM + "/{item}", {"item": {"name": "acl"}}),
    ("GET", ITEM + "?id={item}", None),
    ("GET", ITEM + "/all?searchCriteria[pageSize]=10", None),
    ("DELETE", ITEM + "/{item}", None),
    ("DELETE", LINK + "/{link}", None),
]


def records(admin) -> dict:
    link_id = new_link(admin)["entity_id"]
    return {"link": link_id, "item": new_item(admin, entity_id=link_id, type="custom")["id"]}


def call(client, method, path, body, ids):
    if body is not None:
        body = {k: {f: (int(v.format(**ids)) if isinstance(v, str) and v.startswith("{") else v)
                    for f, v in obj.items()} for k, obj in body.items()}
    return client.request(method, path.format(**ids), json=body)


def denied():
    return {"message": "The consumer isn't authorized to access %resources.", "parameters": {"resources": RESOURCE}}


def test_every_route_with_the_admin_token(admin):
    ids = records(admin)
    for method, path, body in ROUTES:
        r = call(admin, method, path, body, ids)
        assert r.status_code == 200, (method, path, r.text)


def test_the_mixed_case_segment_matches_in_any_case(admin):
    link_id = new_link(admin)["entity_id"]
    r = admin.get("/V1/VENDOR_MEGAMENU/LINK", params={"entityId": link_id})
    assert r.status_code == 200 and r.json()["entity_id"] == link_id


def test_guests_and_customers_are_refused(server, admin, guest):
    ids = records(admin)
    _, customer_token = new_customer(server)
    with server.client(customer_token) as customer:
        for client in (guest, customer):
            for method, path, body in ROUTES:
                r = call(client, method, path, body, ids)
                assert (r.status_code, r.json()) == (401, denied()), (method, path)
    # nothing was changed
    assert admin.get(LINK, params={"entityId": ids["link"]}).json()["level"] == 0
    assert admin.get(ITEM, params={"id": ids["item"]}).json()["name"] == ""


@pytest.mark.parametrize("resources,allowed", [
    (["Vendor_MegaMenu::menu_links"], True),
    (["Vendor_MegaMenu::menu"], True),  # a parent grants its children
    (["Magento_Catalog::categories"], False),
])
def test_limited_admins(server, admin, resources, allowed):
    ids = records(admin)
    with server.client(limited_admin(server, *resources)) as limited:
        for method, path, body in ROUTES:
            r = call(limited, method, path, body, ids)
            if allowed:
                assert r.status_code == 200, (method, path, r.text)
            else:
                assert (r.status_code, r.json()) == (401, denied()), (method, path)


def wait_for(admin, uuid: str) -> list[dict]:
    for _ in range(300):
        ops = admin.get(f"/V1/bulk/{uuid}/status").json()["operations_list"]
        if all(op["status"] != 4 for op in ops):
            return ops
        time.sleep(0.1)
    raise AssertionError(f"bulk {uuid} did not finish")


def test_the_admin_writes_run_through_async_and_bulk(admin):
    marker = unique("async-")
    r = admin.post("/async/V1/vendor_megaMenu/link", json={"link": {"link": marker, "link_type": 1}})
    assert r.status_code == 202, r.text
    assert [op["status"] for op in wait_for(admin, r.json()["bulk_uuid"])] == [1]
    found = admin.get(f"{LINK}/all", params={"searchCriteria[filter_groups][0][filters][0][field]": "link",
                                             "searchCriteria[filter_groups][0][filters][0][value]": marker}).json()
    [link] = found["items"]
    [default] = items_of(admin, link["entity_id"])
    # the item PUT in bulk form names the item by its own id
    r = admin.put("/async/bulk/V1/vendor_megaMenu/item/byEntityId",
                  json=[{"item": {"id": default["id"], "name": f"{marker} named"}}])
    assert r.status_code == 202, r.text
    assert [op["status"] for op in wait_for(admin, r.json()["bulk_uuid"])] == [1]
    assert admin.get(ITEM, params={"id": default["id"]}).json()["name"] == f"{marker} named"
    r = admin.delete(f"/async/V1/vendor_megaMenu/link/{link['entity_id']}")
    assert r.status_code == 202
    wait_for(admin, r.json()["bulk_uuid"])
    assert admin.get(LINK, params={"entityId": link["entity_id"]}).status_code == 404
