"""Two cancellations of one order at the same instant (the customer's, from two clients, on a server with two
workers): one cancels, the other answers 400; stock, the refund and the record happen once. (The admin's
POST on an order already cancelled only records, so a race with it is the same race of the cancel.)"""
from tests.helpers import at_once, new_customer, ok
from tests.helpers.harness import server_fixture, set_config
from tests.helpers.quote import error
from tests.helpers.sales import stock_qty

from .conftest import CANNOT, MINE, creditmemos, invoice, order_of, records_of

two_workers = server_fixture("cancelorder-race", workers=2)


def test_two_cancellations_at_once_cancel_and_refund_once(two_workers):
    srv = two_workers
    set_config(srv.db.engine, "vd_cancel_order/general/order_status", "pending,processing")
    token = srv.token()
    with srv.client(token, "all") as all_client, srv.client(token) as admin:
        for paid in (False, True, False, True):
            account, customer_token = new_customer(srv)
            sku, order = order_of(all_client, account)
            oid = order["entity_id"]
            if paid:
                invoice(all_client, order)
            with srv.client(customer_token) as me, srv.client(customer_token) as again:
                answers = at_once(lambda: me.post(f"{MINE}/cancel/{oid}", json={"reason": "1"}),
                                  lambda: again.post(f"{MINE}/cancel/{oid}", json={"reason": "2"}))
            assert sorted(r.status_code for r in answers) == [200, 400], [r.text for r in answers]
            error(next(r for r in answers if r.status_code == 400), 400, CANNOT)
            assert stock_qty(admin, sku) == 100
            assert len(records_of(admin, oid)) == 1
            got = ok(admin.get(f"/V1/orders/{oid}"))
            assert got["status"] == "canceled"
            if paid:
                (memo,) = creditmemos(admin, oid)
                assert memo["grand_total"] == 100 and got["total_refunded"] == 100
            else:
                assert creditmemos(admin, oid) == [] and got.get("total_refunded") in (None, 0)
