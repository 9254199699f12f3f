"""The location routes of the admin (both prefixes): create, read, edit, search, delete, their checks,
ACL and async; the demo locations."""
from tests.helpers import limited_admin, ok, unique
from tests.helpers.queue import wait_for
from tests.helpers.quote import error

from .support import LOCATIONS, week

DENIED = "The consumer isn't authorized to access %resources."


def _search(client, field, value, condition="eq", path=LOCATIONS):
    return ok(client.get(f"{path}/search", params={
        "searchCriteria[filter_groups][0][filters][0][field]": field,
        "searchCriteria[filter_groups][0][filters][0][value]": value,
        "searchCriteria[filter_groups][0][filters][0][condition_type]": condition}))


def test_create_read_edit_search_delete(admin):
    name = unique("Harbour ")
    body = {"name": name, "curbside_enabled": True, "country_id": "US", "region_id": 57, "city": "Austin",
            "street": "1 Harbour Rd", "postcode": "78701", "lat": 30.25, "lng": -97.75,
            "schedule": week({"from": "9:00", "to": "18:00"}, closed=(6,))}
    created = ok(admin.post(LOCATIONS, json={"location": body}))
    assert created == {**body, "id": created["id"], "is_active": True, "stores": [0], "schedule": [
        {"is_enabled": True, "from": "09:00", "to": "18:00", "break_from": None, "break_to": None}] * 6 + [
        {"is_enabled": False, "from": "00:00", "to": "24:00", "break_from": None, "break_to": None}]}
    path = f"{LOCATIONS}/{created['id']}"
    assert ok(admin.get(path)) == created
    # the module's own prefix serves the same records
    assert ok(admin.get(f"/V1/vdstorepickup/location/{created['id']}")) == created

    edited = ok(admin.put(path, json={"location": {"id": 999999, "is_active": False, "schedule": []}}))
    assert edited == {**created, "is_active": False, "schedule": None}
    assert _search(admin, "name", name)["items"] == [edited]
    assert _search(admin, "stores", 0, "in", "/V1/vdstorepickup/location")["total_count"] >= 1
    assert ok(admin.delete(path)) is True
    error(admin.get(path), 404, 'The pickup location with ID "%1" doesn\'t exist.', [created["id"]])
    error(admin.delete(path), 404, 'The pickup location with ID "%1" doesn\'t exist.', [created["id"]])
    error(admin.put(path, json={"location": {"name": "x"}}), 404, 'The pickup location with ID "%1" doesn\'t exist.',
          [created["id"]])


def test_checks(admin):
    required = '"%fieldName" is required. Enter and try again.'
    invalid = 'Invalid value of "%value" provided for the %fieldName field.'
    error(admin.post(LOCATIONS, json={"location": {"city": "Austin"}}), 400, required, {"fieldName": "name"})
    error(admin.post(LOCATIONS, json={"location": {"name": "x", "schedule": week()[:6]}}), 400,
          "The schedule needs exactly %1 days, Monday first.", [7])
    bad_days = [({"from": "25:00"}, "schedule[0].from"), ({"from": "10:00", "to": "09:00"}, "schedule[0].to"),
                ({"break_from": "12:00"}, "schedule[0].break_to"),
                ({"from": "09:00", "break_from": "08:00", "break_to": "10:00"}, "schedule[0].break_from"),
                ({"break_from": "12:00", "break_to": "11:00"}, "schedule[0].break_to")]
    for day, field in bad_days:
        r = admin.post(LOCATIONS, json={"location": {"name": "x", "schedule": [{"is_enabled": True, **day}] * 7}})
        assert r.status_code == 400 and r.json()["parameters"]["fieldName"] == field, r.text
    error(admin.post(LOCATIONS, json={"location": {"name": "x", "stores": [98765]}}), 400, invalid,
          {"value": 98765, "fieldName": "stores"})
    error(admin.post(LOCATIONS, json={"location": {"name": "x", "lat": 91}}), 400, invalid,
          {"value": 91, "fieldName": "lat"})
    r = admin.post(LOCATIONS, json={"location": {"name": "x", "schedule": [{"is_enabled": True, "until": "1"}] * 7}})
    assert r.status_code == 400
    assert _search(admin, "name", "x")["total_count"] == 0       # nothing was written by the refusals


def test_acl_and_async(server, admin):
    created = ok(admin.post(LOCATIONS, json={"location": {"name": unique("Acl ")}}))
    path = f"{LOCATIONS}/{created['id']}"
    with server.client(limited_admin(server, "Magento_Sales::sales")) as other:
        error(other.get(path), 401, DENIED, {"resources": "Vendor_StorePickupWithLocator::location"})
    with server.client() as guest:
        error(guest.post(LOCATIONS, json={"location": {"name": "x"}}), 401, DENIED,
              {"resources": "Vendor_StorePickupWithLocator::location"})

    r = admin.put(f"/async/V1/vdpickup/location/{created['id']}", json={"location": {"city": "Dallas"}})
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 1)
    assert ok(admin.get(path))["city"] == "Dallas"
    r = admin.request("DELETE", "/async/bulk/V1/vdpickup/location/byId", json=[{"id": created["id"]}])
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 1)
    assert admin.get(path).status_code == 404


def test_demo_data(own_server):
    own_server.cli("demo", "load", "storepickupwithlocator")
    with own_server.client(own_server.token()) as admin:
        page = _search(admin, "name", "Downtown Store")
    assert page["total_count"] == 1
    downtown = page["items"][0]
    assert downtown["curbside_enabled"] is True and downtown["schedule"][6]["is_enabled"] is False
    assert downtown["schedule"][0]["break_from"] == "13:00"
