"""Stock items over HTTP: read, update, status, low stock, and backorders through a cart and an order."""
import concurrent.futures

from tests.helpers.quote import ADDRESS, add, error, guest_cart, product, shipping_information

NO_SKU = 'The Product with the "%1" SKU doesn\'t exist.'


def place(client, cart: str):
    assert shipping_information(client, f"/V1/guest-carts/{cart}").status_code == 200
    return client.post(f"/V1/guest-carts/{cart}/payment-information", json={
        "email": "stock.buyer@example.com", "paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS})


def test_get_update_and_status(admin, server, admin_token):
    p = product(server, admin_token, qty=7)
    r = admin.get(f"/V1/stockItems/{p['sku']}")
    assert r.status_code == 200, r.text
    item = r.json()
    assert (item["item_id"], item["product_id"], item["qty"], item["is_in_stock"]) == (p["id"], p["id"], 7, True)
    assert (item["backorders"], item["manage_stock"], item["min_sale_qty"], item["max_sale_qty"]) == (0, True, 1, 10000)
    r = admin.put(f"/V1/products/{p['sku']}/stockItems/{item['item_id']}",
                  json={"stockItem": {"qty": 3, "backorders": 1, "min_sale_qty": 2, "max_sale_qty": 5}})
    assert r.status_code == 200 and r.json() == p["id"], r.text
    item = admin.get(f"/V1/stockItems/{p['sku']}").json()
    assert (item["qty"], item["backorders"], item["use_config_backorders"]) == (3, 1, False)
    assert (item["min_sale_qty"], item["use_config_min_sale_qty"], item["max_sale_qty"]) == (2, False, 5)
    assert admin.get(f"/V1/products/{p['sku']}").json()["extension_attributes"]["stock_item"]["backorders"] == 1
    status = admin.get(f"/V1/stockStatuses/{p['sku']}").json()
    assert (status["product_id"], status["qty"], status["stock_status"]) == (p["id"], 3, 1)
    assert status["stock_item"]["backorders"] == 1
    # a stock item read may be sent back as it is
    r = admin.put(f"/V1/products/{p['sku']}/stockItems/{item['item_id']}", json={"stockItem": {**item, "qty": 4}})
    assert r.status_code == 200, r.text
    assert admin.get(f"/V1/stockItems/{p['sku']}").json() == {**item, "qty": 4}
    # back to the configuration's value
    admin.put(f"/V1/products/{p['sku']}/stockItems/1", json={"stockItem": {"use_config_backorders": True}})
    assert admin.get(f"/V1/stockItems/{p['sku']}").json()["backorders"] == 0


def test_bad_input(admin, server, admin_token):
    p = product(server, admin_token)
    error(admin.get("/V1/stockItems/no-such-sku"), 404, NO_SKU, ["no-such-sku"])
    error(admin.get("/V1/stockStatuses/no-such-sku"), 404, NO_SKU, ["no-such-sku"])
    error(admin.put("/V1/products/no-such-sku/stockItems/1", json={"stockItem": {"qty": 1}}), 404, NO_SKU)
    invalid = 'Invalid value of "%value" provided for the %fieldName field.'
    error(admin.put(f"/V1/products/{p['sku']}/stockItems/1", json={"stockItem": {"backorders": 3}}), 400, invalid,
          {"value": 3, "fieldName": "backorders"})
    error(admin.put(f"/V1/products/{p['sku']}/stockItems/1", json={"stockItem": {"min_sale_qty": 0}}), 400, invalid)
    error(admin.put(f"/V1/products/{p['sku']}/stockItems/1",
                    json={"stockItem": {"min_sale_qty": 5, "max_sale_qty": 2}}), 400, invalid)
    r = admin.put(f"/V1/products/{p['sku']}/stockItems/1", json={"stockItem": {"qty": "many"}})
    assert r.status_code == 400 and "message" in r.json()


def test_low_stock(admin, server, admin_token):
    low = product(server, admin_token, qty=0.5)
    plenty = product(server, admin_token, qty=500)
    r = admin.get("/V1/stockItems/lowStock/", params={"scopeId": 0, "qty": 1, "pageSize": 1000})
    assert r.status_code == 200, r.text
    ids = [i["product_id"] for i in r.json()["items"]]
    assert low["id"] in ids and plenty["id"] not in ids
    assert r.json()["total_count"] >= 1
    page = admin.get("/V1/stockItems/lowStock/", params={"scopeId": 0, "qty": 1, "pageSize": 1}).json()
    assert len(page["items"]) == 1 and page["total_count"] == r.json()["total_count"]
    error(admin.get("/V1/stockItems/lowStock/", params={"scopeId": 0}), 400, '"%fieldName" is required. Enter and try again.')


def test_backorders_let_a_cart_and_an_order_go_below_zero(admin, server, admin_token, guest):
    p = product(server, admin_token, qty=2)
    cart = guest_cart(guest)
    error(guest.post(f"/V1/guest-carts/{cart}/items", json={"cartItem": {"sku": p["sku"], "qty": 5}}), 400,
          "The requested qty is not available")
    admin.put(f"/V1/products/{p['sku']}/stockItems/1", json={"stockItem": {"backorders": 1}})
    add(guest, f"/V1/guest-carts/{cart}", p["sku"], 5)
    r = place(guest, cart)
    assert r.status_code == 200, r.text
    item = admin.get(f"/V1/stockItems/{p['sku']}").json()
    assert item["qty"] == -3 and item["is_in_stock"] is True


def test_sale_limits_and_unmanaged_stock(admin, server, admin_token, guest):
    p = product(server, admin_token, qty=100)
    admin.put(f"/V1/products/{p['sku']}/stockItems/1", json={"stockItem": {"min_sale_qty": 2, "max_sale_qty": 4}})
    cart = guest_cart(guest)
    error(guest.post(f"/V1/guest-carts/{cart}/items", json={"cartItem": {"sku": p["sku"], "qty": 1}}), 400,
          "The fewest you may purchase is %1.", ["2"])
    error(guest.post(f"/V1/guest-carts/{cart}/items", json={"cartItem": {"sku": p["sku"], "qty": 5}}), 400,
          "The requested qty exceeds the maximum qty allowed in shopping cart")
    add(guest, f"/V1/guest-carts/{cart}", p["sku"], 3)
    # stock not managed: no check and no deduction
    q = product(server, admin_token, qty=0)
    admin.put(f"/V1/products/{q['sku']}/stockItems/1", json={"stockItem": {"manage_stock": False}})
    cart = guest_cart(guest)
    add(guest, f"/V1/guest-carts/{cart}", q["sku"], 9)
    assert place(guest, cart).status_code == 200
    assert admin.get(f"/V1/stockItems/{q['sku']}").json()["qty"] == 0


def test_configured_backorders_apply_to_items_that_use_the_configuration(admin, server, admin_token, guest):
    p = product(server, admin_token, qty=1)
    server.cli("config", "set", "cataloginventory/item_options/backorders", "2")
    try:
        assert admin.get(f"/V1/stockItems/{p['sku']}").json()["backorders"] == 2
        cart = guest_cart(guest)
        add(guest, f"/V1/guest-carts/{cart}", p["sku"], 3)
        assert place(guest, cart).status_code == 200
        assert admin.get(f"/V1/stockItems/{p['sku']}").json()["qty"] == -2
    finally:
        server.cli("config", "set", "cataloginventory/item_options/backorders", "0")


def test_last_unit_without_backorders_is_sold_once(server, admin_token):
    p = product(server, admin_token, qty=1)
    carts = []
    for _ in range(2):
        with server.client() as c:
            cart = guest_cart(c)
            add(c, f"/V1/guest-carts/{cart}", p["sku"], 1)
            assert shipping_information(c, f"/V1/guest-carts/{cart}").status_code == 200
            carts.append(cart)

    def buy(cart):
        with server.client() as c:
            return c.post(f"/V1/guest-carts/{cart}/payment-information", json={
                "email": "race@example.com", "paymentMethod": {"method": "checkmo"},
                "billingAddress": ADDRESS}).status_code

    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        codes = sorted(pool.map(buy, carts))
    assert codes == [200, 400]
    with server.client(admin_token) as c:
        item = c.get(f"/V1/stockItems/{p['sku']}").json()
    assert item["qty"] == 0 and item["is_in_stock"] is False
