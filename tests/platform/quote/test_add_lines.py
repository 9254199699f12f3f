"""Many lines into a cart at once (``quote.carts.add_lines``), through the test module's route: every
line checked as ``POST .../items`` checks an item, counting the cart and the earlier lines; one refused
line and nothing is written; otherwise one item per product and options, the totals collected."""
from tests.helpers import ok, unique
from tests.helpers.quote import add, guest_cart, product


def test_all_lines_or_none(server, admin_token, admin, guest):
    five = product(server, admin_token, price=10, qty=5)
    many = product(server, admin_token, price=3, qty=100, extension_attributes={"stock_item": {
        "qty": 100, "is_in_stock": True, "use_config_min_sale_qty": False, "min_sale_qty": 2}})
    off = product(server, admin_token, price=1, qty=10, status=2)
    masked = guest_cart(guest)
    base = f"/V1/guest-carts/{masked}"
    add(guest, base, five["sku"], 2)
    cart_id = ok(guest.get(base))["id"]
    path = f"/V1/vdtest/carts/{cart_id}/lines"
    before = ok(guest.get(f"{base}/totals"))
    refused = ok(admin.post(path, json={
        "skus": [five["sku"], "", unique("nope-"), many["sku"], off["sku"], five["sku"], many["sku"], five["sku"]],
        "qtys": [2, 1, 1, 1, 1, 0, 3, 2]}))
    assert refused == [
        '2: "sku" is required. Enter and try again.',
        "3: The product that was requested doesn't exist. Verify the product and try again.",
        "4: The fewest you may purchase is 2.",
        "5: Product that you are trying to add is not available.",
        '6: Invalid value of "0" provided for the qty field.',
        "8: The requested qty is not available"]          # 2 in the cart + 2 (line 1) + 2 > 5
    assert ok(guest.get(f"{base}/totals")) == before
    assert [(i["sku"], i["qty"]) for i in ok(guest.get(f"{base}/items"))] == [(five["sku"], 2)]

    ids = ok(admin.post(path, json={"skus": [many["sku"], five["sku"], many["sku"]], "qtys": [2, 3, 4]}))
    items = ok(guest.get(f"{base}/items"))
    assert [(i["sku"], i["qty"]) for i in items] == [(five["sku"], 5), (many["sku"], 6)]
    by_sku = {i["sku"]: str(i["item_id"]) for i in items}
    assert ids == [by_sku[many["sku"]], by_sku[five["sku"]], by_sku[many["sku"]]]
    assert ok(guest.get(f"{base}/totals"))["subtotal"] == 5 * 10 + 6 * 3
