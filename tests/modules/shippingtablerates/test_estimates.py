"""The ``vdstrates`` carrier over HTTP: its rates in the platform's estimate, shipping-method and
shipping-information routes (guest and customer), the price charged on a placed order, and how rows
are matched and combined."""
import pytest

from tests.helpers import new_customer, ok, unique
from tests.helpers.harness import set_config
from tests.helpers.quote import add, coupon_rule, error, guest_cart, product

from .conftest import csv_body

METHOD = "/V1/vendor_shippingtablerates/method"
CA = {"country_id": "US", "region_id": 12, "region_code": "CA", "postcode": "90001", "city": "Los Angeles",
      "street": ["1 Main St"], "firstname": "A", "lastname": "B", "telephone": "555"}
NV = {**CA, "region_id": 39, "region_code": "NV", "postcode": "89101", "city": "Las Vegas"}
TX = {**CA, "region_id": 57, "region_code": "TX", "postcode": "78701", "city": "Austin"}
EXAMPLE = ('US,"CA,NV",,,,0,100,0,,0,,All,10,0,0,0.5,3,Ground',
           "US,,,,,100,,0,,0,,All,0,0,0,0,3,Ground",
           "All,,,,,0,,0,,0,,Bulky,25,0,2,0,7,Freight")


def method(adm, lines, **fields) -> dict:
    created = ok(adm.post(METHOD, json={"method": {"name": unique("M "), **fields}}))
    ok(adm.post(f"{METHOD}/{created['id']}/rates/import", json=csv_body(*lines)))
    return created


def rows_of(rates: list, m: dict) -> list:
    return [r for r in rates if r["method_code"] == f"vdstrates{m['id']}"]


def amount(client, base: str, address: dict, m: dict):
    """The method's amount in a guest or customer estimate (None: not offered)."""
    rows = rows_of(ok(client.post(f"{base}/estimate-shipping-methods", json={"address": address})), m)
    assert len(rows) <= 1
    return rows[0]["amount"] if rows else None


@pytest.fixture(scope="module")
def bulky(srv, token) -> str:
    with srv.client(token, store="all") as adm:
        return ok(adm.post("/V1/products/attributes/vd_shipping_type/options", json={"option": {"label": "Bulky"}}))


@pytest.fixture(scope="module")
def skus(srv, token, bulky) -> dict:
    tee = product(srv, token, price=30, weight=2)["sku"]
    sofa = product(srv, token, price=40, weight=10,
                   custom_attributes=[{"attribute_code": "vd_shipping_type", "value": bulky}])["sku"]
    return {"tee": tee, "sofa": sofa}


def test_a_fresh_install_offers_a_method_once_it_has_rates(srv, adm, anon, skus):
    """Nobody switched the carrier on: a method created and given rates through the API is offered."""
    with srv.db.engine.connect() as c:
        assert c.exec_driver_sql("SELECT COUNT(*) FROM core_config_data WHERE path = 'carriers/vdstrates/active'"
                                 ).scalar() == 0
    masked = guest_cart(anon)
    base = f"/V1/guest-carts/{masked}"
    add(anon, base, skus["tee"], 1)
    created = ok(adm.post(METHOD, json={"method": {"name": unique("Fresh ")}}))
    assert amount(anon, base, TX, created) is None   # no rates yet
    ok(adm.post(f"{METHOD}/{created['id']}/rates/import", json=csv_body("US,TX,,,,,,,,,,All,7,0,0,0,2,Post")))
    assert amount(anon, base, TX, created) == 7
    ok(adm.delete(f"{METHOD}/{created['id']}"))


def test_the_table_rate_is_offered_in_every_estimate_and_charged_on_the_order(srv, adm, anon, skus):
    m = method(adm, EXAMPLE, name="Standard ({day} days, {name})", comment="Tracked parcel.", min_rate=5)
    masked = guest_cart(anon)
    base = f"/V1/guest-carts/{masked}"
    add(anon, base, skus["tee"], 2)
    rates = ok(anon.post(f"{base}/estimate-shipping-methods", json={"address": CA}))
    # 2 items worth 60 weighing 4: 10 + 4 x 0.5; the flat rate is still offered beside it
    assert rows_of(rates, m) == [{
        "carrier_code": "vdstrates", "method_code": f"vdstrates{m['id']}", "carrier_title": "Shipping Table Rates",
        "method_title": "Standard (3 days, Ground)", "amount": 12, "base_amount": 12, "available": True,
        "error_message": "", "price_excl_tax": 12, "price_incl_tax": 12,
        "extension_attributes": {"vdstartes_comment": "Tracked parcel."},
        "comment": "Tracked parcel."}]   # the store pickup module's estimate shows a rate's comment at the top too
    assert any(r["carrier_code"] == "flatrate" and r["amount"] == 10 for r in rates)
    assert amount(anon, base, NV, m) == 12
    assert amount(anon, base, TX, m) is None       # below 100 only California and Nevada have a row

    r = anon.post(f"{base}/shipping-information", json={"addressInformation": {
        "shipping_address": CA, "billing_address": CA, "shipping_carrier_code": "vdstrates",
        "shipping_method_code": f"vdstrates{m['id']}"}})
    totals = ok(r)["totals"]
    assert (totals["subtotal"], totals["shipping_amount"], totals["grand_total"]) == (60, 12, 72)
    assert rows_of(ok(anon.get(f"{base}/shipping-methods")), m)[0]["amount"] == 12
    order_id = ok(anon.post(f"{base}/payment-information", json={
        "email": "table.rates@example.com", "paymentMethod": {"method": "checkmo"}, "billingAddress": CA}))
    order = ok(adm.get(f"/V1/orders/{order_id}"))
    assert (order["shipping_amount"], order["grand_total"]) == (12, 72)
    assert order["shipping_description"] == "Shipping Table Rates - Standard (3 days, Ground)"

    # a customer: estimate by address, by saved address id, the cart's methods and shipping information
    customer, ctoken = new_customer(srv, addresses=[{**{k: v for k, v in NV.items() if k != "region_code"},
                                                    "default_shipping": True, "default_billing": True}])
    with srv.client(ctoken) as me:
        ok(me.post("/V1/carts/mine"))
        add(me, "/V1/carts/mine", skus["tee"], 4)   # worth 120: the free row, raised to the minimum of 5
        assert amount(me, "/V1/carts/mine", CA, m) == 5
        by_id = ok(me.post("/V1/carts/mine/estimate-shipping-methods-by-address-id",
                           json={"addressId": customer["addresses"][0]["id"]}))
        assert rows_of(by_id, m)[0]["amount"] == 5
        totals = ok(me.post("/V1/carts/mine/shipping-information", json={"addressInformation": {
            "shipping_address": TX, "billing_address": TX, "shipping_carrier_code": "vdstrates",
            "shipping_method_code": f"vdstrates{m['id']}"}}))["totals"]
        assert (totals["shipping_amount"], totals["grand_total"]) == (5, 125)
        assert rows_of(ok(me.get("/V1/carts/mine/shipping-methods")), m)[0]["amount"] == 5

    # the shipping types: the Bulky row prices the sofa, the "All" rows the rest
    masked = guest_cart(anon)
    base = f"/V1/guest-carts/{masked}"
    add(anon, base, skus["tee"], 2)
    add(anon, base, skus["sofa"], 1)
    assert amount(anon, base, CA, m) == 39                   # 25 + 1 x 2, plus 12
    assert amount(anon, base, TX, m) is None                 # the tees have no price in Texas
    ok(adm.put(f"{METHOD}/{m['id']}", json={"method": {"select_rate": 1}}))
    rates = ok(anon.post(f"{base}/estimate-shipping-methods", json={"address": CA}))
    assert [(r["amount"], r["method_title"]) for r in rows_of(rates, m)] == [(27, "Standard (7 days, Freight)")]
    ok(adm.put(f"{METHOD}/{m['id']}", json={"method": {"select_rate": 2}}))
    assert amount(anon, base, CA, m) == 12
    ok(adm.put(f"{METHOD}/{m['id']}", json={"method": {"select_rate": 0, "free_types": bulky_id(adm)}}))
    assert amount(anon, base, CA, m) == 12                   # the sofa ships free with this method
    ok(adm.put(f"{METHOD}/{m['id']}", json={"method": {"free_types": "", "max_rate": 20}}))
    assert amount(anon, base, CA, m) == 20
    set_config(srv.db.engine, "vendor_shippingtablerates/general/dont_split", "1")
    try:
        # one "All" row for the whole cart: worth 100, 14 kg, 10 + 14 x 0.5
        ok(adm.put(f"{METHOD}/{m['id']}", json={"method": {"max_rate": 0}}))
        assert amount(anon, base, CA, m) == 17
    finally:
        set_config(srv.db.engine, "vendor_shippingtablerates/general/dont_split", None)
    ok(adm.delete(f"{METHOD}/{m['id']}"))
    assert amount(anon, base, CA, m) is None


def bulky_id(adm) -> str:
    options = ok(adm.get("/V1/products/attributes/vd_shipping_type/options"))
    return next(o["value"] for o in options if o["label"] == "Bulky")


def test_rows_match_the_destination_and_the_most_specific_wins(srv, adm, anon, skus):
    m = method(adm, ["US,TX,Austin,,,,,,,,,,1,0,0,0,1,City",
                     "US,TX,,78701,78799,,,,,,,,2,0,0,0,1,Zip",
                     "US,TX,,,,,,,,,,,3,0,0,0,1,State",
                     "GB,,,SW1A 1AA,,,,,,,,,4,0,0,0,1,Text",
                     "DE,,,,,,,,,,,,0,10,1,0,1,Percent"],
               name="{name}", labels=[{"store_id": 1, "label": "Express ({name})", "comment": "Fast."}])
    masked = guest_cart(anon)
    base = f"/V1/guest-carts/{masked}"
    add(anon, base, skus["tee"], 2)
    rows = rows_of(ok(anon.post(f"{base}/estimate-shipping-methods", json={"address": TX})), m)
    # the postcode range is more specific than the city; the store view's label and comment show
    assert [(r["amount"], r["method_title"], r["extension_attributes"]) for r in rows] == [
        (2, "Express (Zip)", {"vdstartes_comment": "Fast."})]
    # outside the range the city row and the region row are as specific: the dearer one wins
    assert amount(anon, base, {**TX, "postcode": "73301", "city": "AUSTIN"}, m) == 3
    assert amount(anon, base, {**TX, "postcode": "75001", "city": "Dallas"}, m) == 3
    assert amount(anon, base, {**TX, "country_id": "GB", "region_id": None, "postcode": "sw1a1aa"}, m) == 4
    assert amount(anon, base, {**TX, "country_id": "GB", "region_id": None, "postcode": "EC1A 1BB"}, m) is None
    # 10 % of 60, plus 1 per unit
    assert amount(anon, base, {**TX, "country_id": "DE", "region_id": None, "postcode": "10115"}, m) == 8

    # a method for customer group 1 only: guests never see it
    members = method(adm, ["US,,,,,,,,,,,,6,0,0,0,1,A"], cust_groups="1")
    assert amount(anon, base, TX, members) is None
    _, ctoken = new_customer(srv)
    with srv.client(ctoken) as me:
        ok(me.post("/V1/carts/mine"))
        add(me, "/V1/carts/mine", skus["tee"], 1)
        assert amount(me, "/V1/carts/mine", TX, members) == 6

    # a cart price rule that frees the shipment makes every table rate 0 (allow_promo, on by default)
    code = unique("SHIP")
    coupon_rule(srv, adm.headers["Authorization"].split()[1], code, percent=0,
                simple_free_shipping="FREE_WITH_MATCHING_ITEMS")
    ok(anon.put(f"{base}/coupons/{code}"))
    assert amount(anon, base, TX, m) == 0
    for mid in (m["id"], members["id"]):
        ok(adm.delete(f"{METHOD}/{mid}"))


def test_no_method_row_inactive_carrier_and_unknown_cart(srv, adm, anon, skus):
    masked = guest_cart(anon)
    base = f"/V1/guest-carts/{masked}"
    add(anon, base, skus["tee"], 1)
    antarctica = {**TX, "country_id": "AQ", "region_id": None, "postcode": "1"}
    rates = ok(anon.post(f"{base}/estimate-shipping-methods", json={"address": antarctica}))
    assert [r for r in rates if r["carrier_code"] == "vdstrates"] == []
    set_config(srv.db.engine, "carriers/vdstrates/showmethod", "1")
    try:
        rates = ok(anon.post(f"{base}/estimate-shipping-methods", json={"address": antarctica}))
        assert [(r["available"], r["error_message"]) for r in rates if r["carrier_code"] == "vdstrates"] == [
            (False, "This shipping method is currently unavailable. If you would like to ship using this shipping "
                    "method, please contact us.")]
    finally:
        set_config(srv.db.engine, "carriers/vdstrates/showmethod", None)
    m = method(adm, ["AQ,,,,,,,,,,,,9,0,0,0,1,A"])
    assert amount(anon, base, antarctica, m) == 9
    set_config(srv.db.engine, "carriers/vdstrates/active", "0")
    try:
        assert amount(anon, base, antarctica, m) is None
    finally:
        set_config(srv.db.engine, "carriers/vdstrates/active", None)
    ok(adm.delete(f"{METHOD}/{m['id']}"))
    error(anon.post("/V1/guest-carts/nosuchcart/estimate-shipping-methods", json={"address": TX}), 404,
          "No such entity with %fieldName = %fieldValue", {"fieldName": "cartId", "fieldValue": "nosuchcart"})
