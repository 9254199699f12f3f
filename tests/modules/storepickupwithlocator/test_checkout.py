"""A pickup chosen for a cart, over HTTP: kept on the cart, checked again when the order is placed, and
carried onto the order (its ``extension_attributes.vdstorepickup_data`` and shipping description)."""
import datetime as dt

from tests.helpers import new_customer, ok
from tests.helpers.quote import ADDRESS, add, error, shipping_information

from .support import LOCATIONS, NO_SUCH, NOT_VALID, at, guest_with_cart, today, week

PAY = {"paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS}


def test_a_pickup_order_shows_its_location_and_slot(server, admin, config, location, sku):
    config("vendor_storepickup/curbside/enabled", "1")
    day = today() + dt.timedelta(days=2)
    store = location(curbside_enabled=True)
    slot = {"time_from": at(day, "10:00"), "time_to": at(day, "11:00")}
    with guest_with_cart(server, sku) as (guest, base, masked):
        # the real storefront sends the cart id next to the object: ignored
        r = guest.post(f"/V1/vdstorepickup/{masked}/saveSelectedPickupData", json={
            "quote_id": 12345, "quote_pickup_data": {"store_id": store["id"], "date": day.isoformat(), **slot,
                                                    "is_curbside_pickup": True, "curbside_pickup_comment": "Red van",
                                                    "id": 999, "quote_id": 999, "address_id": 999}})
        assert ok(r) is True
        cart = ok(guest.get(base))
        kept = cart["extension_attributes"]["vdstorepickup_data"]
        assert kept["quote_id"] == cart["id"] and kept["address_id"] != 999 and kept["id"] != 999
        assert {k: kept[k] for k in ("store_id", "date", "time_from", "time_to", "is_curbside_pickup",
                                     "curbside_pickup_comment")} == {
            "store_id": store["id"], "date": day.isoformat(), **slot, "is_curbside_pickup": True,
            "curbside_pickup_comment": "Red van"}
        order_id = ok(guest.post(f"{base}/payment-information", json={**PAY, "email": "pickup@example.com"}))

    order = ok(admin.get(f"/V1/orders/{order_id}"))
    assert order["shipping_description"] == f"Flat Rate - Fixed (Pickup at: {store['name']})"
    assert order["extension_attributes"]["vdstorepickup_data"] == {
        "location_id": store["id"], "location_name": store["name"], "date": day.isoformat(), **slot,
        "is_curbside_pickup": True, "curbside_pickup_comment": "Red van"}
    # the order keeps what it was placed with, whatever happens to the location later
    assert ok(admin.delete(f"{LOCATIONS}/{store['id']}")) is True
    listed = ok(admin.get("/V1/orders", params={"searchCriteria[filter_groups][0][filters][0][field]": "entity_id",
                                               "searchCriteria[filter_groups][0][filters][0][value]": order_id}))
    assert listed["items"][0]["extension_attributes"]["vdstorepickup_data"]["location_name"] == store["name"]


def test_a_pickup_no_longer_valid_refuses_the_order(server, admin, location, sku):
    """The customer route, both prefixes; the slot is checked again at placement."""
    day = today() + dt.timedelta(days=3)
    store = location()
    _, token = new_customer(server)
    with server.client(token) as me:
        cart_id = ok(me.post("/V1/carts/mine"))
        add(me, "/V1/carts/mine", sku, 1)
        ok(shipping_information(me, "/V1/carts/mine"))
        assert ok(me.post("/V1/vdpickup/saveSelectedPickupValues", json={
            "locationId": store["id"], "date": day.isoformat(),
            "timePeriod": f"{at(day, '09:00')}|{at(day, '10:00')}"})) is True

        # the location now closes on that weekday: the order is refused and nothing is placed
        ok(admin.put(f"{LOCATIONS}/{store['id']}", json={"location": {"schedule": week(closed=(day.weekday(),))}}))
        error(me.post("/V1/carts/mine/payment-information", json=PAY), 400, NOT_VALID)
        # the location is switched off: refused too (a refusal is a 400)
        ok(admin.put(f"{LOCATIONS}/{store['id']}", json={"location": {"is_active": False, "schedule": week()}}))
        error(me.post("/V1/carts/mine/payment-information", json=PAY), 400, NO_SUCH,
              {"fieldName": "store_id", "fieldValue": store["id"]})
        assert ok(me.get("/V1/carts/mine"))["id"] == cart_id

        # another location, chosen through the current method on the module's own prefix
        other = location()
        assert ok(me.post("/V1/vdstorepickup/saveSelectedPickupData", json={"quotePickupData": {
            "storeId": other["id"], "date": day.isoformat(), "timeFrom": at(day, "14:00"),
            "timeTo": at(day, "15:30")}})) is True
        # the cart's own save leaves the pickup alone: only the module's routes check a choice
        r = me.put("/V1/carts/mine", json={"quote": {"extension_attributes": {"vdstorepickup_data": {
            "store_id": store["id"], "date": "2001-01-01"}}}})
        assert r.status_code == 200, r.text
        assert ok(me.get("/V1/carts/mine"))["extension_attributes"]["vdstorepickup_data"]["store_id"] == other["id"]
        order_id = ok(me.post("/V1/carts/mine/payment-information", json=PAY))
    order = ok(admin.get(f"/V1/orders/{order_id}"))
    assert order["extension_attributes"]["vdstorepickup_data"]["location_id"] == other["id"]
    assert order["extension_attributes"]["vdstorepickup_data"]["time_to"] == at(day, "15:30")
    assert order["shipping_description"].endswith(f"(Pickup at: {other['name']})")


def test_a_cart_without_pickup_is_ordered_as_before(server, admin, sku):
    with guest_with_cart(server, sku) as (guest, base, _):
        assert "vdstorepickup_data" not in (ok(guest.get(base)).get("extension_attributes") or {})
        order_id = ok(guest.post(f"{base}/payment-information", json={**PAY, "email": "nopickup@example.com"}))
    order = ok(admin.get(f"/V1/orders/{order_id}"))
    assert order["shipping_description"] == "Flat Rate - Fixed"
    assert "vdstorepickup_data" not in (order.get("extension_attributes") or {})
