"""Who may call the CCPA routes: the admin routes need Vendor_Ccpa::requests (or a parent), the log
Vendor_Ccpa::action_log; a refusal changes nothing. Also the module's place in the ACL tree and its
demo request."""
from tests.helpers import limited_admin, new_customer, ok

PENDING = "/V1/vendor_ccpa/getUnprocessedRequests"
LOG = "/V1/vendor_ccpa/actionLog/search"


def routes(customer_id: int):
    return [("GET", PENDING, None),
            ("POST", "/V1/vendor_ccpa/denyDeleteRequest", {"customerId": customer_id, "comment": "No"}),
            ("POST", "/V1/vendor_ccpa/approveDeleteRequest", {"customerId": customer_id})]


def denied(resource: str) -> dict:
    return {"message": "The consumer isn't authorized to access %resources.", "parameters": {"resources": resource}}


def test_who_may_call_what(server, admin, guest):
    customer, token = new_customer(server)
    with server.client(token) as me:
        assert ok(me.post("/V1/vendor_ccpa/mine/deleteRequest", json={})) is True
    all_logs = {"searchCriteria[pageSize]": 5}
    with server.client(token) as me, \
            server.client(limited_admin(server, "Vendor_Ccpa::action_log", "Vendor_Ccpa::config")) as log_reader, \
            server.client(limited_admin(server, "Magento_Customer::customer")) as customers_admin:
        # refused: guests, customers, an admin without the requests resource; nothing changes
        for client in (guest, me, log_reader):
            for method, path, body in routes(customer["id"]):
                r = client.request(method, path, json=body)
                assert r.status_code == 401 and r.json() == denied("Vendor_Ccpa::requests"), (method, path, r.text)
        assert [r["approved"] for r in ok(admin.get(PENDING)) if r["customer_id"] == customer["id"]] == [0]
        assert ok(admin.get(f"/V1/customers/{customer['id']}"))["email"] == customer["email"]
        for client in (guest, me):
            r = client.get(LOG, params=all_logs)
            assert r.status_code == 401 and r.json() == denied("Vendor_Ccpa::action_log")
        assert "items" in ok(log_reader.get(LOG, params=all_logs))
        # Customers (the ancestor of Vendor_Ccpa::ccpa > requests and action_log) reaches every admin route
        for method, path, body in routes(customer["id"]):
            r = customers_admin.request(method, path, json=body)
            assert r.status_code == 200, (method, path, r.text)
        assert "items" in ok(customers_admin.get(LOG, params=all_logs))
    with server.client(limited_admin(server, "Vendor_Ccpa::requests")) as requests_admin:
        other, _ = new_customer(server)
        for method, path, body in routes(other["id"]):
            r = requests_admin.request(method, path, json=body)
            assert r.status_code == 200, (method, path, r.text)
        r = requests_admin.get(LOG, params=all_logs)
        assert r.status_code == 401 and r.json() == denied("Vendor_Ccpa::action_log")


def test_the_acl_tree(server):
    lines = [line.rstrip() for line in server.cli("acl").stdout.splitlines() if line.strip()]
    ids = [line.split()[0] for line in lines]
    depth = {line.split()[0]: len(line) - len(line.lstrip()) for line in lines}
    assert ids.index("Magento_Customer::customer") < ids.index("Vendor_Ccpa::ccpa") < ids.index("Vendor_Ccpa::requests")
    step = depth["Vendor_Ccpa::ccpa"] - depth["Magento_Customer::customer"]
    assert step > 0
    for child in ("action_log", "consent_log", "consent_queue", "requests", "policy", "consents", "personal_data"):
        assert depth[f"Vendor_Ccpa::{child}"] == depth["Vendor_Ccpa::ccpa"] + step, child
    assert depth["Vendor_Ccpa::config"] > depth["Magento_Config::config"] > depth["Magento_Backend::stores_settings"]


def test_demo_data_files_one_request(server, admin):
    server.cli("demo", "load", "ccpa")  # the platform's demo data (the demo customers among it) and the module's
    page = ok(admin.get("/V1/customers/search", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "email",
        "searchCriteria[filter_groups][0][filters][0][value]": "john.smith@example.com"}))
    (john,) = page["items"]
    (request,) = [r for r in ok(admin.get(PENDING)) if r["customer_id"] == john["id"]]
    assert (request["got_from"], request["approved"]) == ("customer_request", 0)
    page = ok(admin.get("/V1/vendor_ccpa/privacyPolicy/search", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "policy_version",
        "searchCriteria[filter_groups][0][filters][0][value]": "1.0"}))
    assert [(p["status"], "Privacy policy" in p["content"]) for p in page["items"]] == [(1, True)]
