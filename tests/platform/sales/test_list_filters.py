"""Order lists filtered by a module: the test module hides orders (as an archive does) through a
declared list filter; they leave ``GET /V1/orders``, the document lists and the customer's own order
list, stay readable by id, and come back when shown again."""
import pytest

from tests.helpers import new_customer, ok, unique
from tests.helpers.sales import NOT_FOUND, create




def _by(field, value):
    return {"searchCriteria[filter_groups][0][filters][0][field]": field,
            "searchCriteria[filter_groups][0][filters][0][value]": value}


@pytest.fixture
def two_orders(server, all_client):
    """A customer with two orders; the first invoiced, shipped and refunded."""
    customer, token = new_customer(server)
    first, second = (create(all_client, [(unique("TEE-"), 1, 45)], shipping=5, customer_id=customer["id"],
                            email=customer["email"]) for _ in range(2))
    oid = first["entity_id"]
    ids = {"invoice": ok(all_client.post(f"/V1/order/{oid}/invoice", json={})),
           "shipment": ok(all_client.post(f"/V1/order/{oid}/ship", json={})),
           "creditmemo": ok(all_client.post(f"/V1/order/{oid}/refund", json={}))}
    return customer, token, first["entity_id"], second["entity_id"], ids


def _listed(admin, path, field, value) -> list[int]:
    found = ok(admin.get(path, params=_by(field, value)))
    assert found["total_count"] == len(found["items"])
    return [i["entity_id"] for i in found["items"]]


def test_hidden_orders_leave_the_lists_and_come_back(server, admin, two_orders):
    customer, token, first, second, docs = two_orders
    assert _listed(admin, "/V1/orders", "customer_id", customer["id"]) == [first, second]
    ok(admin.post("/V1/vdtest/orders/hide", json={"orderIds": [first]}))

    assert _listed(admin, "/V1/orders", "customer_id", customer["id"]) == [second]
    for path, key in (("/V1/invoices", "invoice"), ("/V1/shipments", "shipment"), ("/V1/creditmemos", "creditmemo")):
        assert _listed(admin, path, "order_id", first) == [], path
    # reads by id are not filtered
    assert ok(admin.get(f"/V1/orders/{first}"))["entity_id"] == first
    assert ok(admin.get(f"/V1/invoices/{docs['invoice']}"))["order_id"] == first
    assert ok(admin.get(f"/V1/creditmemo/{docs['creditmemo']}"))["order_id"] == first

    with server.client(token) as me:
        mine = ok(me.get("/V1/vdtest/orders/mine"))
        assert [o["entity_id"] for o in mine["items"]] == [second] and mine["total_count"] == 1
        r = me.get(f"/V1/vdtest/orders/mine/{first}")
        assert (r.status_code, r.json()["message"]) == (404, NOT_FOUND)
        assert ok(me.get(f"/V1/vdtest/orders/mine/{second}"))["customer_id"] == customer["id"]

    ok(admin.post("/V1/vdtest/orders/show", json={"orderIds": [first]}))
    assert _listed(admin, "/V1/orders", "customer_id", customer["id"]) == [first, second]
    assert _listed(admin, "/V1/shipments", "order_id", first) == [docs["shipment"]]
    with server.client(token) as me:
        assert ok(me.get("/V1/vdtest/orders/mine"))["total_count"] == 2


def test_the_customer_list_holds_only_the_callers_orders(server, all_client, two_orders):
    _, _, first, _, _ = two_orders
    _, other_token = new_customer(server)
    with server.client(other_token) as other:
        mine = ok(other.get("/V1/vdtest/orders/mine"))
        assert (mine["items"], mine["total_count"]) == ([], 0)
        r = other.get(f"/V1/vdtest/orders/mine/{first}")
        assert (r.status_code, r.json()["message"]) == (404, NOT_FOUND)
    with server.client() as guest:
        assert guest.get("/V1/vdtest/orders/mine").status_code == 401
