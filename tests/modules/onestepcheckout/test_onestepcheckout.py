"""One step checkout over HTTP: what the checkout stores on guest, customer and admin carts, and what
reaches the order when it is placed (docs/modules/onestepcheckout.md)."""
import json
import time

import pytest

from tests.helpers import limited_admin, new_customer, ok, unique
from tests.helpers.mail import outbox
from tests.helpers.quote import ADDRESS, add, guest_cart, product, shipping_information

P = "/V1/vendor_checkout"
DENIED = "The consumer isn't authorized to access %resources."


@pytest.fixture(scope="module")
def fee(server):
    """The gift-wrap fee (only carts that ask for wrap see it, so it is left set)."""
    server.config("vendor_checkout/gifts/gift_wrap_fee", "4.99")
    return "4.99"


@pytest.fixture(scope="module")
def catalog(server, admin_token):
    return {"tee": product(server, admin_token, price=19.99)["sku"], "bag": product(server, admin_token, price=34)["sku"]}


def cart_of(admin, cart_id):
    return ok(admin.get(f"/V1/carts/{cart_id}"))


def place_guest(guest, masked, email):
    r = guest.post(f"/V1/guest-carts/{masked}/payment-information",
                   json={"email": email, "paymentMethod": {"method": "checkmo"}})
    return ok(r)


# --------------------------------------------------------------------------- the guest checkout, end to end

def test_guest_checkout_carries_delivery_gifts_wrap_and_comment_to_the_order(server, admin, guest, catalog, fee):
    masked = guest_cart(guest)
    base = f"/V1/guest-carts/{masked}"
    add(guest, base, catalog["tee"], 2)
    bag = add(guest, base, catalog["bag"], 1)
    ok(shipping_information(guest, base))
    g = f"{P}/guest-carts/{masked}"

    assert ok(guest.post(f"{g}/vdcheckoutFields", json={"cartId": masked, "fields": {
        "comment": "Leave at the door", "subscribe": True}})) is True
    assert ok(guest.post(f"{g}/delivery", json={"date": "2031-07-01", "time": 14, "comment": "Ring <twice>"})) is True
    assert ok(guest.post(f"{g}/gift-message", json={"giftMessage": [
        {"item_id": 0, "sender": "Ann", "recipient": "Bob", "message": "Happy birthday!"},
        {"item_id": bag["item_id"], "sender": "Ann", "recipient": "Bob", "message": "For you"}]})) is True

    totals = ok(guest.post(f"{g}/gift-wrap", json={"checked": True}))
    # 2 x 19.99 + 34 = 73.98; flat rate 5 per unit x 3 = 15; wrap 4.99
    assert totals["subtotal"] == 73.98 and totals["shipping_amount"] == 15
    assert totals["grand_total"] == 93.97
    segments = {s["code"]: s for s in totals["total_segments"]}
    assert segments["vendor_checkout_gift_wrap"] == {"code": "vendor_checkout_gift_wrap", "title": "Gift Wrap",
                                                     "value": 4.99}
    codes = [s["code"] for s in totals["total_segments"]]
    assert codes.index("vendor_checkout_gift_wrap") == codes.index("grand_total") - 1
    assert ok(guest.get(f"{base}/totals"))["grand_total"] == 93.97

    # the cart shows what the checkout stored
    stored = cart_of(admin, ok(guest.get(base))["id"])["extension_attributes"]["vendor_checkout"]
    assert stored["additional_fields"] == {"comment": "Leave at the door", "subscribe": True}
    assert stored["delivery"] == {"date": "2031-07-01", "time": 14, "comment": "Ring &lt;twice&gt;"}
    assert stored["gift_wrap"] is True and stored["gift_wrap_amount"] == 4.99
    assert [m["message"] for m in stored["gift_messages"]] == ["Happy birthday!", "For you"]

    email = unique("guest-") + "@example.com"
    order_id = place_guest(guest, masked, email)
    order = ok(admin.get(f"/V1/orders/{order_id}"))
    assert order["grand_total"] == 93.97 and order["subtotal"] == 73.98 and order["shipping_amount"] == 15
    ext = order["extension_attributes"]
    assert ext["vendor_checkout_gift_wrap"] == 4.99
    assert ext["vendor_checkout_delivery"] == {"date": "2031-07-01", "time": 14, "comment": "Ring &lt;twice&gt;"}
    assert ext["vendor_checkout_gift_messages"] == [
        {"item_id": 0, "sender": "Ann", "recipient": "Bob", "message": "Happy birthday!"},
        {"item_id": bag["item_id"], "sender": "Ann", "recipient": "Bob", "message": "For you"}]
    assert bag["item_id"] in [i["quote_item_id"] for i in order["items"]]
    comments = ok(admin.get(f"/V1/orders/{order_id}/comments"))["items"]
    assert [(c["comment"], c["is_visible_on_front"], c["is_customer_notified"]) for c in comments] == [
        ("Leave at the door", 1, 0)]
    assert ok(admin.get(f"{P}/orders/{order_id}/delivery")) == ext["vendor_checkout_delivery"]

    # "subscribe" subscribed the order's address; no account was asked for
    assert ok(admin.get("/V1/vdtest/newsletter/status", params={"email": email}))["subscriber_status"] == 1
    r = guest.post("/V1/customers/isEmailAvailable", json={"customerEmail": email})
    assert ok(r) is True


def test_unchecking_the_wrap_takes_the_fee_out_and_nothing_of_an_untouched_cart_reaches_the_order(
        server, admin, guest, catalog, fee):
    masked = guest_cart(guest)
    base = f"/V1/guest-carts/{masked}"
    add(guest, base, catalog["bag"], 1)
    ok(shipping_information(guest, base))
    assert ok(guest.post(f"{P}/guest-carts/{masked}/gift-wrap", json={"checked": True}))["grand_total"] == 43.99
    totals = ok(guest.post(f"{P}/guest-carts/{masked}/gift-wrap", json={"checked": False}))
    assert totals["grand_total"] == 39
    assert "vendor_checkout_gift_wrap" not in [s["code"] for s in totals["total_segments"]]
    # every key empty deletes the delivery wish
    assert ok(guest.post(f"{P}/guest-carts/{masked}/delivery", json={"date": "2031-01-02"})) is True
    assert ok(guest.post(f"{P}/guest-carts/{masked}/delivery", json={"date": "not a day", "time": -1})) is True
    order_id = place_guest(guest, masked, unique("plain-") + "@example.com")
    order = ok(admin.get(f"/V1/orders/{order_id}"))
    assert order["grand_total"] == 39
    ext = order.get("extension_attributes") or {}
    assert "vendor_checkout_gift_wrap" not in ext and "vendor_checkout_delivery" not in ext
    assert ok(admin.get(f"/V1/orders/{order_id}/comments"))["items"] == []
    assert ok(admin.get(f"{P}/orders/{order_id}/delivery")) == {"date": None, "time": None, "comment": None}


# --------------------------------------------------------------------------- an account after a guest order

def test_register_creates_the_account_with_the_saved_password_and_links_the_order(server, admin, guest, catalog):
    masked = guest_cart(guest)
    base = f"/V1/guest-carts/{masked}"
    add(guest, base, catalog["tee"], 1)
    email = unique("reg-") + "@example.com"
    ok(shipping_information(guest, base, {**ADDRESS, "email": email}))
    g = f"{P}/guest-carts/{masked}"
    assert ok(guest.post(f"{g}/vdcheckoutFields", json={"fields": {"register": True, "date_of_birth": "1990-01-01"}}))
    assert ok(guest.post(f"{g}/save-password", json={"password": "S3cret!pass"})) is True
    stored = cart_of(admin, ok(guest.get(base))["id"])["extension_attributes"]["vendor_checkout"]
    assert stored["has_password"] is True and "S3cret" not in json.dumps(stored)

    order_id = place_guest(guest, masked, email)
    order = ok(admin.get(f"/V1/orders/{order_id}"))
    token = server.customer_token(email, "S3cret!pass")
    with server.client(token) as me:
        customer = ok(me.get("/V1/customers/me"))
    assert customer["dob"] == "1990-01-01" and customer["firstname"] == "Jane" and customer["lastname"] == "Doe"
    assert [(a["city"], a["postcode"], a.get("default_billing")) for a in customer["addresses"]] == [
        ("Austin", "78701", True)]
    assert order["customer_id"] == customer["id"] and order["customer_is_guest"] == 0
    mails = outbox(admin, entity_type="customer", entity_id=customer["id"])
    assert [(m["template_id"], m["to_email"]) for m in mails] == [
        ("vendor_checkout_account_created", email)]
    assert mails[0]["subject"].startswith("Your ") and mails[0]["subject"].endswith(" account")

    # an address that has an account already: no second account, the order stays a guest's
    masked = guest_cart(guest)
    base = f"/V1/guest-carts/{masked}"
    add(guest, base, catalog["tee"], 1)
    ok(shipping_information(guest, base, {**ADDRESS, "email": email}))
    ok(guest.post(f"{P}/guest-carts/{masked}/vdcheckoutFields", json={"fields": {"register": True}}))
    second = ok(admin.get(f"/V1/orders/{place_guest(guest, masked, email)}"))
    assert second.get("customer_id") is None and second["customer_is_guest"] == 1

    # an address the order takes but an account (and the newsletter) does not: the order is placed,
    # as a guest's
    odd = unique("odd(") + ")@example.com"
    masked = guest_cart(guest)
    base = f"/V1/guest-carts/{masked}"
    add(guest, base, catalog["tee"], 1)
    ok(shipping_information(guest, base, {**ADDRESS, "email": odd}))
    ok(guest.post(f"{P}/guest-carts/{masked}/vdcheckoutFields", json={"fields": {"register": True,
                                                                               "subscribe": True}}))
    third = ok(admin.get(f"/V1/orders/{place_guest(guest, masked, odd)}"))
    assert third["customer_email"] == odd and third["customer_is_guest"] == 1


def test_save_password_follows_the_password_rules(guest):
    masked = guest_cart(guest)
    g = f"{P}/guest-carts/{masked}"
    r = guest.post(f"{g}/save-password", json={"password": "short"})
    assert r.status_code == 400 and r.json() == {
        "message": "The password needs at least %1 characters. Create a new password and try again.",
        "parameters": ["8"]}
    r = guest.post(f"{g}/save-password", json={"password": "alllowercase"})
    assert r.status_code == 400 and r.json()["parameters"] == ["3"]
    assert r.json()["message"].startswith("Minimum of different classes of characters in password is %1.")
    r = guest.post(f"{g}/save-password", json={})
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "password"}


# --------------------------------------------------------------------------- customers and admins

def test_customer_mine_routes_and_the_own_cart_by_id(server, admin, catalog, fee):
    customer, token = new_customer(server)
    with server.client(token) as me:
        cart_id = ok(me.post("/V1/carts/mine"))
        add(me, "/V1/carts/mine", catalog["tee"], 1)
        assert ok(me.post(f"{P}/carts/mine/vdcheckoutFields", json={"fields": {
            "comment": "Leave at the door", "subscribe": True}})) is True
        totals = ok(me.post(f"{P}/carts/mine/gift-wrap", json={"checked": True}))
        assert {"code": "vendor_checkout_gift_wrap", "title": "Gift Wrap", "value": 4.99} in totals["total_segments"]
        # the cart-id route on the customer's own cart, with the customer's token
        assert ok(me.post(f"{P}/carts/{cart_id}/delivery", json={"date": "July 1, 2031", "time": 9})) is True
        assert ok(me.post(f"{P}/carts/{cart_id}/vdcheckoutFields", json={"fields": {"comment": "Back door"}}))
        assert ok(me.post("/V1/checkout/saveInsertedInfo", json={
            "selectedPaymentMethod": "checkmo", "shippingAddressFromData": {"firstname": "Ann", "country_id": "US"}}))
        assert ok(me.post("/V1/checkout/saveInsertedInfo", json={"selectedShippingRate": "flatrate_flatrate"}))
        stored_cart = cart_of(admin, cart_id)["extension_attributes"]["vendor_checkout"]
        assert stored_cart["inserted_info"] == {
            "selected_payment_method": "checkmo", "selected_shipping_rate": "flatrate_flatrate",
            "shipping_address_from_data": {"firstname": "Ann", "country_id": "US"}}
        # only the sent key changed: subscribe is kept
        assert stored_cart["additional_fields"] == {"comment": "Back door", "subscribe": True}
        ok(shipping_information(me, "/V1/carts/mine", {**ADDRESS, "email": customer["email"]}))
        order_id = ok(me.post("/V1/carts/mine/payment-information", json={"paymentMethod": {"method": "checkmo"}}))
    order = ok(admin.get(f"/V1/orders/{order_id}"))
    assert order["grand_total"] == 29.98  # 19.99 + shipping 5 + wrap 4.99
    assert order["extension_attributes"]["vendor_checkout_delivery"] == {"date": "2031-07-01", "time": 9,
                                                                          "comment": None}
    assert [c["comment"] for c in ok(admin.get(f"/V1/orders/{order_id}/comments"))["items"]] == ["Back door"]
    status = ok(admin.get(f"/V1/vdtest/newsletter/customer/{customer['id']}"))
    assert status["subscriber_status"] == 1


def test_admin_on_any_cart_and_the_acl(server, admin, guest, catalog):
    _, token = new_customer(server)
    _, other_token = new_customer(server)
    with server.client(token) as me:
        cart_id = ok(me.post("/V1/carts/mine"))
    # the admin reaches any cart by id
    assert ok(admin.post(f"{P}/carts/{cart_id}/vdcheckoutFields", json={"fields": {
        "register": True, "date_of_birth": "1990-01-01"}})) is True
    assert cart_of(admin, cart_id)["extension_attributes"]["vendor_checkout"]["additional_fields"] == {
        "register": True, "date_of_birth": "1990-01-01"}
    # another customer, a guest and a limited admin get the ACL refusal, whatever the id
    with server.client(other_token) as other:
        for target in (cart_id, 999999):
            r = other.post(f"{P}/carts/{target}/gift-wrap", json={"checked": True})
            assert r.status_code == 401 and r.json() == {"message": DENIED,
                                                         "parameters": {"resources": "Magento_Cart::manage"}}
    r = guest.post(f"{P}/carts/{cart_id}/delivery", json={"date": "2031-01-01"})
    assert r.status_code == 401 and r.json()["parameters"] == {"resources": "Magento_Cart::manage"}
    r = guest.post(f"{P}/carts/mine/delivery", json={"date": "2031-01-01"})
    assert r.status_code == 401 and r.json() == {"message": DENIED, "parameters": {"resources": "self"}}
    # anonymising the customer takes the personal data out of what the checkout kept on the cart
    customer_id = cart_of(admin, cart_id)["customer"]["id"]
    assert ok(admin.post(f"{P}/carts/{cart_id}/delivery", json={"date": "2031-01-01", "comment": "Gate 4"}))
    assert ok(admin.post(f"{P}/carts/{cart_id}/gift-message", json={"giftMessage": [{"sender": "Jo", "message": "Hi"}]}))
    with server.client(token) as me:
        assert ok(me.post("/V1/checkout/saveInsertedInfo", json={"validatedEmailValue": "jo@example.com"}))
    assert ok(admin.post(f"/V1/vdtest/customers/{customer_id}/anonymize"))
    kept = cart_of(admin, cart_id)["extension_attributes"]["vendor_checkout"]
    assert kept["additional_fields"] == {"register": True}
    assert kept["delivery"] == {"date": "2031-01-01", "time": None, "comment": None}
    assert kept["gift_messages"] == [{"item_id": 0, "sender": "-", "recipient": "-", "message": "-"}]
    assert "inserted_info" not in kept

    r = admin.post(f"{P}/carts/999999/vdcheckoutFields", json={"fields": {}})
    assert r.status_code == 404 and r.json() == {"message": "No such entity with %fieldName = %fieldValue",
                                                 "parameters": {"fieldName": "cartId", "fieldValue": "999999"}}


def test_order_delivery_admin_routes_async_and_acl(server, admin, guest, catalog):
    masked = guest_cart(guest)
    base = f"/V1/guest-carts/{masked}"
    add(guest, base, catalog["tee"], 1)
    ok(shipping_information(guest, base))
    ok(guest.post(f"{P}/guest-carts/{masked}/delivery", json={"date": "2031-03-04", "time": 10}))
    order_id = place_guest(guest, masked, unique("d-") + "@example.com")
    path = f"{P}/orders/{order_id}/delivery"
    assert ok(admin.put(path, json={"delivery": {"time": 16, "comment": "Gate code 12"}})) == {
        "date": "2031-03-04", "time": 16, "comment": "Gate code 12"}
    r = admin.put(path, json={"delivery": {"date": "someday"}})
    assert r.status_code == 400 and r.json()["parameters"] == {"value": "someday", "fieldName": "date"}
    r = admin.put(path, json={"delivery": {"colour": "red"}})
    assert r.status_code == 400 and r.json()["parameters"] == [
        "Colour", "getColour", "Vendor\\Checkout\\Api\\Data\\DeliveryInterface"]
    r = admin.get(f"{P}/orders/999999/delivery")
    assert r.status_code == 404

    r = admin.put(f"/async/V1/vendor_checkout/orders/{order_id}/delivery", json={"delivery": {"date": "2031-05-06"}})
    assert r.status_code == 202, r.text
    deadline = time.monotonic() + 30
    while ok(admin.get(path))["date"] != "2031-05-06" and time.monotonic() < deadline:
        time.sleep(0.2)
    assert ok(admin.get(path)) == {"date": "2031-05-06", "time": 16, "comment": "Gate code 12"}

    with server.client(limited_admin(server, "Vendor_Checkout::delivery")) as viewer:
        assert viewer.get(path).status_code == 200
        r = viewer.put(path, json={"delivery": {"time": 8}})
        assert r.status_code == 401 and r.json()["parameters"] == {"resources": "Vendor_Checkout::delivery_edit"}


# --------------------------------------------------------------------------- item edits from the summary

def test_remove_and_update_items_answer_the_new_summary(server, admin_token, guest, catalog):
    masked = guest_cart(guest)
    base = f"/V1/guest-carts/{masked}"
    tee = add(guest, base, catalog["tee"], 1)
    bag = add(guest, base, catalog["bag"], 1)
    g = f"{P}/guest-carts/{masked}"
    address = {"country_id": "US", "postcode": "10001", "region_id": 43}
    summary = ok(guest.post(f"{g}/remove-item", json={"itemId": tee["item_id"], "address": address}))
    assert summary["totals"]["subtotal"] == 34 and summary["totals"]["items_qty"] == 1
    assert [(s["carrier_code"], s["amount"]) for s in summary["shipping"]] == [("flatrate", 5)]
    assert {"code": "checkmo", "title": "Check / Money order"} in summary["payment"]
    images = json.loads(summary["image_data"])
    assert list(images) == [str(bag["item_id"])] and images[str(bag["item_id"])]["width"] == 75
    assert json.loads(summary["options_data"]) == {str(bag["item_id"]): []}
    # an item no longer in the cart
    assert ok(guest.post(f"{g}/remove-item", json={"itemId": tee["item_id"], "address": address})) is False

    summary = ok(guest.post(f"{g}/update-item", json={"itemId": bag["item_id"], "formData": "qty=3"}))
    assert summary["totals"]["subtotal"] == 102 and summary["totals"]["items_qty"] == 3
    assert summary["shipping"] == []
    assert ok(guest.post(f"{g}/update-item", json={"itemId": 424242, "formData": "qty=1"})) is False
    r = guest.post(f"{g}/update-item", json={"itemId": bag["item_id"], "formData": "qty=-2"})
    assert r.status_code == 400 and r.json()["parameters"] == {"value": "-2", "fieldName": "qty"}
    r = guest.post(f"{g}/remove-item", json={"itemId": bag["item_id"]})
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "address"}
    r = guest.post(f"{g}/remove-item", json={"itemId": bag["item_id"], "address": {"planet": "Mars"}})
    assert r.status_code == 400 and r.json()["parameters"] == [
        "Planet", "getPlanet", "Magento\\Quote\\Api\\Data\\AddressInterface"]


# --------------------------------------------------------------------------- errors and the rest

def test_errors(server, guest, admin):
    masked = guest_cart(guest)
    g = f"{P}/guest-carts/{masked}"
    required = '"%fieldName" is required. Enter and try again.'
    for route, body, name in (("vdcheckoutFields", {}, "fields"), ("gift-message", {}, "giftMessage"),
                              ("gift-wrap", {}, "checked"), ("delivery", {"time": 3}, "date"),
                              ("update-item", {"itemId": 1}, "formData"),
                              ("update-item", {"formData": "qty=1"}, "itemId")):
        r = guest.post(f"{g}/{route}", json=body)
        assert r.status_code == 400 and r.json() == {"message": required, "parameters": {"fieldName": name}}, route
    r = guest.post(f"{g}/vdcheckoutFields", json={"fields": {"comment": "x", "colour": "red"}})
    assert r.status_code == 400 and r.json() == {
        "message": 'Property "%1" does not have accessor method "%2" in class "%3".',
        "parameters": ["Colour", "getColour", "Vendor\\Checkout\\Api\\Data\\AdditionalFieldsInterface"]}
    r = guest.post(f"{g}/vdcheckoutFields", json={"fields": {"subscribe": "perhaps"}})
    assert r.status_code == 400 and r.json()["parameters"] == {"value": "perhaps", "type": "bool"}
    r = guest.post(f"{g}/vdcheckoutFields", json={"fields": "comment"})
    assert r.status_code == 400
    for bad in ("hello", {"item_id": 0}, [1, 2]):
        r = guest.post(f"{g}/gift-message", json={"giftMessage": bad})
        assert r.status_code == 400 and r.json()["message"] == \
            'Invalid value of "%value" provided for the %fieldName field.', bad
        assert r.json()["parameters"]["fieldName"] == "giftMessage"
    r = guest.post(f"{g}/gift-message", json={"giftMessage": [{"message": "x", "ribbon": "red"}]})
    assert r.status_code == 400 and r.json()["parameters"][0] == "Ribbon"
    r = guest.post(f"{g}/gift-message", json={"giftMessage": [{"sender": "A" * 256}]})
    assert r.status_code == 400 and r.json()["parameters"]["fieldName"] == "sender"
    assert ok(guest.post(f"{g}/delivery", json={"date": "0001-01-01", "time": 23})) is True
    assert ok(guest.post(f"{g}/delivery", json={"date": "9999-12-31"})) is True
    r = guest.post(f"{g}/delivery", json={"date": "2031-01-01", "time": 24})
    assert r.status_code == 400 and r.json()["parameters"] == {"value": 24, "fieldName": "time"}
    r = guest.post(f"{g}/delivery", json={"date": "2031-01-01", "time": "noon"})
    assert r.status_code == 400 and r.json()["parameters"] == {"value": "noon", "type": "int"}
    r = guest.post(f"{P}/guest-carts/{'x' * 32}/delivery", json={"date": "2031-01-01"})
    assert r.status_code == 404 and r.json()["parameters"] == {"fieldName": "cartId", "fieldValue": "x" * 32}
    r = guest.post(f"{P}/guest-carts/nope/gift-wrap", json={"checked": True})
    assert r.status_code == 404
    # an item message for an item not in the cart fails; the order message before it stays
    assert ok(guest.post(f"{g}/gift-message", json={"giftMessage": [
        {"sender": "A", "message": "kept"}, {"item_id": 999999, "message": "lost"}]})) is False
    cart_id = ok(guest.get(f"/V1/guest-carts/{masked}"))["id"]
    kept = ok(admin.get(f"/V1/carts/{cart_id}"))["extension_attributes"]["vendor_checkout"]["gift_messages"]
    assert kept == [{"item_id": 0, "sender": "A", "recipient": "", "message": "kept"}]
    _, token = new_customer(server)
    with server.client(token) as me:
        r = me.post(f"{P}/carts/mine/gift-wrap", json={"checked": True})
        assert r.status_code == 404 and r.json()["message"] == "Current customer does not have an active cart."


def test_gift_options_config_and_the_js_bundle(server, guest, catalog):
    masked = guest_cart(guest)
    item = add(guest, f"/V1/guest-carts/{masked}", catalog["tee"], 1)
    g = f"{P}/guest-carts/{masked}"
    server.config("sales/gift_options/allow_items", "0")
    try:
        assert ok(guest.post(f"{g}/gift-message", json={"giftMessage": [
            {"item_id": item["item_id"], "message": "no"}]})) is False
        assert ok(guest.post(f"{g}/gift-message", json={"giftMessage": [{"message": "order level"}]})) is True
    finally:
        server.config("sales/gift_options/allow_items", "1")
    assert ok(guest.post(f"{P}/js/create-bundle", json={"fileNames": ["mage/url", "mage/url", "Vendor_Checkout/js/a"]}))
    r = guest.post(f"{P}/js/create-bundle", json={"fileNames": "mage/url"})
    assert r.status_code == 400
    assert ok(guest.post(f"/V1/checkout/{masked}/saveInsertedInfo", json={"validatedEmailValue": "a@example.com"}))
    r = guest.post(f"/V1/checkout/{masked}/saveInsertedInfo", json={"shippingAddressFromData": {"moon": 1}})
    assert r.status_code == 400
