"""The demo data `vdcommerce demo load cancelorder` adds (and `make serve` shows): an order cancelled by its
customer with its record, and one she may still cancel."""
from tests.helpers import ok

from .conftest import RECORDS


def test_demo_cancellation(own_server):
    own_server.cli("demo", "load", "cancelorder")
    own_server.cli("demo", "load", "cancelorder")  # a second load adds nothing
    with own_server.client(own_server.token()) as admin:
        listed = ok(admin.get(f"{RECORDS}/all", params={"searchCriteria[pageSize]": 10}))
        assert listed["total_count"] == 1
        (record,) = listed["items"]
        assert (record["reason"], record["comment"], record["status"]) == (
            "I have changed my mind", "Ordered the wrong size", 0)
        order = ok(admin.get(f"/V1/orders/{record['order_id']}"))
        assert order["status"] == "canceled" and order["customer_email"] == "maria.garcia@example.com"
        pending = ok(admin.get("/V1/orders", params={
            "searchCriteria[filter_groups][0][filters][0][field]": "customer_email",
            "searchCriteria[filter_groups][0][filters][0][value]": "maria.garcia@example.com",
            "searchCriteria[filter_groups][1][filters][0][field]": "status",
            "searchCriteria[filter_groups][1][filters][0][value]": "pending"}))
        assert pending["total_count"] == 1
