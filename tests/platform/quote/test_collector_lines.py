"""Cart lines a totals collector adds (the test module's free gift): marked as the collector's, shown in
the cart's items and totals, in step with their condition, never merged with a paid line, not added
again once the customer removed them, and ordered like any other line."""
import pytest

from tests.helpers import new_customer
from tests.helpers.quote import ADDRESS, add, product, shipping_information

BILLING = {k: v for k, v in ADDRESS.items() if k != "region_code"}


@pytest.fixture
def gift_rule(server, admin_token):
    """A trigger product and a gift product; two trigger units bring one gift."""
    trigger = product(server, admin_token, price=20, qty=100)
    gift = product(server, admin_token, price=8, qty=50, name="Water Bottle")
    server.config("testmodule/gift/trigger_sku", trigger["sku"])
    server.config("testmodule/gift/gift_sku", gift["sku"])
    server.config("testmodule/gift/min_qty", "2")
    yield trigger, gift
    server.config("testmodule/gift/trigger_sku", "")


@pytest.fixture
def me(server):
    _, token = new_customer(server)
    with server.client(token) as c:
        c.post("/V1/carts/mine")
        yield c


def lines(client) -> list[tuple]:
    r = client.get("/V1/carts/mine/items")
    assert r.status_code == 200, r.text
    return [(i["sku"], i["qty"], i["price"], (i.get("extension_attributes") or {}).get("added_by"))
            for i in r.json()]


def set_qty(client, item_id: int, qty: float) -> None:
    r = client.put(f"/V1/carts/mine/items/{item_id}", json={"cartItem": {"qty": qty}})
    assert r.status_code == 200, r.text


def test_the_gift_comes_and_goes_with_its_condition(me, gift_rule):
    trigger, gift = gift_rule
    item = add(me, "/V1/carts/mine", trigger["sku"], 1)
    assert lines(me) == [(trigger["sku"], 1, 20, None)]
    set_qty(me, item["item_id"], 2)
    assert lines(me) == [(trigger["sku"], 2, 20, None), (gift["sku"], 1, 0, "vdtest_gift")]
    totals = me.get("/V1/carts/mine/totals").json()
    assert totals["subtotal"] == 40 and totals["items_qty"] == 3
    gift_total = next(i for i in totals["items"] if i["name"] == "Water Bottle")
    assert gift_total["row_total"] == 0 and gift_total["extension_attributes"] == {"added_by": "vdtest_gift"}
    cart = me.get("/V1/carts/mine").json()
    assert cart["items_count"] == 2
    # still the one gift after more changes: the collector's line is kept, not added twice
    set_qty(me, item["item_id"], 3)
    assert lines(me) == [(trigger["sku"], 3, 20, None), (gift["sku"], 1, 0, "vdtest_gift")]
    # the condition no longer holds: the gift goes
    set_qty(me, item["item_id"], 1)
    assert lines(me) == [(trigger["sku"], 1, 20, None)]
    assert me.get("/V1/carts/mine/totals").json()["items_qty"] == 1


def test_a_paid_line_of_the_gift_product_stays_apart(me, gift_rule):
    trigger, gift = gift_rule
    add(me, "/V1/carts/mine", trigger["sku"], 2)
    paid = add(me, "/V1/carts/mine", gift["sku"], 2)
    assert paid["price"] == 8 and "extension_attributes" not in paid
    assert sorted(lines(me), key=str) == sorted([(trigger["sku"], 2, 20, None), (gift["sku"], 1, 0, "vdtest_gift"),
                                                 (gift["sku"], 2, 8, None)], key=str)
    assert me.get("/V1/carts/mine/totals").json()["subtotal"] == 56


def test_a_removed_gift_is_not_added_again(me, gift_rule):
    trigger, gift = gift_rule
    item = add(me, "/V1/carts/mine", trigger["sku"], 2)
    gift_id = next(i["item_id"] for i in me.get("/V1/carts/mine/items").json() if i["sku"] == gift["sku"])
    r = me.delete(f"/V1/carts/mine/items/{gift_id}")
    assert r.status_code == 200 and r.json() is True
    assert lines(me) == [(trigger["sku"], 2, 20, None)]
    set_qty(me, item["item_id"], 4)
    assert lines(me) == [(trigger["sku"], 4, 20, None)]


def test_the_gift_is_ordered_and_takes_its_stock(server, admin, me, gift_rule):
    trigger, gift = gift_rule
    add(me, "/V1/carts/mine", trigger["sku"], 2)
    r = shipping_information(me, "/V1/carts/mine")
    assert r.status_code == 200, r.text
    assert r.json()["totals"]["grand_total"] == 55  # 40 + 3 units × 5.00 shipping; the gift is free
    r = me.post("/V1/carts/mine/payment-information", json={"paymentMethod": {"method": "checkmo"},
                                                             "billingAddress": BILLING})
    assert r.status_code == 200, r.text
    order = admin.get(f"/V1/orders/{r.json()}").json()
    assert sorted((i["sku"], i["qty_ordered"], i["price"]) for i in order["items"]) == sorted(
        [(trigger["sku"], 2, 20), (gift["sku"], 1, 0)])
    assert all(i["quote_item_id"] for i in order["items"])
    assert order["grand_total"] == 55
    stock = admin.get(f"/V1/products/{gift['sku']}").json()["extension_attributes"]["stock_item"]
    assert stock["qty"] == 49


def test_collectors_that_never_agree_cannot_hold_a_request(server, admin_token, me):
    """The test module's flip collector wants its line exactly while the line is absent: the cart still
    settles after a few passes, the request answers, and the stored totals match the stored lines."""
    tee = product(server, admin_token, price=10, qty=100)
    flip = product(server, admin_token, price=3, qty=100)
    server.config("testmodule/flip/sku", flip["sku"])
    try:
        add(me, "/V1/carts/mine", tee["sku"], 1)
        items = lines(me)
        # added, removed, added again: after the third change the lines stay as they are
        assert items == [(tee["sku"], 1, 10, None), (flip["sku"], 1, 3, "vdtest_flip")]
        totals = me.get("/V1/carts/mine/totals").json()
        assert totals["subtotal"] == sum(qty * price for _, qty, price, _ in items)
    finally:
        server.config("testmodule/flip/sku", "")
