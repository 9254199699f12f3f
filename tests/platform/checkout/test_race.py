"""Two buyers, one unit: exactly one order, on a server with two workers."""
from tests.helpers import at_once
from tests.helpers.harness import server_fixture
from tests.helpers.quote import ADDRESS, add, guest_cart, product, shipping_information


two_workers = server_fixture("race", workers=2)


def test_last_unit_goes_to_one_buyer(two_workers):
    srv = two_workers
    token = srv.token()
    for round_ in range(3):
        last = product(srv, token, qty=1)
        clients = [srv.client() for _ in range(2)]
        bases = []
        for c in clients:
            base = f"/V1/guest-carts/{guest_cart(c)}"
            add(c, base, last["sku"], 1)
            assert shipping_information(c, base).status_code == 200
            bases.append(base)
        answers = at_once(*(lambda c=c, base=base, i=i: c.post(f"{base}/payment-information", json={
            "email": f"buyer{i}@example.com", "paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS})
            for i, (c, base) in enumerate(zip(clients, bases))))
        statuses = sorted(r.status_code for r in answers)
        assert statuses == [200, 400], [r.text for r in answers]
        refused = next(r for r in answers if r.status_code == 400)
        assert refused.json() == {"message": "The requested qty is not available"}
        with srv.client(token) as admin:
            stock = admin.get(f"/V1/products/{last['sku']}").json()["extension_attributes"]["stock_item"]
            assert stock["qty"] == 0 and stock["is_in_stock"] is False
            orders = admin.get("/V1/orders", params={
                "searchCriteria[filterGroups][0][filters][0][field]": "customer_email",
                "searchCriteria[filterGroups][0][filters][0][value]": "buyer%",
                "searchCriteria[filterGroups][0][filters][0][conditionType]": "like"}).json()
            assert orders["total_count"] == round_ + 1
        for c in clients:
            c.close()
