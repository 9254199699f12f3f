"""The last use of a code, wanted by two orders at the same instant, on a server with two workers: one
order is placed with it, the other is refused and leaves nothing behind (both databases)."""
from tests.helpers import at_once, new_customer, ok, unique
from tests.helpers.harness import server_fixture
from tests.helpers.quote import ADDRESS, BalanceRace, add, error, guest_cart, product, shipping_information

from .test_coupons import NOT_VALID, coupon, rule

two_workers = server_fixture("coupons-race", workers=2)


def test_two_carts_holding_the_last_use_of_a_code(two_workers):
    srv = two_workers
    token = srv.token()
    sku = product(srv, token, price=40, qty=1000)["sku"]
    with srv.client(token) as admin:
        for round_ in range(3):
            last, plenty = unique("LAST").upper(), unique("PLENTY").upper()
            rule(admin, "Last one", codes=[last], uses_per_coupon=1)
            rule(admin, "Plenty", action="cart_fixed", amount=3, codes=[plenty])
            clients = [srv.client() for _ in range(2)]
            bases = []
            for c in clients:
                base = f"/V1/guest-carts/{guest_cart(c)}"
                add(c, base, sku, 1)
                assert shipping_information(c, base).status_code == 200
                r = ok(c.post(f"{base}/multicoupons/apply-to-cart", json={"couponCodes": [plenty, last]}))
                assert [i["applied"] for i in r["items"]] == [True, True]
                bases.append(base)
            answers = at_once(*(lambda c=c, base=base, i=i: c.post(f"{base}/payment-information", json={
                "email": f"race{round_}.{i}@example.com", "paymentMethod": {"method": "checkmo"},
                "billingAddress": ADDRESS}) for i, (c, base) in enumerate(zip(clients, bases))))
            assert sorted(r.status_code for r in answers) == [200, 400], [r.text for r in answers]
            error(next(r for r in answers if r.status_code == 400), 400, NOT_VALID)
            placed = next(r for r in answers if r.status_code == 200).json()
            assert ok(admin.get(f"/V1/orders/{placed}"))["coupon_code"] == f"{plenty},{last}"
            # the refused order spent nothing: not the last code, not the other one
            assert coupon(admin, last)["times_used"] == 1 and coupon(admin, plenty)["times_used"] == 1
            loser = next(b for b, r in zip(bases, answers) if r.status_code == 400)
            loser_client = clients[bases.index(loser)]
            assert ok(loser_client.get(loser))["is_active"] is True
            # the last use is gone: placing again is refused until the code leaves the cart
            error(loser_client.post(f"{loser}/payment-information", json={
                "email": "again@example.com", "paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS}),
                400, NOT_VALID)
            for c in clients:
                c.close()


def test_one_customer_two_carts_one_use_per_customer(two_workers):
    srv = two_workers
    token = srv.token()
    customer, customer_token = new_customer(srv)
    code = unique("ONCE").upper()
    with srv.client(token) as admin:
        rule(admin, "Once each", codes=[code], uses_per_customer=1)
    race = BalanceRace(srv, token, customer, customer_token)

    def spend(me):
        r = ok(me.post("/V1/carts/mine/multicoupons/apply-to-cart", json={"couponCodes": [code]}))
        assert r["items"] == [{"applied": True, "code": code}]

    refused, _ = race.run(spend)
    error(refused, 400, NOT_VALID)
    with srv.client(token) as admin:
        assert coupon(admin, code)["times_used"] == 1
        assert ok(admin.get(f"/V1/orders/{race.order_id}"))["coupon_code"] == code
