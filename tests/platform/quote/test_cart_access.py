"""Who reaches which cart: admin routes, mine routes, guest routes."""
import pytest

from tests.helpers import new_customer
from tests.helpers.quote import ADDRESS, add, error, guest_cart, product

NO_SUCH = "No such entity with %fieldName = %fieldValue"
DENIED = "The consumer isn't authorized to access %resources."


@pytest.fixture(scope="module")
def tee(server, admin_token):
    return product(server, admin_token, price=20, qty=100)


def test_customer_cannot_reach_another_customers_cart(server, tee):
    _, alice_token = new_customer(server)
    _, bob_token = new_customer(server)
    with server.client(alice_token) as alice, server.client(bob_token) as bob:
        alice_cart = alice.post("/V1/carts/mine").json()
        add(alice, "/V1/carts/mine", tee["sku"], 1)
        bob_cart = bob.post("/V1/carts/mine").json()
        for method, path in [("GET", f"/V1/carts/{alice_cart}"), ("GET", f"/V1/carts/{alice_cart}/items"),
                             ("GET", f"/V1/carts/{alice_cart}/totals"), ("DELETE", f"/V1/carts/{alice_cart}/coupons"),
                             ("POST", f"/V1/carts/{alice_cart}/items"), ("PUT", f"/V1/carts/{alice_cart}/order"),
                             ("GET", "/V1/carts/search")]:
            error(bob.request(method, path, json={} if method in ("POST", "PUT") else None), 401, DENIED,
                  {"resources": "Magento_Cart::manage"})
        # P17: another cart's id in the body lands in the caller's own cart
        item = add(bob, "/V1/carts/mine", tee["sku"], 2, quote_id=str(alice_cart))
        assert item["quote_id"] == str(bob_cart)
        r = bob.post("/V1/carts/mine/items", json={"cartItem": {"sku": tee["sku"], "qty": 1}, "cartId": alice_cart,
                                                   "quoteId": alice_cart})
        assert r.json()["quote_id"] == str(bob_cart)
        alice_items = alice.get("/V1/carts/mine/items").json()
        assert [(i["sku"], i["qty"]) for i in alice_items] == [(tee["sku"], 1)]
        # an item id of another cart is not in the caller's cart
        error(bob.delete(f"/V1/carts/mine/items/{alice_items[0]['item_id']}"), 404,
              "The %1 Cart doesn't contain the %2 item.", [bob_cart, alice_items[0]["item_id"]])
        error(bob.put(f"/V1/carts/mine/items/{alice_items[0]['item_id']}", json={"cartItem": {"qty": 5}}), 404,
              "The %1 Cart doesn't contain the %2 item.", [bob_cart, alice_items[0]["item_id"]])
        assert alice.get("/V1/carts/mine/items").json()[0]["qty"] == 1


def test_guests_cannot_use_admin_or_mine_routes(guest):
    error(guest.get("/V1/carts/1"), 401, DENIED, {"resources": "Magento_Cart::manage"})
    error(guest.post("/V1/carts/mine"), 401, DENIED, {"resources": "self"})


def test_guest_cart_of_a_customer_is_closed_to_guests(server, guest, tee):
    masked = guest_cart(guest)
    add(guest, f"/V1/guest-carts/{masked}", tee["sku"], 1)
    _, token = new_customer(server)
    with server.client(token) as me:
        r = me.put(f"/V1/guest-carts/{masked}", json={"storeId": 1, "customerId": 999999})
        assert r.status_code == 200 and r.json() is True
        assert [i["qty"] for i in me.get("/V1/carts/mine/items").json()] == [1]
    error(guest.get(f"/V1/guest-carts/{masked}"), 404, NO_SUCH, {"fieldName": "cartId", "fieldValue": masked})


def test_assign_keeps_the_assigned_cart_and_deactivates_the_old_one(server, admin, guest, tee):
    customer, token = new_customer(server)
    with server.client(token) as me:
        own = me.post("/V1/carts/mine").json()
        add(me, "/V1/carts/mine", tee["sku"], 2)
        masked = guest_cart(guest)
        add(guest, f"/V1/guest-carts/{masked}", tee["sku"], 3)
        assigned = guest.get(f"/V1/guest-carts/{masked}").json()["id"]
        r = me.put(f"/V1/guest-carts/{masked}", json={"storeId": 1})
        assert r.status_code == 200 and r.json() is True
        # the guest cart is the customer's cart now, with the old cart's items merged in
        cart = me.get("/V1/carts/mine").json()
        assert cart["id"] == assigned != own and [i["qty"] for i in cart["items"]] == [5]
        assert me.get("/V1/carts/mine/totals").json()["subtotal"] == 100
        error(admin.get(f"/V1/carts/{own}"), 404, NO_SUCH, {"fieldName": "cartId", "fieldValue": str(own)})
    # the admin's assignment does the same
    _, token = new_customer(server)
    with server.client(token) as me:
        own = me.post("/V1/carts/mine").json()
        add(me, "/V1/carts/mine", tee["sku"], 1)
        me_id = me.get("/V1/customers/me").json()["id"]
        anonymous = admin.post("/V1/carts/").json()
        assert admin.put(f"/V1/carts/{anonymous}", json={"customerId": me_id, "storeId": 1}).json() is True
        cart = me.get("/V1/carts/mine").json()
        assert cart["id"] == anonymous and [i["qty"] for i in cart["items"]] == [1]
        error(admin.get(f"/V1/carts/{own}"), 404, NO_SUCH, {"fieldName": "cartId", "fieldValue": str(own)})
    with server.client(token) as me:
        masked = guest_cart(guest)
        error(me.put(f"/V1/guest-carts/{masked}", json={"storeId": 0}), 400,
              "The customer can't be assigned to the cart. The cart belongs to a different store.")


def test_guest_items_answer_the_masked_id(guest, tee):
    masked = guest_cart(guest)
    add(guest, f"/V1/guest-carts/{masked}", tee["sku"], 1)
    items = guest.get(f"/V1/guest-carts/{masked}/items").json()
    assert [i["quote_id"] for i in items] == [masked]


def test_admin_cart_routes(server, admin, tee):
    customer, token = new_customer(server)
    r = admin.post(f"/V1/customers/{customer['id']}/carts")
    assert r.status_code == 200, r.text
    cart_id = r.json()
    with server.client(token) as me:
        assert me.get("/V1/carts/mine").json()["id"] == cart_id
    item = admin.post(f"/V1/carts/{cart_id}/items", json={"cartItem": {"sku": tee["sku"], "qty": 1}}).json()
    assert item["quote_id"] == str(cart_id)
    r = admin.put(f"/V1/carts/{cart_id}/items/{item['item_id']}", json={"cartItem": {"qty": 4, "quote_id": "1"}})
    assert r.status_code == 200 and r.json()["qty"] == 4
    assert admin.get(f"/V1/carts/{cart_id}/totals").json()["grand_total"] == 80
    assert admin.get(f"/V1/carts/{cart_id}").json()["customer"]["id"] == customer["id"]
    r = admin.post(f"/V1/carts/{cart_id}/billing-address", json={"address": ADDRESS, "useForShipping": True})
    assert r.status_code == 200
    assert admin.get(f"/V1/carts/{cart_id}/shipping-methods").json()[0]["amount"] == 20
    anonymous = admin.post("/V1/carts/").json()
    assert isinstance(anonymous, int) and admin.get(f"/V1/carts/{anonymous}").json()["customer_is_guest"] is True
    error(admin.get("/V1/carts/999999"), 404, NO_SUCH, {"fieldName": "cartId", "fieldValue": "999999"})
    error(admin.put("/V1/carts/999999/items/1", json={"cartItem": {"qty": 1}}), 404, NO_SUCH,
          {"fieldName": "cartId", "fieldValue": "999999"})
    r = admin.get("/V1/carts/search", params={
        "searchCriteria[filterGroups][0][filters][0][field]": "customer_id",
        "searchCriteria[filterGroups][0][filters][0][value]": str(customer["id"])})
    assert r.status_code == 200, r.text
    found = r.json()
    assert found["total_count"] == 1 and found["items"][0]["id"] == cart_id
    assert found["items"][0]["items"][0]["qty"] == 4
    r = admin.get("/V1/carts/search", params={"searchCriteria[filterGroups][0][filters][0][field]": "nosuch",
                                              "searchCriteria[filterGroups][0][filters][0][value]": "1"})
    assert r.status_code == 400


def test_admin_assign_and_anonymous_check(server, admin, tee):
    customer, token = new_customer(server)
    cart_id = admin.post("/V1/carts/").json()
    r = admin.put(f"/V1/carts/{cart_id}", json={"customerId": customer["id"], "storeId": 1})
    assert r.status_code == 200 and r.json() is True
    with server.client(token) as me:
        assert me.get("/V1/carts/mine").json()["id"] == cart_id
    other, _ = new_customer(server)
    error(admin.put(f"/V1/carts/{cart_id}", json={"customerId": other["id"], "storeId": 1}), 400,
          "The customer can't be assigned to the cart because the cart isn't anonymous.")


def test_deleting_a_customer_deactivates_the_cart(server, admin, tee):
    customer, _ = new_customer(server)
    cart_id = admin.post(f"/V1/customers/{customer['id']}/carts").json()
    assert admin.delete(f"/V1/customers/{customer['id']}").status_code == 200
    error(admin.get(f"/V1/carts/{cart_id}"), 404, NO_SUCH, {"fieldName": "cartId", "fieldValue": str(cart_id)})


def test_estimate_by_saved_address(server, tee):
    customer, token = new_customer(server, addresses=[{
        "firstname": "Jane", "lastname": "Doe", "street": ["1 Main St"], "city": "Austin", "region_id": 57,
        "postcode": "78701", "country_id": "US", "telephone": "5125550100"}])
    other, _ = new_customer(server, addresses=[{
        "firstname": "Bob", "lastname": "Roe", "street": ["2 Side St"], "city": "Dallas", "region_id": 57,
        "postcode": "75201", "country_id": "US", "telephone": "2145550100"}])
    with server.client(token) as me:
        me.post("/V1/carts/mine")
        add(me, "/V1/carts/mine", tee["sku"], 3)
        r = me.post("/V1/carts/mine/estimate-shipping-methods-by-address-id",
                    json={"addressId": customer["addresses"][0]["id"]})
        assert r.status_code == 200, r.text
        assert [(m["carrier_code"], m["amount"]) for m in r.json()] == [("flatrate", 15)]
        for address_id in (other["addresses"][0]["id"], 999999):
            r = me.post("/V1/carts/mine/estimate-shipping-methods-by-address-id", json={"addressId": address_id})
            error(r, 404, NO_SUCH, {"fieldName": "addressId", "fieldValue": address_id})
