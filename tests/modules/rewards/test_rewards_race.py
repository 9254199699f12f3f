"""Two checkouts spend one customer's points at the same instant, on a server with two workers: one order
is placed, the other is refused with a 400, and the balance never goes below 0."""
from tests.helpers import new_customer, ok
from tests.helpers.harness import server_fixture
from tests.helpers.quote import BalanceRace, error


two_workers = server_fixture("rewards-race", workers=2)


def test_one_balance_pays_for_one_of_two_simultaneous_orders(two_workers):
    srv = two_workers
    token = srv.token()
    with srv.client(token, store="all") as admin:
        for _ in range(2):
            customer, ctoken = new_customer(srv)
            ok(admin.post("/V1/rewards/management/points/add", json={"customerId": customer["id"], "amount": 20}))
            race = BalanceRace(srv, token, customer, ctoken)
            refused, loser = race.run(lambda me: assert_allowed(ok(me.put("/V1/carts/mine/points/20"))))
            error(refused, 400, "Too much point(s) used.")
            with srv.client(ctoken) as me:
                assert ok(me.get("/V1/rewards/mine/balance")) == 0
            order = ok(admin.get(f"/V1/orders/{race.order_id}"))
            assert order["grand_total"] == 15 and order["extension_attributes"]["vdrewards_points"] == 20
            assert ok(admin.get(f"/V1/carts/{loser}"))["is_active"] is True
            rows = ok(admin.post(f"/V1/rewards/management/history/{customer['id']}", json={}))
            assert [(r["amount"], r["points_left"]) for r in rows] == [(-20, 0), (20, 20)]


def assert_allowed(answer: dict) -> None:
    assert answer["allowed_points"] == 20
