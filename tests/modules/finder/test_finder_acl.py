"""Who may call the finder's routes: Vendor_Finder::finder; a refusal names it and changes nothing. And the
demo data `vdcommerce demo load` adds."""
import json
from pathlib import Path

from tests.helpers import limited_admin, new_customer, ok

from .helpers import V, new_finder

WEBAPI = Path(__file__).resolve().parents[3] / "vdcommerce/modules/finder/etc/webapi.xml"
DENIED = {"message": "The consumer isn't authorized to access %resources.",
          "parameters": {"resources": "Vendor_Finder::finder"}}


def every_route() -> list[tuple[str, str]]:
    import xml.etree.ElementTree as ET
    return [(r.get("method"), r.get("url")) for r in ET.parse(WEBAPI).getroot().iter("route")]


def test_every_route_names_the_finder_resource():
    import xml.etree.ElementTree as ET
    refs = {tuple(res.get("ref") for res in r.iter("resource")) for r in ET.parse(WEBAPI).getroot().iter("route")}
    assert refs == {("Vendor_Finder::finder",)}
    assert len(every_route()) == 41


def test_the_resource_grants_and_others_are_refused(server, admin):
    finder, _ = new_finder(admin, names=("Make",))
    _, customer_token = new_customer(server)
    with server.client(limited_admin(server, "Vendor_Finder::finder")) as allowed, \
            server.client(customer_token) as customer, \
            server.client(limited_admin(server, "Magento_Catalog::catalog")) as other, \
            server.client() as guest:
        r = allowed.put(f"{V}/finder/{finder['finder_id']}", json={"finder": {"position": 4}})
        assert r.status_code == 200 and r.json()["position"] == 4
        assert allowed.get(f"{V}/importLog/all").status_code == 200
        before = ok(admin.get(f"{V}/finder/all"))
        for client in (guest, customer, other):
            for method, url in every_route():
                path = url.replace(":id", "1").replace(":finderId", "1").replace(":finder", "1")
                body = {} if method in ("POST", "PUT") else None
                r = client.request(method, path, content=json.dumps(body) if body is not None else None,
                                   headers={"Content-Type": "application/json"})
                assert r.status_code == 401 and r.json() == DENIED, (method, url, r.text)
    assert ok(admin.get(f"{V}/finder/all")) == before


def test_the_acl_tree():
    """Vendor_Finder::finder hangs right under the admin root and has no children."""
    import xml.etree.ElementTree as ET
    root = ET.parse(WEBAPI.parent / "acl.xml").getroot().find("acl/resources/resource")
    assert root is not None and root.get("id") == "Magento_Backend::admin"
    [finder] = list(root)
    assert (finder.get("id"), finder.get("title"), list(finder)) == ("Vendor_Finder::finder", "Product Parts Finder", [])


def test_demo_data(own_server):
    own_server.cli("demo", "load", "finder")
    own_server.cli("demo", "load", "finder")  # a second load adds nothing
    with own_server.client(own_server.token()) as admin:
        [finder] = ok(admin.get(f"{V}/finder/all"))
        assert finder["name"] == "Gear finder"
        dropdowns = ok(admin.get(f"{V}/dropdown/all"))
        assert [d["name"] for d in dropdowns] == ["Activity", "Category", "Size"]
        history = ok(admin.get(f"{V}/importLogHistory/all"))
        assert [(h["file_name"], h["count_errors"], h["count_processing_rows"]) for h in history] == [("gear.csv", 0, 2)]
        vals = ok(admin.get(f"{V}/value/all"))
        running = next(v for v in vals if v["name"] == "Running")
        found = ok(admin.post(f"{V}/product/find", json={"finderOptions": [
            {"dropdown_id": dropdowns[0]["dropdown_id"], "value": str(running["value_id"])}]}))
        assert {p["sku"] for p in found} == {"MS-TEE-S", "MS-TEE-M", "MS-TEE-L", "24-WG085"}  # 24-WG085: universal
        assert [p["id"] for p in found] == sorted(p["id"] for p in found)
