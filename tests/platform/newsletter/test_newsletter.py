"""Newsletter subscribers: the customer routes' is_subscribed reads and writes the subscriber records,
guests subscribe through the service modules call (reached here through the test module's routes), every
change raises newsletter_subscriber_save_after (the test module notes each as a thing titled
``newsletter <email> <previous>-><status>``), and a deleted customer's record goes."""
from __future__ import annotations

import pytest

from tests.helpers import new_customer, unique

SUBSCRIBED, UNSUBSCRIBED = 1, 3


def notes(admin, email: str) -> list[str]:
    r = admin.get("/V1/vdtest/thing/search", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "title",
        "searchCriteria[filter_groups][0][filters][0][value]": f"newsletter {email} %",
        "searchCriteria[filter_groups][0][filters][0][condition_type]": "like",
        "searchCriteria[sortOrders][0][field]": "thing_id", "searchCriteria[sortOrders][0][direction]": "ASC"})
    assert r.status_code == 200, r.text
    return [t["title"].removeprefix(f"newsletter {email} ") for t in r.json()["items"]]


def record_of_customer(admin, customer_id: int):
    r = admin.get(f"/V1/vdtest/newsletter/customer/{customer_id}")
    assert r.status_code == 200, r.text
    return r.json() or None  # a void answer is []


def record_of(admin, email: str, store_id: int | None = None):
    params = {"email": email, **({"storeId": store_id} if store_id is not None else {})}
    r = admin.get("/V1/vdtest/newsletter/status", params=params)
    assert r.status_code == 200, r.text
    return r.json() or None


def is_subscribed(client, customer_id: int | None = None) -> bool:
    r = client.get(f"/V1/customers/{customer_id}" if customer_id else "/V1/customers/me")
    assert r.status_code == 200, r.text
    return r.json()["extension_attributes"]["is_subscribed"]


def test_a_customer_subscribing_on_creation_gets_a_record(server, admin):
    email = f"{unique('n')}@example.com"
    customer, token = new_customer(server, email=email, extension_attributes={"is_subscribed": True})
    assert customer["extension_attributes"] == {"is_subscribed": True}
    assert is_subscribed(admin, customer["id"]) is True
    record = record_of_customer(admin, customer["id"])
    assert (record["subscriber_email"], record["store_id"], record["customer_id"], record["subscriber_status"]) \
        == (email, 1, customer["id"], SUBSCRIBED)
    assert len(record["change_status_at"]) == 19
    assert notes(admin, email) == ["None->1"]


def test_a_customer_without_the_flag_has_no_record_and_reads_false(server, admin):
    customer, token = new_customer(server)
    assert customer["extension_attributes"] == {"is_subscribed": False}
    assert record_of_customer(admin, customer["id"]) is None
    listed = admin.get("/V1/customers/search", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "id",
        "searchCriteria[filter_groups][0][filters][0][value]": customer["id"]}).json()["items"]
    assert [c["extension_attributes"] for c in listed] == [{"is_subscribed": False}]


def test_me_and_admin_saves_change_the_subscription(server, admin):
    email = f"{unique('n')}@example.com"
    customer, token = new_customer(server, email=email, extension_attributes={"is_subscribed": True})
    me = {"email": email, "firstname": "Jane", "lastname": "Doe"}
    with server.client(token) as c:
        r = c.put("/V1/customers/me", json={"customer": {**me, "extension_attributes": {"is_subscribed": False}}})
        assert r.status_code == 200, r.text
        assert r.json()["extension_attributes"] == {"is_subscribed": False}
        assert is_subscribed(c) is False
        # the same value again, and a save that does not send it, change nothing
        assert c.put("/V1/customers/me", json={"customer": {**me, "extension_attributes": {
            "is_subscribed": False}}}).status_code == 200
        assert c.put("/V1/customers/me", json={"customer": {**me, "lastname": "Roe"}}).status_code == 200
        assert is_subscribed(c) is False
    assert record_of_customer(admin, customer["id"])["subscriber_status"] == UNSUBSCRIBED
    assert notes(admin, email) == ["None->1", "1->3"]

    r = admin.put(f"/V1/customers/{customer['id']}", json={"customer": {
        **me, "extension_attributes": {"is_subscribed": True}}})
    assert r.status_code == 200, r.text
    assert r.json()["extension_attributes"] == {"is_subscribed": True}
    assert notes(admin, email) == ["None->1", "1->3", "3->1"]
    listed = admin.get("/V1/customers/search", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "email",
        "searchCriteria[filter_groups][0][filters][0][value]": email}).json()["items"]
    assert [c["extension_attributes"] for c in listed] == [{"is_subscribed": True}]


def test_is_subscribed_takes_a_boolean(server, guest):
    r = guest.post("/V1/customers", json={"customer": {
        "email": f"{unique('n')}@example.com", "firstname": "A", "lastname": "B",
        "extension_attributes": {"is_subscribed": {"yes": 1}}}, "password": "Secret-123"})
    assert r.status_code == 400
    assert set(r.json()) == {"message", "parameters"}


def test_a_guest_subscribes_unsubscribes_and_comes_back(server, admin, guest):
    email = f"{unique('g')}@Example.com"
    r = guest.post("/V1/vdtest/newsletter/subscribe", json={"email": f"  {email} "})
    assert r.status_code == 200, r.text
    record = r.json()
    assert (record["subscriber_email"], record["store_id"], record["customer_id"], record["subscriber_status"]) \
        == (email.lower(), 1, None, SUBSCRIBED)
    # subscribing a subscribed address changes nothing
    again = guest.post("/V1/vdtest/newsletter/subscribe", json={"email": email}).json()
    assert again == record
    r = guest.post("/V1/vdtest/newsletter/unsubscribe", json={"email": email})
    assert r.json()["subscriber_status"] == UNSUBSCRIBED and r.json()["subscriber_id"] == record["subscriber_id"]
    r = guest.post("/V1/vdtest/newsletter/subscribe", json={"email": email})
    assert r.json()["subscriber_status"] == SUBSCRIBED and r.json()["subscriber_id"] == record["subscriber_id"]
    assert notes(admin, email.lower()) == ["None->1", "1->3", "3->1"]
    assert record_of(admin, email)["subscriber_status"] == SUBSCRIBED
    # an address without a record: nothing to unsubscribe, nothing to find
    unknown = f"{unique('g')}@example.com"
    assert guest.post("/V1/vdtest/newsletter/unsubscribe", json={"email": unknown}).json() == []
    assert record_of(admin, unknown) is None


def test_a_guest_subscription_of_a_customers_address_is_the_customers(server, admin, guest):
    email = f"{unique('g')}@example.com"
    customer, token = new_customer(server, email=email)
    assert is_subscribed(admin, customer["id"]) is False
    r = guest.post("/V1/vdtest/newsletter/subscribe", json={"email": email})
    assert r.json()["customer_id"] == customer["id"]
    with server.client(token) as c:
        assert is_subscribed(c) is True


def test_a_customer_subscribing_takes_over_the_guest_record_of_its_address(server, admin, guest):
    email = f"{unique('g')}@example.com"
    guest_record = guest.post("/V1/vdtest/newsletter/subscribe", json={"email": email}).json()
    customer, token = new_customer(server, email=email, extension_attributes={"is_subscribed": True})
    record = record_of_customer(admin, customer["id"])
    assert record["subscriber_id"] == guest_record["subscriber_id"] and record["customer_id"] == customer["id"]
    assert notes(admin, email) == ["None->1", "1->1"]  # linked, still subscribed


def test_the_record_follows_the_customers_address_and_goes_with_the_customer(server, admin, guest):
    email, new_email = f"{unique('m')}@example.com", f"{unique('m')}@example.com"
    customer, token = new_customer(server, email=email, extension_attributes={"is_subscribed": True})
    # a guest record of the new address merges into the customer's
    guest.post("/V1/vdtest/newsletter/subscribe", json={"email": new_email})
    with server.client(token) as c:
        r = c.put("/V1/customers/me", json={"customer": {"email": new_email, "firstname": "Jane", "lastname": "Doe"}})
        assert r.status_code == 200, r.text
        assert is_subscribed(c) is True
    record = record_of_customer(admin, customer["id"])
    assert record["subscriber_email"] == new_email
    assert record_of(admin, new_email)["subscriber_id"] == record["subscriber_id"]
    assert record_of(admin, email) is None
    assert notes(admin, new_email) == ["None->1", "removed"]

    assert admin.delete(f"/V1/customers/{customer['id']}").status_code == 200
    assert record_of_customer(admin, customer["id"]) is None
    assert record_of(admin, new_email) is None
    assert notes(admin, new_email) == ["None->1", "removed", "removed"]


@pytest.mark.parametrize("body, field, value", [
    ({"email": "not-an-address"}, "email", "not-an-address"),
    ({"email": "a@example.com", "storeId": 999}, "storeId", 999),
    ({"email": "a@example.com", "storeId": 0}, "storeId", 0),
])
def test_bad_input_is_a_400(guest, body, field, value):
    r = guest.post("/V1/vdtest/newsletter/subscribe", json=body)
    assert r.status_code == 400
    assert r.json() == {"message": 'Invalid value of "%value" provided for the %fieldName field.',
                        "parameters": {"value": value, "fieldName": field}}


def test_the_subscription_is_per_store_view_of_the_address(server, admin):
    """The admin store (``all``) subscribes in the main website's default store view."""
    email = f"{unique('s')}@example.com"
    with server.client(store="all") as c:
        r = c.post("/V1/vdtest/newsletter/subscribe", json={"email": email})
    assert r.status_code == 200, r.text
    assert r.json()["store_id"] == 1
    assert record_of(admin, email, 1)["subscriber_status"] == SUBSCRIBED
