"""The demo data on a server of its own: John Smith's return of a yoga strap with a chat message, and a
return rule; loading again adds nothing."""
from tests.helpers import ok


def test_the_demo_return(own_server):
    own_server.cli("demo", "load", "rma")
    own_server.cli("demo", "load", "rma")
    with own_server.client(own_server.token()) as admin:
        requests = ok(admin.get("/V1/vendor_rma/rma_request/list"))
        assert requests["total_count"] == 1
        (req,) = requests["items"]
        assert req["customer_name"] == "John Smith" and req["status_label"] == "Processing"
        assert len(ok(admin.get("/V1/vendor_rma/rma_chat/list"))["items"]) == 1
        rules = ok(admin.get("/V1/vendor_rma/return_rule/list"))["items"]
        assert [(r["name"], r["default_resolution"]) for r in rules] == [("Standard return periods", 30)]
    token = own_server.customer_token("john.smith@example.com", "John-Smith-123")
    with own_server.client(token) as john:
        assert ok(john.get("/V1/vendor_rma/mine/requests"))["total_count"] == 1
