"""Who may call the label routes: Vendor_Label::labels, or its parent Vendor_Label::label."""
import pytest

from tests.helpers import limited_admin, new_customer, unique

ROUTES = [
    ("POST", "/V1/vendor_labels/save", {"label": {"name": "ACL"}}),
    ("GET", "/V1/vendor_labels/get/{label}", None),
    ("GET", "/V1/vendor_labels/all", None),
    ("GET", "/V1/vendor_labels/assignment/{label}", None),
    ("PUT", "/V1/vendor_labels/assignment/{label}", {"assignment": {"store_ids": [0]}}),
    ("DELETE", "/V1/vendor_labels/delete/{label}", None),
]
DENIED = {"message": "The consumer isn't authorized to access %resources.",
          "parameters": {"resources": "Vendor_Label::labels"}}


def new_label(admin) -> int:
    r = admin.post("/V1/vendor_labels/save", json={"label": {"name": unique("ACL ")}})
    assert r.status_code == 200, r.text
    return r.json()["label_id"]


def run_all(client, label_id):
    return [(m, p, client.request(m, p.format(label=label_id), json=b)) for m, p, b in ROUTES]


@pytest.mark.parametrize("resource", ["Vendor_Label::labels", "Vendor_Label::label", "Magento_Catalog::catalog"])
def test_either_label_resource_or_a_parent_grants_every_route(server, admin, resource):
    label_id = new_label(admin)
    with server.client(limited_admin(server, resource)) as limited:
        for method, path, r in run_all(limited, label_id):
            assert r.status_code == 200, (method, path, r.text)


def test_others_are_refused_and_nothing_changes(server, admin, guest):
    label_id = new_label(admin)
    before = admin.get(f"/V1/vendor_labels/get/{label_id}").json()
    _, customer_token = new_customer(server)
    with server.client(customer_token) as customer, \
            server.client(limited_admin(server, "Vendor_Label::config", "Magento_Backend::content")) as other:
        for client in (guest, customer, other):
            for method, path, r in run_all(client, label_id):
                assert r.status_code == 401 and r.json() == DENIED, (method, path, r.text)
    assert admin.get(f"/V1/vendor_labels/get/{label_id}").json() == before
    assert admin.get(f"/V1/vendor_labels/assignment/{label_id}").json()["store_ids"] == []


def test_the_acl_tree(server):
    lines = [line.rstrip() for line in server.cli("acl").stdout.splitlines()]
    ids = [line.split()[0] for line in lines if line.strip()]
    depth = {line.split()[0]: len(line) - len(line.lstrip()) for line in lines if line.strip()}
    catalog, label, labels = (ids.index(i) for i in ("Magento_Catalog::catalog", "Vendor_Label::label",
                                                      "Vendor_Label::labels"))
    assert catalog < label < labels
    assert depth["Vendor_Label::label"] > depth["Magento_Catalog::catalog"]
    assert depth["Vendor_Label::labels"] > depth["Vendor_Label::label"]
    assert depth["Vendor_Label::config"] > depth["Magento_Backend::stores_settings"]
