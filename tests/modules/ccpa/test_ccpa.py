"""CCPA deletion requests over HTTP: a customer files one, an admin lists, approves (the customer is
anonymised everywhere, their token ends, they are mailed) or denies it (only the request goes, they are
mailed the reason); the settings that hold an approval back; the log; the errors."""
import re
import time

import httpx
import pytest
import sqlalchemy as sa

from tests.helpers import new_customer, ok
from tests.helpers.harness import set_config
from tests.helpers.mail import outbox, wait_for
from tests.helpers.quote import ADDRESS, add, error, product, shipping_information

APPROVE, DENY = "/V1/vendor_ccpa/approveDeleteRequest", "/V1/vendor_ccpa/denyDeleteRequest"
PENDING, MINE, LOG = "/V1/vendor_ccpa/getUnprocessedRequests", "/V1/vendor_ccpa/mine/deleteRequest", \
    "/V1/vendor_ccpa/actionLog/search"
EMAIL = re.compile(r"-@[0-9a-f]{16}\.com")
HOME = {"firstname": "Jane", "lastname": "Doe", "company": "Doe & Co", "street": ["1 Main St"], "city": "Austin",
        "region_id": 57, "postcode": "78701", "country_id": "US", "telephone": "5125550100", "fax": "5125550101",
        "default_billing": True}
REQUIRED = '"%fieldName" is required. Enter and try again.'


@pytest.fixture(scope="module")
def tee(server, admin_token):
    return product(server, admin_token, price=45, qty=1000)


def place_order(server, token, tee) -> int:
    with server.client(token) as me:
        me.post("/V1/carts/mine")
        add(me, "/V1/carts/mine", tee["sku"], 1)
        assert shipping_information(me, "/V1/carts/mine").status_code == 200
        return ok(me.post("/V1/carts/mine/payment-information", json={
            "paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS}))


def shopper(server, tee, orders: int = 1):
    """A subscribed customer with an address, ``orders`` orders and an open cart with an address."""
    customer, token = new_customer(server, middlename="Q", dob="1990-05-17", gender=2, taxvat="TX-123",
                                   addresses=[HOME], extension_attributes={"is_subscribed": True})
    order_ids = [place_order(server, token, tee) for _ in range(orders)]
    with server.client(token) as me:
        cart_id = ok(me.post("/V1/carts/mine"))
        add(me, "/V1/carts/mine", tee["sku"], 1)
        assert shipping_information(me, "/V1/carts/mine").status_code == 200
    return customer, token, order_ids, cart_id


def file_request(server, token) -> None:
    with server.client(token) as me:
        assert ok(me.post(MINE, json={})) is True


def pending_of(admin, customer_id) -> list[dict]:
    return [r for r in ok(admin.get(PENDING)) if r["customer_id"] == customer_id]


def log_of(admin, customer_id) -> list[tuple]:
    page = ok(admin.get(LOG, params={"searchCriteria[filter_groups][0][filters][0][field]": "customer_id",
                                     "searchCriteria[filter_groups][0][filters][0][value]": str(customer_id)}))
    return [(e["action"], e["comment"]) for e in page["items"]]


def test_approval_anonymises_the_customer_everywhere(server, admin, tee, inbox, sql):
    customer, token, (order_id,), cart_id = shopper(server, tee)
    other, other_token, (other_order,), _ = shopper(server, tee)
    cid = customer["id"]
    before = ok(admin.get(f"/V1/orders/{order_id}"))

    file_request(server, token)
    file_request(server, token)  # a second request while one is pending adds nothing
    (row,) = pending_of(admin, cid)
    assert set(row) == {"id", "created_at", "customer_id", "got_from", "approved"}
    assert (row["got_from"], row["approved"]) == ("customer_request", 0)
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", row["created_at"])

    assert ok(admin.post(APPROVE, json={"customerId": cid})) is True

    got = ok(admin.get(f"/V1/customers/{cid}"))
    email = got["email"]
    assert EMAIL.fullmatch(email), email
    assert (got["firstname"], got["lastname"], got["middlename"], got["taxvat"]) == ("-", "-", "-", "-")
    assert (got["dob"][:10], got["gender"]) == ("1970-01-01", 3)
    assert got["extension_attributes"]["is_subscribed"] is False
    (address,) = got["addresses"]
    assert (address["firstname"], address["lastname"], address["company"], address["city"], address["postcode"],
            address["street"]) == ("-", "-", "-", "-", "-", ["-"])
    assert (address["telephone"], address["fax"], address["country_id"]) == ("0000000", "0000000", "0")
    assert "region_id" not in address or not address["region_id"]

    order = ok(admin.get(f"/V1/orders/{order_id}"))
    assert (order["customer_email"], order["customer_firstname"], order["customer_lastname"]) == (email, "-", "-")
    for a in (order["billing_address"], order["extension_attributes"]["shipping_assignments"][0]["shipping"]["address"]):
        assert (a["firstname"], a["lastname"], a["street"], a["city"], a["telephone"], a["email"]) == \
            ("-", "-", ["-"], "-", "0000000", email)
    assert (order["grand_total"], order["status"]) == (before["grand_total"], before["status"])
    assert ok(admin.get(f"/V1/carts/{cart_id}"))["customer"]["email"] == email
    with sql.connect() as c:
        assert tuple(c.execute(sa.text("SELECT customer_email, customer_firstname FROM quote WHERE id = :q"),
                               {"q": cart_id}).one()) == (email, "-")
        lines = c.execute(sa.text("SELECT firstname, telephone, email FROM quote_address WHERE quote_id = :q"),
                          {"q": cart_id}).all()
        assert lines and all(tuple(line) == ("-", "0000000", email) for line in lines)
        assert c.execute(sa.text("SELECT approved FROM vendor_ccpa_delete_request WHERE customer_id = :c"),
                         {"c": cid}).scalars().all() == [1]

    # the old identity is gone: its token is refused, its e-mail and password no longer sign in
    with server.client(token) as me:
        error(me.get("/V1/customers/me"), 401, "The consumer isn't authorized to access %resources.")
        assert me.post(MINE, json={}).status_code == 401
    r = httpx.post(server.url + "/rest/V1/integration/customer/token",
                   json={"username": customer["email"], "password": "Secret-123"})
    assert r.status_code == 401

    assert pending_of(admin, cid) == []
    assert log_of(admin, cid) == [("delete_request_created", None), ("delete_request_approved", None)]
    # denying or approving again afterwards writes to nobody (the address is a placeholder now)
    assert ok(admin.post(DENY, json={"customerId": cid, "comment": "late"})) == []
    assert ok(admin.post(APPROVE, json={"customerId": cid})) is True
    assert ok(admin.get(f"/V1/customers/{cid}"))["email"] == email
    assert outbox(admin, to_email=email) == []
    (msg,) = wait_for(lambda: inbox.to(customer["email"]), what="the approval mail")
    assert "has been deleted" in msg["Subject"]
    assert "deleted" in msg.get_body(("plain",)).get_content()
    assert "Jane" not in msg.as_string()
    (queued,) = outbox(admin, entity_type="vendor_ccpa_deletion", entity_id=cid)
    assert (queued["template_id"], queued["to_email"], queued["to_name"]) == \
        ("vendor_ccpa_approve_deletion_template", customer["email"], "")

    # nobody else changed
    assert ok(admin.get(f"/V1/customers/{other['id']}"))["email"] == other["email"]
    assert ok(admin.get(f"/V1/orders/{other_order}"))["customer_firstname"] == "Jane"
    with server.client(other_token) as them:
        assert ok(them.get("/V1/customers/me"))["extension_attributes"]["is_subscribed"] is True


def test_approving_without_a_request_still_anonymises(server, admin):
    customer, token = new_customer(server)
    assert ok(admin.post(APPROVE, json={"customer_id": customer["id"]})) is True
    assert ok(admin.get(f"/V1/customers/{customer['id']}"))["lastname"] == "-"
    assert log_of(admin, customer["id"]) == [("delete_request_approved", None)]


def test_deny_drops_the_requests_and_mails_the_reason(server, admin, inbox):
    customer, token = new_customer(server, addresses=[HOME])
    cid = customer["id"]
    file_request(server, token)
    reason = "Your account has an unpaid invoice."
    assert ok(admin.post(DENY, json={"customerId": cid, "comment": reason})) == []
    assert pending_of(admin, cid) == []
    got = ok(admin.get(f"/V1/customers/{cid}"))
    assert (got["email"], got["firstname"], got["addresses"][0]["city"]) == (customer["email"], "Jane", "Austin")
    (msg,) = wait_for(lambda: inbox.to(customer["email"]), what="the denial mail")
    assert msg["To"] == f"Jane Doe <{customer['email']}>"
    assert reason in msg.get_body(("plain",)).get_content()
    assert log_of(admin, cid) == [("delete_request_created", None), ("delete_request_denied", reason)]

    # nothing left to deny: no second mail, the denial is still logged
    assert ok(admin.post(DENY, json={"customerId": cid, "comment": "again"})) == []
    assert len(outbox(admin, to_email=customer["email"])) == 1
    assert log_of(admin, cid)[-1] == ("delete_request_denied", "again")
    # the customer may ask again, and still works
    file_request(server, token)
    assert len(pending_of(admin, cid)) == 1


def test_open_orders_hold_the_approval_back(server, admin, tee, sql):
    customer, token, (order_id,), _ = shopper(server, tee)
    cid = customer["id"]
    file_request(server, token)
    assert ok(admin.get(f"/V1/orders/{order_id}"))["status"] == "pending"
    set_config(sql, "vendor_ccpa/deletion/avoid_anonymisation", "1", "websites", 1)  # the customer's website
    try:
        with server.client(admin.headers["Authorization"].split()[1], store="all") as all_stores:
            # read as the customer's store view sees it, whatever store the call names
            assert ok(all_stores.post(APPROVE, json={"customerId": cid})) is False
        assert ok(admin.post(APPROVE, json={"customerId": cid})) is False
        assert ok(admin.get(f"/V1/customers/{cid}"))["email"] == customer["email"]
        assert [r["approved"] for r in pending_of(admin, cid)] == [0]
        with server.client(token) as me:
            assert ok(me.get("/V1/customers/me"))["firstname"] == "Jane"
        assert log_of(admin, cid) == [("delete_request_created", None)]
        set_config(sql, "vendor_ccpa/deletion/order_statuses", "processing,holded")  # pending no longer blocks
        assert ok(admin.post(APPROVE, json={"customerId": cid})) is True
    finally:
        set_config(sql, "vendor_ccpa/deletion/avoid_anonymisation", None, "websites", 1)
        set_config(sql, "vendor_ccpa/deletion/order_statuses", None)
    assert ok(admin.get(f"/V1/customers/{cid}"))["firstname"] == "-"


def test_recent_orders_keep_their_data_for_the_stored_days(server, admin, tee, sql):
    customer, token, (old, recent), _ = shopper(server, tee, orders=2)
    with sql.begin() as c:
        c.execute(sa.text("UPDATE sales_order SET created_at = :t WHERE entity_id = :o"),
                  {"t": "2020-01-01 00:00:00", "o": old})
    set_config(sql, "vendor_ccpa/anonymisation/personal_data_stored_days", "30")
    try:
        assert ok(admin.post(APPROVE, json={"customerId": customer["id"]})) is True
    finally:
        set_config(sql, "vendor_ccpa/anonymisation/personal_data_stored_days", None)
    assert ok(admin.get(f"/V1/orders/{old}"))["customer_firstname"] == "-"
    kept = ok(admin.get(f"/V1/orders/{recent}"))
    assert (kept["customer_firstname"], kept["customer_email"]) == ("Jane", customer["email"])
    assert ok(admin.get(f"/V1/customers/{customer['id']}"))["firstname"] == "-"  # the account goes regardless


def test_a_deleted_customer_takes_their_requests(server, admin):
    customer, token = new_customer(server)
    file_request(server, token)
    assert len(pending_of(admin, customer["id"])) == 1
    assert ok(admin.delete(f"/V1/customers/{customer['id']}")) is True
    assert pending_of(admin, customer["id"]) == []


def test_async_denial(server, admin):
    customer, token = new_customer(server)
    file_request(server, token)
    r = admin.post("/async/V1/vendor_ccpa/denyDeleteRequest", json={"customerId": customer["id"], "comment": "No"})
    assert r.status_code == 202, r.text
    deadline = time.monotonic() + 30
    while pending_of(admin, customer["id"]) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert pending_of(admin, customer["id"]) == []
    r = admin.post("/async/bulk/V1/vendor_ccpa/denyDeleteRequest", json=[{"customerId": customer["id"]}])
    assert r.status_code == 400, r.text  # checked as the synchronous call: the comment is required


def test_missing_and_wrong_input(admin):
    error(admin.post(APPROVE, json={}), 400, REQUIRED, {"fieldName": "customerId"})
    error(admin.post(DENY, json={"comment": "x"}), 400, REQUIRED, {"fieldName": "customerId"})
    error(admin.post(DENY, json={"customerId": 1}), 400, REQUIRED, {"fieldName": "comment"})
    r = admin.post(DENY, json={})
    error(r, 400, "One or more input exceptions have occurred.")
    assert sorted(e["parameters"]["fieldName"] for e in r.json()["errors"]) == ["comment", "customerId"]
    error(admin.post(APPROVE, json={"customerId": "abc"}), 400,
          'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.',
          {"value": "abc", "type": "int"})
    error(admin.post(DENY, json={"customerId": "abc", "comment": "x"}), 400,
          'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.')
    for path, body in ((APPROVE, {"customerId": 999999}), (DENY, {"customerId": 999999, "comment": "x"})):
        error(admin.post(path, json=body), 404, "No such entity with %fieldName = %fieldValue",
              {"fieldName": "customerId", "fieldValue": 999999})
    assert admin.post(APPROVE, content=b"{not json", headers={"Content-Type": "application/json"}).status_code == 400


def test_only_a_customer_files_a_request(server, admin, guest):
    denied = {"message": "The consumer isn't authorized to access %resources.", "parameters": {"resources": "self"}}
    assert guest.post(MINE, json={}).json() == denied
    r = admin.post(MINE, json={})
    assert r.status_code == 401 and r.json() == denied
    customer, token = new_customer(server)
    with server.client(token) as me:  # the customer id is the token's, whatever the body says
        assert ok(me.post(MINE, json={"customerId": 1})) is True
    assert len(pending_of(admin, customer["id"])) == 1


def test_the_action_log_lists_by_search_criteria(server, admin):
    customer, token = new_customer(server)
    file_request(server, token)
    page = ok(admin.get(LOG, params={
        "searchCriteria[filter_groups][0][filters][0][field]": "customer_id",
        "searchCriteria[filter_groups][0][filters][0][value]": str(customer["id"]),
        "searchCriteria[filter_groups][1][filters][0][field]": "action",
        "searchCriteria[filter_groups][1][filters][0][value]": "delete_request_created"}))
    assert page["total_count"] == 1
    (entry,) = page["items"]
    assert set(entry) == {"id", "customer_id", "created_at", "ip", "action", "comment"}
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", entry["created_at"])
