"""Order attributes in checkout over HTTP: customers and guests save the values of their cart per
checkout form and shipping method, validated by type, required-ness, store view and customer group;
placing the order copies them to it, and a required attribute without a value refuses the order."""
import pytest

from tests.helpers import new_customer, ok, unique
from tests.helpers.quote import ADDRESS, add, error, guest_cart, product, shipping_information

ATTRIBUTE = "/V1/vendor_orderattr/attribute"
DATA = "/V1/vendor_orderattr/entityData"
GUEST = "/V1/vendor_orderattr/guestCheckoutData"
MINE = "/V1/vendor_orderattr/checkoutData"


@pytest.fixture
def define(admin):
    """Define attributes for one test; they are removed afterwards (a required one would refuse every
    other test's orders)."""
    made = []

    def make(label, frontend_input="text", **fields) -> str:
        code = unique("oa_")
        made.append(ok(admin.post(ATTRIBUTE, json={"attribute": {
            "attribute_code": code, "frontend_label": label, "frontend_input": frontend_input, **fields}})))
        return code

    yield make
    for a in made:
        admin.delete(f"{ATTRIBUTE}/{a['attribute_id']}")


@pytest.fixture(scope="module")
def sku(server, admin_token):
    return product(server, admin_token)["sku"]


def cart_with_item(guest, sku) -> str:
    masked = guest_cart(guest)
    add(guest, f"/V1/guest-carts/{masked}", sku, 1)
    return masked


def send(client, path, form, method, values, cart=None):
    body = {"checkoutFormCode": form, "shippingMethodCode": method,
            "entityData": {"custom_attributes": [{"attribute_code": c, "value": v} for c, v in values.items()]}}
    if cart is not None:
        body["vdCartId"] = cart
    return client.post(path, json=body)


def place_as_guest(guest, masked):
    return guest.post(f"/V1/guest-carts/{masked}/payment-information", json={
        "email": "attr.buyer@example.com", "paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS})


def of_order(admin, order_id) -> list:
    page = ok(admin.get(f"{DATA}/all", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "parent_id",
        "searchCriteria[filter_groups][0][filters][0][value]": order_id,
        "searchCriteria[filter_groups][1][filters][0][field]": "parent_entity_type",
        "searchCriteria[filter_groups][1][filters][0][value]": 1}))
    return page["items"]


def values(entity) -> dict:
    return {a["attribute_code"]: a["value"] for a in entity.get("custom_attributes", [])}


# --------------------------------------------------------------------------- the guest checkout

def test_a_guest_checkout_carries_its_values_to_the_order_and_a_missing_required_one_refuses_it(
        admin, guest, define, sku):
    note = define("Delivery instructions", "textarea", form_codes=["vd_checkout_shipping"])
    po = define("PO number", is_required=True, form_codes=["vd_checkout"])
    gifts = define("Gift options", "checkboxes", form_codes=["vd_checkout"],
                   options=[{"value": 3, "label": "Wrap"}, {"value": 5, "label": "Card"}])
    masked = cart_with_item(guest, sku)
    assert shipping_information(guest, f"/V1/guest-carts/{masked}").status_code == 200

    saved = ok(send(guest, GUEST, "vd_checkout_shipping", "flatrate_flatrate",
                    {note: "Leave at the back door"}, masked))
    quote_id = saved["parent_id"]
    assert saved == {"entity_id": saved["entity_id"], "parent_id": quote_id, "parent_entity_type": 2,
                     "custom_attributes": [{"attribute_code": note, "value": "Leave at the back door"}]}

    # the required PO number has no value yet: nothing is ordered, the cart stays open
    r = place_as_guest(guest, masked)
    error(r, 400, '"PO number" is a required value.')
    assert ok(guest.get(f"/V1/guest-carts/{masked}"))["is_active"] is True
    assert ok(admin.get(f"{DATA}/all", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "parent_entity_type",
        "searchCriteria[filter_groups][0][filters][0][value]": 1,
        "searchCriteria[filter_groups][1][filters][0][field]": "parent_id",
        "searchCriteria[filter_groups][1][filters][0][value]": quote_id}))["total_count"] == 0

    # the payment step sends the other two; the shipping step's value stays
    saved = ok(send(guest, GUEST, "vd_checkout", "unknown", {po: "PO-2025-118", gifts: "3,5"}, masked))
    assert values(saved) == {note: "Leave at the back door", po: "PO-2025-118", gifts: "3,5"}

    order_id = ok(place_as_guest(guest, masked))
    (entity,) = of_order(admin, order_id)
    assert entity["parent_entity_type"] == 1 and entity["entity_id"] != saved["entity_id"]
    assert values(entity) == values(saved)
    order = ok(admin.get(f"/V1/orders/{order_id}"))
    assert {a["attribute_code"]: (a["label"], a["value"]) for a in
            order["extension_attributes"]["vendor_order_attributes"]} == {
        note: ("Delivery instructions", "Leave at the back door"), po: ("PO number", "PO-2025-118"),
        gifts: ("Gift options", "3,5")}
    # the cart keeps its own values
    assert values(ok(admin.get(DATA, params={"entityId": saved["entity_id"]}))) == values(saved)

    # an admin edit of the order's values shows in the order at once
    ok(admin.put(f"{DATA}/{entity['entity_id']}", json={"entityData": {"custom_attributes": [
        {"attribute_code": po, "value": "PO-EDITED"}]}}))
    shown = ok(admin.get(f"/V1/orders/{order_id}"))["extension_attributes"]["vendor_order_attributes"]
    assert {a["attribute_code"]: a["value"] for a in shown}[po] == "PO-EDITED"


def test_validation_by_type_and_required_ness_in_one_message(guest, define, sku):
    slot = define("Delivery slot", "select", options=[{"value": 12, "label": "Noon"}])
    day = define("Delivery day", "date")
    po = define("PO number", is_required=True)
    flag = define("Gift", "boolean")
    masked = cart_with_item(guest, sku)
    r = send(guest, GUEST, "vd_checkout", "", {slot: "13", day: "2025-02-30", po: "  ", flag: "yes"}, masked)
    error(r, 400, '"Delivery slot" has no option "13". "Delivery day" needs a date as YYYY-MM-DD. '
                  '"PO number" is a required value. "Gift" takes 0 or 1.')
    # nothing of a refused send is kept
    saved = ok(send(guest, GUEST, "vd_checkout", "", {slot: 12, day: "2025-02-28", po: "PO-1", flag: True}, masked))
    assert values(saved) == {slot: "12", day: "2025-02-28", po: "PO-1", flag: "1"}
    error(send(guest, GUEST, "vd_checkout", "", {day: "28.02.2025"}, masked), 400,
          '"Delivery day" needs a date as YYYY-MM-DD.')
    assert values(ok(send(guest, GUEST, "vd_checkout", "", {day: ""}, masked))) == {slot: "12", po: "PO-1", flag: "1"}


def test_only_the_attributes_of_the_form_store_group_and_method_are_taken(admin, guest, define, sku):
    shipping_only = define("Shipping note", form_codes=["vd_checkout_shipping"])
    flatrate_only = define("Flat rate note", form_codes=["vd_checkout_shipping"], shipping_methods=["flatrate_flatrate"])
    members_only = define("Member note", customer_group_ids=[1], is_required=True)
    elsewhere = define("Other store note", store_ids=[0])
    labelled = define("PO number", is_required=True, store_labels=[{"store_id": 1, "label": "Purchase order"}])
    masked = cart_with_item(guest, sku)
    sent = {shipping_only: "s", flatrate_only: "f", members_only: "m", elsewhere: "e", "no_such_code": "x"}

    # no method chosen yet: the flat-rate attribute does not apply; guests (group 0) and the default store
    # view see neither the members' nor the other store's attribute
    saved = ok(send(guest, GUEST, "vd_checkout_shipping", "unknown", sent, masked))
    assert values(saved) == {shipping_only: "s"}
    saved = ok(send(guest, GUEST, "vd_checkout_shipping", "flatrate_flatrate", sent, masked))
    assert values(saved) == {shipping_only: "s", flatrate_only: "f"}
    # another form takes none of them; the stored values stay
    saved = ok(send(guest, GUEST, "vd_checkout_virtual", "", {shipping_only: "changed"}, masked))
    assert values(saved) == {shipping_only: "s", flatrate_only: "f"}
    # the store view's label names the attribute; the members-only required one is not asked of a guest
    assert shipping_information(guest, f"/V1/guest-carts/{masked}").status_code == 200
    error(place_as_guest(guest, masked), 400, '"Purchase order" is a required value.')
    ok(send(guest, GUEST, "vd_checkout", "flatrate_flatrate", {labelled: "PO-9"}, masked))
    order_id = ok(place_as_guest(guest, masked))
    assert values(of_order(admin, order_id)[0]) == {shipping_only: "s", flatrate_only: "f", labelled: "PO-9"}


def test_a_new_definition_takes_effect_at_once(admin, guest, define, sku):
    masked = cart_with_item(guest, sku)
    code = unique("late_")
    assert values(ok(send(guest, GUEST, "vd_checkout", "", {code: "x"}, masked))) == {}
    created = ok(admin.post(ATTRIBUTE, json={"attribute": {"attribute_code": code, "frontend_label": "Late",
                                                           "frontend_input": "text"}}))
    try:
        assert values(ok(send(guest, GUEST, "vd_checkout", "", {code: "x"}, masked))) == {code: "x"}
    finally:
        admin.delete(f"{ATTRIBUTE}/{created['attribute_id']}")
    assert values(ok(send(guest, GUEST, "vd_checkout", "", {code: "x"}, masked))) == {}


def test_guest_errors(guest, define, sku):
    po = define("PO number")
    masked = cart_with_item(guest, sku)
    error(send(guest, GUEST, "vd_checkout", "", {po: "1"}, "doesnotexist"), 400, "Quote doesn't exist.")
    error(send(guest, GUEST, "vd_checkout", "", {po: "1"}, "\x00" * 32), 400,
          'Invalid value of "%value" provided for the %fieldName field.', {"value": "\\0" * 32, "fieldName": "vdCartId"})
    error(send(guest, GUEST, "checkout", "", {po: "1"}, masked), 400, "Unknown Form Code")
    error(send(guest, GUEST, "vd_checkout", "", {po: "1"}), 400, '"%fieldName" is required. Enter and try again.',
          {"fieldName": "vdCartId"})
    error(guest.post(GUEST, json={"vdCartId": masked, "checkoutFormCode": "vd_checkout", "shippingMethodCode": ""}),
          400, '"%fieldName" is required. Enter and try again.', {"fieldName": "entityData"})
    r = guest.post(GUEST, json={"vdCartId": masked, "entityData": {}})
    assert r.status_code == 400 and [e["parameters"] for e in r.json()["errors"]] == [
        {"fieldName": "checkoutFormCode"}, {"fieldName": "shippingMethodCode"}]
    error(send(guest, GUEST, "vd_checkout", "", {po: None}, masked), 400,
          'The "%1" attribute code doesn\'t have a value set. Enter the value and try again.', [po])
    error(send(guest, GUEST, "vd_checkout", "", {po: {"a": 1}}, masked), 400,
          'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.',
          {"value": "Array", "type": "string"})
    r = guest.post(GUEST, json={"vdCartId": masked, "checkoutFormCode": "vd_checkout", "shippingMethodCode": "",
                                "entityData": {"custom_attributes": [{"attribute_code": po, "value": "1"}],
                                               "Colour": "red"}})
    assert r.status_code == 400 and r.json()["parameters"][0] == "Colour"
    # a placed cart is no longer there for checkout values
    assert shipping_information(guest, f"/V1/guest-carts/{masked}").status_code == 200
    ok(place_as_guest(guest, masked))
    error(send(guest, GUEST, "vd_checkout", "", {po: "1"}, masked), 400, "Quote doesn't exist.")


# --------------------------------------------------------------------------- the customer checkout

def test_the_customer_route_uses_the_active_cart(server, admin, guest, define, sku):
    note = define("Delivery instructions", "textarea")
    members = define("Member number", customer_group_ids=[1])
    error(send(guest, MINE, "vd_checkout", "", {note: "x"}, 1), 401,
          "The consumer isn't authorized to access %resources.", {"resources": "self"})
    _, token = new_customer(server)
    with server.client(token) as me:
        error(send(me, MINE, "vd_checkout", "", {note: "x"}), 404, "Current customer does not have an active cart.")
        cart_id = ok(me.post("/V1/carts/mine"))
        add(me, "/V1/carts/mine", sku, 1)
        error(send(me, MINE, "checkout", "", {note: "1"}, 0), 400, "Unknown Form Code")
        # whatever vdCartId says, the customer's own cart is written
        saved = ok(send(me, MINE, "vd_checkout_shipping", "flatrate_flatrate",
                        {note: "Leave at the back door", members: "M-1"}, 999999))
        assert saved["parent_id"] == cart_id and saved["parent_entity_type"] == 2
        assert values(saved) == {note: "Leave at the back door", members: "M-1"}
        assert shipping_information(me, "/V1/carts/mine").status_code == 200
        order_id = ok(me.post("/V1/carts/mine/payment-information",
                              json={"paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS}))
    assert values(of_order(admin, order_id)[0]) == values(saved)
