"""The shipping modules together on one server: a table rate, raised by a shipping rule, is what the
estimates (the wallet-pay estimate among them) offer, what the totals charge and what the placed order
keeps; an order shipped by the pickup carrier carries the validated pickup location and slot."""
from __future__ import annotations

import base64
import datetime as dt

from tests.helpers import ok, unique
from tests.helpers.harness import server_fixture
from tests.helpers.quote import add, guest_cart, product

CA = {"country_id": "US", "region_id": 12, "region_code": "CA", "postcode": "90001", "city": "Los Angeles",
      "street": ["1 Main St"], "firstname": "Ann", "lastname": "Lee", "telephone": "555"}
HEADER = ("Country,State,City,Zip From,Zip To,Price From,Price To,Weight From,Weight To,Qty From,Qty To,"
          "Shipping Type,Rate,PPP,FRPP,FRPUW,Estimated Delivery (days),Name Delivery\n")


srv = server_fixture("shipping")   # both carriers as installed: on


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
            wallet = ok(guest.post(f"{base}/estimate-shipping-methods-wallet-pay", json={"address": {
                "country_id": "US", "region": "CA", "postcode": "90001", "city": "Los Angeles"}}))
            assert {(r["carrier_code"], r["amount"]) for r in wallet} == \
                {(r["carrier_code"], r["amount"]) for r in rates}
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


def test_a_pickup_order_at_a_validated_slot(srv):
    token = srv.token()
    sku = product(srv, token, price=20)["sku"]
    day = dt.datetime.now(dt.timezone.utc).date() + dt.timedelta(days=3)
    start = int(dt.datetime.combine(day, dt.time(10), tzinfo=dt.timezone.utc).timestamp())
    week = [{"is_enabled": True, "from": "08:00", "to": "20:00"}] * 7
    with srv.client(token, store="all") as admin, srv.client() as guest:
        method = ok(admin.post("/V1/vdstorepick/method", json={"method": {
            "name": "Mall", "price": 2.5, "comment": "At the info desk"}}))
        store = ok(admin.post("/V1/vdpickup/location", json={"location": {
            "name": unique("Mall "), "is_active": True, "schedule": week}}))
        try:
            masked = guest_cart(guest)
            base = f"/V1/guest-carts/{masked}"
            add(guest, base, sku, 2)
            rates = ok(guest.post(f"{base}/estimate-shipping-methods", json={"address": CA}))
            pickup = rate(rates, "vdstorepick")
            assert (pickup["amount"], pickup["comment"]) == (2.5, "At the info desk")
            ok(guest.post(f"{base}/shipping-information", json={"addressInformation": {
                "shipping_address": CA, "billing_address": CA, "shipping_carrier_code": "vdstorepick",
                "shipping_method_code": pickup["method_code"]}}))
            closing = {"store_id": store["id"], "date": day.isoformat(), "time_from": start + 10 * 3600,
                       "time_to": start + 11 * 3600}                   # 20:00 to 21:00: after closing
            r = guest.post(f"/V1/vdpickup/{masked}/saveSelectedPickupData", json={"quote_pickup_data": closing})
            assert r.status_code == 400 and r.json() == {"message": "Store Pickup Date/Time is not valid."}
            slot = {"store_id": store["id"], "date": day.isoformat(), "time_from": start, "time_to": start + 3600}
            assert ok(guest.post(f"/V1/vdpickup/{masked}/saveSelectedPickupData",
                                 json={"quote_pickup_data": slot})) is True
            order_id = ok(guest.post(f"{base}/payment-information", json={
                "email": "pickup.together@example.com", "paymentMethod": {"method": "checkmo"},
                "billingAddress": CA}))
            order = ok(admin.get(f"/V1/orders/{order_id}"))
            assert (order["shipping_amount"], order["grand_total"]) == (2.5, 42.5)
            assert order["shipping_description"] == f"Store Pickup - Mall (Pickup at: {store['name']})"
            kept = order["extension_attributes"]["vdstorepickup_data"]
            assert (kept["location_id"], kept["date"], kept["time_from"], kept["time_to"]) == \
                (store["id"], day.isoformat(), start, start + 3600)
        finally:
            ok(admin.delete(f"/V1/vdpickup/location/{store['id']}"))
            ok(admin.delete(f"/V1/vdstorepick/method/{method['id']}"))
