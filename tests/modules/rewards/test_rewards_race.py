"""Two checkouts spend one customer's points at the same instant, on a server with two workers: one order
is placed, the other is refused with a 400, and the balance never goes below 0."""
from tests.helpers import at_once, new_customer, ok
from tests.helpers.harness import server_fixture
from tests.helpers.quote import add, error, product, second_cart, shipping_information


two_workers = server_fixture("rewards-race", workers=2)


def test_one_balance_pays_for_one_of_two_simultaneous_orders(two_workers):
    srv = two_workers
    token = srv.token()
    admin = srv.client(token, store="all")
    for _ in range(2):
        customer, ctoken = new_customer(srv)
        me = srv.client(ctoken)
        ok(admin.post("/V1/rewards/management/points/add", json={"customerId": customer["id"], "amount": 20}))
        sku = product(srv, token, price=30)["sku"]
        ok(me.post("/V1/carts/mine"))
        first = ok(me.get("/V1/carts/mine"))["id"]
        add(me, "/V1/carts/mine", sku, 1)
        assert shipping_information(me, "/V1/carts/mine").status_code == 200
        assert ok(me.put("/V1/carts/mine/points/20"))["allowed_points"] == 20
        second = second_cart(srv, customer, sku)
        assert ok(me.put("/V1/carts/mine/points/20"))["allowed_points"] == 20

        calls = [lambda c: c.put("/V1/carts/mine/order", json={"paymentMethod": {"method": "checkmo"}}),
                 lambda c: c.put(f"/V1/carts/{first}/order", json={"paymentMethod": {"method": "checkmo"}})]
        clients = [srv.client(ctoken), srv.client(token)]
        answers = at_once(*(lambda call=call, c=c: call(c) for call, c in zip(calls, clients)))
        assert sorted(r.status_code for r in answers) == [200, 400], [r.text for r in answers]
        error(next(r for r in answers if r.status_code == 400), 400, "Too much point(s) used.")
        assert ok(me.get("/V1/rewards/mine/balance")) == 0
        winner = answers[0] if answers[0].status_code == 200 else answers[1]
        order = ok(admin.get(f"/V1/orders/{winner.json()}"))
        assert order["grand_total"] == 15 and order["extension_attributes"]["vdrewards_points"] == 20
        loser = second if answers[1].status_code == 200 else first
        assert ok(admin.get(f"/V1/carts/{loser}"))["is_active"] is True
        rows = ok(admin.post(f"/V1/rewards/management/history/{customer['id']}", json={}))
        assert [(r["amount"], r["points_left"]) for r in rows] == [(-20, 0), (20, 20)]
        for c in (*clients, me):
            c.close()
    admin.close()
