"""Anonymising a customer (the customer package's service, called through the test module's route):
the account, its addresses, its carts and its orders lose their personal data to stable placeholders,
its tokens end, amounts stay, and nobody else's data changes."""
import re

import httpx
import pytest
import sqlalchemy as sa

from tests.helpers import new_customer, ok
from tests.helpers.quote import ADDRESS, add, product, shipping_information

EMAIL = re.compile(r"-@[0-9a-f]{16}\.com")
HOME = {"firstname": "Jane", "lastname": "Doe", "company": "Doe & Co", "street": ["1 Main St", "Apt 2"],
        "city": "Austin", "region_id": 57, "postcode": "78701", "country_id": "US", "telephone": "5125550100",
        "default_billing": True}


@pytest.fixture(scope="module")
def tee(server, admin_token):
    return product(server, admin_token, price=45, qty=1000)



def _shopper(server, tee):
    """A customer with an address, an order placed from a cart, and a second cart with an address."""
    customer, token = new_customer(server, middlename="Q", dob="1990-05-17", gender=2, taxvat="TX-123",
                                   addresses=[HOME])
    with server.client(token) as me:
        me.post("/V1/carts/mine")
        add(me, "/V1/carts/mine", tee["sku"], 2)
        assert shipping_information(me, "/V1/carts/mine").status_code == 200
        order_id = ok(me.post("/V1/carts/mine/payment-information", json={
            "paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS}))
        cart_id = ok(me.post("/V1/carts/mine"))
        add(me, "/V1/carts/mine", tee["sku"], 1)
        assert shipping_information(me, "/V1/carts/mine").status_code == 200
    return customer, token, order_id, cart_id


def test_anonymise_everywhere(server, admin, tee, sql):
    customer, token, order_id, cart_id = _shopper(server, tee)
    other, other_token, other_order, _ = _shopper(server, tee)
    before = ok(admin.get(f"/V1/orders/{order_id}"))

    assert ok(admin.post(f"/V1/vdtest/customers/{customer['id']}/anonymize")) is True

    got = ok(admin.get(f"/V1/customers/{customer['id']}"))
    email = got["email"]
    assert EMAIL.fullmatch(email), email
    assert (got["firstname"], got["lastname"], got["middlename"], got["taxvat"]) == ("-", "-", "-", "-")
    assert (got["dob"][:10], got["gender"]) == ("1970-01-01", 3)
    assert "prefix" not in got  # an empty field stays empty
    (address,) = got["addresses"]
    assert (address["firstname"], address["lastname"], address["company"], address["city"], address["postcode"]) \
        == ("-", "-", "-", "-", "-")
    assert (address["street"], address["telephone"], address["country_id"]) == (["-"], "0000000", "0")
    assert got["extension_attributes"] == {"is_subscribed": False}

    order = ok(admin.get(f"/V1/orders/{order_id}"))
    assert (order["customer_email"], order["customer_firstname"], order["customer_lastname"]) == (email, "-", "-")
    for a in (order["billing_address"], order["extension_attributes"]["shipping_assignments"][0]["shipping"]["address"]):
        assert (a["firstname"], a["lastname"], a["street"], a["city"], a["telephone"], a["email"]) == \
            ("-", "-", ["-"], "-", "0000000", email)
        assert "region_id" not in a
    for key in ("grand_total", "subtotal", "shipping_amount", "total_qty_ordered", "state", "increment_id"):
        assert order[key] == before[key], key
    assert [(i["sku"], i["qty_ordered"], i["row_total"]) for i in order["items"]] == \
        [(i["sku"], i["qty_ordered"], i["row_total"]) for i in before["items"]]

    cart = ok(admin.get(f"/V1/carts/{cart_id}"))
    assert cart["customer"]["email"] == email  # the account the cart shows is anonymised
    with sql.connect() as c:
        row = c.execute(sa.text("SELECT customer_email, customer_firstname FROM quote WHERE id = :q"),
                        {"q": cart_id}).one()
        assert tuple(row) == (email, "-")
        lines = c.execute(sa.text("SELECT firstname, telephone, street, email FROM quote_address WHERE quote_id = :q"),
                          {"q": cart_id}).all()
        assert lines and all(tuple(line) == ("-", "0000000", '["-"]', email) for line in lines)

    # the old identity can do nothing any more
    with server.client(token) as me:
        assert me.get("/V1/customers/me").status_code == 401
    r = httpx.post(server.url + "/rest/V1/integration/customer/token",
                   json={"username": customer["email"], "password": "Secret-123"})
    assert r.status_code == 401

    # the other customer is untouched
    assert ok(admin.get(f"/V1/customers/{other['id']}"))["email"] == other["email"]
    assert ok(admin.get(f"/V1/orders/{other_order}"))["billing_address"]["telephone"] == ADDRESS["telephone"]
    with server.client(other_token) as them:
        assert ok(them.get("/V1/customers/me"))["firstname"] == "Jane"

    # the placeholders are stable: anonymising again changes nothing
    assert ok(admin.post(f"/V1/vdtest/customers/{customer['id']}/anonymize")) is True
    assert ok(admin.get(f"/V1/customers/{customer['id']}"))["email"] == email


def test_anonymising_an_unknown_customer_is_404(admin):
    r = admin.post("/V1/vdtest/customers/999999/anonymize")
    assert r.status_code == 404
    assert r.json() == {"message": "No such entity with %fieldName = %fieldValue",
                        "parameters": {"fieldName": "customerId", "fieldValue": 999999}}
