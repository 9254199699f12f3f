"""Checkout end to end: shipping, totals, payment, placing the order."""

import pytest

from tests.helpers import new_customer
from tests.helpers.quote import ADDRESS, add, error, guest_cart, product, shipping_information

FLATRATE = {"carrier_code": "flatrate", "method_code": "flatrate", "carrier_title": "Flat Rate",
            "method_title": "Fixed", "amount": 10, "base_amount": 10, "available": True,
            "error_message": "", "price_excl_tax": 10, "price_incl_tax": 10}


@pytest.fixture(scope="module")
def tee(server, admin_token):
    return product(server, admin_token, price=45, qty=1000)


def test_guest_checkout(server, admin, guest, tee, sql):
    masked = guest_cart(guest)
    base = f"/V1/guest-carts/{masked}"
    add(guest, base, tee["sku"], 2, quote_id=masked)
    r = guest.post(f"{base}/estimate-shipping-methods", json={"address": {"country_id": "US", "region_id": 57,
                                                                         "postcode": "78701"}})
    assert r.status_code == 200, r.text
    assert r.json() == [FLATRATE]
    assert guest.get(f"{base}/totals").json()["shipping_amount"] == 0  # estimating changes nothing
    r = shipping_information(guest, base)
    assert r.status_code == 200, r.text
    details = r.json()
    assert details["payment_methods"] == [{"code": "checkmo", "title": "Check / Money order"}]
    totals = details["totals"]
    assert (totals["subtotal"], totals["shipping_amount"], totals["grand_total"]) == (90, 10, 100)
    assert totals["total_segments"][1] == {"code": "shipping", "title": "Shipping & Handling (Flat Rate - Fixed)",
                                           "value": 10}
    assert guest.get(f"{base}/totals").json() == totals
    assert guest.get(f"{base}/shipping-methods").json() == [FLATRATE]
    r = guest.post(f"{base}/payment-information", json={
        "email": "cart.buyer@example.com", "paymentMethod": {"method": "checkmo"},
        "billingAddress": {k: v for k, v in ADDRESS.items() if k != "region_code"}})
    assert r.status_code == 200, r.text
    order_id = r.json()
    assert isinstance(order_id, int)
    order = admin.get(f"/V1/orders/{order_id}").json()
    assert order["increment_id"].isdigit() and len(order["increment_id"]) == 9
    assert (order["state"], order["status"]) == ("new", "pending")
    assert (order["subtotal"], order["shipping_amount"], order["grand_total"]) == (90, 10, 100)
    assert order["customer_email"] == "cart.buyer@example.com" and order["customer_is_guest"] == 1
    assert order["shipping_description"] == "Flat Rate - Fixed"
    assert order["payment"]["method"] == "checkmo"
    assert [(i["sku"], i["qty_ordered"]) for i in order["items"]] == [(tee["sku"], 2)]
    # the cart is spent: its masked id is unknown now
    error(guest.get(base), 404, "No such entity with %fieldName = %fieldValue",
          {"fieldName": "cartId", "fieldValue": masked})
    stock = admin.get(f"/V1/products/{tee['sku']}").json()["extension_attributes"]["stock_item"]
    assert stock["qty"] <= 998
    with sql.connect() as c:
        row = c.exec_driver_sql("SELECT is_active, reserved_order_id FROM quote WHERE id = "
                                f"{order['quote_id']}").one()
    assert not row[0] and row[1] == order["increment_id"]


def test_customer_checkout(server, admin, tee):
    customer, token = new_customer(server)
    with server.client(token) as me:
        me.post("/V1/carts/mine")
        add(me, "/V1/carts/mine", tee["sku"], 3)
        r = shipping_information(me, "/V1/carts/mine")
        assert r.status_code == 200, r.text
        assert r.json()["totals"]["grand_total"] == 150
        r = me.post("/V1/carts/mine/totals-information", json={"addressInformation": {
            "address": {"country_id": "US"}, "shipping_carrier_code": "flatrate", "shipping_method_code": "flatrate"}})
        assert r.status_code == 200 and r.json()["grand_total"] == 150
        info = me.get("/V1/carts/mine/payment-information").json()
        assert info["payment_methods"] == [{"code": "checkmo", "title": "Check / Money order"}]
        r = me.post("/V1/carts/mine/payment-information", json={"paymentMethod": {"method": "checkmo"},
                                                                "billingAddress": ADDRESS})
        assert r.status_code == 200, r.text
        order = admin.get(f"/V1/orders/{r.json()}").json()
        assert order["customer_email"] == customer["email"] and order["customer_id"] == customer["id"]
        assert (order["subtotal"], order["shipping_amount"], order["grand_total"]) == (135, 15, 150)
        error(me.get("/V1/carts/mine/items"), 404, "Current customer does not have an active cart.")
        error(me.get("/V1/carts/mine"), 404, "No such entity with %fieldName = %fieldValue",
              {"fieldName": "customerId", "fieldValue": customer["id"]})
        assert me.post("/V1/carts/mine").json() != order["quote_id"]


def test_put_order_with_stored_payment(admin, guest, tee):
    base = f"/V1/guest-carts/{guest_cart(guest)}"
    add(guest, base, tee["sku"], 1)
    assert shipping_information(guest, base).status_code == 200
    r = guest.put(f"{base}/selected-payment-method", json={"method": {"method": "checkmo"}})
    assert r.status_code == 200 and isinstance(r.json(), int)
    assert guest.get(f"{base}/selected-payment-method").json() == {"method": "checkmo"}
    r = guest.post(f"{base}/set-payment-information", json={"email": "sam@example.com",
                                                           "paymentMethod": {"method": "checkmo"}})
    assert r.status_code == 200 and r.json() is True
    r = guest.put(f"{base}/order", json={})
    assert r.status_code == 200, r.text
    order = admin.get(f"/V1/orders/{r.json()}").json()
    assert order["customer_email"] == "sam@example.com" and order["grand_total"] == 50


def test_virtual_cart_checkout(server, admin_token, admin, guest):
    ebook = product(server, admin_token, price=12.5, type_id="virtual")
    base = f"/V1/guest-carts/{guest_cart(guest)}"
    add(guest, base, ebook["sku"], 3)
    r = guest.post(f"{base}/payment-information", json={"email": "v@example.com", "paymentMethod": {"method": "checkmo"},
                                                       "billingAddress": ADDRESS})
    assert r.status_code == 200, r.text
    order = admin.get(f"/V1/orders/{r.json()}").json()
    assert (order["subtotal"], order["grand_total"]) == (37.5, 37.5)
    assert order.get("shipping_amount", 0) == 0


def test_freeshipping_threshold(server, admin_token, guest):
    server.config("carriers/freeshipping/active", "1")
    server.config("carriers/freeshipping/free_shipping_subtotal", "100")
    try:
        item = product(server, admin_token, price=49.99)
        base = f"/V1/guest-carts/{guest_cart(guest)}"
        add(guest, base, item["sku"], 2)
        methods = guest.post(f"{base}/estimate-shipping-methods", json={"address": {"country_id": "US"}}).json()
        assert [(m["carrier_code"], m["amount"]) for m in methods] == [("flatrate", 10)]  # 99.98 < 100
        add(guest, base, item["sku"], 1)
        methods = guest.post(f"{base}/estimate-shipping-methods", json={"address": {"country_id": "US"}}).json()
        # the platform's carrier order, not cheapest first: as declared while no sort_order is set
        assert [(m["carrier_code"], m["method_code"], m["carrier_title"], m["method_title"], m["amount"])
                for m in methods] == [("flatrate", "flatrate", "Flat Rate", "Fixed", 15),
                                      ("freeshipping", "freeshipping", "Free Shipping", "Free", 0)]
        server.config("carriers/flatrate/sort_order", "10")
        try:
            methods = guest.post(f"{base}/estimate-shipping-methods", json={"address": {"country_id": "US"}}).json()
            assert [m["carrier_code"] for m in methods] == ["freeshipping", "flatrate"]
        finally:
            server.config("carriers/flatrate/sort_order", "")
        r = shipping_information(guest, base, carrier="freeshipping", method="freeshipping")
        totals = r.json()["totals"]
        assert (totals["shipping_amount"], totals["grand_total"]) == (0, 149.97)
        assert totals["total_segments"][1]["title"] == "Shipping & Handling (Free Shipping - Free)"
    finally:
        server.config("carriers/freeshipping/active", "0")


def test_collect_totals_saves_payment_and_method(guest, tee):
    base = f"/V1/guest-carts/{guest_cart(guest)}"
    add(guest, base, tee["sku"], 1)
    guest.post(f"{base}/billing-address", json={"address": ADDRESS, "useForShipping": True})
    r = guest.put(f"{base}/collect-totals", json={"paymentMethod": {"method": "checkmo"},
                                                 "shippingCarrierCode": "flatrate", "shippingMethodCode": "flatrate"})
    assert r.status_code == 200, r.text
    assert (r.json()["shipping_amount"], r.json()["grand_total"]) == (5, 50)
    assert guest.get(f"{base}/selected-payment-method").json()["method"] == "checkmo"


def test_free_payment_method_for_zero_total(server, admin_token, guest):
    gift = product(server, admin_token, price=0, type_id="virtual")
    base = f"/V1/guest-carts/{guest_cart(guest)}"
    add(guest, base, gift["sku"], 1)
    assert guest.get(f"{base}/payment-methods").json() == [{"code": "free", "title": "No Payment Information Required"}]
    r = guest.post(f"{base}/payment-information", json={"email": "z@example.com", "paymentMethod": {"method": "checkmo"},
                                                       "billingAddress": ADDRESS})
    error(r, 400, "The requested Payment Method is not available.")
    r = guest.post(f"{base}/payment-information", json={"email": "z@example.com", "paymentMethod": {"method": "free"},
                                                       "billingAddress": ADDRESS})
    assert r.status_code == 200, r.text


def test_purchase_order_needs_a_number(server, guest, tee):
    server.config("payment/purchaseorder/active", "1")
    try:
        base = f"/V1/guest-carts/{guest_cart(guest)}"
        add(guest, base, tee["sku"], 1)
        shipping_information(guest, base)
        codes = [m["code"] for m in guest.get(f"{base}/payment-methods").json()]
        assert codes == ["checkmo", "purchaseorder"]
        r = guest.put(f"{base}/selected-payment-method", json={"method": {"method": "purchaseorder"}})
        error(r, 400, "Purchase order number is a required field.")
        r = guest.put(f"{base}/selected-payment-method", json={"method": {"method": "purchaseorder", "po_number": "PO-7"}})
        assert r.status_code == 200, r.text
        assert guest.get(f"{base}/selected-payment-method").json() == {"po_number": "PO-7", "method": "purchaseorder"}
    finally:
        server.config("payment/purchaseorder/active", "0")


def test_guest_checkout_switched_off(server, guest, tee):
    """checkout/options/guest_checkout 0: a guest cart's order is refused on both placing routes; the cart stays."""
    masked = guest_cart(guest)
    base = f"/V1/guest-carts/{masked}"
    add(guest, base, tee["sku"], 1)
    assert shipping_information(guest, base).status_code == 200
    payment = {"email": "off.guest@example.com", "paymentMethod": {"method": "checkmo"},
               "billingAddress": {k: v for k, v in ADDRESS.items() if k != "region_code"}}
    server.cli("config", "set", "checkout/options/guest_checkout", "0")
    try:
        error(guest.post(f"{base}/payment-information", json=payment), 400, "Sorry, guest checkout is not available.")
        error(guest.put(f"{base}/order", json={"paymentMethod": {"method": "checkmo"}}), 400,
              "Sorry, guest checkout is not available.")
        assert guest.get(f"{base}/totals").status_code == 200
    finally:
        server.cli("config", "set", "checkout/options/guest_checkout", "1")
    r = guest.post(f"{base}/payment-information", json=payment)
    assert r.status_code == 200 and isinstance(r.json(), int), r.text
