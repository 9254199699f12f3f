"""The account management and address routes beside the customer repository, the platform's validation
messages, the customer attribute definitions, and the delete resource, over HTTP."""
import datetime as dt
import re

import pytest
import sqlalchemy as sa

from tests.helpers import new_customer, unique
from tests.helpers.mail import outbox

NO_ENTITY = "No such entity with %fieldName = %fieldValue"
DENIED = "The consumer isn't authorized to access %resources."
FUTURE_DOB = "The Date of Birth should not be greater than today."
BAD_EMAIL = '"Email" is not a valid email address.'
MISMATCH = "The password token is mismatched. Reset and try again."
EXPIRED = "The password token is expired. Reset and try again."
AUSTIN = {"firstname": "Jane", "lastname": "Doe", "street": ["1 Main St"], "city": "Austin", "region_id": 57,
          "postcode": "78701", "country_id": "US", "telephone": "5125550100"}


def customer_body(**fields) -> dict:
    return {"customer": {"email": f"{unique('a')}@example.com", "firstname": "Jane", "lastname": "Doe", **fields},
            "password": "Secret-123"}


# --------------------------------------------------------------------------- validation messages


def test_the_platform_refuses_future_birthdays_odd_names_and_bad_addresses(guest):
    tomorrow = (dt.date.today() + dt.timedelta(days=2)).isoformat()
    r = guest.post("/V1/customers", json=customer_body(dob=tomorrow))
    assert r.status_code == 400 and r.json() == {"message": FUTURE_DOB}
    r = guest.post("/V1/customers", json=customer_body(firstname="<script>"))
    assert r.status_code == 400 and r.json() == {"message": "First Name is not valid!"}
    r = guest.post("/V1/customers", json=customer_body(lastname="Doe; DROP", middlename="#1"))
    assert r.status_code == 400
    assert r.json()["errors"] == [{"message": "Last Name is not valid!"}, {"message": "Middle Name is not valid!"}]
    r = guest.post("/V1/customers", json=customer_body(email="not-an-address"))
    assert r.status_code == 400 and r.json() == {"message": BAD_EMAIL}
    r = guest.post("/V1/customers", json=customer_body(addresses=[{**AUSTIN, "firstname": ""}]))
    assert r.status_code == 400
    assert r.json() == {"message": '"%1" is a required value.', "parameters": ["First Name"]}
    # names of any script, with apostrophes, hyphens and dots, and a birthday today or before, are fine
    r = guest.post("/V1/customers", json=customer_body(firstname="Zoë-Łucja", lastname="O'Brien Jr.",
                                                       middlename="J. R.", dob=dt.date.today().isoformat()))
    assert r.status_code == 200, r.text
    assert (r.json()["firstname"], r.json()["lastname"]) == ("Zoë-Łucja", "O'Brien Jr.")


def test_the_same_rules_on_edit(server):
    customer, token = new_customer(server)
    with server.client(token) as me:
        r = me.put("/V1/customers/me", json={"customer": {"dob": "2999-01-01"}})
        assert r.status_code == 400 and r.json() == {"message": FUTURE_DOB}
        r = me.put("/V1/customers/me", json={"customer": {"addresses": [{**AUSTIN, "firstname": None}]}})
        assert r.json() == {"message": '"%1" is a required value.', "parameters": ["First Name"]}
        assert me.get("/V1/customers/me").json() == customer


def test_validate_reports_without_saving(admin):
    body = customer_body()["customer"]
    r = admin.put("/V1/customers/validate", json={"customer": body})
    assert r.status_code == 200 and r.json() == {"valid": True, "messages": []}
    r = admin.put("/V1/customers/validate", json={"customer": {**body, "email": "x", "firstname": "A<b>",
                                                               "dob": "2999-12-31"}})
    assert r.json() == {"valid": False,
                        "messages": [BAD_EMAIL, "First Name is not valid!", FUTURE_DOB]}
    r = admin.put("/V1/customers/validate", json={"customer": {**body, "lastname": "",
                                                               "addresses": [{**AUSTIN, "firstname": ""}]}})
    assert r.json() == {"valid": False, "messages": ['"lastname" is required. Enter and try again.',
                                                     '"First Name" is a required value.']}
    found = admin.get("/V1/customers/search", params={"searchCriteria[filterGroups][0][filters][0][field]": "email",
                                                       "searchCriteria[filterGroups][0][filters][0][value]": body["email"]})
    assert found.json()["total_count"] == 0  # nothing was saved


# --------------------------------------------------------------------------- addresses


def test_addresses_by_id_and_default_addresses(server, admin):
    other = {**AUSTIN, "city": "Dallas", "postcode": "75201"}
    customer, _ = new_customer(server, addresses=[{**AUSTIN, "default_billing": True},
                                                  {**other, "default_shipping": True}])
    billing, shipping = customer["addresses"]
    cid = customer["id"]
    assert admin.get(f"/V1/customers/addresses/{billing['id']}").json() == billing
    assert admin.get(f"/V1/customers/{cid}/billingAddress").json() == billing
    assert admin.get(f"/V1/customers/{cid}/shippingAddress").json() == shipping
    r = admin.get("/V1/customers/addresses/987654")
    assert r.status_code == 404
    assert r.json() == {"message": NO_ENTITY, "parameters": {"fieldName": "addressId", "fieldValue": 987654}}
    r = admin.get("/V1/customers/987654/billingAddress")
    assert r.status_code == 404 and r.json()["parameters"]["fieldName"] == "customerId"

    assert admin.delete(f"/V1/addresses/{shipping['id']}").json() is True
    assert admin.get(f"/V1/customers/addresses/{shipping['id']}").status_code == 404
    assert admin.get(f"/V1/customers/{cid}/shippingAddress").json() == []  # no default any more
    after = admin.get(f"/V1/customers/{cid}").json()
    assert [a["id"] for a in after["addresses"]] == [billing["id"]] and "default_shipping" not in after
    assert admin.delete(f"/V1/addresses/{shipping['id']}").status_code == 404


def test_address_routes_are_for_admins(server, guest):
    customer, token = new_customer(server, addresses=[AUSTIN])
    address_id = customer["addresses"][0]["id"]
    with server.client(token) as me:
        for method, path in (("GET", f"/V1/customers/addresses/{address_id}"), ("DELETE", f"/V1/addresses/{address_id}"),
                             ("GET", f"/V1/customers/{customer['id']}/billingAddress")):
            for client in (guest, me):
                r = client.request(method, path)
                assert r.status_code == 401
                assert r.json() == {"message": DENIED, "parameters": {"resources": "Magento_Customer::manage"}}
        assert len(me.get("/V1/customers/me").json()["addresses"]) == 1


# --------------------------------------------------------------------------- password reset


def _reset_token(admin, email: str) -> str:
    (msg,) = outbox(admin, to_email=email)
    return re.search(r"token: (\S+)", msg["body_text"]).group(1)


def test_reset_password_with_the_mailed_token(server, admin, guest, sql):
    customer, _ = new_customer(server)
    email, cid = customer["email"], customer["id"]
    assert guest.put("/V1/customers/password", json={"email": email, "template": "email_reset"}).json() is True
    token = _reset_token(admin, email)
    assert guest.get(f"/V1/customers/{cid}/password/resetLinkToken/{token}").json() is True
    r = guest.get(f"/V1/customers/{cid}/password/resetLinkToken/wrong")
    assert r.status_code == 400 and r.json() == {"message": MISMATCH}
    r = guest.post("/V1/customers/resetPassword", json={"email": email, "resetToken": "wrong",
                                                        "newPassword": "New-Secret-1"})
    assert r.status_code == 400 and r.json() == {"message": MISMATCH}
    r = guest.post("/V1/customers/resetPassword", json={"email": email, "resetToken": token, "newPassword": "short"})
    assert r.status_code == 400 and r.json()["parameters"] == ["8"]
    r = guest.post("/V1/customers/resetPassword", json={"email": email.upper(), "resetToken": token,
                                                        "newPassword": "New-Secret-1"})
    assert r.status_code == 200 and r.json() is True
    assert server.customer_token(email, "New-Secret-1")
    r = guest.post("/V1/customers/resetPassword", json={"email": email, "resetToken": token,
                                                        "newPassword": "New-Secret-2"})
    assert r.status_code == 400 and r.json() == {"message": MISMATCH}  # spent
    r = guest.post("/V1/customers/resetPassword", json={"email": f"{unique('x')}@example.com", "resetToken": token,
                                                        "newPassword": "New-Secret-2"})
    assert r.status_code == 404 and r.json()["parameters"]["fieldName"] == "email"

    # a token older than customer/password/reset_link_expiration_period hours is refused
    assert guest.put("/V1/customers/password", json={"email": email, "template": "email_reset"}).json() is True
    old = [m for m in outbox(admin, to_email=email)]
    token = re.search(r"token: (\S+)", max(old, key=lambda m: m["message_id"])["body_text"]).group(1)
    with sql.begin() as conn:
        conn.execute(sa.text("update customer_entity set rp_token_created_at = :t where id = :i"),
                     {"t": dt.datetime.utcnow() - dt.timedelta(hours=3), "i": cid})
    r = guest.post("/V1/customers/resetPassword", json={"email": email, "resetToken": token,
                                                        "newPassword": "New-Secret-3"})
    assert r.status_code == 400 and r.json() == {"message": EXPIRED}
    assert guest.get(f"/V1/customers/{cid}/password/resetLinkToken/{token}").json() == {"message": EXPIRED}


# --------------------------------------------------------------------------- confirmation


@pytest.fixture
def confirm_accounts(server):
    server.config("customer/create_account/confirm", "1")
    yield
    server.config("customer/create_account/confirm", None)


def test_confirmation_status_resend_and_activate_by_email(server, admin, guest, confirm_accounts):
    r = guest.post("/V1/customers", json=customer_body())
    assert r.status_code == 200, r.text
    cid, email = r.json()["id"], r.json()["email"]
    assert admin.get(f"/V1/customers/{cid}/confirm").json() == "account_confirmation_required"
    assert guest.post("/V1/customers/confirm", json={"email": email, "websiteId": 1}).json() is True
    assert len(outbox(admin, to_email=email)) == 2  # the first mail and the one sent again
    key = admin.get(f"/V1/customers/{cid}").json()["confirmation"]
    r = admin.put(f"/V1/customers/{email}/activate", json={"confirmationKey": "nope"})
    assert r.status_code == 400
    r = admin.put(f"/V1/customers/{email}/activate", json={"confirmationKey": key})
    assert r.status_code == 200 and r.json()["id"] == cid and "confirmation" not in r.json()
    assert admin.get(f"/V1/customers/{cid}/confirm").json() == "account_confirmed"
    r = guest.post("/V1/customers/confirm", json={"email": email, "websiteId": 1})
    assert r.status_code == 400 and r.json() == {"message": "Confirmation isn't needed."}
    r = admin.put(f"/V1/customers/{email}/activate", json={"confirmationKey": key})
    assert r.status_code == 400 and r.json() == {"message": "The account is already active."}
    r = admin.put(f"/V1/customers/{unique('n')}@example.com/activate", json={"confirmationKey": key})
    assert r.status_code == 404
    assert server.customer_token(email, "Secret-123")


def test_readonly_and_unknown_customers(server, admin):
    customer, _ = new_customer(server)
    assert admin.get(f"/V1/customers/{customer['id']}/permissions/readonly").json() is False
    for path in ("/V1/customers/987654/permissions/readonly", "/V1/customers/987654/confirm"):
        r = admin.get(path)
        assert r.status_code == 404 and r.json()["parameters"] == {"fieldName": "customerId", "fieldValue": 987654}


# --------------------------------------------------------------------------- attribute definitions


def test_customer_attribute_metadata(admin):
    everything = admin.get("/V1/attributeMetadata/customer").json()
    codes = [a["attribute_code"] for a in everything]
    assert {"email", "firstname", "lastname", "dob", "gender", "group_id", "website_id"} <= set(codes)
    first = admin.get("/V1/attributeMetadata/customer/attribute/firstname").json()
    assert first["store_label"] == "First Name" and first["required"] is True and first["system"] is True
    assert first["frontend_input"] == "text" and first["user_defined"] is False
    email = admin.get("/V1/attributeMetadata/customer/attribute/email").json()
    assert {"name": "input_validation", "value": "email"} in email["validation_rules"]
    gender = admin.get("/V1/attributeMetadata/customer/attribute/gender").json()
    assert [(o["label"], o["value"]) for o in gender["options"]][1:] == [("Male", "1"), ("Female", "2"),
                                                                        ("Not Specified", "3")]
    group = admin.get("/V1/attributeMetadata/customer/attribute/group_id").json()
    assert ("General", "1") in [(o["label"], o["value"]) for o in group["options"]]
    r = admin.get("/V1/attributeMetadata/customer/attribute/nope")
    assert r.status_code == 404
    assert r.json() == {"message": "No such entity with %fieldName = %fieldValue, %field2Name = %field2Value",
                        "parameters": {"fieldName": "entityType", "fieldValue": "customer",
                                       "field2Name": "attributeCode", "field2Value": "nope"}}
    form = [a["attribute_code"] for a in admin.get("/V1/attributeMetadata/customer/form/customer_account_create").json()]
    assert "firstname" in form and "group_id" not in form
    assert "group_id" in [a["attribute_code"] for a in
                          admin.get("/V1/attributeMetadata/customer/form/adminhtml_customer").json()]
    r = admin.get("/V1/attributeMetadata/customer/form/nope")
    assert r.status_code == 404 and r.json()["parameters"] == {"fieldName": "formCode", "fieldValue": "nope"}
    assert admin.get("/V1/attributeMetadata/customer/custom").json() == []


def test_address_attribute_metadata(admin, guest):
    street = admin.get("/V1/attributeMetadata/customerAddress/attribute/street").json()
    assert street["frontend_input"] == "multiline" and street["multiline_count"] == 2
    codes = [a["attribute_code"] for a in admin.get("/V1/attributeMetadata/customerAddress").json()]
    assert {"firstname", "street", "city", "country_id", "postcode", "telephone"} <= set(codes)
    form = admin.get("/V1/attributeMetadata/customerAddress/form/customer_address_edit").json()
    assert [a["sort_order"] for a in form] == sorted(a["sort_order"] for a in form)
    assert admin.get("/V1/attributeMetadata/customerAddress/custom").json() == []
    r = guest.get("/V1/attributeMetadata/customerAddress")
    assert r.status_code == 401 and r.json()["parameters"] == {"resources": "Magento_Customer::manage"}


# --------------------------------------------------------------------------- the delete resource


def test_deleting_a_customer_needs_the_delete_resource(server):
    tokens = {}
    for resources in ("Magento_Customer::reset_password", "Magento_Customer::delete"):
        name = unique("clerk")
        server.cli("admin", "create", "--username", name, "--password", "Clerk-Passw0rd", "--resources", resources)
        tokens[resources] = server.token(name, "Clerk-Passw0rd")
    customer, _ = new_customer(server)
    with server.client(tokens["Magento_Customer::reset_password"]) as clerk:
        r = clerk.delete(f"/V1/customers/{customer['id']}")
        assert r.status_code == 401
        assert r.json() == {"message": DENIED, "parameters": {"resources": "Magento_Customer::delete"}}
    with server.client(tokens["Magento_Customer::delete"]) as deleter:
        assert deleter.delete(f"/V1/customers/{customer['id']}").json() is True
        r = deleter.get(f"/V1/customers/{customer['id']}")  # deleting is all this role may do
        assert r.status_code == 401
    lines = {line.split()[0]: line for line in server.cli("acl").stdout.splitlines() if line.strip()}
    assert "Magento_Customer::delete" in lines and "Magento_Customer::actions" in lines


def test_async_bulk_accepts_the_new_admin_routes(admin):
    r = admin.post("/async/bulk/V1/customerGroups", json=[{"group": {"code": unique("bulk"), "tax_class_id": 3}}])
    assert r.status_code == 202, r.text
    assert r.json()["errors"] is False
