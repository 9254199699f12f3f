"""Payment ``additional_data`` (``string[]``) as a list or as an object of strings: both bind, the cart
keeps the form it was sent in, and the order's payment carries it as ``additional_information``."""

from tests.helpers import ok
from tests.helpers.quote import add, error, guest_cart, product, shipping_information


def test_an_object_keeps_its_keys_from_cart_to_order(server, admin_token, admin):
    sku = product(server, admin_token)["sku"]
    with server.client() as guest:
        masked = guest_cart(guest)
        base = f"/V1/guest-carts/{masked}"
        add(guest, base, sku, 1)
        ok(shipping_information(guest, base))
        ok(guest.post(f"{base}/set-payment-information", json={
            "email": "data@example.com", "paymentMethod": {"method": "checkmo", "additional_data": ["a", 7]}}))
        assert ok(guest.get(f"{base}/selected-payment-method"))["additional_data"] == ["a", "7"]
        r = guest.post(f"{base}/set-payment-information", json={
            "email": "data@example.com", "paymentMethod": {"method": "checkmo", "additional_data": "plain"}})
        error(r, 400, 'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.',
              {"value": "plain", "type": "string[]"})
        order_id = ok(guest.post(f"{base}/payment-information", json={
            "email": "data@example.com",
            "paymentMethod": {"method": "checkmo", "additional_data": {"reference": "r-1", "count": 2}}}))
    payment = ok(admin.get(f"/V1/orders/{order_id}"))["payment"]
    assert payment["method"] == "checkmo"
    assert payment["additional_information"] == {"reference": "r-1", "count": "2"}
