"""Binding and serialisation over HTTP: binding, type conversion (D3-D5 of docs/differences.md), specificity (D13), output forms.

Driven through the test-only module's "thing" routes (tests/testmodule) and the platform's customers."""
import httpx
import pytest

from tests.helpers import new_customer, unique

TYPE_ERROR = "The \"%value\" value's type is invalid. The \"%type\" type was expected. Verify and try again."


def create(admin, **fields):
    return admin.post("/V1/vdtest/thing", json={"thing": {"title": unique("bind "), **fields}})


@pytest.mark.parametrize("sent,stored", [("yes", True), ("on", True), ("TRUE", True), ("1", True), (1, True),
                                         (True, True), ("no", False), ("off", False), ("", False), (0, False),
                                         ("false", False)])
def test_boolean_spellings(admin, sent, stored):
    r = create(admin, is_active=sent)
    assert r.status_code == 200, r.text
    assert r.json()["is_active"] is stored


@pytest.mark.parametrize("sent,value", [("maybe", "maybe"), (2, "2"), ([], "[]"), ({"a": 1}, '{"a":1}')])
def test_unrecognised_booleans_are_400_not_false(admin, sent, value):
    """D4: the platform turns these into false."""
    r = create(admin, is_active=sent)
    assert (r.status_code, r.json()) == (400, {"message": TYPE_ERROR, "parameters": {"value": value, "type": "bool"}})


def test_integers(admin):
    assert create(admin, qty="2").json()["qty"] == 2
    assert create(admin, qty=2.0).json()["qty"] == 2
    r = create(admin, qty=1.5)  # D5: never truncated
    assert (r.status_code, r.json()) == (400, {"message": TYPE_ERROR, "parameters": {"value": "1.5", "type": "int"}})
    r = create(admin, qty=True)
    assert r.json()["parameters"] == {"value": "true", "type": "int"}
    r = admin.get("/V1/vdtest/thing/7.5")
    assert (r.status_code, r.json()["parameters"]) == (400, {"value": "7.5", "type": "int"})


def test_strings_take_numbers_in_shortest_form_but_not_booleans(admin):
    assert create(admin, note=90210).json()["note"] == "90210"
    assert create(admin, note=12.50).json()["note"] == "12.5"
    r = create(admin, note=False)
    assert (r.status_code, r.json()["parameters"]) == (400, {"value": "false", "type": "string"})


def test_scalar_or_list_where_an_object_is_expected(admin):
    for body in ({"thing": "text"}, {"thing": [1, 2]}, {"thing": 5}):
        r = admin.post("/V1/vdtest/thing", json=body)
        assert r.status_code == 400
        assert r.json()["message"] == TYPE_ERROR
        assert r.json()["parameters"]["type"] == "Vendor\\Testmodule\\Api\\Data\\ThingInterface"


def test_null_is_absent_and_unknown_top_level_keys_are_ignored(admin):
    r = admin.post("/V1/vdtest/thing", json={"thing": None})
    assert r.json() == {"message": "\"%fieldName\" is required. Enter and try again.", "parameters": {"fieldName": "thing"}}
    r = admin.post("/V1/vdtest/thing", json={"cartId": "555", "thing": {"title": unique("q")}, "quote_id": 1})
    assert r.status_code == 200


@pytest.fixture
def email_lookup(server):
    """isEmailAvailable tells taken addresses only while guests may sign in at checkout."""
    server.config("checkout/options/enable_guest_checkout_login", "1")
    yield
    server.config("checkout/options/enable_guest_checkout_login", None)


def test_parameter_names_bind_in_both_spellings_first_one_wins(server, guest, email_lookup):
    customer, _ = new_customer(server)
    taken, free = customer["email"], f"{unique('free')}@example.com"
    assert guest.post("/V1/customers/isEmailAvailable", json={"customerEmail": taken}).json() is False
    assert guest.post("/V1/customers/isEmailAvailable", json={"customer_email": taken}).json() is False
    assert guest.post("/V1/customers/isEmailAvailable", json={"customer_email": free, "customerEmail": taken}).json() is True
    assert guest.post("/V1/customers/isEmailAvailable", json={"customerEmail": taken, "customer_email": free}).json() is False


def test_query_beats_body_and_fields_ignores_scalars(server, guest, email_lookup):
    customer, _ = new_customer(server)
    r = guest.post("/V1/customers/isEmailAvailable?fields=anything", json={"customerEmail": customer["email"]})
    assert r.json() is False
    r = guest.post(f"/V1/customers/isEmailAvailable?customerEmail={unique('q')}@example.com",
                   json={"customerEmail": customer["email"]})
    assert r.json() is True


def test_literal_segment_beats_parameter(server, admin):
    """D13: /V1/customers/me is not /V1/customers/:customerId, even for an admin who may use the latter."""
    r = admin.get("/V1/customers/me")
    assert (r.status_code, r.json()["parameters"]) == (401, {"resources": "self"})
    r = admin.get("/V1/customers/search?searchCriteria[pageSize]=1")
    assert r.status_code == 200 and "total_count" in r.json()
    r = admin.get("/V1/vdtest/thing/search?searchCriteria[pageSize]=1")  # not /V1/vdtest/thing/:thingId
    assert r.status_code == 200 and "items" in r.json()


def test_path_values_are_percent_decoded_per_segment(server, admin):
    customer, _ = new_customer(server)
    encoded = "".join(f"%{ord(c):02X}" for c in str(customer["id"]))
    assert admin.get(f"/V1/customers/{encoded}").json()["id"] == customer["id"]
    r = admin.get("/V1/customers/1%2F2")  # one segment "1/2", not two
    assert (r.status_code, r.json()["parameters"]) == (400, {"value": "1/2", "type": "int"})


def test_a_null_result_is_an_empty_list(server):
    _customer, token = new_customer(server)  # no addresses: no default billing address
    r = httpx.get(server.url + "/rest/V1/customers/me/billingAddress", headers={"Authorization": f"Bearer {token}"})
    assert (r.status_code, r.text) == (200, "[]")


def test_forced_parameter_beats_the_body(server):
    mine, token = new_customer(server)
    other, _ = new_customer(server)
    r = httpx.put(server.url + "/rest/V1/customers/me", headers={"Authorization": f"Bearer {token}"},
                  json={"customer": {"id": other["id"], "email": mine["email"], "firstname": "Changed",
                                     "lastname": "Doe"}})
    assert r.status_code == 200 and r.json()["id"] == mine["id"] and r.json()["firstname"] == "Changed"


def test_query_names_that_look_like_indexes_are_ignored_not_a_500(admin):
    """``?0=x``: a query whose names are all digits is still a map of names (it used to become a list)."""
    created = create(admin).json()
    r = admin.get(f"/V1/vdtest/thing/{created['thing_id']}", params={"0": "x"})
    assert r.status_code == 200, r.text
    assert r.json()["thing_id"] == created["thing_id"]
    r = admin.get("/V1/vdtest/thing/search?0=x&1=y&searchCriteria=")
    assert r.status_code == 200 and "items" in r.json()
    r = admin.put(f"/V1/vdtest/thing/{created['thing_id']}?0=x&1=y", json={})
    assert (r.status_code, r.json()) == (400, {"message": '"%fieldName" is required. Enter and try again.',
                                               "parameters": {"fieldName": "thing"}})
