"""Who may call the report rule routes: Vendor_Reports::rule, under Vendor_Reports::reports."""
from tests.helpers import limited_admin, new_customer

from .conftest import BASE, new_rule

ROUTES = [
    ("POST", BASE, {"rule": {"title": "ACL"}}),
    ("PUT", BASE + "/{id}", {"rule": {"pin": 1}}),
    ("GET", BASE + "?entityId={id}", None),
    ("GET", BASE + "/all?searchCriteria[pageSize]=1", None),
    ("DELETE", BASE + "/{id}", None),
]
DENIED = {"message": "The consumer isn't authorized to access %resources.",
          "parameters": {"resources": "Vendor_Reports::rule"}}


def _call(client, method, path, body, rule_id):
    return client.request(method, path.format(id=rule_id), json=body)


def test_guests_customers_and_other_admins_are_refused(server, admin, guest):
    rule = new_rule(admin)
    _, customer_token = new_customer(server)
    with server.client(customer_token) as customer, \
            server.client(limited_admin(server, "Magento_Backend::content")) as other:
        for client in (guest, customer, other):
            for method, path, body in ROUTES:
                r = _call(client, method, path, body, rule["entity_id"])
                assert r.status_code == 401 and r.json() == DENIED, (method, path)
    assert admin.get(BASE, params={"entityId": rule["entity_id"]}).json() == rule


def test_the_rule_resource_or_its_parent_grants_every_route(server, admin):
    for resource in ("Vendor_Reports::rule", "Vendor_Reports::reports"):
        with server.client(limited_admin(server, resource)) as client:
            rule = new_rule(admin)
            for method, path, body in ROUTES:
                r = _call(client, method, path, body, rule["entity_id"])
                assert r.status_code == 200, (resource, method, path, r.text)
