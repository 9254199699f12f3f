"""Two checkouts spend one customer's credit at the same instant, on a server with two workers: one
order is paid with the credit, the other is refused with a 400, and the balance never goes below 0."""
from tests.helpers import at_once, new_customer, ok
from tests.helpers.harness import server_fixture
from tests.helpers.quote import ADDRESS, add, error, product, second_cart, shipping_information


NOT_COVERED = ("The store credit balance no longer covers the store credit applied to this cart. "
               "Review the order and try again.")


two_workers = server_fixture("storecredit-race", workers=2)


def test_one_balance_pays_for_one_of_two_simultaneous_orders(two_workers):
    srv = two_workers
    token = srv.token()
    admin = srv.client(token, store="all")
    for _ in range(2):
        customer, ctoken = new_customer(srv)
        me = srv.client(ctoken)
        ok(admin.post("/V1/vdstorecredit/manage", json={"customerId": customer["id"], "amount": 20}))
        sku = product(srv, token, price=30)["sku"]
        # the customer's own cart, then a second one (the newer is the customer's "mine" cart)
        ok(me.post("/V1/carts/mine"))
        first = ok(me.get("/V1/carts/mine"))["id"]
        add(me, "/V1/carts/mine", sku, 1)
        assert shipping_information(me, "/V1/carts/mine").status_code == 200
        assert ok(me.post("/V1/carts/mine/vdstorecredit/apply", json={"amount": 20})) == 20
        second = second_cart(srv, customer, sku)
        assert ok(me.post("/V1/carts/mine/vdstorecredit/apply", json={"amount": 20})) == 20

        calls = [lambda c: c.put("/V1/carts/mine/order", json={"paymentMethod": {"method": "checkmo"}}),
                 lambda c: c.put(f"/V1/carts/{first}/order", json={"paymentMethod": {"method": "checkmo"}})]
        clients = [srv.client(ctoken), srv.client(token)]
        answers = at_once(*(lambda call=call, c=c: call(c) for call, c in zip(calls, clients)))
        assert sorted(r.status_code for r in answers) == [200, 400], [r.text for r in answers]
        error(next(r for r in answers if r.status_code == 400), 400, NOT_COVERED)
        assert ok(me.get("/V1/customers/me/vdstorecredit"))["store_credit"] == 0
        winner = answers[0] if answers[0].status_code == 200 else answers[1]
        order = ok(admin.get(f"/V1/orders/{winner.json()}"))
        assert order["grand_total"] == 15 and order["extension_attributes"]["vdstorecredit_amount"] == 20
        loser = second if answers[1].status_code == 200 else first
        assert ok(admin.get(f"/V1/carts/{loser}"))["is_active"] is True
        rows = ok(admin.get("/V1/vdstorecredit/history/search", params={
            "searchCriteria[filterGroups][0][filters][0][field]": "customer_id",
            "searchCriteria[filterGroups][0][filters][0][value]": customer["id"]}))["items"]
        assert sorted((r["action"], r["store_credit_balance"]) for r in rows) == [(1, 20), (2, 0)]
        for c in (*clients, me):
            c.close()
    admin.close()
