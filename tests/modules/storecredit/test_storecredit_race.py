"""Races on one customer's balance, on a server with two workers: two checkouts spending it at the same
instant (one order is paid with the credit, the other is refused with a 400, and the balance never goes
below 0), and changes of the balance at the same instant (each gets its own history number)."""
from tests.helpers import at_once, new_customer, ok
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


def test_changes_of_one_balance_at_the_same_instant_number_their_history_rows_one_by_one(two_workers):
    """The history number comes with the balance's change, not from reading the latest row: pairs of
    changes of one balance at the same instant (the first two both creating the balance) give the
    numbers 1..n once each, and every row's balance follows from the one numbered before it."""
    srv = two_workers
    token = srv.token()
    customer, _ = new_customer(srv)
    body = {"customerId": customer["id"]}
    with srv.client(token, store="all") as a, srv.client(token, store="all") as b:
        for amounts in [(10, 20), (5, -3), (-4, 7), (1, 2), (-6, -2)]:
            answers = at_once(*[lambda c=c, x=x: c.post("/V1/vdstorecredit/manage", json={**body, "amount": x})
                                for c, x in zip((a, b), amounts)])
            assert [r.status_code for r in answers] == [200, 200], [r.text for r in answers]
        rows = ok(a.get("/V1/vdstorecredit/history/search", params={
            "searchCriteria[filterGroups][0][filters][0][field]": "customer_id",
            "searchCriteria[filterGroups][0][filters][0][value]": customer["id"]}))["items"]
        rows.sort(key=lambda r: r["customer_history_id"])
        assert [r["customer_history_id"] for r in rows] == list(range(1, 11))
        balance = 0
        for r in rows:
            balance += -r["difference"] if r["is_deduct"] else r["difference"]
            assert r["store_credit_balance"] == balance
        assert balance == 30
        assert ok(a.get(f"/V1/vdstorecredit/customer/{customer['id']}"))["store_credit"] == 30
