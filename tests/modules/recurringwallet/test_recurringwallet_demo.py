"""The demo agreements that `vdcommerce demo load` adds (and `make serve` shows)."""
from tests.helpers import ok


def test_demo_agreements(own_server):
    own_server.cli("demo", "load", "recurringwallet")
    own_server.cli("demo", "load", "recurringwallet")  # a second load adds nothing
    with own_server.client(own_server.token(), store="all") as admin:
        page = ok(admin.get("/V1/wallet-recurring/agreements/search", params={
            "searchCriteria[sortOrders][0][field]": "agreement_id",
            "searchCriteria[sortOrders][0][direction]": "ASC"}))
    assert [(a["method_code"], a["agreement_label"], a["status"]) for a in page["items"]] == [
        ("vdrecurringwallet_applepay", "Apple Pay VISA ****4242", "active"),
        ("vdrecurringwallet_googlepay", "Google Pay MASTERCARD ****4444", "active"),
        ("vdrecurringwallet_applepay", "Apple Pay AMEX ****0005", "canceled")]
    assert all(a["reference_id"].startswith("ba_") and len(a["reference_id"]) == 27 for a in page["items"])
    # a demo customer sees their own
    with own_server.client() as guest:
        token = ok(guest.post("/V1/integration/customer/token", json={"username": "john.smith@example.com",
                                                                      "password": "John-Smith-123"}))
    with own_server.client(token) as john:
        mine = ok(john.get("/V1/wallet-recurring/mine"))
    # the canceled one changed last
    assert [(a["method_code"], a["status"]) for a in mine] == [("vdrecurringwallet_applepay", "canceled"),
                                                              ("vdrecurringwallet_googlepay", "active")]
