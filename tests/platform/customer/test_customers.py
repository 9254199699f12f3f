"""Customers over HTTP."""
import httpx
import pytest
import sqlalchemy as sa

from tests.helpers import new_customer, unique

SIGN_IN = ("The account sign-in was incorrect or your account is disabled temporarily. "
           "Please wait and try again later.")
DUPLICATE = "A customer with the same email address already exists in an associated website."
REQUIRED = '"%fieldName" is required. Enter and try again.'
INVALID = 'Invalid value of "%value" provided for the %fieldName field.'
GUEST_LOGIN = "checkout/options/enable_guest_checkout_login"
NO_ENTITY = "No such entity with %fieldName = %fieldValue"
DENIED = "The consumer isn't authorized to access %resources."
NO_ACCESSOR = 'Property "%1" does not have accessor method "%2" in class "%3".'
CUSTOMER_IFACE = "Magento\\Customer\\Api\\Data\\CustomerInterface"

AUSTIN = {"firstname": "Jane", "lastname": "Doe", "street": ["100 Congress Ave"], "city": "Austin",
          "region": {"region_code": "TX"}, "country_id": "US", "postcode": "78701", "telephone": "512-555-0100"}
SAN_DIEGO = {"firstname": "Jane", "lastname": "Doe", "street": ["2750 Harbor Dr", "Unit 4"], "city": "San Diego",
             "region_id": 12, "country_id": "US", "postcode": "92101", "telephone": "619-555-0100"}


def email() -> str:
    return f"{unique('c')}@example.com"


def create(client, password="Secret-123", **fields):
    body = {"customer": {"email": email(), "firstname": "Jane", "lastname": "Doe", **fields}}
    if password is not None:
        body["password"] = password
    return client.post("/V1/customers", json=body)


def token_call(server, username, password):
    return httpx.post(server.url + "/rest/V1/integration/customer/token", json={"username": username, "password": password})


# --------------------------------------------------------------------------- createAccount

def test_create_account_answers_the_customer(guest):
    address = email().upper()
    r = create(guest, email=address, middlename="Q", dob="1980-02-03", gender=2, taxvat="TX-1")
    assert r.status_code == 200, r.text
    c = r.json()
    assert list(c) == ["id", "group_id", "created_at", "updated_at", "created_in", "dob", "email", "firstname",
                       "lastname", "middlename", "gender", "store_id", "taxvat", "website_id", "addresses",
                       "disable_auto_group_change", "extension_attributes"]
    assert isinstance(c["id"], int)
    assert c["email"] == address.lower()
    assert (c["group_id"], c["website_id"], c["store_id"]) == (1, 1, 1)
    assert c["created_in"] == "Default Store View"
    assert (c["dob"], c["gender"], c["middlename"], c["taxvat"]) == ("1980-02-03", 2, "Q", "TX-1")
    assert c["addresses"] == [] and c["disable_auto_group_change"] == 0
    assert c["extension_attributes"] == {"is_subscribed": False}
    assert len(c["created_at"]) == 19 and c["created_at"] == c["updated_at"]


def test_create_with_addresses_and_defaults(server, guest):
    r = create(guest, addresses=[{**AUSTIN, "default_billing": True}, {**SAN_DIEGO, "default_shipping": True}],
               extension_attributes={"is_subscribed": True})
    assert r.status_code == 200, r.text
    c = r.json()
    austin, sd = c["addresses"]
    assert c["default_billing"] == str(austin["id"]) and c["default_shipping"] == str(sd["id"])
    assert austin["region"] == {"region_code": "TX", "region": "Texas", "region_id": 57}
    assert austin["region_id"] == 57 and austin["customer_id"] == c["id"]
    assert sd["region"] == {"region_code": "CA", "region": "California", "region_id": 12}
    assert sd["street"] == ["2750 Harbor Dr", "Unit 4"]
    assert austin["default_billing"] is True and "default_shipping" not in austin
    assert sd["default_shipping"] is True and "default_billing" not in sd
    assert list(austin) == ["id", "customer_id", "region", "region_id", "country_id", "street", "telephone",
                            "postcode", "city", "firstname", "lastname", "default_billing"]
    assert c["extension_attributes"] == {"is_subscribed": True}


def test_create_under_store_code_all_joins_the_main_website(server):
    with server.client(store="all") as c:
        r = create(c)
    assert r.status_code == 200, r.text
    assert (r.json()["website_id"], r.json()["store_id"], r.json()["group_id"]) == (1, 1, 1)


def test_guest_cannot_choose_group_or_scope(guest):
    r = create(guest, group_id=2, disable_auto_group_change=1)
    assert r.status_code == 200, r.text
    assert r.json()["group_id"] == 1 and r.json()["disable_auto_group_change"] == 0


def test_create_without_customer_is_required(guest):
    r = guest.post("/V1/customers", json={})
    assert r.status_code == 400
    assert r.json() == {"message": REQUIRED, "parameters": {"fieldName": "customer"}}
    r = guest.post("/V1/customers")
    assert r.json() == {"message": REQUIRED, "parameters": {"fieldName": "customer"}}


@pytest.mark.parametrize("missing", ["email", "firstname", "lastname"])
def test_create_one_required_field_missing(guest, missing):
    fields = {"email": email(), "firstname": "Jane", "lastname": "Doe"}
    del fields[missing]
    r = guest.post("/V1/customers", json={"customer": fields, "password": "Secret-123"})
    assert r.status_code == 400
    assert r.json() == {"message": REQUIRED, "parameters": {"fieldName": missing}}


def test_create_required_fields_aggregate(guest):
    r = guest.post("/V1/customers", json={"customer": {"firstname": "  ", "gender": 7}, "password": "Secret-123"})
    assert r.status_code == 400
    assert r.json() == {"message": "One or more input exceptions have occurred.", "errors": [
        {"message": REQUIRED, "parameters": {"fieldName": "email"}},
        {"message": REQUIRED, "parameters": {"fieldName": "firstname"}},
        {"message": REQUIRED, "parameters": {"fieldName": "lastname"}},
        {"message": INVALID, "parameters": {"value": 7, "fieldName": "gender"}},
    ]}


@pytest.mark.parametrize("bad", ["plain", "a@b", "a b@example.com", "@example.com", "x@-example.com"])
def test_create_malformed_email(guest, bad):
    r = create(guest, email=bad)
    assert r.status_code == 400
    assert r.json() == {"message": '"Email" is not a valid email address.'}


def test_create_duplicate_email_in_website(guest):
    address = email()
    assert create(guest, email=address).status_code == 200
    r = create(guest, email=address.upper())
    assert r.status_code == 400
    assert r.json() == {"message": DUPLICATE}


@pytest.mark.parametrize("password, message, parameters", [
    ("Sh0rt-x", "The password needs at least %1 characters. Create a new password and try again.", ["8"]),
    ("", "The password needs at least %1 characters. Create a new password and try again.", ["8"]),
    ("alllowercase", "Minimum of different classes of characters in password is %1. Classes of characters: "
                     "Lower Case, Upper Case, Digits, Special Characters.", ["3"]),
    ("lower-and-special", "Minimum of different classes of characters in password is %1. Classes of characters: "
                          "Lower Case, Upper Case, Digits, Special Characters.", ["3"]),
    (" Leading-Space-1", "The password can't begin or end with a space. Verify the password and try again.", None),
])
def test_create_password_rules(guest, password, message, parameters):
    r = create(guest, password=password)
    assert r.status_code == 400
    expected = {"message": message}
    if parameters:
        expected["parameters"] = parameters
    assert r.json() == expected


def test_password_rules_follow_configuration(server, guest):
    server.config("customer/password/minimum_password_length", "12")
    server.config("customer/password/required_character_classes_number", "2")
    try:
        r = create(guest, password="Secret-123")
        assert r.json()["parameters"] == ["12"]
        assert create(guest, password="lowercase-long-enough").status_code == 200
    finally:
        server.config("customer/password/minimum_password_length", "8")
        server.config("customer/password/required_character_classes_number", "3")


def test_account_without_password_cannot_sign_in(server, guest):
    r = create(guest, password=None)
    assert r.status_code == 200, r.text
    t = token_call(server, r.json()["email"], "Secret-123")
    assert t.status_code == 401 and t.json() == {"message": SIGN_IN}


def test_create_with_invalid_address(guest):
    r = create(guest, addresses=[{"street": [""], "country_id": "US", "region_id": 5000}])
    assert r.status_code == 400
    assert r.json()["message"] == "One or more input exceptions have occurred."
    assert r.json()["errors"] == [
        {"message": '"%1" is a required value.', "parameters": [label]} for label in ("First Name", "Last Name")
    ] + [
        {"message": REQUIRED, "parameters": {"fieldName": f}} for f in ("street", "city", "telephone", "postcode")
    ] + [{"message": INVALID, "parameters": {"value": 5000, "fieldName": "regionId"}}]
    r = create(guest, addresses=[{**AUSTIN, "country_id": "ZZ"}])
    assert r.json() == {"message": INVALID, "parameters": {"value": "ZZ", "fieldName": "countryId"}}
    r = create(guest, addresses=[{**AUSTIN, "region": None}])
    assert r.json() == {"message": REQUIRED, "parameters": {"fieldName": "regionId"}}
    r = create(guest, addresses=[{**AUSTIN, "region": {"region_code": "XX"}}])
    assert r.json() == {"message": INVALID, "parameters": {"value": "XX", "fieldName": "regionCode"}}


def test_address_regions_resolve_by_id_code_or_name(guest):
    r = create(guest, addresses=[{**AUSTIN, "region": {"region": "texas"}},
                                 {**AUSTIN, "region": None, "region_id": "57"},
                                 {**AUSTIN, "country_id": "DE", "region": {"region": "Bayern"}, "postcode": "80331"}])
    assert r.status_code == 200, r.text
    tx1, tx2, de = r.json()["addresses"]
    assert tx1["region"] == tx2["region"] == {"region_code": "TX", "region": "Texas", "region_id": 57}
    assert de["region"] == {"region_code": None, "region": "Bayern", "region_id": 0}
    assert de["country_id"] == "DE"


def test_unknown_key_inside_customer_and_nested_objects(guest):
    r = create(guest, colour="red")
    assert r.status_code == 400
    assert r.json() == {"message": NO_ACCESSOR, "parameters": ["Colour", "getColour", CUSTOMER_IFACE]}
    r = create(guest, extension_attributes={"no_such_code": 1})
    assert r.status_code == 400
    assert r.json() == {"message": NO_ACCESSOR, "parameters": [
        "NoSuchCode", "getNoSuchCode", "Magento\\Customer\\Api\\Data\\CustomerExtensionInterface"]}
    r = create(guest, addresses=[{**AUSTIN, "floor": 3}])
    assert r.json() == {"message": NO_ACCESSOR, "parameters": [
        "Floor", "getFloor", "Magento\\Customer\\Api\\Data\\AddressInterface"]}
    r = create(guest, addresses=[{**AUSTIN, "region": {"code": "TX"}}])
    assert r.json() == {"message": NO_ACCESSOR, "parameters": [
        "Code", "getCode", "Magento\\Customer\\Api\\Data\\RegionInterface"]}


def test_wrong_types_are_400(guest):
    r = create(guest, gender="male")
    assert r.status_code == 400
    assert r.json()["parameters"] == {"value": "male", "type": "int"}
    r = create(guest, addresses={"city": "Austin"})
    assert r.status_code == 400
    r = guest.post("/V1/customers", json={"customer": "jane"})
    assert r.status_code == 400


# --------------------------------------------------------------------------- custom_attributes

def test_custom_attributes_round_trip(server, guest):
    r = create(guest, custom_attributes=[{"attribute_code": "loyalty_tier", "value": "gold"},
                                         {"attributeCode": "referral", "value": "friend"}],
               addresses=[{**AUSTIN, "custom_attributes": {"gate_code": "1234"}}])
    assert r.status_code == 200, r.text
    c = r.json()
    assert c["custom_attributes"] == [{"attribute_code": "loyalty_tier", "value": "gold"},
                                      {"attribute_code": "referral", "value": "friend"}]
    assert c["addresses"][0]["custom_attributes"] == [{"attribute_code": "gate_code", "value": "1234"}]
    token = server.customer_token(c["email"], "Secret-123")
    with server.client(token) as me:
        assert me.get("/V1/customers/me").json()["custom_attributes"] == c["custom_attributes"]
        r = me.put("/V1/customers/me", json={"customer": {"custom_attributes": {"loyalty_tier": "silver"}}})
        assert r.json()["custom_attributes"] == [{"attribute_code": "loyalty_tier", "value": "silver"}]
        r = me.put("/V1/customers/me", json={"customer": {"custom_attributes": []}})
        assert "custom_attributes" not in r.json()


@pytest.mark.parametrize("attrs, expected", [
    ([{}], {"message": "An empty custom attribute is specified. Enter the attribute and try again."}),
    ([{"value": "x"}], {"message": "A custom attribute is specified with a missing attribute code. "
                                   "Verify the code and try again."}),
    ([{"attribute_code": "tier"}], {"message": "The \"%1\" attribute code doesn't have a value set. "
                                               "Enter the value and try again.", "parameters": ["tier"]}),
])
def test_custom_attribute_errors(guest, attrs, expected):
    r = create(guest, custom_attributes=attrs)
    assert r.status_code == 400
    assert r.json() == expected
    r = create(guest, addresses=[{**AUSTIN, "custom_attributes": attrs}])
    assert r.status_code == 400
    assert r.json() == expected


# --------------------------------------------------------------------------- tokens

def test_customer_token_works_on_me(server):
    customer, _ = new_customer(server)
    r = token_call(server, customer["email"].upper(), "Secret-123")
    assert r.status_code == 200
    token = r.json()
    assert isinstance(token, str) and token.count(".") == 2
    with server.client(token) as me:
        r = me.get("/V1/customers/me")
        assert r.status_code == 200 and r.json()["id"] == customer["id"]


def test_customer_token_wrong_password_and_unknown_email(server):
    customer, _ = new_customer(server)
    for username, password in ((customer["email"], "Wrong-Pass-1"), (email(), "Secret-123")):
        r = token_call(server, username, password)
        assert r.status_code == 401
        assert r.json() == {"message": SIGN_IN}


def test_unconfirmed_account_cannot_get_token_until_activated(server, admin):
    server.config("customer/create_account/confirm", "1")
    try:
        with server.client() as guest:
            r = create(guest)
        assert r.status_code == 200, r.text
        c = r.json()
        assert "confirmation" not in c  # the key is for the customer's mailbox, not the caller
        t = token_call(server, c["email"], "Secret-123")
        assert t.status_code == 401
        assert t.json() == {"message": "This account isn't confirmed. Verify and try again."}
        t = token_call(server, c["email"], "Wrong-Pass-1")
        assert t.json() == {"message": SIGN_IN}  # no hint about the account without the password
        key = admin.get(f"/V1/customers/{c['id']}").json()["confirmation"]
        assert len(key) == 32
    finally:
        server.config("customer/create_account/confirm", "0")
    # with confirmation off the account signs in, and can activate itself with the key
    token = server.customer_token(c["email"], "Secret-123")
    with server.client(token) as me:
        assert "confirmation" not in me.get("/V1/customers/me").json()
        r = me.put("/V1/customers/me/activate", json={"confirmationKey": "nope"})
        assert r.status_code == 400
        assert r.json() == {"message": "The confirmation token is invalid. Verify the token and try again."}
        r = me.put("/V1/customers/me/activate", json={})
        assert r.json() == {"message": REQUIRED, "parameters": {"fieldName": "confirmationKey"}}
        r = me.put("/V1/customers/me/activate", json={"confirmationKey": key})
        assert r.status_code == 200 and r.json()["id"] == c["id"]
        r = me.put("/V1/customers/me/activate", json={"confirmationKey": key})
        assert r.status_code == 400 and r.json() == {"message": "The account is already active."}
    assert "confirmation" not in admin.get(f"/V1/customers/{c['id']}").json()
    server.config("customer/create_account/confirm", "1")
    try:
        assert token_call(server, c["email"], "Secret-123").status_code == 200
    finally:
        server.config("customer/create_account/confirm", "0")


def test_revoke_customer_token(server):
    _, token = new_customer(server)
    with server.client(token) as me:
        r = me.post("/V1/integration/customer/revoke-customer-token")
        assert r.status_code == 200 and r.json() is True
        r = me.get("/V1/customers/me")
        assert r.status_code == 401
        assert r.json() == {"message": DENIED, "parameters": {"resources": "self"}}


# --------------------------------------------------------------------------- /me

def test_me_routes_need_a_customer(server, guest, admin):
    for method, path in (("GET", "/V1/customers/me"), ("PUT", "/V1/customers/me"),
                         ("PUT", "/V1/customers/me/password"), ("PUT", "/V1/customers/me/activate"),
                         ("GET", "/V1/customers/me/billingAddress"), ("GET", "/V1/customers/me/shippingAddress")):
        for client in (guest, admin):
            r = client.request(method, path, json={} if method == "PUT" else None)
            assert r.status_code == 401, (method, path)
            assert r.json() == {"message": DENIED, "parameters": {"resources": "self"}}


def test_fields_filter_on_me(server):
    customer, token = new_customer(server, addresses=[AUSTIN])
    with server.client(token) as me:
        def get(fields):
            r = me.get("/V1/customers/me", params={"fields": fields})
            assert r.status_code == 200
            return r.json()
        assert get("email") == {"email": customer["email"]}
        assert get("email,addresses[city]") == {"email": customer["email"], "addresses": [{"city": "Austin"}]}
        assert get("addresses[region[region_code]]") == {"addresses": [{"region": {"region_code": "TX"}}]}
        assert get("invalid") == []
        assert get("email,addresses[city") == []
        assert get("id,firstname") == {"id": customer["id"], "firstname": "Jane"}
    server.config(GUEST_LOGIN, "1")  # so that a taken address answers false
    try:
        r = httpx.post(server.url + "/rest/V1/customers/isEmailAvailable?fields=email",
                       json={"customerEmail": customer["email"]})
        assert r.json() is False  # a scalar result ignores the filter
    finally:
        server.config(GUEST_LOGIN, None)


def test_update_me(server):
    customer, token = new_customer(server, addresses=[AUSTIN])
    other, _ = new_customer(server)
    with server.client(token) as me:
        r = me.put("/V1/customers/me", json={"customer": {"id": other["id"], "lastname": "Smith", "prefix": "Dr",
                                                          "group_id": 3, "website_id": 5}})
        assert r.status_code == 200, r.text
        c = r.json()
        assert c["id"] == customer["id"] and c["lastname"] == "Smith" and c["prefix"] == "Dr"
        assert c["firstname"] == "Jane" and c["email"] == customer["email"]
        assert c["group_id"] == 1 and c["website_id"] == 1  # a customer cannot move itself
        assert c["addresses"] == customer["addresses"]  # not sent: kept
        assert c["updated_at"] >= customer["updated_at"]
        assert me.get("/V1/customers/me").json()["lastname"] == "Smith"
        # null clears a nullable field
        assert "prefix" not in me.put("/V1/customers/me", json={"customer": {"prefix": None}}).json()
        # e-mail already used by someone else
        r = me.put("/V1/customers/me", json={"customer": {"email": other["email"].upper()}})
        assert r.status_code == 400 and r.json() == {"message": DUPLICATE}
        r = me.put("/V1/customers/me", json={"customer": {"email": "bad-address"}})
        assert r.json() == {"message": '"Email" is not a valid email address.'}
        r = me.put("/V1/customers/me", json={"customer": {"firstname": ""}})
        assert r.json() == {"message": REQUIRED, "parameters": {"fieldName": "firstname"}}
        new_email = email()
        r = me.put("/V1/customers/me", json={"customer": {"email": new_email}})
        assert r.status_code == 200 and r.json()["email"] == new_email
        r = me.put("/V1/customers/me", json={})
        assert r.status_code == 200 and r.json()["id"] == customer["id"]
    assert server.customer_token(new_email, "Secret-123")
    assert token_call(server, customer["email"], "Secret-123").status_code == 401


def test_other_customer_is_untouched(server, admin):
    _, token = new_customer(server)
    other, _ = new_customer(server)
    with server.client(token) as me:
        me.put("/V1/customers/me", json={"customer": {"id": other["id"], "firstname": "Mallory"}})
        r = me.get("/V1/customers/me", params={"customerId": other["id"]})
        assert r.json()["id"] != other["id"]
        assert me.get(f"/V1/customers/{other['id']}").status_code == 401
    assert admin.get(f"/V1/customers/{other['id']}").json()["firstname"] == "Jane"


def test_addresses_replace_the_saved_list(server):
    customer, token = new_customer(server, addresses=[{**AUSTIN, "default_billing": True, "default_shipping": True},
                                                      SAN_DIEGO])
    austin, sd = customer["addresses"]
    with server.client(token) as me:
        # keep Austin (by id, edited), drop San Diego, add a new one as default shipping
        r = me.put("/V1/customers/me", json={"customer": {"addresses": [
            {**AUSTIN, "id": austin["id"], "city": "Round Rock"},
            {**SAN_DIEGO, "city": "La Jolla", "default_shipping": True}]}})
        assert r.status_code == 200, r.text
        c = r.json()
        a1, a2 = c["addresses"]
        assert a1["id"] == austin["id"] and a1["city"] == "Round Rock"
        assert a2["id"] not in (austin["id"], sd["id"]) and a2["city"] == "La Jolla"
        assert c["default_billing"] == str(austin["id"]) and c["default_shipping"] == str(a2["id"])
        assert me.get("/V1/customers/me/billingAddress").json()["id"] == austin["id"]
        shipping = me.get("/V1/customers/me/shippingAddress").json()
        assert shipping["id"] == a2["id"] and shipping["default_shipping"] is True
        # the customer-level default_billing can point at one of the addresses
        r = me.put("/V1/customers/me", json={"customer": {"default_billing": str(a2["id"])}})
        assert r.json()["default_billing"] == str(a2["id"])
        # an empty list removes every address and the defaults
        r = me.put("/V1/customers/me", json={"customer": {"addresses": []}})
        c = r.json()
        assert c["addresses"] == [] and "default_billing" not in c and "default_shipping" not in c
        assert me.get("/V1/customers/me/billingAddress").json() == []
        assert me.get("/V1/customers/me/shippingAddress").json() == []


def test_address_id_of_another_customer_is_not_taken(server, admin):
    victim, _ = new_customer(server, addresses=[AUSTIN])
    _, token = new_customer(server)
    vid = victim["addresses"][0]["id"]
    with server.client(token) as me:
        r = me.put("/V1/customers/me", json={"customer": {"addresses": [{**SAN_DIEGO, "id": vid}]}})
        assert r.status_code == 200
        assert r.json()["addresses"][0]["id"] != vid
    assert admin.get(f"/V1/customers/{victim['id']}").json()["addresses"] == victim["addresses"]


def test_default_addresses_without_any(server):
    _, token = new_customer(server, addresses=[AUSTIN])
    with server.client(token) as me:
        for path in ("/V1/customers/me/billingAddress", "/V1/customers/me/shippingAddress"):
            r = me.get(path)
            assert r.status_code == 200 and r.json() == []


# --------------------------------------------------------------------------- passwords

def test_change_password(server):
    customer, token = new_customer(server)
    second = server.customer_token(customer["email"], "Secret-123")
    with server.client(token) as me:
        r = me.put("/V1/customers/me/password", json={"currentPassword": "Wrong-123", "newPassword": "Newer-Pass-9"})
        assert r.status_code == 401
        assert r.json() == {"message": "The password doesn't match this account. Verify the password and try again."}
        r = me.put("/V1/customers/me/password", json={"currentPassword": "Secret-123", "newPassword": "short"})
        assert r.status_code == 400 and r.json()["parameters"] == ["8"]
        r = me.put("/V1/customers/me/password", json={"currentPassword": "Secret-123"})
        assert r.json() == {"message": REQUIRED, "parameters": {"fieldName": "newPassword"}}
        r = me.put("/V1/customers/me/password", json={"current_password": "Secret-123", "new_password": "Newer-Pass-9",
                                                      "customerId": 1})
        assert r.status_code == 200 and r.json() is True
        assert me.get("/V1/customers/me").status_code == 401  # the old tokens are revoked
    with server.client(second) as me:
        assert me.get("/V1/customers/me").status_code == 401
    assert token_call(server, customer["email"], "Secret-123").status_code == 401
    token = server.customer_token(customer["email"], "Newer-Pass-9")
    with server.client(token) as me:
        assert me.get("/V1/customers/me").json()["id"] == customer["id"]


def test_initiate_password_reset(server, guest, sql):
    customer, _ = new_customer(server)
    r = guest.put("/V1/customers/password", json={"email": customer["email"], "template": "email_reset",
                                                  "websiteId": 1})
    assert r.status_code == 200 and r.json() is True
    with sql.connect() as c:
        row = c.execute(sa.text("select rp_token_hash, rp_token_created_at from customer_entity where id = :i"),
                        {"i": customer["id"]}).one()
    assert len(row[0]) == 64 and row[1] is not None
    # an unknown address answers the same: the route does not reveal who has an account
    r = guest.put("/V1/customers/password", json={"email": email(), "template": "email_reminder"})
    assert r.status_code == 200 and r.json() is True
    r = guest.put("/V1/customers/password", json={"email": customer["email"], "template": "welcome"})
    assert r.status_code == 400
    assert r.json() == {"message": INVALID, "parameters": {"value": "welcome", "fieldName": "template"}}
    r = guest.put("/V1/customers/password", json={"email": "not-an-email", "template": "email_reset"})
    assert r.json() == {"message": INVALID, "parameters": {"value": "not-an-email", "fieldName": "email"}}


def test_initiate_password_reset_empty_body(guest):
    """P13."""
    both = {"message": "One or more input exceptions have occurred.", "errors": [
        {"message": REQUIRED, "parameters": {"fieldName": "email"}},
        {"message": REQUIRED, "parameters": {"fieldName": "template"}}]}
    r = guest.put("/V1/customers/password")
    assert r.status_code == 400 and r.json() == both
    r = guest.put("/V1/customers/password", json={})
    assert r.status_code == 400 and r.json() == both
    r = guest.put("/V1/customers/password", json={"email": "a@example.com"})
    assert r.json() == {"message": REQUIRED, "parameters": {"fieldName": "template"}}


def test_is_email_available(server, guest):
    customer, _ = new_customer(server)
    # by default every address is "available", so that the route does not tell which have accounts
    r = guest.post("/V1/customers/isEmailAvailable", json={"customerEmail": customer["email"]})
    assert r.status_code == 200 and r.json() is True
    server.config(GUEST_LOGIN, "1")  # guests may sign in at checkout: the route tells
    try:
        r = guest.post("/V1/customers/isEmailAvailable", json={"customerEmail": customer["email"].upper()})
        assert r.status_code == 200 and r.json() is False
        r = guest.post("/V1/customers/isEmailAvailable", json={"customer_email": customer["email"], "websiteId": 1})
        assert r.json() is False
        assert guest.post("/V1/customers/isEmailAvailable", json={"customerEmail": email()}).json() is True
        assert guest.post("/V1/customers/isEmailAvailable",
                          json={"customerEmail": customer["email"], "websiteId": 0}).json() is True
    finally:
        server.config(GUEST_LOGIN, None)
    r = guest.post("/V1/customers/isEmailAvailable", json={})
    assert r.status_code == 400
    assert r.json() == {"message": REQUIRED, "parameters": {"fieldName": "customerEmail"}}


# --------------------------------------------------------------------------- admin routes

ADMIN_ROUTES = [
    ("GET", "/V1/customers/{id}", "Magento_Customer::customer"),
    ("GET", "/V1/customers/search?searchCriteria=", "Magento_Customer::customer"),
    ("PUT", "/V1/customers/{id}", "Magento_Customer::manage"),
    ("DELETE", "/V1/customers/{id}", "Magento_Customer::delete"),
]


def test_admin_routes_deny_guests_and_customers(server, guest):
    customer, token = new_customer(server)
    with server.client(token) as me:
        for method, path, resource in ADMIN_ROUTES:
            for client in (guest, me):
                r = client.request(method, path.format(id=customer["id"]),
                                   json={"customer": {"firstname": "X"}} if method == "PUT" else None)
                assert r.status_code == 401, (method, path)
                assert r.json() == {"message": DENIED, "parameters": {"resources": resource}}
        assert me.get("/V1/customers/me").json()["firstname"] == "Jane"


def test_admin_role_without_customer_resources(server, guest):
    name = unique("clerk")
    server.cli("admin", "create", "--username", name, "--password", "Clerk-Passw0rd",
               "--resources", "Magento_Customer::manage")
    token = server.token(name, "Clerk-Passw0rd")
    customer, _ = new_customer(server)
    with server.client(token) as clerk:
        r = clerk.get(f"/V1/customers/{customer['id']}")
        assert r.status_code == 401
        assert r.json() == {"message": DENIED, "parameters": {"resources": "Magento_Customer::customer"}}
        r = clerk.put(f"/V1/customers/{customer['id']}", json={"customer": {"firstname": "Kim"}})
        assert r.status_code == 200 and r.json()["firstname"] == "Kim"


def test_admin_get_put_delete(server, admin, sql):
    customer, token = new_customer(server, addresses=[AUSTIN])
    other, _ = new_customer(server)
    cid = customer["id"]
    r = admin.get(f"/V1/customers/{cid}")
    assert r.status_code == 200 and r.json() == customer
    # the path decides: a disagreeing body id is overwritten (P8)
    r = admin.put(f"/V1/customers/{cid}", json={"customer": {"id": other["id"], "firstname": "Janet", "group_id": 2,
                                                             "disable_auto_group_change": 1}})
    assert r.status_code == 200, r.text
    c = r.json()
    assert c["id"] == cid and c["firstname"] == "Janet" and c["group_id"] == 2
    assert c["disable_auto_group_change"] == 1
    assert admin.get(f"/V1/customers/{other['id']}").json()["firstname"] == "Jane"
    r = admin.put(f"/V1/customers/{cid}", json={"customer": {"group_id": 99}})
    assert r.status_code == 400 and r.json() == {"message": "The specified customer group id does not exist."}
    r = admin.put(f"/V1/customers/{cid}", json={"customer": {"email": other["email"]}})
    assert r.json() == {"message": DUPLICATE}
    r = admin.put(f"/V1/customers/{cid}", json={"customer": {"firstname": "J"}, "passwordHash": "plain"})
    assert r.json() == {"message": INVALID, "parameters": {"value": "plain", "fieldName": "passwordHash"}}
    # delete: the customer, its addresses and its tokens go
    r = admin.delete(f"/V1/customers/{cid}")
    assert r.status_code == 200 and r.json() is True
    with server.client(token) as me:
        assert me.get("/V1/customers/me").status_code == 401
    assert admin.get(f"/V1/customers/{cid}").status_code == 404
    with sql.connect() as conn:
        left = conn.execute(sa.text("select count(*) from customer_address_entity where customer_id = :i"),
                            {"i": cid}).scalar()
    assert left == 0
    assert token_call(server, customer["email"], "Secret-123").status_code == 401
    # the e-mail is free again
    assert admin.post("/V1/customers/isEmailAvailable", json={"customerEmail": customer["email"]}).json() is True
    server.config(GUEST_LOGIN, "1")
    try:
        assert admin.post("/V1/customers/isEmailAvailable", json={"customerEmail": customer["email"]}).json() is True
        assert admin.post("/V1/customers/isEmailAvailable", json={"customerEmail": other["email"]}).json() is False
    finally:
        server.config(GUEST_LOGIN, None)


def test_unknown_customer_is_404(admin):
    for method in ("GET", "PUT", "DELETE"):
        r = admin.request(method, "/V1/customers/987654",
                          json={"customer": {"firstname": "X"}} if method == "PUT" else None)
        assert r.status_code == 404, method
        assert r.json() == {"message": NO_ENTITY, "parameters": {"fieldName": "customerId", "fieldValue": 987654}}
    r = admin.get("/V1/customers/abc")
    assert r.status_code == 400
    assert r.json()["parameters"] == {"value": "abc", "type": "int"}


def test_admin_put_under_all(server, admin_token):
    customer, _ = new_customer(server)
    with server.client(admin_token, store="all") as c:
        r = c.put(f"/V1/customers/{customer['id']}", json={"customer": {"lastname": "Global"}})
    assert r.status_code == 200 and r.json()["lastname"] == "Global"


# --------------------------------------------------------------------------- search

def test_search(server, admin):
    tag = unique("s")
    made = []
    for first, last, group in (("Ann", "Alpha", 1), ("Bob", "Beta", 2), ("Cid", "Gamma", 2), ("Dee", "Delta", 3)):
        c, _ = new_customer(server, email=f"{tag}-{first.lower()}@example.com", firstname=first, lastname=last)
        if group != 1:
            admin.put(f"/V1/customers/{c['id']}", json={"customer": {"group_id": group}})
        made.append(c)
    like = {"searchCriteria[filter_groups][0][filters][0][field]": "email",
            "searchCriteria[filter_groups][0][filters][0][value]": f"{tag}%",
            "searchCriteria[filter_groups][0][filters][0][condition_type]": "like"}
    r = admin.get("/V1/customers/search", params=like)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["total_count"] == 4 and [c["firstname"] for c in body["items"]] == ["Ann", "Bob", "Cid", "Dee"]
    assert body["items"][0] == made[0]
    assert body["search_criteria"] == {"filter_groups": [{"filters": [
        {"field": "email", "value": f"{tag}%", "condition_type": "like"}]}]}
    # groups AND, filters inside a group OR; sorted, paged
    params = {**like,
              "searchCriteria[filter_groups][1][filters][0][field]": "group_id",
              "searchCriteria[filter_groups][1][filters][0][value]": "2",
              "searchCriteria[filter_groups][1][filters][1][field]": "lastname",
              "searchCriteria[filter_groups][1][filters][1][value]": "ALPHA",
              "searchCriteria[sortOrders][0][field]": "firstname",
              "searchCriteria[sortOrders][0][direction]": "DESC",
              "searchCriteria[pageSize]": "2", "searchCriteria[currentPage]": "1"}
    body = admin.get("/V1/customers/search", params=params).json()
    assert body["total_count"] == 3 and [c["firstname"] for c in body["items"]] == ["Cid", "Bob"]
    body = admin.get("/V1/customers/search", params={**params, "searchCriteria[currentPage]": "2"}).json()
    assert [c["firstname"] for c in body["items"]] == ["Ann"]
    body = admin.get("/V1/customers/search", params={**params, "searchCriteria[currentPage]": "3"}).json()
    assert body["items"] == [] and body["total_count"] == 3
    # in, and a date filter
    ids = f"{made[1]['id']},{made[3]['id']}"
    body = admin.get("/V1/customers/search", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "id",
        "searchCriteria[filter_groups][0][filters][0][value]": ids,
        "searchCriteria[filter_groups][0][filters][0][condition_type]": "in",
        "searchCriteria[filter_groups][1][filters][0][field]": "created_at",
        "searchCriteria[filter_groups][1][filters][0][value]": "2000-01-01",
        "searchCriteria[filter_groups][1][filters][0][condition_type]": "gt"}).json()
    assert [c["id"] for c in body["items"]] == [made[1]["id"], made[3]["id"]]
    body = admin.get("/V1/customers/search", params={**like, "fields": "items[email],total_count"}).json()
    assert body == {"items": [{"email": c["email"]} for c in made], "total_count": 4}


def test_search_rejects_unknown_fields(admin):
    r = admin.get("/V1/customers/search", params={"searchCriteria[filter_groups][0][filters][0][field]": "password_hash",
                                                  "searchCriteria[filter_groups][0][filters][0][value]": "x"})
    assert r.status_code == 400
    assert r.json() == {"message": INVALID, "parameters": {"value": "password_hash", "fieldName": "field"}}
    r = admin.get("/V1/customers/search", params={"searchCriteria[sortOrders][0][field]": "colour"})
    assert r.json() == {"message": INVALID, "parameters": {"value": "colour", "fieldName": "field"}}
    r = admin.get("/V1/customers/search")
    assert r.json() == {"message": REQUIRED, "parameters": {"fieldName": "searchCriteria"}}


def test_admin_sets_a_password_hash(server, admin):
    from argon2 import PasswordHasher
    customer, token = new_customer(server)
    r = admin.put(f"/V1/customers/{customer['id']}",
                  json={"customer": {}, "passwordHash": PasswordHasher(time_cost=1, memory_cost=8192).hash("Hashed-Pass-1")})
    assert r.status_code == 200, r.text
    with server.client(token) as me:
        assert me.get("/V1/customers/me").status_code == 401  # a new password revokes the tokens
        # a customer cannot set its own hash
        r = me.put("/V1/customers/me", json={"customer": {}, "passwordHash": "$argon2id$v=19$m=8,t=1,p=1$x$y"})
        assert r.status_code == 401
    token = server.customer_token(customer["email"], "Hashed-Pass-1")
    with server.client(token) as me:
        r = me.put("/V1/customers/me", json={"customer": {}, "passwordHash": "$argon2id$v=19$m=8,t=1,p=1$x$y"})
        assert r.status_code == 200
    assert server.customer_token(customer["email"], "Hashed-Pass-1")


def test_clearing_a_default_flag(server):
    customer, token = new_customer(server, addresses=[{**AUSTIN, "default_billing": True}])
    aid = customer["addresses"][0]["id"]
    with server.client(token) as me:
        r = me.put("/V1/customers/me", json={"customer": {"addresses": [{**AUSTIN, "id": aid}]}})
        assert r.json()["default_billing"] == str(aid)  # not flagged again: stays the default
        r = me.put("/V1/customers/me", json={"customer": {"addresses": [{**AUSTIN, "id": aid,
                                                                         "default_billing": False}]}})
        assert "default_billing" not in r.json()
        assert me.get("/V1/customers/me/billingAddress").json() == []


def test_demo_customers_sign_in(own_server):
    # its own server: the demo customers must not show up in other tests' searches on the shared one
    server, sql = own_server, own_server.db.engine
    from vdcommerce.platform.customer import demo
    with sql.begin() as conn:
        demo.load(conn)
    with sql.begin() as conn:
        demo.load(conn)  # a second load adds nothing
    for fields, password in demo.CUSTOMERS:
        token = server.customer_token(fields["email"], password)
        with server.client(token) as me:
            c = me.get("/V1/customers/me").json()
            assert c["email"] == fields["email"] and len(c["addresses"]) == 1
            assert c["addresses"][0]["country_id"] == "US" and c["default_billing"] == str(c["addresses"][0]["id"])
    with sql.connect() as conn:
        assert conn.execute(sa.text("select count(*) from customer_entity where email = 'roni_cost@example.com'")
                            ).scalar() == 1


def test_values_too_long_or_out_of_range(guest, admin):
    long = "x" * 256
    r = create(guest, firstname=long)
    assert r.status_code == 400
    assert r.json() == {"message": INVALID, "parameters": {"value": long, "fieldName": "firstname"}}
    r = create(guest, addresses=[{**AUSTIN, "city": long}])
    assert r.json() == {"message": INVALID, "parameters": {"value": long, "fieldName": "city"}}
    r = create(guest, dob="15/12/1973")
    assert r.json() == {"message": INVALID, "parameters": {"value": "15/12/1973", "fieldName": "dob"}}
    r = admin.get("/V1/customers/99999999999")  # beyond the databases' INTEGER: a type error, never a 500
    assert (r.status_code, r.json()["parameters"]) == (400, {"value": "99999999999", "type": "int"})
    r = admin.get("/V1/customers/2147483647")
    assert r.status_code == 404 and r.json()["parameters"]["fieldValue"] == 2147483647


def test_admin_moves_a_customer_between_scopes(server, admin):
    customer, _ = new_customer(server)
    url = f"/V1/customers/{customer['id']}"
    r = admin.put(url, json={"customer": {"website_id": 7}})
    assert r.json() == {"message": INVALID, "parameters": {"value": 7, "fieldName": "website_id"}}
    r = admin.put(url, json={"customer": {"store_id": 0}})
    assert r.json() == {"message": INVALID, "parameters": {"value": 0, "fieldName": "store_id"}}
    r = admin.put(url, json={"customer": {"website_id": 1, "store_id": 1, "group_id": 3}})
    assert r.status_code == 200 and (r.json()["website_id"], r.json()["store_id"], r.json()["group_id"]) == (1, 1, 3)
    r = admin.post("/V1/customers", json={"customer": {"email": email(), "firstname": "A", "lastname": "B",
                                                       "group_id": 2}})
    assert r.status_code == 200 and r.json()["group_id"] == 2  # an admin may choose the group
