"""Who may manage tabs (Vendor_CustomTabs::tabs under Catalog), and the tab routes through async/bulk."""
from tests.helpers import limited_admin, new_customer, ok, unique
from tests.helpers.queue import wait_for

BASE = "/V1/vendor_customTabs/tabs"
RESOURCE = "Vendor_CustomTabs::tabs"


def routes(tab_id: int) -> list[tuple[str, str, dict | None]]:
    return [("POST", BASE, {"tabs": {"tab_name": unique("acl-")}}),
            ("PUT", f"{BASE}/{tab_id}", {"tabs": {"sort_order": 1}}),
            ("GET", f"{BASE}?tabId={tab_id}", None),
            ("GET", f"{BASE}/all?searchCriteria[pageSize]=1", None),
            ("DELETE", f"{BASE}/{tab_id}", None)]


def new_tab(admin) -> int:
    return ok(admin.post(BASE, json={"tabs": {"tab_name": unique("acl-")}}))["tab_id"]


def test_guests_customers_and_other_admins_are_refused(server, admin, guest):
    tab_id = new_tab(admin)
    _, customer_token = new_customer(server)
    denied = {"message": "The consumer isn't authorized to access %resources.", "parameters": {"resources": RESOURCE}}
    with server.client(customer_token) as customer, \
            server.client(limited_admin(server, "Magento_Catalog::products")) as products_only, \
            server.client(limited_admin(server, "Vendor_CustomTabs::config")) as config_only:
        for client in (guest, customer, products_only, config_only):
            for method, path, body in routes(tab_id):
                r = client.request(method, path, json=body)
                assert (r.status_code, r.json()) == (401, denied), (method, path)
    assert ok(admin.get(BASE, params={"tabId": tab_id}))["sort_order"] == 0  # nothing changed


def test_the_tab_resource_or_a_parent_of_it_grants_every_route(server):
    for resource in (RESOURCE, "Vendor_CustomTabs::vdcustomtabs", "Magento_Catalog::catalog"):
        with server.client(limited_admin(server, resource)) as client:
            tab_id = new_tab(client)
            for method, path, body in routes(tab_id):
                r = client.request(method, path, json=body)
                assert r.status_code == 200, (resource, method, path, r.text)


def test_bulk_create_and_change(admin):
    names = [unique("bulk-"), unique("bulk-")]
    r = admin.post(f"/async/bulk{BASE}", json=[{"tabs": {"tab_name": n, "sort_order": 5}} for n in names])
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 2)
    page = ok(admin.get(f"{BASE}/all", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "tab_name",
        "searchCriteria[filter_groups][0][filters][0][value]": ",".join(names),
        "searchCriteria[filter_groups][0][filters][0][condition_type]": "in"}))
    ids = [i["tab_id"] for i in page["items"]]
    assert page["total_count"] == 2
    r = admin.put(f"/async/bulk{BASE}/byTabId", json=[{"tabId": i, "tabs": {"tab_title": "From bulk"}} for i in ids])
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 2)
    assert {ok(admin.get(BASE, params={"tabId": i}))["tab_title"] for i in ids} == {"From bulk"}
    r = admin.request("DELETE", f"/async/bulk{BASE}/byTabId", json=[{"tabId": i} for i in ids])
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 2)
    assert all(admin.get(BASE, params={"tabId": i}).status_code == 404 for i in ids)


def test_the_acl_tree(server):
    lines = server.cli("acl").stdout.splitlines()
    at = {line.strip().split()[0]: (i, len(line) - len(line.lstrip())) for i, line in enumerate(lines) if line.strip()}
    catalog, group, tabs = at["Magento_Catalog::catalog"], at["Vendor_CustomTabs::vdcustomtabs"], at[RESOURCE]
    assert group[1] == catalog[1] + 2 and tabs[1] == group[1] + 2 and tabs[0] == group[0] + 1
    config, section = at["Magento_Config::config"], at["Vendor_CustomTabs::config"]
    assert section[1] == config[1] + 2 and section[0] > config[0]  # a child of it, among other modules' sections
    assert all(len(line) - len(line.lstrip()) > config[1] for line in lines[config[0] + 1:section[0]])
