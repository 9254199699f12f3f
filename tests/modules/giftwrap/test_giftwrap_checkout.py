"""Gift wraps in checkout over HTTP: a shopper chooses wraps for cart items (the cart's
``extension_attributes.vdgiftwrap_items``), the cart's totals show them as their own segment, and the
placed order keeps the wraps with their prices."""
from contextlib import contextmanager

from tests.helpers import new_customer, ok, unique
from tests.helpers.quote import ADDRESS, add, product, shipping_information
from tests.helpers.store import store_view

BASE = "/V1/vendor_giftWrap/wrap"
MINE = "/V1/carts/mine"


def wrap(client, **fields) -> dict:
    body = {"store_id": 0, "name": unique("Wrap "), "status": 1, "price": 4.5, **fields}
    return ok(client.post(BASE, json={"wrap": body}))


def choose(me, *choices) -> object:
    return me.put(MINE, json={"quote": {"extension_attributes": {"vdgiftwrap_items": list(choices)}}})


@contextmanager
def cart_with(server, admin_token, *lines):
    """A customer's client with a new cart holding ``lines`` of (price, qty), and the cart items."""
    _, token = new_customer(server)
    with server.client(token) as me:
        ok(me.post(MINE))
        yield me, [add(me, MINE, product(server, admin_token, price=price)["sku"], qty) for price, qty in lines]


def segment(totals: dict, code: str = "vdgiftwrap") -> dict | None:
    return next((s for s in totals["total_segments"] if s["code"] == code), None)


def test_wraps_are_priced_into_the_cart_and_carried_onto_the_order(server, admin_token, admin):
    red, kraft = wrap(admin, price=4.5), wrap(admin, price=2.95)
    with cart_with(server, admin_token, (45, 2), (19.99, 1)) as (me, (tee, mug)):
        r = choose(me, {"item_id": tee["item_id"], "wrap_id": red["entity_id"], "gift_message": "Happy birthday!"},
                   {"item_id": mug["item_id"], "wrap_id": kraft["entity_id"], "is_receipt_hidden": 1})
        assert r.status_code == 200, r.text
        cart = ok(me.get(MINE))
        assert cart["extension_attributes"]["vdgiftwrap_items"] == [
            {"item_id": tee["item_id"], "wrap_id": red["entity_id"], "gift_message": "Happy birthday!",
             "is_receipt_hidden": 0},
            {"item_id": mug["item_id"], "wrap_id": kraft["entity_id"], "is_receipt_hidden": 1}]

        totals = ok(shipping_information(me, MINE))["totals"]
        # 2 x 4.50 + 1 x 2.95 = 11.95; flat rate 3 x 5.00; subtotal 2 x 45 + 19.99 = 109.99
        assert segment(totals) == {"code": "vdgiftwrap", "title": "Gift Wrap", "value": 11.95}
        codes = [s["code"] for s in totals["total_segments"]]
        assert codes.index("vdgiftwrap") == len(codes) - 2 and codes[-1] == "grand_total"
        assert (totals["subtotal"], totals["shipping_amount"], totals["grand_total"]) == (109.99, 15, 136.94)
        assert totals["extension_attributes"]["vdgiftwrap_amount"] == 11.95
        assert ok(me.get(f"{MINE}/totals"))["grand_total"] == 136.94

        order_id = ok(me.post(f"{MINE}/payment-information",
                              json={"paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS}))
    order = ok(admin.get(f"/V1/orders/{order_id}"))
    assert order["grand_total"] == 136.94
    ext = order["extension_attributes"]
    assert ext["vdgiftwrap_amount"] == 11.95
    assert ext["vdgiftwrap_items"] == [
        {"sku": tee["sku"], "wrap_id": red["entity_id"], "wrap_name": red["name"], "qty": 2,
         "gift_message": "Happy birthday!", "is_receipt_hidden": 0, "price": 4.5, "base_price": 4.5, "row_total": 9},
        {"sku": mug["sku"], "wrap_id": kraft["entity_id"], "wrap_name": kraft["name"], "qty": 1,
         "is_receipt_hidden": 1, "price": 2.95, "base_price": 2.95, "row_total": 2.95}]
    by_sku = {i["sku"]: i for i in order["items"]}
    assert by_sku[tee["sku"]]["extension_attributes"]["vdgiftwrap"]["wrap_id"] == red["entity_id"]
    assert by_sku[tee["sku"]]["extension_attributes"]["vdgiftwrap"]["row_total"] == "9.00"

    # the order keeps what it was sold with, whatever happens to the wraps later
    ok(admin.put(f"{BASE}/{red['entity_id']}", json={"wrap": {"price": 99}}))
    assert ok(admin.delete(f"{BASE}/{kraft['entity_id']}")) is True
    again = ok(admin.get(f"/V1/orders/{order_id}"))["extension_attributes"]
    assert again["vdgiftwrap_items"] == ext["vdgiftwrap_items"] and again["vdgiftwrap_amount"] == 11.95
    listed = ok(admin.get("/V1/orders", params={"searchCriteria[filter_groups][0][filters][0][field]": "entity_id",
                                                "searchCriteria[filter_groups][0][filters][0][value]": order_id}))
    assert listed["items"][0]["extension_attributes"]["vdgiftwrap_amount"] == 11.95


def test_the_cart_follows_its_items_and_the_wraps(server, admin_token, admin):
    red = wrap(admin, price=3.33)
    with cart_with(server, admin_token, (10, 3), (5, 1)) as (me, (tee, mug)):
        ok(choose(me, {"item_id": tee["item_id"], "wrap_id": red["entity_id"]},
                  {"item_id": mug["item_id"], "wrap_id": red["entity_id"]}))
        totals = ok(me.get(f"{MINE}/totals"))
        assert segment(totals)["value"] == 13.32 and totals["grand_total"] == 48.32   # 4 x 3.33 on 35.00

        # a quantity change re-prices the wrap of the item
        ok(me.put(f"{MINE}/items/{tee['item_id']}", json={"cartItem": {"qty": 1}}))
        totals = ok(me.get(f"{MINE}/totals"))
        assert segment(totals)["value"] == 6.66 and totals["grand_total"] == 21.66
        # an item that leaves the cart takes its wrap along
        assert ok(me.delete(f"{MINE}/items/{mug['item_id']}")) is True
        totals = ok(me.get(f"{MINE}/totals"))
        assert segment(totals)["value"] == 3.33 and totals["grand_total"] == 13.33
        # a wrap switched off is no longer charged; switched on again, it is
        ok(admin.put(f"{BASE}/{red['entity_id']}", json={"wrap": {"status": 0}}))
        ok(me.put(f"{MINE}/items/{tee['item_id']}", json={"cartItem": {"qty": 1}}))
        totals = ok(me.get(f"{MINE}/totals"))
        assert segment(totals) is None and totals["grand_total"] == 10
        ok(admin.put(f"{BASE}/{red['entity_id']}", json={"wrap": {"status": 1}}))
        ok(choose(me, {"item_id": tee["item_id"], "wrap_id": red["entity_id"]}))
        assert segment(ok(me.get(f"{MINE}/totals")))["value"] == 3.33
        # an empty list takes every wrap off
        ok(choose(me))
        totals = ok(me.get(f"{MINE}/totals"))
        assert segment(totals) is None and totals["grand_total"] == 10
        assert "vdgiftwrap_items" not in (ok(me.get(MINE)).get("extension_attributes") or {})
        # a deleted wrap leaves the carts that chose it
        ok(choose(me, {"item_id": tee["item_id"], "wrap_id": red["entity_id"]}))
        assert ok(admin.delete(f"{BASE}/{red['entity_id']}")) is True
        ok(me.put(f"{MINE}/items/{tee['item_id']}", json={"cartItem": {"qty": 2}}))
        totals = ok(me.get(f"{MINE}/totals"))
        assert segment(totals) is None and totals["grand_total"] == 20


def test_the_store_views_price_is_charged(server, admin_token, admin):
    german = store_view(server)
    red = wrap(admin, price=4)
    ok(admin.put(f"{BASE}/{red['entity_id']}", json={"wrap": {"store_id": german, "price": 6.5}}))
    _, token = new_customer(server)
    with server.client(token, store="de") as me:
        ok(me.post(MINE))
        tee = add(me, MINE, product(server, admin_token, price=10)["sku"], 2)
        ok(choose(me, {"item_id": tee["item_id"], "wrap_id": red["entity_id"]}))
        assert segment(ok(me.get(f"{MINE}/totals")))["value"] == 13


def test_choice_errors_write_nothing(server, admin_token, admin):
    red, off = wrap(admin), wrap(admin, status=0)
    with cart_with(server, admin_token, (10, 1)) as (me, (tee,)):
        ok(choose(me, {"item_id": tee["item_id"], "wrap_id": red["entity_id"]}))
        cases = [
            ({"item_id": 999999, "wrap_id": red["entity_id"]}, 404,
             'The cart doesn\'t contain the item with ID "%1".', [999999]),
            ({"item_id": tee["item_id"], "wrap_id": 999999}, 404, 'Wrap with specified ID "%1" not found.', [999999]),
            ({"item_id": tee["item_id"], "wrap_id": off["entity_id"]}, 400,
             'The wrap with ID "%1" is not available.', [off["entity_id"]]),
            ({"wrap_id": red["entity_id"]}, 400, '"%fieldName" is required. Enter and try again.',
             {"fieldName": "item_id"}),
            ({"item_id": tee["item_id"]}, 400, '"%fieldName" is required. Enter and try again.',
             {"fieldName": "wrap_id"}),
            ({"item_id": tee["item_id"], "wrap_id": red["entity_id"], "is_receipt_hidden": 5}, 400,
             'Invalid value of "%value" provided for the %fieldName field.',
             {"value": 5, "fieldName": "is_receipt_hidden"}),
        ]
        for choice, status, message, parameters in cases:
            r = choose(me, choice)
            assert r.status_code == status, (choice, r.text)
            assert (r.json()["message"], r.json()["parameters"]) == (message, parameters)
        r = choose(me, {"item_id": tee["item_id"], "wrap_id": "red"})
        assert r.status_code == 400
        r = choose(me, {"item_id": tee["item_id"], "wrap_id": red["entity_id"], "ribbon": "gold"})
        assert r.status_code == 400
        # the earlier choice stands
        assert ok(me.get(MINE))["extension_attributes"]["vdgiftwrap_items"] == [
            {"item_id": tee["item_id"], "wrap_id": red["entity_id"], "is_receipt_hidden": 0}]
        assert segment(ok(me.get(f"{MINE}/totals")))["value"] == 4.5


CARDS = "/V1/vendor_giftWrap/messageCard"


def test_a_message_card_is_charged_once_per_wrapped_item(server, admin_token, admin):
    red = wrap(admin, price=2)
    card = ok(admin.post(CARDS, json={"card": {"name": unique("Card "), "status": 1, "price": 0.99}}))
    off = ok(admin.post(CARDS, json={"card": {"name": unique("Card "), "status": 0, "price": 5}}))
    with cart_with(server, admin_token, (10, 3)) as (me, (tee,)):
        for card_id, status, message in ((999999, 404, 'Message card with specified ID "%1" not found.'),
                                         (off["entity_id"], 400, 'The message card with ID "%1" is not available.')):
            r = choose(me, {"item_id": tee["item_id"], "wrap_id": red["entity_id"], "card_id": card_id})
            assert r.status_code == status and r.json()["message"] == message and r.json()["parameters"] == [card_id]
        ok(choose(me, {"item_id": tee["item_id"], "wrap_id": red["entity_id"], "card_id": card["entity_id"],
                       "gift_message": "With love"}))
        assert ok(me.get(MINE))["extension_attributes"]["vdgiftwrap_items"][0]["card_id"] == card["entity_id"]
        totals = ok(shipping_information(me, MINE))["totals"]
        assert segment(totals)["value"] == 6.99            # 3 x 2.00 + 0.99
        assert totals["grand_total"] == 51.99              # 30 + 15 shipping + 6.99
        order_id = ok(me.post(f"{MINE}/payment-information",
                              json={"paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS}))
    wrapped = ok(admin.get(f"/V1/orders/{order_id}"))["extension_attributes"]["vdgiftwrap_items"]
    assert wrapped == [{"sku": tee["sku"], "wrap_id": red["entity_id"], "wrap_name": red["name"], "qty": 3,
                        "card_id": card["entity_id"], "card_name": card["name"], "gift_message": "With love",
                        "is_receipt_hidden": 0, "price": 2, "base_price": 2, "card_price": 0.99,
                        "base_card_price": 0.99, "row_total": 6.99}]

    # a deleted card leaves the wrap on the carts that chose it
    with cart_with(server, admin_token, (10, 1)) as (me, (tee,)):
        ok(choose(me, {"item_id": tee["item_id"], "wrap_id": red["entity_id"], "card_id": card["entity_id"]}))
        assert segment(ok(me.get(f"{MINE}/totals")))["value"] == 2.99
        assert ok(admin.delete(f"{CARDS}/{card['entity_id']}")) is True
        ok(me.put(f"{MINE}/items/{tee['item_id']}", json={"cartItem": {"qty": 1}}))
        assert segment(ok(me.get(f"{MINE}/totals")))["value"] == 2
        assert ok(me.get(MINE))["extension_attributes"]["vdgiftwrap_items"] == [
            {"item_id": tee["item_id"], "wrap_id": red["entity_id"], "is_receipt_hidden": 0}]
