"""A module refuses to place an order (``checkout_submit_before``, the test module refuses SKUs starting
``veto-``): a 400 with its message, and nothing is placed or written."""
import pytest

from tests.helpers import new_customer, unique
from tests.helpers.quote import ADDRESS, add, error, guest_cart, product, shipping_information

BILLING = {k: v for k, v in ADDRESS.items() if k != "region_code"}
VETOED = 'The product "%1" cannot be ordered.'


@pytest.fixture(scope="module")
def vetoed(server, admin_token):
    return product(server, admin_token, price=12, qty=10, sku=unique("veto-"))


@pytest.fixture(scope="module")
def tee(server, admin_token):
    return product(server, admin_token, price=20, qty=10)


def stock(admin, sku) -> float:
    return admin.get(f"/V1/products/{sku}").json()["extension_attributes"]["stock_item"]["qty"]


def orders_of(admin, email: str) -> int:
    r = admin.get("/V1/orders", params={"searchCriteria[filterGroups][0][filters][0][field]": "customer_email",
                                        "searchCriteria[filterGroups][0][filters][0][value]": email})
    assert r.status_code == 200, r.text
    return r.json()["total_count"]


def test_a_vetoed_guest_order_is_refused_and_nothing_is_written(admin, guest, vetoed, tee):
    masked = guest_cart(guest)
    base = f"/V1/guest-carts/{masked}"
    add(guest, base, tee["sku"], 1)
    add(guest, base, vetoed["sku"], 2)
    assert shipping_information(guest, base).status_code == 200
    email = f"{unique('veto')}@example.com"
    r = guest.post(f"{base}/payment-information", json={"email": email, "paymentMethod": {"method": "checkmo"},
                                                        "billingAddress": BILLING})
    error(r, 400, VETOED, [vetoed["sku"]])
    # nothing placed: the cart is active, stock untouched, no order, and the payment step rolled back too
    cart = guest.get(base).json()
    assert cart["is_active"] is True and cart.get("reserved_order_id") is None
    assert (stock(admin, tee["sku"]), stock(admin, vetoed["sku"])) == (10, 10)
    assert orders_of(admin, email) == 0
    assert guest.get(f"{base}/selected-payment-method").json() == {"method": None}
    # the other ways to place refuse too
    assert guest.put(f"{base}/selected-payment-method", json={"method": {"method": "checkmo"}}).status_code == 200
    error(guest.put(f"{base}/order"), 400, VETOED, [vetoed["sku"]])
    error(admin.put(f"/V1/carts/{cart['id']}/order"), 400, VETOED, [vetoed["sku"]])
    assert orders_of(admin, email) == 0 and guest.get(base).json()["is_active"] is True


def test_without_the_vetoed_product_the_order_is_placed(server, admin, vetoed, tee):
    _, token = new_customer(server)
    with server.client(token) as me:
        me.post("/V1/carts/mine")
        add(me, "/V1/carts/mine", vetoed["sku"], 1)
        shipping_information(me, "/V1/carts/mine")
        r = me.post("/V1/carts/mine/payment-information", json={"paymentMethod": {"method": "checkmo"},
                                                                 "billingAddress": BILLING})
        error(r, 400, VETOED, [vetoed["sku"]])
        item = me.get("/V1/carts/mine/items").json()[0]
        assert me.delete(f"/V1/carts/mine/items/{item['item_id']}").json() is True
        add(me, "/V1/carts/mine", tee["sku"], 1)
        r = me.post("/V1/carts/mine/payment-information", json={"paymentMethod": {"method": "checkmo"},
                                                                 "billingAddress": BILLING})
        assert r.status_code == 200, r.text
    assert admin.get(f"/V1/orders/{r.json()}").json()["items"][0]["sku"] == tee["sku"]
