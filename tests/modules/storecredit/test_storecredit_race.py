"""Two checkouts spend one customer's credit at the same instant, on a server with two workers: one
order is paid with the credit, the other is refused with a 400, and the balance never goes below 0."""
from tests.helpers import new_customer, ok
from tests.helpers.harness import server_fixture
from tests.helpers.quote import BalanceRace, error


NOT_COVERED = ("The store credit balance no longer covers the store credit applied to this cart. "
               "Review the order and try again.")


two_workers = server_fixture("storecredit-race", workers=2)


def test_one_balance_pays_for_one_of_two_simultaneous_orders(two_workers):
    srv = two_workers
    token = srv.token()
    with srv.client(token, store="all") as admin:
        for _ in range(2):
            customer, ctoken = new_customer(srv)
            ok(admin.post("/V1/vdstorecredit/manage", json={"customerId": customer["id"], "amount": 20}))
            race = BalanceRace(srv, token, customer, ctoken)
            refused, loser = race.run(
                lambda me: assert_applied(ok(me.post("/V1/carts/mine/vdstorecredit/apply", json={"amount": 20}))))
            error(refused, 400, NOT_COVERED)
            with srv.client(ctoken) as me:
                assert ok(me.get("/V1/customers/me/vdstorecredit"))["store_credit"] == 0
            order = ok(admin.get(f"/V1/orders/{race.order_id}"))
            assert order["grand_total"] == 15 and order["extension_attributes"]["vdstorecredit_amount"] == 20
            assert ok(admin.get(f"/V1/carts/{loser}"))["is_active"] is True
            rows = ok(admin.get("/V1/vdstorecredit/history/search", params={
                "searchCriteria[filterGroups][0][filters][0][field]": "customer_id",
                "searchCriteria[filterGroups][0][filters][0][value]": customer["id"]}))["items"]
            assert sorted((r["action"], r["store_credit_balance"]) for r in rows) == [(1, 20), (2, 0)]


def assert_applied(amount) -> None:
    assert amount == 20
