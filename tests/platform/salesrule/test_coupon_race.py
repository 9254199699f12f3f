"""A coupon with one use left, on two carts placed at the same instant (a server with two workers): one
order gets it, the other is refused and nothing of it is written, on SQLite and PostgreSQL alike."""
from tests.helpers import at_once, ok, unique
from tests.helpers.harness import server_fixture
from tests.helpers.quote import ADDRESS, add, coupon_rule, error, guest_cart, product, shipping_information

two_workers = server_fixture("coupon-race", workers=2)


def test_the_last_use_of_a_code_goes_to_one_order(two_workers):
    srv = two_workers
    token = srv.token()
    sku = product(srv, token, price=20, qty=1000)["sku"]
    for round_ in range(3):
        code = unique("LASTUSE").upper()
        coupon_rule(srv, token, code, uses_per_coupon=1)
        clients = [srv.client() for _ in range(2)]
        bases = []
        for c in clients:
            base = f"/V1/guest-carts/{guest_cart(c)}"
            add(c, base, sku, 1)
            assert shipping_information(c, base).status_code == 200
            assert ok(c.put(f"{base}/coupons/{code}")) is True
            bases.append(base)
        answers = at_once(*(lambda c=c, base=base, i=i: c.post(f"{base}/payment-information", json={
            "email": f"last{round_}.{i}@example.com", "paymentMethod": {"method": "checkmo"},
            "billingAddress": ADDRESS}) for i, (c, base) in enumerate(zip(clients, bases))))
        assert sorted(r.status_code for r in answers) == [200, 400], [r.text for r in answers]
        error(next(r for r in answers if r.status_code == 400), 400,
              "The coupon code isn't valid. Verify the code and try again.")
        with srv.client(token) as admin:
            found = ok(admin.get("/V1/coupons/search", params={
                "searchCriteria[filterGroups][0][filters][0][field]": "code",
                "searchCriteria[filterGroups][0][filters][0][value]": code}))["items"]
            assert found[0]["times_used"] == 1
            orders = ok(admin.get("/V1/orders", params={
                "searchCriteria[filterGroups][0][filters][0][field]": "coupon_code",
                "searchCriteria[filterGroups][0][filters][0][value]": code}))
            assert orders["total_count"] == 1
        loser = next(i for i, r in enumerate(answers) if r.status_code == 400)
        assert ok(clients[loser].get(bases[loser]))["is_active"] is True
        for c in clients:
            c.close()
