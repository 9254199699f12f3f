"""The shipping modules together on one server: a table rate, raised by a shipping rule, is what the
estimates offer, what the totals charge and what the placed order keeps."""
from __future__ import annotations

import base64

import pytest

from tests.helpers import ok, unique
from tests.helpers.harness import Database, Server, set_config
from tests.helpers.quote import add, guest_cart, product

CA = {"country_id": "US", "region_id": 12, "region_code": "CA", "postcode": "90001", "city": "Los Angeles",
      "street": ["1 Main St"], "firstname": "Ann", "lastname": "Lee", "telephone": "555"}
HEADER = ("Country,State,City,Zip From,Zip To,Price From,Price To,Weight From,Weight To,Qty From,Qty To,"
          "Shipping Type,Rate,PPP,FRPP,FRPUW,Estimated Delivery (days),Name Delivery\n")


@pytest.fixture(scope="module")
def srv(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("shipping")
    db = Database(tmp)
    server = Server(tmp, db)
    set_config(db.engine, "carriers/vdstrates/active", "1")
    yield server
    server.stop()
    db.drop()


def rate(rates: list, carrier: str) -> dict:
    (found,) = [r for r in rates if r["carrier_code"] == carrier]
    return found


def test_an_order_ships_at_the_table_rate_raised_by_a_shipping_rule(srv):
    token = srv.token()
    sku = product(srv, token, price=30, weight=2)["sku"]
    with srv.client(token, store="all") as admin, srv.client() as guest:
        method = ok(admin.post("/V1/vendor_shippingtablerates/method", json={"method": {"name": unique("Ground ")}}))
        csv = HEADER + "US,CA,,,,0,,0,,0,,All,10,0,0,0.5,3,Ground\n"   # 10 + 0.5 per kg
        ok(admin.post(f"/V1/vendor_shippingtablerates/method/{method['id']}/rates/import", json={
            "fileContent": {"base64_encoded_data": base64.b64encode(csv.encode()).decode(),
                            "name_with_extension": "rates.csv"}, "deleteExisting": True}))
        rule = ok(admin.post("/V1/vendor_shiprules/rule", json={"rule": {
            "name": unique("Handling "), "is_active": 1, "calc": 1, "stores": "", "cust_groups": "0,1,2,3",
            "days": "", "carriers": "vdstrates", "rate_base": 2.5, "rate_percent": 10}}))
        try:
            base = f"/V1/guest-carts/{guest_cart(guest)}"
            add(guest, base, sku, 3)                     # 90 worth, 6 kg: the table says 10 + 3 = 13
            rates = ok(guest.post(f"{base}/estimate-shipping-methods", json={"address": CA}))
            # the rule adds 2.50 and 10 % of the subtotal: 13 + 2.50 + 9 = 24.50; flat rate is not raised
            assert rate(rates, "vdstrates")["amount"] == 24.5
            assert rate(rates, "flatrate")["amount"] == 15
            info = ok(guest.post(f"{base}/shipping-information", json={"addressInformation": {
                "shipping_address": CA, "billing_address": CA, "shipping_carrier_code": "vdstrates",
                "shipping_method_code": f"vdstrates{method['id']}"}}))
            assert (info["totals"]["shipping_amount"], info["totals"]["grand_total"]) == (24.5, 114.5)
            order_id = ok(guest.post(f"{base}/payment-information", json={
                "email": "together@example.com", "paymentMethod": {"method": "checkmo"}, "billingAddress": CA}))
            order = ok(admin.get(f"/V1/orders/{order_id}"))
            assert (order["shipping_amount"], order["grand_total"]) == (24.5, 114.5)
            assert order["shipping_description"].startswith("Shipping Table Rates - ")
        finally:
            ok(admin.delete(f"/V1/vendor_shiprules/rule/{rule['rule_id']}"))
            ok(admin.delete(f"/V1/vendor_shippingtablerates/method/{method['id']}"))
