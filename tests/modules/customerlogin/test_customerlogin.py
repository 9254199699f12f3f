"""Login as customer over HTTP: the token and what it can do, the login log, errors, ACL, async."""
import base64
import json
import re
import time

import httpx
import pytest

from tests.helpers import new_customer, ok, unique
from tests.helpers.quote import ADDRESS, add, error, product, shipping_information

TOKEN = "/V1/vendor_customer_login/token"
ENTRY = "/V1/vendor_customer_login/loggedin"
ALL = "/V1/vendor_customer_login/loggedin/all"
LOGIN, LOG = "Vendor_CustomerLogin::admin_login", "Vendor_CustomerLogin::admin_login_log"
DENIED = "The consumer isn't authorized to access %resources."
REQUIRED = '"%fieldName" is required. Enter and try again.'
NOT_FOUND = 'LoggedIn with specified ID "%1" not found.'
UNABLE = "Unable to save logged in with ID %1. Error: %2"
TIME = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")


@pytest.fixture(scope="module")
def tee(server, admin_token):
    return product(server, admin_token, price=45, qty=1000)


def granted(server, *resources: str) -> httpx.Client:
    """A client of a new admin user whose role grants only ``resources`` (written straight into the
    database: one CLI process per admin would cost seconds each)."""
    from vdcommerce.platform.integration.service import create_admin
    username = unique("admin-")
    with server.db.engine.begin() as conn:
        create_admin(conn, username, "Limited-Passw0rd-1", resources)
    return server.client(server.token(username, "Limited-Passw0rd-1"))


def entries(admin, **filters) -> list[dict]:
    params = {"searchCriteria": ""}
    for i, (field, value) in enumerate(filters.items()):
        params[f"searchCriteria[filter_groups][{i}][filters][0][field]"] = field
        params[f"searchCriteria[filter_groups][{i}][filters][0][value]"] = value
    return ok(admin.get(ALL, params=params))["items"]


def login(admin, customer_id: int) -> tuple[str, dict]:
    """A login-as-customer token, and the log entry it wrote."""
    token = ok(admin.post(TOKEN, json={"customerId": customer_id}))
    return token, max(entries(admin, customer_id=customer_id), key=lambda e: e["logged_in_id"])


def test_the_token_places_an_order_for_the_customer(server, admin, tee):
    customer, _ = new_customer(server, firstname="Veronica", lastname="Costello")
    token = ok(admin.post(TOKEN, json={"customerId": customer["id"]}))
    assert isinstance(token, str) and token.count(".") == 2
    claims = json.loads(base64.urlsafe_b64decode(token.split(".")[1] + "=="))
    assert claims["exp"] - claims["iat"] == 3600  # the customer token lifetime

    with server.client(token) as me:
        assert ok(me.get("/V1/customers/me"))["email"] == customer["email"]
        cart_id = ok(me.post("/V1/carts/mine"))
        assert ok(me.get("/V1/carts/mine"))["customer"]["id"] == customer["id"]
        add(me, "/V1/carts/mine", tee["sku"], 2)
        assert shipping_information(me, "/V1/carts/mine").status_code == 200
        order_id = ok(me.post("/V1/carts/mine/payment-information",
                              json={"paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS}))
    order = ok(admin.get(f"/V1/orders/{order_id}"))
    assert order["customer_id"] == customer["id"] and order["customer_email"] == customer["email"]
    assert order["quote_id"] == cart_id and order["grand_total"] == 100  # 2 x 45 + 2 x 5 flat rate

    # the login is logged, with copies of who logged in as whom, where
    [entry] = entries(admin, customer_id=customer["id"])
    assert ok(admin.get(ENTRY, params={"loggedInId": entry["logged_in_id"]})) == entry
    assert TIME.fullmatch(entry["logged_in_time"])
    assert entry == {"logged_in_id": entry["logged_in_id"], "logged_in_time": entry["logged_in_time"],
                     "admin_id": 1, "admin_username": "admin", "admin_email": "admin@example.com",
                     "customer_id": customer["id"], "customer_name": "Veronica", "customer_last_name": "Costello",
                     "customer_email": customer["email"], "website_id": 1, "website_code": "base", "secret_key": ""}
    # (the harness's admin is the first admin user)


def test_snake_case_key_and_an_integration_caller(server, admin):
    customer, _ = new_customer(server)
    from vdcommerce.platform.integration.service import create_integration
    with server.db.engine.begin() as conn:
        creds = create_integration(conn, unique("helpdesk"), ["Vendor_CustomerLogin::customer_login"])
    with server.client(creds["access_token"]) as helpdesk:
        token = ok(helpdesk.post(TOKEN, json={"customer_id": customer["id"]}))
        [entry] = entries(helpdesk, customer_id=customer["id"])
    assert (entry["admin_id"], entry["admin_username"], entry["admin_email"]) == (0, "", "")
    with server.client(token) as me:
        assert ok(me.get("/V1/customers/me"))["id"] == customer["id"]


def test_a_locked_customer_can_still_be_logged_in_as(server, admin):
    customer, _ = new_customer(server, password="Secret-123")
    sign_in = server.url + "/rest/V1/integration/customer/token"
    for _ in range(6):
        httpx.post(sign_in, json={"username": customer["email"], "password": "wrong-1"})
    assert httpx.post(sign_in, json={"username": customer["email"], "password": "Secret-123"}).status_code == 401
    token = ok(admin.post(TOKEN, json={"customerId": customer["id"]}))
    with server.client(token) as me:
        assert ok(me.get("/V1/customers/me"))["id"] == customer["id"]


def test_edit_an_entry(server, admin):
    customer, _ = new_customer(server)
    other, _ = new_customer(server, firstname="Other")
    _, entry = login(admin, customer["id"])
    path = f"{ENTRY}/{entry['logged_in_id']}"

    # the path decides; keys not sent keep their values
    saved = ok(admin.put(path, json={"loggedIn": {"logged_in_id": 99999, "admin_email": "support@example.com"}}))
    assert saved == {**entry, "admin_email": "support@example.com"}
    assert ok(admin.get(ENTRY, params={"loggedInId": entry["logged_in_id"]})) == saved

    key = "0123456789ABCDEF0123456789abcdef"
    saved = ok(admin.put(path, json={"loggedIn": {"customerId": other["id"], "secret_key": key, "website_id": 0,
                                                  "logged_in_time": "2024-05-02 10:00:00", "admin_id": 0}}))
    assert saved == {**entry, "admin_email": "support@example.com", "customer_id": other["id"],
                     "secret_key": key.lower(), "website_id": 0, "logged_in_time": "2024-05-02 10:00:00",
                     "admin_id": 0}
    assert ok(admin.put(path, json={"loggedIn": {"secret_key": ""}}))["secret_key"] == ""
    assert ok(admin.put(path, json={"loggedIn": {"logged_in_time": "0999-01-02T03:04:05Z", "admin_email": None}})
              )["logged_in_time"] == "0999-01-02 03:04:05"  # null keeps admin_email
    assert ok(admin.get(ENTRY, params={"loggedInId": entry["logged_in_id"]}))["admin_email"] == "support@example.com"

    # a save that fails changes nothing
    before = ok(admin.get(ENTRY, params={"loggedInId": entry["logged_in_id"]}))
    i = entry["logged_in_id"]
    for sent, reason in [({"customer_id": 99999999}, "No such entity with customer_id = 99999999"),
                         ({"admin_id": 99999999}, "No such entity with admin_id = 99999999"),
                         ({"website_id": 9999}, "No such entity with website_id = 9999"),
                         ({"secret_key": "not-hex", "admin_email": "x@example.com"},
                          'Invalid value of "not-hex" provided for the secret_key field.'),
                         ({"website_code": "w" * 33}, None),
                         ({"logged_in_time": "yesterday"}, None)]:
        r = admin.put(path, json={"loggedIn": sent})
        error(r, 400, UNABLE)
        assert r.json()["parameters"][0] == i, r.text
        if reason is not None:
            assert r.json()["parameters"] == [i, reason]
    assert ok(admin.get(ENTRY, params={"loggedInId": i})) == before


def test_list_search_criteria(server, admin):
    a, _ = new_customer(server, lastname=unique("Alpha"))
    b, _ = new_customer(server, lastname=unique("Beta"))
    first = login(admin, a["id"])[1]
    second = login(admin, b["id"])[1]
    third = login(admin, a["id"])[1]
    ok(admin.put(f"{ENTRY}/{first['logged_in_id']}", json={"loggedIn": {"logged_in_time": "2024-01-01 08:00:00"}}))
    ok(admin.put(f"{ENTRY}/{third['logged_in_id']}", json={"loggedIn": {"logged_in_time": "2024-03-01 08:00:00"}}))
    ok(admin.put(f"{ENTRY}/{second['logged_in_id']}", json={"loggedIn": {"logged_in_time": "2024-02-01 08:00:00"}}))
    g = "searchCriteria[filter_groups]"
    # two filters of one group: either matches; sorted newest first
    page = ok(admin.get(ALL, params={
        f"{g}[0][filters][0][field]": "customer_id", f"{g}[0][filters][0][value]": a["id"],
        f"{g}[0][filters][1][field]": "customer_last_name", f"{g}[0][filters][1][value]": b["lastname"],
        "searchCriteria[sortOrders][0][field]": "logged_in_time", "searchCriteria[sortOrders][0][direction]": "DESC"}))
    assert page["total_count"] == 3
    assert [e["logged_in_id"] for e in page["items"]] == [third["logged_in_id"], second["logged_in_id"],
                                                         first["logged_in_id"]]
    assert page["search_criteria"]["filter_groups"][0]["filters"][0] == {
        "field": "customer_id", "value": str(a["id"])}  # condition_type echoed only when sent
    # two groups: both must match; ranges on the time; paging
    page = ok(admin.get(ALL, params={
        f"{g}[0][filters][0][field]": "customer_email", f"{g}[0][filters][0][value]": f"%{a['email'][:11]}%",
        f"{g}[0][filters][0][condition_type]": "like",
        f"{g}[1][filters][0][field]": "logged_in_time", f"{g}[1][filters][0][value]": "2024-02-15 00:00:00",
        f"{g}[1][filters][0][condition_type]": "gt"}))
    assert [e["logged_in_id"] for e in page["items"]] == [third["logged_in_id"]]
    page = ok(admin.get(ALL, params={
        f"{g}[0][filters][0][field]": "logged_in_id",
        f"{g}[0][filters][0][value]": f"{first['logged_in_id']},{second['logged_in_id']},{third['logged_in_id']}",
        f"{g}[0][filters][0][condition_type]": "in", "searchCriteria[pageSize]": 2, "searchCriteria[currentPage]": 2}))
    assert page["total_count"] == 3 and [e["logged_in_id"] for e in page["items"]] == [third["logged_in_id"]]
    # every item in full
    assert page["items"][0] == ok(admin.get(ENTRY, params={"loggedInId": third["logged_in_id"]}))
    # no criteria: every entry
    assert len(ok(admin.get(ALL, params={"searchCriteria": ""}))["items"]) >= 3


def test_errors(server, admin):
    before = ok(admin.get(ALL, params={"searchCriteria": ""}))["total_count"]
    error(admin.post(TOKEN, json={}), 400, REQUIRED, {"fieldName": "customerId"})
    error(admin.post(TOKEN, json={"customerId": 99999999}), 404, "No such entity with %fieldName = %fieldValue",
          {"fieldName": "customerId", "fieldValue": 99999999})
    error(admin.post(TOKEN, json={"customerId": "x"}), 400,
          'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.',
          {"value": "x", "type": "int"})
    r = admin.post(TOKEN, content=b"{not json", headers={"Content-Type": "application/json"})
    assert r.status_code == 400, r.text
    assert ok(admin.get(ALL, params={"searchCriteria": ""}))["total_count"] == before  # no entry for a refused login

    error(admin.get(ENTRY), 400, REQUIRED, {"fieldName": "loggedInId"})
    error(admin.get(ENTRY, params={"loggedInId": "x"}), 400,
          'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.',
          {"value": "x", "type": "int"})
    error(admin.get(ENTRY, params={"loggedInId": 99999999}), 404, NOT_FOUND, [99999999])
    error(admin.put(f"{ENTRY}/99999999", json={"loggedIn": {"admin_email": "a@example.com"}}), 404, NOT_FOUND,
          [99999999])
    assert ok(admin.get(ALL, params={"searchCriteria": ""}))["total_count"] == before  # PUT never creates

    customer, _ = new_customer(server)
    _, entry = login(admin, customer["id"])
    path = f"{ENTRY}/{entry['logged_in_id']}"
    error(admin.put(path, json={}), 400, REQUIRED, {"fieldName": "loggedIn"})
    error(admin.put(f"{ENTRY}/x", json={"loggedIn": {}}), 400,
          'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.',
          {"value": "x", "type": "int"})
    for unknown in ("store_id", "colour"):
        r = admin.put(path, json={"loggedIn": {unknown: 1}})
        error(r, 400, 'Property "%1" does not have accessor method "%2" in class "%3".')
        assert r.json()["parameters"][0] == unknown.title().replace("_", ""), r.text
    for wrong in ({"admin_id": "many"}, {"loggedIn": "scalar"}):
        body = {"loggedIn": wrong} if "admin_id" in wrong else wrong
        assert admin.put(path, json=body).status_code == 400
    assert ok(admin.get(ENTRY, params={"loggedInId": entry["logged_in_id"]})) == entry


def test_both_resources_for_the_token_one_for_the_log(server, admin, guest):
    customer, customer_token = new_customer(server)
    _, entry = login(admin, customer["id"])
    both = {"resources": f"{LOGIN}, {LOG}"}
    log_only = {"resources": LOG}
    with granted(server, LOGIN, "Magento_Customer::manage") as login_only, granted(server, LOG) as grid, \
            granted(server, LOGIN, LOG) as both_granted, \
            granted(server, "Vendor_CustomerLogin::customer_login") as parent, \
            server.client(customer_token) as me:
        for client in (login_only, grid, me, guest):
            error(client.post(TOKEN, json={"customerId": customer["id"]}), 401, DENIED, both)
        for client in (login_only, me, guest):
            error(client.get(ENTRY, params={"loggedInId": entry["logged_in_id"]}), 401, DENIED, log_only)
            error(client.get(ALL, params={"searchCriteria": ""}), 401, DENIED, log_only)
            error(client.put(f"{ENTRY}/{entry['logged_in_id']}", json={"loggedIn": {"admin_email": "x@example.com"}}),
                  401, DENIED, log_only)
        assert len(entries(admin, customer_id=customer["id"])) == 1  # refused logins wrote nothing
        for client in (both_granted, parent):
            assert isinstance(ok(client.post(TOKEN, json={"customerId": customer["id"]})), str)
        assert ok(grid.get(ENTRY, params={"loggedInId": entry["logged_in_id"]}))["logged_in_id"] == entry["logged_in_id"]
        assert ok(grid.get(ALL, params={"searchCriteria": ""}))["total_count"] >= 3
        ok(grid.put(f"{ENTRY}/{entry['logged_in_id']}", json={"loggedIn": {"admin_email": "grid@example.com"}}))
    assert len(entries(admin, customer_id=customer["id"])) == 3


def test_the_log_outlives_the_customer_and_forgets_anonymised_data(server, admin):
    gone, _ = new_customer(server, firstname="Gone")
    token, entry = login(admin, gone["id"])
    ok(admin.delete(f"/V1/customers/{gone['id']}"))
    after = ok(admin.get(ENTRY, params={"loggedInId": entry["logged_in_id"]}))
    assert after == {**entry, "customer_id": 0}  # the copies stay, the reference goes
    with server.client(token) as me:
        assert me.get("/V1/customers/me").status_code == 401  # the platform revoked the token

    private, _ = new_customer(server, firstname="Private", lastname="Person")
    _, entry = login(admin, private["id"])
    ok(admin.post(f"/V1/vdtest/customers/{private['id']}/anonymize"))
    after = ok(admin.get(ENTRY, params={"loggedInId": entry["logged_in_id"]}))
    assert after["customer_id"] == private["id"]
    assert (after["customer_name"], after["customer_last_name"]) == ("-", "-")
    assert after["customer_email"] != private["email"] and after["customer_email"].startswith("-@")


def test_edits_through_async_and_bulk(server, admin):
    customer, _ = new_customer(server)
    _, first = login(admin, customer["id"])
    _, second = login(admin, customer["id"])
    r = admin.put(f"/async{ENTRY}/{first['logged_in_id']}", json={"loggedIn": {"admin_email": "queued@example.com"}})
    assert r.status_code == 202, r.text
    r = admin.put(f"/async/bulk{ENTRY}/byLoggedInId", json=[
        {"loggedInId": second["logged_in_id"], "loggedIn": {"admin_email": "bulk@example.com"}}])
    assert r.status_code == 202, r.text
    assert admin.post(f"/async{TOKEN}", json={"customerId": customer["id"]}).status_code == 202
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        emails = {e["logged_in_id"]: e["admin_email"] for e in entries(admin, customer_id=customer["id"])}
        if emails.get(first["logged_in_id"]) == "queued@example.com" and \
                emails.get(second["logged_in_id"]) == "bulk@example.com" and len(emails) == 3:
            break
        time.sleep(0.2)
    assert emails[first["logged_in_id"]] == "queued@example.com"
    assert emails[second["logged_in_id"]] == "bulk@example.com"
    assert len(emails) == 3  # the queued login was logged too


def test_the_schema_shows_the_routes_to_admins_only(server, admin, guest):
    assert any("vendor_customer_login" in p for p in ok(admin.get("/schema"))["paths"])
    assert not any("vendor_customer_login" in p for p in ok(guest.get("/schema"))["paths"])
