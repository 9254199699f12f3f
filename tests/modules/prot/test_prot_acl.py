"""Who may call the option template routes: Vendor_Prot::templates and the resources above it."""
import pytest

from tests.helpers import limited_admin, new_customer, unique

RESOURCE = "Vendor_Prot::templates"

# every route, with a request that succeeds for a caller with full access
ROUTES = [
    ("POST", "/V1/vendor_prot/template", {"template": {"name": "ACL"}}),
    ("PUT", "/V1/vendor_prot/template/{template}", {"template": {"name": "ACL 2"}}),
    ("GET", "/V1/vendor_prot/template?templateId={template}", None),
    ("GET", "/V1/vendor_prot/templates?searchCriteria[pageSize]=1", None),
    ("DELETE", "/V1/vendor_prot/template/{template}", None),
]

DENIED = {"message": "The consumer isn't authorized to access %resources.", "parameters": {"resources": RESOURCE}}


def new_template(admin) -> int:
    r = admin.post("/V1/vendor_prot/template", json={"template": {"name": unique("ACL ")}})
    assert r.status_code == 200, r.text
    return r.json()["template_id"]


def run_all(client, template_id) -> list:
    return [client.request(method, path.format(template=template_id), json=body) for method, path, body in ROUTES]


def test_guests_and_customers_are_refused(server, admin, guest):
    template_id = new_template(admin)
    _, customer_token = new_customer(server)
    with server.client(customer_token) as customer:
        for client in (guest, customer):
            for (method, path, _), r in zip(ROUTES, run_all(client, template_id)):
                assert (r.status_code, r.json()) == (401, DENIED), (method, path)
    r = admin.get("/V1/vendor_prot/template", params={"templateId": template_id})
    assert r.status_code == 200 and r.json()["name"].startswith("ACL ")


@pytest.mark.parametrize("granted", ["Vendor_Prot::mass_assign", "Vendor_Prot::mass_remove", "Vendor_Prot::config",
                                     "Magento_Catalog::categories"])
def test_other_resources_do_not_grant_the_templates(server, admin, granted):
    template_id = new_template(admin)
    with server.client(limited_admin(server, granted)) as other:
        for (method, path, _), r in zip(ROUTES, run_all(other, template_id)):
            assert (r.status_code, r.json()) == (401, DENIED), (method, path)


@pytest.mark.parametrize("granted", [RESOURCE, "Vendor_Prot::prot", "Magento_Catalog::catalog"])
def test_the_resource_and_its_parents_grant_every_route(server, admin, granted):
    template_id = new_template(admin)
    with server.client(limited_admin(server, granted)) as allowed:
        for (method, path, _), r in zip(ROUTES, run_all(allowed, template_id)):
            assert r.status_code == 200, (method, path, r.text)

