"""Extra fees over HTTP: the fee routes (admin), the cart routes (guests, customers, admins), the fee as
a total segment, on the order and in its refund, a required fee refusing placement, and the errors
docs/modules/extrafee.md lists.

Fees apply to every cart of their store views and groups, so these tests run on a server of their own
(one for the file) and delete the fees they create."""
from __future__ import annotations

import json

import httpx
import pytest

from tests.helpers import at_once, limited_admin, new_customer, ok, unique
from tests.helpers.harness import server_fixture, set_config
from tests.helpers.queue import wait_for
from tests.helpers.quote import ADDRESS, add, coupon_rule, error, guest_cart, product, shipping_information

FEE = "/V1/vendor_extrafee/fee"
MINE = "/V1/carts/mine"
EF = "/V1/vendor_extrafee"
MANAGE = "Vendor_Extrafee::manage"
REFUSED = "The consumer isn't authorized to access %resources."
US = {"countryId": "US", "region": "Texas", "regionId": 57, "postcode": "78701"}
FLAT = {"shipping_method_code": "flatrate", "shipping_carrier_code": "flatrate"}


srv = server_fixture("extrafee")


@pytest.fixture(scope="module")
def token(srv) -> str:
    return srv.token()


@pytest.fixture
def adm(srv, token):
    with srv.client(token, store="all") as c:
        yield c


@pytest.fixture
def fees(adm):
    """Create fees through the route; every one is deleted after the test."""
    made: list[int] = []

    def create(**fields) -> dict:
        options = fields.pop("options", [{"admin": "Gift box", "price": 7.5, "order": 1, "options": {"1": "Gift box"}}])
        body = {"name": unique("Fee "), "frontend_type": "radio", "group_id": [0, 1], "store_id": [0],
                "options": options, **fields}
        fee = ok(adm.post(FEE, json={"fee": body}))
        made.append(fee["id"])
        return fee

    yield create
    for fee_id in made:
        adm.delete(f"{FEE}/{fee_id}")


def info(address=None, **more) -> dict:
    return {"addressInformation": {"address": address or US, **FLAT}, **more}


def segment(totals: dict) -> dict | None:
    return next((s for s in totals["total_segments"] if s["code"] == "vendor_extrafee"), None)


def select(client, base: str, fee_id: int, option_ids, address=None) -> dict:
    return ok(client.post(f"{base}/totals-information",
                          json={"information": {"fee_id": fee_id, "options_ids": option_ids}, **info(address)}))


# --------------------------------------------------------------------------- admin routes

def test_fees_are_created_read_edited_listed_and_deleted(adm, fees):
    fee = fees(name="Gift packing", description="Packed with care", group_id=[0, 1],
               options=[{"admin": "Gift box", "price": 7.5, "price_type": "fixed", "order": 1,
                         "options": {"1": "Gift box"}},
                        {"admin": "Paper", "price": 2, "price_type": "percent", "order": 2, "default": True}])
    box, paper = fee["options"]
    assert fee == {"id": fee["id"], "enabled": True, "name": "Gift packing", "description": "Packed with care",
                   "frontend_type": "radio", "options": fee["options"], "base_options": [],
                   "discount_in_subtotal": 2, "shipping_in_subtotal": 2, "conditions_serialized": "",
                   "sort_order": 0, "group_id": [0, 1], "store_id": [0], "required": False, "per_product": False,
                   "product_conditions_serialized": ""}
    assert box == {"entity_id": box["entity_id"], "fee_id": fee["id"], "price": 7.5, "order": 1, "price_type": "fixed",
                   "default": False, "admin": "Gift box", "options": {"1": "Gift box"}}
    assert paper["default"] is True and paper["options"] == {} and paper["price_type"] == "percent"
    assert ok(adm.get(FEE, params={"feeId": fee["id"]})) == fee
    assert ok(adm.put(f"{FEE}/{fee['id']}", json={"fee": fee})) == fee      # what a read answers saves back as is

    # PUT: the path decides; options given as JSON strings replace the set (kept, changed, new, dropped)
    r = adm.put(f"{FEE}/{fee['id']}", json={"fee": {"id": 999999, "sort_order": 3, "required": True},
                                            "options": [json.dumps({"entity_id": box["entity_id"], "admin": "Box",
                                                                    "price": 8}),
                                                        json.dumps({"admin": "Bag", "price": 1.25})]})
    edited = ok(r)
    assert edited["id"] == fee["id"] and edited["sort_order"] == 3 and edited["required"] is True
    assert [(o["entity_id"], o["admin"], o["price"], o["order"]) for o in edited["options"]] == [
        (box["entity_id"], "Box", 8, 0), (edited["options"][1]["entity_id"], "Bag", 1.25, 0)]
    # no options sent: they stay
    assert ok(adm.put(f"{FEE}/{fee['id']}", json={"fee": {"enabled": False}}))["options"] == edited["options"]

    other = fees(frontend_type="checkbox", sort_order=7)
    page = ok(adm.get(f"{FEE}/all", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "id",
        "searchCriteria[filter_groups][0][filters][0][value]": fee["id"],
        "searchCriteria[filter_groups][0][filters][1][field]": "frontend_type",
        "searchCriteria[filter_groups][0][filters][1][value]": "checkbox",
        "searchCriteria[sortOrders][0][field]": "sort_order",
        "searchCriteria[sortOrders][0][direction]": "DESC"}))
    assert page["total_count"] == 2 and [f["id"] for f in page["items"]] == [other["id"], fee["id"]]
    assert page["items"][1]["options"] == ok(adm.get(FEE, params={"feeId": fee["id"]}))["options"]
    page = ok(adm.get(f"{FEE}/all", params={"searchCriteria[filter_groups][0][filters][0][field]": "group_id",
                                            "searchCriteria[filter_groups][0][filters][0][value]": "1",
                                            "searchCriteria[filter_groups][1][filters][0][field]": "id",
                                            "searchCriteria[filter_groups][1][filters][0][value]": other["id"]}))
    assert [f["id"] for f in page["items"]] == [other["id"]]

    assert ok(adm.delete(f"{FEE}/{fee['id']}")) is True
    missing = {"fieldName": "feeId", "fieldValue": fee["id"]}
    error(adm.get(FEE, params={"feeId": fee["id"]}), 404, "No such entity with %fieldName = %fieldValue", missing)
    error(adm.delete(f"{FEE}/{fee['id']}"), 404, "No such entity with %fieldName = %fieldValue", missing)
    error(adm.put(f"{FEE}/{fee['id']}", json={"fee": {"name": "x"}}), 404,
          "No such entity with %fieldName = %fieldValue", missing)


def test_bad_fees_are_refused_and_nothing_is_written(adm, fees):
    invalid = 'Invalid value of "%value" provided for the %fieldName field.'
    error(adm.post(FEE, json={"fee": {"frontend_type": "radio"}}), 400,
          '"%fieldName" is required. Enter and try again.', {"fieldName": "name"})
    error(adm.post(FEE, json={"fee": {"name": "x", "frontend_type": "select"}}), 400, invalid,
          {"value": "select", "fieldName": "frontend_type"})
    error(adm.post(FEE, json={"fee": {"name": "x", "frontend_type": "radio",
                                      "options": [{"admin": "a", "price_type": "half"}]}}), 400, invalid,
          {"value": "half", "fieldName": "price_type"})
    error(adm.post(FEE, json={"fee": {"name": "x", "frontend_type": "radio"}, "options": ["[1]"]}), 400, invalid,
          {"value": "[1]", "fieldName": "options"})
    error(adm.post(FEE, json={"fee": {"name": "x", "frontend_type": "radio", "options": [{"price": 1}]}}), 400,
          '"%fieldName" is required. Enter and try again.', {"fieldName": "admin"})
    error(adm.post(FEE, json={"fee": {"name": "x", "frontend_type": "radio", "options": [{"admin": "a", "price": -1}]}}),
          400, invalid, {"value": -1, "fieldName": "price"})
    r = adm.post(FEE, json={"fee": {"name": "x", "frontend_type": "radio", "colour": "red"}})
    error(r, 400, 'Property "%1" does not have accessor method "%2" in class "%3".')
    assert r.json()["parameters"][2] == "Vendor\\Extrafee\\Api\\Data\\FeeInterface"
    r = adm.post(FEE, json={"fee": {"name": "x", "frontend_type": "radio", "sort_order": "first"}})
    assert r.status_code == 400 and "type is invalid" in r.json()["message"], r.text
    r = adm.post(FEE, json={"fee": {"name": "x", "frontend_type": "radio", "conditions_serialized": "{not json"}})
    assert r.status_code == 400, r.text
    fee = fees()
    r = adm.put(f"{FEE}/{fee['id']}", json={"fee": {"name": "y"}, "options": [json.dumps({"admin": "z",
                                                                                          "price_type": "bad"})]})
    assert r.status_code == 400
    assert ok(adm.get(FEE, params={"feeId": fee["id"]})) == fee
    page = ok(adm.get(f"{FEE}/all", params={"searchCriteria[pageSize]": 50}))
    assert [f["id"] for f in page["items"]] == [fee["id"]]


def test_acl_of_the_fee_and_cart_routes(srv, token, fees):
    cart_admin = limited_admin(srv, "Magento_Cart::manage")
    manage = {"message": REFUSED, "parameters": {"resources": MANAGE}}
    with srv.client() as guest, srv.client(cart_admin) as stranger:
        for client in (guest, stranger):
            for method, path in (("POST", FEE), ("PUT", f"{FEE}/1"), ("DELETE", f"{FEE}/1"),
                                 ("GET", f"{FEE}?feeId=1"), ("GET", f"{FEE}/all")):
                r = client.request(method, path, json={"fee": {"name": "x"}} if method in ("POST", "PUT") else None)
                assert r.status_code == 401 and r.json() == manage, (method, path, r.text)
        for kind in ("totals-information", "fees-information"):
            error(guest.post(f"{EF}/carts/mine/{kind}", json=info()), 401, REFUSED, {"resources": "self"})
    fee = fees()

    sku = product(srv, token, price=20)["sku"]
    _, mine_token = new_customer(srv)
    _, their_token = new_customer(srv)
    with srv.client(mine_token) as me, srv.client(their_token) as them, srv.client(cart_admin) as carts, \
            srv.client(token) as admin, srv.client() as guest:
        cart_id = ok(me.post(MINE))
        add(me, MINE, sku, 1)
        their_cart = ok(them.post(MINE))
        add(them, MINE, sku, 1)
        masked = guest_cart(guest)
        for kind in ("totals-information", "fees-information"):
            body = info(information={"fee_id": fee["id"]})
            assert ok(me.post(f"{EF}/carts/{cart_id}/{kind}", json=body))
            assert ok(carts.post(f"{EF}/carts/{their_cart}/{kind}", json=body))
            cart_manage = {"resources": "Magento_Cart::manage"}
            for other in (their_cart, 9999999, masked):
                error(me.post(f"{EF}/carts/{other}/{kind}", json=body), 401, REFUSED, cart_manage)
            error(guest.post(f"{EF}/carts/{cart_id}/{kind}", json=body), 401, REFUSED, cart_manage)
            error(admin.post(f"{EF}/carts/9999999/{kind}", json=body), 404,
                  "No such entity with %fieldName = %fieldValue", {"fieldName": "cartId", "fieldValue": "9999999"})


def test_bulk_create_and_delete(adm, srv, token):
    names = [unique("Bulk fee "), unique("Bulk fee ")]
    r = adm.post(f"/async/bulk{FEE}", json=[{"fee": {"name": n, "frontend_type": "checkbox", "enabled": False}}
                                            for n in names])
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], adm, 2)
    page = ok(adm.get(f"{FEE}/all", params={"searchCriteria[filter_groups][0][filters][0][field]": "name",
                                            "searchCriteria[filter_groups][0][filters][0][value]": ",".join(names),
                                            "searchCriteria[filter_groups][0][filters][0][condition_type]": "in"}))
    ids = [f["id"] for f in page["items"]]
    assert len(ids) == 2
    r = adm.request("DELETE", f"/async/bulk{FEE}/byFeeId", json=[{"feeId": i} for i in ids])
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], adm, 2)
    assert all(adm.get(FEE, params={"feeId": i}).status_code == 404 for i in ids)


# --------------------------------------------------------------------------- carts and orders

def test_a_selected_fee_is_a_segment_goes_with_the_order_and_is_refunded(srv, token, adm, fees):
    gift = fees(name="Gift packing", options=[
        {"admin": "Gift box", "price": 7.5, "order": 1, "options": {"1": "Gift box"}},
        {"admin": "Premium", "price": 10, "price_type": "percent", "order": 2}])
    box, premium = (o["entity_id"] for o in gift["options"])
    sku = product(srv, token, price=50)["sku"]
    _, customer = new_customer(srv)
    base = f"{EF}/carts/mine"
    with srv.client(customer) as me:
        ok(me.post(MINE))
        add(me, MINE, sku, 2)
        ok(shipping_information(me, MINE))
        before = ok(me.get(f"{MINE}/totals"))
        assert (before["subtotal"], before["shipping_amount"], before["grand_total"]) == (100, 10, 110)

        listed = ok(me.post(f"{base}/fees-information", json={**info(), "paymentMethod": ""}))
        assert [f["id"] for f in listed["fees"]] == [gift["id"]]
        offered = listed["fees"][0]
        assert offered["current_value"] is False
        assert offered["base_options"] == [
            {"index": box, "price": 7.5, "base_price": 7.5, "tax": 0, "base_tax": 0, "default": False,
             "value_incl_tax": 7.5, "value_excl_tax": 7.5, "label": "Gift box"},
            {"index": premium, "price": 10, "base_price": 10, "tax": 0, "base_tax": 0, "default": False,
             "value_incl_tax": 10, "value_excl_tax": 10, "label": "Premium"}]
        assert segment(listed["totals"]) is None and listed["totals"]["grand_total"] == 110

        totals = select(me, base, gift["id"], [box, premium])      # a radio fee keeps the first
        assert segment(totals) == {"code": "vendor_extrafee", "title": "Extra Fee (Gift box)", "value": 7.5}
        codes = [s["code"] for s in totals["total_segments"]]
        assert codes[-2:] == ["vendor_extrafee", "grand_total"]
        assert totals["grand_total"] == 117.5 and totals["extension_attributes"]["vdextrafee_amount"] == 7.5
        assert ok(me.get(f"{MINE}/totals"))["grand_total"] == 117.5        # the cart keeps it
        again = ok(me.post(f"{base}/fees-information", json=info()))
        assert again["fees"][0]["current_value"] == box and again["totals"]["grand_total"] == 117.5

        order_id = ok(me.post(f"{MINE}/payment-information",
                              json={"paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS}))
    with srv.client(token) as admin:
        order = ok(admin.get(f"/V1/orders/{order_id}"))
        assert order["grand_total"] == 117.5
        ext = order["extension_attributes"]
        assert (ext["vdextrafee_amount"], ext["vdextrafee_base_amount"], ext["vdextrafee_tax_amount"]) == (7.5, 7.5, 0)
        assert ext["vdextrafee_labels"] == "Gift box"
        assert ext["vdextrafee_fees"] == [{"fee_id": gift["id"], "name": "Gift packing", "options": [
            {"option_id": box, "label": "Gift box", "amount": 7.5, "tax": 0}]}]
        # the fee is paid with the first invoice and given back by the credit memo that refunds the rest
        ok(admin.post(f"/V1/order/{order_id}/invoice", json={}))
        item_id = order["items"][0]["item_id"]
        first = ok(admin.post(f"/V1/order/{order_id}/refund", json={"items": [{"order_item_id": item_id, "qty": 1}],
                                                                     "arguments": {"shipping_amount": 0}}))
        assert ok(admin.get(f"/V1/creditmemo/{first}"))["grand_total"] == 50
        last = ok(admin.post(f"/V1/order/{order_id}/refund", json={}))
        assert ok(admin.get(f"/V1/creditmemo/{last}"))["grand_total"] == 67.5       # 50 + 10 shipping + 7.50 fee
        assert ok(admin.get(f"/V1/orders/{order_id}"))["total_refunded"] == 117.5


def test_a_required_fee_refuses_the_order_until_an_option_is_selected(srv, token, fees):
    insurance = fees(name="Insurance", required=True, options=[{"admin": "Insured", "price": 3}])
    option_id = insurance["options"][0]["entity_id"]
    sku = product(srv, token, price=10)["sku"]
    with srv.client() as guest:
        masked = guest_cart(guest)
        cart = f"/V1/guest-carts/{masked}"
        add(guest, cart, sku, 1)
        ok(shipping_information(guest, cart))
        place = {"paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS, "email": "fee@example.com"}
        error(guest.post(f"{cart}/payment-information", json=place), 400,
              'Please select an option for the required fee "%1".', ["Insurance"])
        assert ok(guest.get(cart))["is_active"] is True
        base = f"{EF}/guest-carts/{masked}"
        assert segment(select(guest, base, insurance["id"], [option_id]))["value"] == 3
        select(guest, base, insurance["id"], [])                                    # [] clears it again
        error(guest.post(f"{cart}/payment-information", json=place), 400,
              'Please select an option for the required fee "%1".', ["Insurance"])
        select(guest, base, insurance["id"], [option_id])
        order_id = ok(guest.post(f"{cart}/payment-information", json=place))
    with srv.client(token) as admin:
        assert ok(admin.get(f"/V1/orders/{order_id}"))["grand_total"] == 18          # 10 + 5 shipping + 3


def test_which_fees_apply_and_how_they_are_priced(srv, token, fees):
    de = {"countryId": "DE", "postcode": "10115"}
    us_only = json.dumps({"type": "Magento\\SalesRule\\Model\\Rule\\Condition\\Combine", "aggregator": "all",
                          "value": "1", "conditions": [{"type": "Magento\\SalesRule\\Model\\Rule\\Condition\\Address",
                                                        "attribute": "country_id", "operator": "==", "value": "US"}]})
    cheap, dear = product(srv, token, price=20), product(srv, token, price=30)
    only_dear = json.dumps({"type": "Magento\\SalesRule\\Model\\Rule\\Condition\\Product\\Combine",
                            "aggregator": "all", "value": "1",
                            "conditions": [{"type": "Magento\\SalesRule\\Model\\Rule\\Condition\\Product",
                                            "attribute": "sku", "operator": "==", "value": dear["sku"]}]})
    handling = fees(name="Handling", frontend_type="checkbox", conditions_serialized=us_only, sort_order=1, options=[
        {"admin": "Fragile", "price": 2, "default": True, "order": 1},
        {"admin": "Express", "price": 10, "price_type": "percent", "order": 2, "options": {"1": "Express handling"}}])
    per_item = fees(name="Per item", frontend_type="dropdown", per_product=True, sort_order=2,
                    product_conditions_serialized=only_dear, options=[{"admin": "Label", "price": 1.5}])
    fees(name="Wholesale only", group_id=[2])                       # not for this customer's group
    fees(name="Switched off", enabled=False)
    fees(name="Other store views", store_id=[99])
    fragile, express = (o["entity_id"] for o in handling["options"])
    label = per_item["options"][0]["entity_id"]
    _, customer = new_customer(srv)
    base = f"{EF}/carts/mine"
    with srv.client(customer) as me:
        ok(me.post(MINE))
        add(me, MINE, cheap["sku"], 1)
        add(me, MINE, dear["sku"], 3)
        # subtotal 110, flat rate 4 x 5 = 20; the checkbox fee starts with its default option
        listed = ok(me.post(f"{base}/fees-information", json=info()))
        assert [f["name"] for f in listed["fees"]] == ["Handling", "Per item"]
        assert listed["fees"][0]["current_value"] == [fragile] and listed["fees"][1]["current_value"] is False
        assert segment(listed["totals"]) == {"code": "vendor_extrafee", "title": "Extra Fee (Fragile)", "value": 2}
        assert listed["totals"]["grand_total"] == 132
        assert [o["price"] for o in listed["fees"][0]["base_options"]] == [2, 11]      # 10 % of 110
        assert listed["fees"][0]["base_options"][1]["label"] == "Express handling"
        assert listed["fees"][1]["base_options"][0]["price"] == 4.5                   # 1.50 x 3 matching units

        totals = select(me, base, handling["id"], [express, fragile, 999999])
        assert segment(totals) == {"code": "vendor_extrafee", "title": "Extra Fee (Fragile, Express handling)",
                                   "value": 13}
        totals = select(me, base, per_item["id"], [label])
        assert segment(totals)["value"] == 17.5 and totals["grand_total"] == 147.5

        # shipping in the percent base, for this fee; then item discounts too, by the configuration
        with srv.client(token, store="all") as admin:
            ok(admin.put(f"{FEE}/{handling['id']}", json={"fee": {"shipping_in_subtotal": 1}}))
        totals = ok(me.post(f"{base}/totals-information",
                            json={"information": {"fee_id": handling["id"]}, **info()}))
        assert segment(totals)["value"] == 19.5                                     # 2 + 13 + 4.50
        code = unique("EF")
        coupon_rule(srv, token, code, percent=10)
        ok(me.put(f"{MINE}/coupons/{code}"))
        set_config(srv.db.engine, "vendor_extrafee/calculation/discount_in_subtotal", "1")
        try:
            totals = ok(me.post(f"{base}/totals-information",
                                json={"information": {"fee_id": handling["id"]}, **info()}))
        finally:
            set_config(srv.db.engine, "vendor_extrafee/calculation/discount_in_subtotal", None)
        assert totals["discount_amount"] == -11
        assert segment(totals)["value"] == 18.4                                     # 2 + 10 % of 119 + 4.50
        ok(me.delete(f"{MINE}/coupons"))

        # a German address: the US-only fee no longer applies and its selection goes
        listed = ok(me.post(f"{base}/fees-information", json=info(de)))
        assert [f["name"] for f in listed["fees"]] == ["Per item"]
        assert segment(listed["totals"])["title"] == "Extra Fee (Label)"
        listed = ok(me.post(f"{base}/fees-information", json=info()))
        assert listed["fees"][0]["current_value"] == [fragile]                      # offered anew: its default
        assert segment(listed["totals"])["value"] == 6.5

        select(me, base, handling["id"], [])
        select(me, base, per_item["id"], [])
        listed = ok(me.post(f"{base}/fees-information", json=info()))
        assert segment(listed["totals"]) is None
        assert "vendor_extrafee" not in [s["code"] for s in ok(me.get(f"{MINE}/totals"))["total_segments"]]


def test_errors_of_the_cart_routes(srv, token, fees):
    fee = fees()
    not_found = "No such entity with %fieldName = %fieldValue"
    required = '"%fieldName" is required. Enter and try again.'
    sku = product(srv, token, price=10)["sku"]
    with srv.client() as guest:
        for kind in ("totals-information", "fees-information"):
            error(guest.post(f"{EF}/guest-carts/{'a' * 32}/{kind}", json=info(information={"fee_id": fee["id"]})),
                  404, not_found, {"fieldName": "cartId", "fieldValue": "a" * 32})
        masked = guest_cart(guest)
        base = f"{EF}/guest-carts/{masked}"
        error(guest.post(f"{base}/totals-information", json=info(information={"fee_id": fee["id"]})), 400,
              "Totals calculation is not applicable to empty cart")
        add(guest, f"/V1/guest-carts/{masked}", sku, 1)
        error(guest.post(f"{base}/totals-information", json=info()), 400, required, {"fieldName": "information"})
        error(guest.post(f"{base}/totals-information", json={"information": {"fee_id": fee["id"]}}), 400, required,
              {"fieldName": "addressInformation"})
        error(guest.post(f"{base}/fees-information", json={"addressInformation": {**FLAT}}), 400, required,
              {"fieldName": "address"})
        error(guest.post(f"{base}/totals-information", json=info(information={"fee_id": 999999, "options_ids": []})),
              404, not_found, {"fieldName": "feeId", "fieldValue": 999999})
        r = guest.post(f"{base}/totals-information", json=info(information={"fee_id": fee["id"], "colour": 1}))
        error(r, 400, 'Property "%1" does not have accessor method "%2" in class "%3".')
        assert r.json()["parameters"][2] == "Vendor\\Extrafee\\Api\\Data\\TotalsInformationInterface"
        r = guest.post(f"{base}/totals-information", json=info(information={"fee_id": fee["id"],
                                                                            "options_ids": "many"}))
        assert r.status_code == 400 and "type is invalid" in r.json()["message"], r.text
        # unknown top-level keys are ignored, camelCase address keys bind
        assert ok(guest.post(f"{base}/fees-information", json={**info(), "paymentMethod": "", "cartId": 1}))
    _, customer = new_customer(srv)
    with srv.client(customer) as me:
        error(me.post(f"{EF}/carts/mine/fees-information", json=info()), 404,
              "Current customer does not have an active cart.")


def test_the_demo_offers_gift_packing(srv, token):
    """Last in the file: the demo's fee applies to every cart of this server from here on."""
    srv.cli("demo", "load", "extrafee")
    with srv.client(token, store="all") as admin:
        page = ok(admin.get(f"{FEE}/all", params={"searchCriteria[filter_groups][0][filters][0][field]": "name",
                                                  "searchCriteria[filter_groups][0][filters][0][value]": "Gift packing"}))
    assert page["total_count"] == 1
    sku = product(srv, token, price=40)["sku"]
    with srv.client() as guest:
        masked = guest_cart(guest)
        add(guest, f"/V1/guest-carts/{masked}", sku, 1)
        listed = ok(guest.post(f"{EF}/guest-carts/{masked}/fees-information", json=info()))
        demo = next(f for f in listed["fees"] if f["name"] == "Gift packing")
        assert [(o["label"], o["price"]) for o in demo["base_options"]] == [("Gift box", 7.5),
                                                                            ("Premium wrapping (5%)", 2)]


def test_the_same_option_selected_by_two_requests_at_once(srv, token, fees):
    """Requests offering a fee (its default option) and selecting the option at the same instant all
    answer 200 (on PostgreSQL one of them used to fail on the selection's unique key) and the cart holds
    the option once."""
    fee = fees(name="Race packing", frontend_type="checkbox", options=[
        {"admin": "Gift box", "price": 7.5, "order": 1, "default": True}])
    box = fee["options"][0]["entity_id"]
    sku = product(srv, token, price=20)["sku"]
    expected = {"code": "vendor_extrafee", "title": "Extra Fee (Gift box)", "value": 7.5}
    for round_ in range(3):
        _, customer = new_customer(srv)
        with srv.client(customer) as me:
            ok(me.post(MINE))
            add(me, MINE, sku, 1)
            ok(shipping_information(me, MINE))

        def offering() -> httpx.Response:
            with srv.client(customer) as c:
                return c.post(f"{EF}/carts/mine/fees-information", json={**info(), "paymentMethod": ""})

        def selecting() -> httpx.Response:
            with srv.client(customer) as c:
                return c.post(f"{EF}/carts/mine/totals-information",
                              json={"information": {"fee_id": fee["id"], "options_ids": [box]}, **info()})

        answers = at_once(*[offering, selecting] * 2 if round_ else [offering] * 4)
        assert [a.status_code for a in answers] == [200] * 4, [a.text for a in answers]
        with srv.client(customer) as me:
            assert segment(ok(me.get(f"{MINE}/totals"))) == expected
