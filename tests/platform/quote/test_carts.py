"""Guest and customer carts: creation, items, totals."""
import pytest

from tests.helpers import new_customer
from tests.helpers.quote import ADDRESS, add, error, guest_cart, product

NO_SUCH = "No such entity with %fieldName = %fieldValue"


@pytest.fixture(scope="module")
def tee(server, admin_token):
    return product(server, admin_token, price=45, qty=100)


def test_guest_cart_is_created_empty(guest):
    masked = guest_cart(guest)
    assert masked != guest_cart(guest)
    r = guest.get(f"/V1/guest-carts/{masked}")
    assert r.status_code == 200, r.text
    cart = r.json()
    assert isinstance(cart["id"], int)
    assert cart["is_active"] is True and cart["is_virtual"] is False
    assert cart["items"] == [] and cart["items_count"] == 0 and cart["items_qty"] == 0
    assert cart["customer"] == {"email": None, "firstname": None, "lastname": None}
    assert cart["customer_is_guest"] is True and cart["store_id"] == 1
    assert cart["currency"]["quote_currency_code"] == "USD"


def test_guest_routes_take_only_masked_ids(guest):
    masked = guest_cart(guest)
    cart_id = guest.get(f"/V1/guest-carts/{masked}").json()["id"]
    error(guest.get(f"/V1/guest-carts/{cart_id}"), 404, NO_SUCH, {"fieldName": "cartId", "fieldValue": str(cart_id)})
    error(guest.get("/V1/guest-carts/nosuchcart/items"), 404, NO_SUCH, {"fieldName": "cartId", "fieldValue": "nosuchcart"})


def test_add_update_delete_items(guest, tee):
    masked = guest_cart(guest)
    base = f"/V1/guest-carts/{masked}"
    cart_id = guest.get(base).json()["id"]
    item = add(guest, base, tee["sku"], 2, quote_id=masked)
    assert item == {"item_id": item["item_id"], "sku": tee["sku"], "qty": 2, "name": "Sport Tee", "price": 45,
                    "product_type": "simple", "quote_id": str(cart_id)}
    again = add(guest, base, tee["sku"], 1)
    assert again["item_id"] == item["item_id"] and again["qty"] == 3
    r = guest.put(f"{base}/items/{item['item_id']}", json={"cartItem": {"qty": 4, "quote_id": masked}})
    assert r.status_code == 200, r.text
    assert r.json()["qty"] == 4
    items = guest.get(f"{base}/items").json()
    assert [(i["item_id"], i["qty"]) for i in items] == [(item["item_id"], 4)]
    totals = guest.get(f"{base}/totals").json()
    assert totals["subtotal"] == 180 and totals["grand_total"] == 180 and totals["items_qty"] == 4
    r = guest.delete(f"{base}/items/{item['item_id']}")
    assert r.status_code == 200 and r.json() is True
    assert guest.get(f"{base}/items").json() == []
    assert guest.get(f"{base}/totals").json()["grand_total"] == 0
    error(guest.delete(f"{base}/items/{item['item_id']}"), 404, "The %1 Cart doesn't contain the %2 item.",
          [cart_id, item["item_id"]])
    error(guest.put(f"{base}/items/999999", json={"cartItem": {"qty": 1}}), 404,
          "The %1 Cart doesn't contain the %2 item.", [cart_id, 999999])


def test_item_errors(server, admin_token, guest, tee):
    base = f"/V1/guest-carts/{guest_cart(guest)}"
    r = guest.post(f"{base}/items", json={"cartItem": {"sku": "no-such-sku", "qty": 1}})
    error(r, 404, "The product that was requested doesn't exist. Verify the product and try again.")
    disabled = product(server, admin_token, status=2)
    r = guest.post(f"{base}/items", json={"cartItem": {"sku": disabled["sku"], "qty": 1}})
    error(r, 400, "Product that you are trying to add is not available.")
    scarce = product(server, admin_token, qty=2)
    r = guest.post(f"{base}/items", json={"cartItem": {"sku": scarce["sku"], "qty": 3}})
    error(r, 400, "The requested qty is not available")
    add(guest, base, scarce["sku"], 2)
    r = guest.post(f"{base}/items", json={"cartItem": {"sku": scarce["sku"], "qty": 1}})
    error(r, 400, "The requested qty is not available")
    for bad in (0, -1, "abc"):
        r = guest.post(f"{base}/items", json={"cartItem": {"sku": tee["sku"], "qty": bad}})
        error(r, 400, 'Invalid value of "%value" provided for the %fieldName field.', {"value": bad, "fieldName": "qty"})
    r = guest.post(f"{base}/items", json={"cartItem": {"qty": 1}})
    error(r, 400, '"%fieldName" is required. Enter and try again.', {"fieldName": "sku"})


def test_path_cart_id_wins_over_body(guest, tee):
    """D7: the path's masked id decides the cart, whatever cartItem.quote_id says."""
    first, second = guest_cart(guest), guest_cart(guest)
    add(guest, f"/V1/guest-carts/{first}", tee["sku"], 1, quote_id=second)
    assert len(guest.get(f"/V1/guest-carts/{first}/items").json()) == 1
    assert guest.get(f"/V1/guest-carts/{second}/items").json() == []


def test_totals_object(guest, tee):
    base = f"/V1/guest-carts/{guest_cart(guest)}"
    item = add(guest, base, tee["sku"], 2)
    r = guest.get(f"{base}/totals")
    assert r.status_code == 200, r.text
    assert r.json() == {
        "grand_total": 90, "base_grand_total": 90, "subtotal": 90, "base_subtotal": 90,
        "discount_amount": 0, "base_discount_amount": 0, "subtotal_with_discount": 90,
        "base_subtotal_with_discount": 90, "shipping_amount": 0, "base_shipping_amount": 0,
        "shipping_discount_amount": 0, "base_shipping_discount_amount": 0, "tax_amount": 0,
        "base_tax_amount": 0, "weee_tax_applied_amount": None, "shipping_tax_amount": 0,
        "base_shipping_tax_amount": 0, "subtotal_incl_tax": 90, "base_subtotal_incl_tax": 90,
        "shipping_incl_tax": 0, "base_shipping_incl_tax": 0, "base_currency_code": "USD",
        "quote_currency_code": "USD", "items_qty": 2,
        "items": [{"item_id": item["item_id"], "price": 45, "base_price": 45, "qty": 2, "row_total": 90,
                   "base_row_total": 90, "row_total_with_discount": 0, "tax_amount": 0, "base_tax_amount": 0,
                   "tax_percent": 0, "discount_amount": 0, "base_discount_amount": 0, "discount_percent": 0,
                   "price_incl_tax": 45, "base_price_incl_tax": 45, "row_total_incl_tax": 90,
                   "base_row_total_incl_tax": 90, "options": "[]", "weee_tax_applied_amount": None,
                   "weee_tax_applied": None, "name": "Sport Tee"}],
        "total_segments": [
            {"code": "subtotal", "title": "Subtotal", "value": 90},
            {"code": "shipping", "title": "Shipping & Handling", "value": 0},
            {"code": "tax", "title": "Tax", "value": 0, "extension_attributes": {"tax_grandtotal_details": []}},
            {"code": "grand_total", "title": "Grand Total", "value": 90, "area": "footer"}]}


def test_cents_are_exact(server, admin_token, guest):
    cheap = product(server, admin_token, price=0.1)
    odd = product(server, admin_token, price=19.99)
    base = f"/V1/guest-carts/{guest_cart(guest)}"
    add(guest, base, cheap["sku"], 3)
    add(guest, base, odd["sku"], 3)
    totals = guest.get(f"{base}/totals").json()
    assert totals["subtotal"] == 60.27 and totals["grand_total"] == 60.27
    assert [i["row_total"] for i in totals["items"]] == [0.3, 59.97]


def test_options_are_echoed_and_split_items(guest, tee):
    base = f"/V1/guest-carts/{guest_cart(guest)}"
    red = {"extension_attributes": {"custom_options": [{"option_id": "1", "option_value": "red"}]}}
    blue = {"extension_attributes": {"custom_options": [{"option_id": "1", "option_value": "blue"}]}}
    a = add(guest, base, tee["sku"], 1, product_option=red)
    b = add(guest, base, tee["sku"], 1, product_option=blue)
    c = add(guest, base, tee["sku"], 1, product_option=red)
    assert a["item_id"] != b["item_id"] and c["item_id"] == a["item_id"] and c["qty"] == 2
    assert a["product_option"] == red
    items = guest.get(f"{base}/totals").json()["items"]
    assert items[0]["options"] == '[{"option_id":"1","option_value":"red"}]'


def test_customer_mine_cart(server, tee):
    customer, token = new_customer(server)
    with server.client(token) as me:
        error(me.get("/V1/carts/mine"), 404, NO_SUCH, {"fieldName": "customerId", "fieldValue": customer["id"]})
        error(me.get("/V1/carts/mine/items"), 404, "Current customer does not have an active cart.")
        r = me.post("/V1/carts/mine")
        assert r.status_code == 200, r.text
        cart_id = r.json()
        assert isinstance(cart_id, int)
        assert me.post("/V1/carts/mine").json() == cart_id  # one active cart per customer
        cart = me.get("/V1/carts/mine").json()
        assert cart["id"] == cart_id and cart["customer"]["email"] == customer["email"]
        assert cart["customer_is_guest"] is False
        item = add(me, "/V1/carts/mine", tee["sku"], 1, quote_id="999999")
        assert item["quote_id"] == str(cart_id)
        r = me.put(f"/V1/carts/mine/items/{item['item_id']}", json={"cartItem": {"qty": 3, "quote_id": "1"},
                                                                     "cartId": "1", "quoteId": "1"})
        assert r.status_code == 200 and r.json()["qty"] == 3
        assert me.get("/V1/carts/mine/totals").json()["subtotal"] == 135
        r = me.put("/V1/carts/mine", json={"quote": {"customer_note": "leave at the door"}})
        assert r.status_code == 200 and r.json() == []
        assert me.get("/V1/carts/mine").json()["customer_note"] == "leave at the door"


def test_virtual_cart(server, admin_token, guest):
    ebook = product(server, admin_token, price=12.5, type_id="virtual")
    base = f"/V1/guest-carts/{guest_cart(guest)}"
    add(guest, base, ebook["sku"], 2)
    cart = guest.get(base).json()
    assert cart["is_virtual"] is True and "extension_attributes" not in cart
    totals = guest.get(f"{base}/totals").json()
    assert [s["code"] for s in totals["total_segments"]] == ["subtotal", "tax", "grand_total"]
    assert totals["grand_total"] == 25
    r = guest.post(f"{base}/estimate-shipping-methods", json={"address": {"country_id": "US"}})
    assert r.status_code == 200 and r.json() == []
    assert guest.get(f"{base}/shipping-methods").json() == []


def test_billing_address(guest, tee):
    base = f"/V1/guest-carts/{guest_cart(guest)}"
    empty = guest.get(f"{base}/billing-address").json()
    assert empty["country_id"] is None and empty["street"] is None
    r = guest.post(f"{base}/billing-address", json={"address": {**ADDRESS, "region_id": None, "region_code": "CA"},
                                                   "useForShipping": True})
    assert r.status_code == 200, r.text
    address_id = r.json()
    billing = guest.get(f"{base}/billing-address").json()
    assert billing["id"] == address_id and billing["region_id"] == 12 and billing["region"] == "California"
    assert billing["street"] == ["1 Main St"] and billing["email"] == ADDRESS["email"]
    add(guest, base, tee["sku"], 1)
    shipping = guest.get(base).json()["extension_attributes"]["shipping_assignments"][0]["shipping"]
    assert shipping["address"]["city"] == "Austin" and shipping["address"]["same_as_billing"] == 1
    assert "method" not in shipping
