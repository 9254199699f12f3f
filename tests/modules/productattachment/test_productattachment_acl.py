"""Who may call the attachment routes: admins with the module's resource for the management routes,
everyone for the visitor routes."""
from tests.helpers import limited_admin, new_customer

from . import BASE, b64, create

RESOURCE = "Vendor_ProductAttachment::attachment"

ADMIN_ROUTES = [
    ("POST", f"{BASE}/filemanage/uploadFile", {"fileContent": {"base64_encoded_data": b64(b"x"), "name_with_extension": "a.txt"}}),
    ("GET", f"{BASE}/filemanage/{{file}}", None),
    ("POST", f"{BASE}/filemanage", {"file": {"label": "L", "file_name": "f"}}),
    ("PUT", f"{BASE}/filemanage/{{file}}", {"file": {"label": "L2"}}),
    ("GET", f"{BASE}/filemanage/files?searchCriteria[pageSize]=1", None),
    ("DELETE", f"{BASE}/filemanage/{{file}}", None),
]
VISITOR_ROUTES = [
    f"{BASE}/getByProductId?productId=1", f"{BASE}/getByCategoryId?categoryId=1",
    f"{BASE}/getByFileIds?fileIds[]={{file}}", f"{BASE}/download?fileId={{file}}",
]


def run(client, admin_all, expected: int):
    for method, path, body in ADMIN_ROUTES:
        f = create(admin_all)
        r = client.request(method, path.format(file=f["file_id"]), json=body)
        assert r.status_code == expected, (method, path, r.text)
        if expected == 401:
            assert r.json() == {"message": "The consumer isn't authorized to access %resources.",
                                "parameters": {"resources": RESOURCE}}


def test_the_management_routes_need_the_resource(server, admin, admin_all, guest):
    run(admin, admin_all, 200)
    _, customer_token = new_customer(server)
    with server.client(customer_token) as customer:
        run(customer, admin_all, 401)
    run(guest, admin_all, 401)
    with server.client(limited_admin(server, "Magento_Catalog::categories")) as other:
        run(other, admin_all, 401)
    with server.client(limited_admin(server, RESOURCE)) as granted:
        run(granted, admin_all, 200)
    with server.client(limited_admin(server, "Magento_Catalog::catalog")) as parent:
        run(parent, admin_all, 200)


def test_the_visitor_routes_are_open(server, admin_all, guest, admin):
    f = create(admin_all)
    _, customer_token = new_customer(server)
    with server.client(customer_token) as customer:
        for client in (guest, customer, admin):
            for path in VISITOR_ROUTES:
                r = client.get(path.format(file=f["file_id"]))
                assert r.status_code == 200, (path, r.text)


def test_admin_writes_through_async(server, admin_token, admin_all):
    f = create(admin_all)
    with server.client(admin_token, store="all") as c:
        r = c.put(f"/async/V1/vendor_product_attachment/filemanage/{f['file_id']}", json={"file": {"label": "Queued"}})
        assert r.status_code == 202, r.text
        assert r.json()["request_items"][0]["status"] == "accepted"
