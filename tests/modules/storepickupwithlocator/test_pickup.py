"""Choosing a pickup over HTTP: the date and time slot checks (store timezone, same day, delays,
weekdays, hours, breaks), curbside rules and every error of the storefront routes."""
import datetime as dt
from zoneinfo import ZoneInfo

import httpx

from tests.helpers import new_customer, ok
from tests.helpers.quote import error, product
from tests.helpers.store import store_view

from .support import NO_SUCH, NOT_VALID, REQUIRED, at, guest_with_cart, today, week

DENIED = "The consumer isn't authorized to access %resources."


def test_dates_and_slots(server, admin, admin_token, config, location, sku):
    day = today() + dt.timedelta(days=2)
    store = location()                       # 08:00-20:00, break 12:00-13:00, every day
    closed = location(schedule=week(closed=(day.weekday(),)))
    allday = location(schedule=None)         # no schedule: open every day, all day
    with guest_with_cart(server, sku) as (guest, base, masked):
        data = f"/V1/vdpickup/{masked}/saveSelectedPickupData"
        values = f"/V1/vdpickup/{masked}/saveSelectedPickupValues"

        def choose(location_id=store["id"], date=day.isoformat(), start=None, end=None, on=day, **more):
            body = {"store_id": location_id, "date": date, **more}
            if start is not None:
                body["time_from"] = at(on, start)
            if end is not None:
                body["time_to"] = at(on, end)
            return guest.post(data, json={"quote_pickup_data": body})

        def kept() -> dict:
            return ok(guest.get(base))["extension_attributes"]["vdstorepickup_data"]

        assert ok(choose(start="08:00", end="12:00")) is True
        assert ok(choose(start="13:00", end="20:00")) is True
        assert ok(choose()) is True and kept()["time_from"] is None          # a date without a slot
        assert ok(choose(date=None)) is True and kept()["date"] is None      # no date: nothing to check
        for bad in (dict(start="07:30", end="09:00"),                       # before opening
                    dict(start="19:00", end="20:30"),                       # after closing
                    dict(start="11:30", end="12:30"),                       # overlaps the break
                    dict(start="12:00", end="13:00"),                       # is the break
                    dict(start="10:00", end="10:00"),                       # ends when it starts
                    dict(start="10:00"),                                    # half a slot
                    dict(start="10:00", end="11:00", on=day + dt.timedelta(days=1)),   # another day
                    dict(date=(today() - dt.timedelta(days=1)).isoformat()),            # the past
                    dict(date="2001-01-01"),
                    dict(date="someday"),
                    dict(location_id=closed["id"])):                        # closed on that weekday
            error(choose(**bad), 400, NOT_VALID)
        # other date forms are read and kept as YYYY-MM-DD
        assert ok(choose(date=day.strftime("%m/%d/%Y"), start="09:00", end="10:00")) is True
        assert kept()["date"] == day.isoformat()
        assert ok(choose(location_id=allday["id"], start="00:00", end="23:59")) is True

        # the deprecated method: "from|to" as one value, curbside never kept
        period = f"{at(day, '14:00')}|{at(day, '15:00')}"
        assert ok(guest.post(values, json={"locationId": store["id"], "date": day.isoformat(),
                                           "timePeriod": period})) is True
        assert kept()["time_to"] == at(day, "15:00") and kept()["is_curbside_pickup"] is False
        for period in ("abc", "1|2|3", f"{at(day, '14:00')}|", "noon|later"):
            error(guest.post(values, json={"locationId": store["id"], "date": day.isoformat(),
                                           "timePeriod": period}), 400, NOT_VALID)
        error(guest.post(values, json={"locationId": store["id"], "date": day.isoformat(),
                                       "timePeriod": f"{at(day, '12:30')}|{at(day, '14:00')}"}), 400, NOT_VALID)

        # today: same-day pickup, a slot that ends late enough after now (today's hours: all day)
        now = today()
        until_midnight = at(now + dt.timedelta(days=1), "00:00")
        slot = {"location_id": allday["id"], "date": now.isoformat()}
        same_day = {"time_from": at(now, "00:00"), "time_to": until_midnight}
        assert ok(choose(**slot, **same_day)) is True
        error(choose(**slot), 400, NOT_VALID)                                # today needs a slot
        midnight = at(now, "00:00")   # a slot of today's first second has ended (but in that very second)
        error(choose(**slot, time_from=midnight, time_to=midnight + 1), 400, NOT_VALID)
        config("vendor_storepickup/date/min_order_delay", "25")
        error(choose(**slot, **same_day), 400, NOT_VALID)                    # not 25 hours away
        config("vendor_storepickup/date/min_order_delay", "0")
        config("vendor_storepickup/date/same_day_pickup", "0")
        error(choose(**slot, **same_day), 400, NOT_VALID)
        assert ok(choose(start="10:00", end="11:00")) is True                # other days still may be
        config("vendor_storepickup/date/same_day_pickup", "1")
        # time slots switched off: a slot sent is dropped, today needs none
        config("vendor_storepickup/time/enabled", "0")
        assert ok(choose(**slot)) is True
        assert ok(choose(start="07:00", end="07:30")) is True and kept()["time_from"] is None

        # a backordered item waits for the backorder delay instead
        config("vendor_storepickup/time/enabled", "1")
        config("vendor_storepickup/date/backorder_delay", "25")
        assert ok(choose(**slot, **same_day)) is True
        backorder = product(server, admin_token, qty=1, extension_attributes={"stock_item": {
            "qty": 1, "is_in_stock": True, "backorders": 1, "use_config_backorders": False}})
        ok(guest.post(f"{base}/items", json={"cartItem": {"sku": backorder["sku"], "qty": 2}}))
        error(choose(**slot, **same_day), 400, NOT_VALID)
        config("vendor_storepickup/date/backorder_delay", "0")
        config("vendor_storepickup/date/min_order_delay", "25")             # only the backorder delay counts
        assert ok(choose(**slot, **same_day)) is True


def test_the_store_timezone_decides_today(server, config, location, sku):
    """In a timezone 14 hours ahead of UTC, UTC's yesterday is always in the past, and the days of the
    slot are the store's."""
    zone = ZoneInfo("Pacific/Kiritimati")
    config("general/locale/timezone", "Pacific/Kiritimati")
    store = location()
    local_day = today(zone) + dt.timedelta(days=1)
    with guest_with_cart(server, sku) as (guest, _, masked):
        path = f"/V1/vdstorepickup/{masked}/saveSelectedPickupData"

        def choose(day, start, end, slot_zone):
            return guest.post(path, json={"quote_pickup_data": {
                "store_id": store["id"], "date": day.isoformat(), "time_from": at(day, start, slot_zone),
                "time_to": at(day, end, slot_zone)}})

        assert ok(choose(local_day, "09:00", "10:00", zone)) is True
        # the same wall-clock hours in UTC are 14 hours earlier for the store: on the day before
        error(choose(local_day, "09:00", "10:00", dt.timezone.utc), 400, NOT_VALID)
        error(choose(today(zone) - dt.timedelta(days=1), "09:00", "10:00", zone), 400, NOT_VALID)


def test_curbside(server, config, location, sku):
    day = today() + dt.timedelta(days=1)
    curbside = location(curbside_enabled=True)
    plain = location()
    with guest_with_cart(server, sku) as (guest, base, masked):
        path = f"/V1/vdpickup/{masked}/saveSelectedPickupData"

        def choose(location_id, **more):
            return guest.post(path, json={"quote_pickup_data": {"store_id": location_id, "date": day.isoformat(),
                                                                **more}})

        def kept() -> tuple:
            data = ok(guest.get(base))["extension_attributes"]["vdstorepickup_data"]
            return data["is_curbside_pickup"], data["curbside_pickup_comment"]

        # switched off in the configuration (the default): nothing kept, nothing checked
        assert ok(choose(curbside["id"], is_curbside_pickup=True, curbside_pickup_comment="x" * 400)) is True
        assert kept() == (False, "")
        config("vendor_storepickup/curbside/enabled", "1")
        assert ok(choose(curbside["id"], is_curbside_pickup=True, curbside_pickup_comment="Blue car, ABC-123"))
        assert kept() == (True, "Blue car, ABC-123")
        assert ok(choose(plain["id"], is_curbside_pickup=True, curbside_pickup_comment="Blue car")) is True
        assert kept() == (False, "")                                         # the location offers none
        error(choose(curbside["id"], is_curbside_pickup=True, curbside_pickup_comment="x" * 301), 400,
              "Comment length limit is exceeded. Please keep it less than 300 symbols.")
        assert ok(choose(curbside["id"], is_curbside_pickup=True, curbside_pickup_comment="x" * 300)) is True
        assert ok(choose(curbside["id"], is_curbside_pickup=True)) is True
        assert kept() == (True, "")
        config("vendor_storepickup/curbside/comment_required", "1")
        error(choose(curbside["id"], is_curbside_pickup=True, curbside_pickup_comment="  "), 400,
              "Please fill in the comment field.")
        assert ok(choose(curbside["id"], is_curbside_pickup=False)) is True and kept() == (False, "")
        assert kept() == (False, "")


def test_errors(server, admin, location, sku):
    store = location()
    day = (today() + dt.timedelta(days=1)).isoformat()
    typed = 'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.'
    with guest_with_cart(server, sku, shipping=False) as (guest, base, masked):
        data = f"/V1/vdpickup/{masked}/saveSelectedPickupData"
        values = f"/V1/vdpickup/{masked}/saveSelectedPickupValues"
        error(guest.post("/V1/vdpickup/" + "x" * 32 + "/saveSelectedPickupValues", json={"locationId": store["id"]}),
              404, NO_SUCH, {"fieldName": "cartId", "fieldValue": "x" * 32})
        error(guest.post("/V1/vdstorepickup/nope/saveSelectedPickupData",
                         json={"quote_pickup_data": {"store_id": store["id"]}}),
              404, NO_SUCH, {"fieldName": "cartId", "fieldValue": "nope"})
        error(guest.post(values, json={"date": day}), 400, REQUIRED, {"fieldName": "locationId"})
        error(guest.post(data, json={}), 400, REQUIRED, {"fieldName": "quotePickupData"})
        error(guest.post(data, json={"quote_pickup_data": {"date": day}}), 400, REQUIRED, {"fieldName": "store_id"})
        error(guest.post(data, json={"quote_pickup_data": {"store_id": 999999}}), 404, NO_SUCH,
              {"fieldName": "store_id", "fieldValue": 999999})
        error(guest.post(values, json={"locationId": 999999}), 404, NO_SUCH,
              {"fieldName": "locationId", "fieldValue": 999999})
        error(guest.post(data, json={"quote_pickup_data": {"store_id": store["id"], "time_from": "noon"}}), 400,
              typed, {"value": "noon", "type": "int"})
        error(guest.post(data, json={"quote_pickup_data": {"store_id": store["id"], "colour": "red"}}), 400,
              'Property "%1" does not have accessor method "%2" in class "%3".',
              ["Colour", "getColour", "Vendor\\StorePickupWithLocator\\Api\\Data\\QuoteInterface"])
        # an inactive location, or one offered in another store view only, cannot be chosen
        inactive = location(is_active=False)
        german = store_view(server)
        elsewhere = location(stores=[german])
        for other in (inactive, elsewhere):
            error(guest.post(data, json={"quote_pickup_data": {"store_id": other["id"]}}), 404, NO_SUCH,
                  {"fieldName": "store_id", "fieldValue": other["id"]})
        assert "vdstorepickup_data" not in (ok(guest.get(base)).get("extension_attributes") or {})
        # a cart without a shipping address gets an empty one to hold the pickup
        assert ok(guest.post(data, json={"quote_pickup_data": {"store_id": store["id"]}})) is True
        assert ok(guest.get(base))["extension_attributes"]["vdstorepickup_data"]["address_id"] is not None
    # a cart of the store view the location is offered in may choose it
    with httpx.Client(base_url=f"{server.url}/rest/de") as german_guest:
        masked = ok(german_guest.post("/V1/guest-carts"))
        assert ok(german_guest.post(f"/V1/vdpickup/{masked}/saveSelectedPickupData",
                                    json={"quote_pickup_data": {"store_id": elsewhere["id"]}})) is True
    with server.client() as anonymous:
        for path in ("/V1/vdpickup/saveSelectedPickupValues", "/V1/vdstorepickup/saveSelectedPickupData"):
            error(anonymous.post(path, json={"locationId": store["id"]}), 401, DENIED, {"resources": "self"})
    _, token = new_customer(server)
    with server.client(token) as me:
        for path in ("/V1/vdstorepickup/saveSelectedPickupValues", "/V1/vdpickup/saveSelectedPickupData"):
            error(me.post(path, json={"locationId": store["id"], "quotePickupData": {"store_id": store["id"]}}),
                  404, "Current customer does not have an active cart.")
    r = httpx.post(server.url + f"/rest/default/V1/vdpickup/{'y' * 32}/saveSelectedPickupValues", json=[1])
    assert r.status_code == 400
