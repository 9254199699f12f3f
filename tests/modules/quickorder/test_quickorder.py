"""Quick Order over HTTP: the search, the paste format, the line checks and the all-or-nothing add."""
import pytest

from tests.helpers import new_customer, ok, unique
from tests.helpers.quote import add, error, guest_cart, product

REQUIRED = '"%fieldName" is required. Enter and try again.'
UNAUTHORIZED = "The consumer isn't authorized to access %resources."
NOT_AVAILABLE = "Quick Order is not available."


@pytest.fixture(scope="module")
def enabled(server):
    server.config("vendor_quickorder/general/enabled", "1")
    yield
    server.config("vendor_quickorder/general/enabled", "0")


@pytest.fixture(scope="module")
def shelf(server, admin_token):
    """Products of one unique word: a bag (stock 5), a bottle (stock 100, max sale 10), a disabled one
    and an out-of-stock one."""
    word = unique("qo").lower()
    return {
        "word": word,
        "bag": product(server, admin_token, price=34, qty=5, sku=f"{word}-mb01", name=f"Joust Duffle Bag {word}"),
        "bottle": product(server, admin_token, price=7, qty=100, sku=f"{word}-ug06", name=f"Fusion Water Bottle {word}",
                          extension_attributes={"stock_item": {"qty": 100, "is_in_stock": True,
                                                               "use_config_max_sale_qty": False,
                                                               "max_sale_qty": 10}}),
        "off": product(server, admin_token, price=9, qty=10, status=2, sku=f"{word}-off", name=f"Off {word}"),
        "gone": product(server, admin_token, price=9, qty=0, sku=f"{word}-gone", name=f"Gone {word}"),
    }


def test_search_orders_by_sku_then_name(server, admin_token, guest, shelf):
    word = shelf["word"]
    exact = product(server, admin_token, price=1234.5, qty=3, sku=word, name=f"Zulu {word}",
                    custom_attributes=[{"attribute_code": "image", "value": "/m/b/mb01-blue-0.jpg"}])
    product(server, admin_token, price=5, qty=3, sku=f"{word}-hidden", name=f"Hidden {word}", visibility=1)
    found = ok(guest.get("/V1/vendor_quickorder/search", params={"searchTerm": f"  {word.upper()} "}))
    assert [p["sku"] for p in found] == [word, shelf["bottle"]["sku"], shelf["bag"]["sku"]]
    assert found[0] == {"id": exact["id"], "sku": word, "name": f"Zulu {word}",
                        "price": '<span class="price">$1,234.50</span>',
                        "image": found[0]["image"], "type_id": "simple"}
    assert found[0]["image"].endswith("/catalog/product/m/b/mb01-blue-0.jpg")
    assert found[1]["image"].endswith("/catalog/product/placeholder/small_image.jpg")
    assert found[1]["price"] == '<span class="price">$7.00</span>' and "qty" not in found[1]
    # every word must match, in the SKU or the name; two words order by name only
    assert [p["sku"] for p in ok(guest.get("/V1/vendor_quickorder/search",
                                           params={"searchTerm": f"{word} bottle"}))] == [shelf["bottle"]["sku"]]
    assert [p["name"] for p in ok(guest.get("/V1/vendor_quickorder/search", params={"searchTerm": f"u {word}"}))] \
        == [f"Fusion Water Bottle {word}", f"Joust Duffle Bag {word}", f"Zulu {word}"]
    assert ok(guest.get("/V1/vendor_quickorder/search", params={"searchTerm": f"{word}%_"})) == []
    server.config("vendor_quickorder/general/search_max_results", "2")
    try:
        assert len(ok(guest.get("/V1/vendor_quickorder/search", params={"searchTerm": word}))) == 2
    finally:
        server.config("vendor_quickorder/general/search_max_results", "10")


def test_search_term_limits(server, guest):
    error(guest.get("/V1/vendor_quickorder/search"), 400, REQUIRED, {"fieldName": "searchTerm"})
    error(guest.get("/V1/vendor_quickorder/search", params={"searchTerm": "   "}), 400, REQUIRED,
          {"fieldName": "searchTerm"})
    error(guest.get("/V1/vendor_quickorder/search", params={"searchTerm": "ba"}), 400,
          "Minimum Search query length is %1", [3])
    error(guest.get("/V1/vendor_quickorder/search", params={"searchTerm": "b" * 129}), 400,
          "Maximum Search query length is %1", [128])
    server.config("catalog/search/min_query_length", "5")
    try:
        error(guest.get("/V1/vendor_quickorder/search", params={"searchTerm": "bags"}), 400,
              "Minimum Search query length is %1", [5])
    finally:
        server.config("catalog/search/min_query_length", None)


def test_parse(guest):
    r = ok(guest.post("/V1/vendor_quickorder/parse", json={
        "multipleSku": "sku,qty\n24-MB01,2\n24-WG085\tqty:3\n\n24-UG06\n\"AB,12\",1,Color:Red"}))
    assert r == [{"sku": "24-MB01", "qty": 2, "options": [], "position": 1},
                 {"sku": "24-WG085", "qty": 3, "options": [], "position": 2},
                 {"sku": "24-UG06", "qty": 1, "options": [], "position": 3},
                 {"sku": "AB,12", "qty": 1, "options": ["Color:Red"], "position": 4}]
    r = ok(guest.post("/V1/vendor_quickorder/parse", json={
        "multiple_sku": "# a comment\r\nA, QTY=-2 ,,Size:M\rB,1e1\nC,2.5\n\"Q\"\"T\",Red, Blue"}))
    assert r == [{"sku": "A", "qty": -2, "options": ["Size:M"], "position": 1},
                 {"sku": "B", "qty": 1, "options": ["1e1"], "position": 2},
                 {"sku": "C", "qty": 2.5, "options": [], "position": 3},
                 {"sku": 'Q"T', "qty": 1, "options": ["Red", "Blue"], "position": 4}]
    error(guest.post("/V1/vendor_quickorder/parse", json={}), 400, REQUIRED, {"fieldName": "multipleSku"})
    for text in ("", "\n \n# nothing\n", "SKU,qty"):
        error(guest.post("/V1/vendor_quickorder/parse", json={"multipleSku": text}), 400,
              "Input with products was not provided.")
    error(guest.post("/V1/vendor_quickorder/parse", json={"multipleSku": "\n".join(["A"] * 501)}), 400,
          "You can send up to %1 lines at once.", [500])
    assert len(ok(guest.post("/V1/vendor_quickorder/parse", json={"multipleSku": "\n".join(["A"] * 500)}))) == 500


def test_validate(guest, shelf):
    bag, bottle, off, gone = shelf["bag"], shelf["bottle"], shelf["off"], shelf["gone"]
    r = ok(guest.post("/V1/vendor_quickorder/validate", json={"items": [
        {"sku": f" {bag['sku']} ", "qty": 3, "position": 77}, {"sku": "", "qty": 1}, {"sku": "nope-" + bag["sku"]},
        {"sku": off["sku"], "qty": 1}, {"sku": gone["sku"], "qty": 1}, {"sku": bottle["sku"], "qty": 0},
        {"sku": bottle["sku"], "qty": 101}, {"sku": bag["sku"], "qty": 3}, {"sku": bag["sku"], "qty": 2},
        {"sku": bottle["sku"], "qty": 11}, {"sku": bottle["sku"], "qty": -1.5}]}))
    assert [(x["position"], x["status"], x["message"]) for x in r] == [
        (1, 0, ""), (2, 2, '"sku" is required. Enter and try again.'), (3, 2, "Product doesn't exist"),
        (4, 2, "Disabled"), (5, 2, "Out of stock"), (6, 2, 'Invalid value of "0" provided for the qty field.'),
        (7, 2, "The maximum quantity to add is 100."), (8, 2, "The requested qty is not available"),
        (9, 0, ""), (10, 2, "The requested qty exceeds the maximum qty allowed in shopping cart"),
        (11, 2, 'Invalid value of "-1.5" provided for the qty field.')]
    assert r[0] == {"position": 1, "sku": bag["sku"], "qty": 3, "status": 0, "message": "",
                    "product_id": bag["id"], "product_name": bag["name"]}
    assert r[2]["product_id"] is None and r[2]["product_name"] is None and r[2]["qty"] == 1
    assert r[3]["product_id"] == off["id"]
    error(guest.post("/V1/vendor_quickorder/validate", json={}), 400, REQUIRED, {"fieldName": "items"})
    error(guest.post("/V1/vendor_quickorder/validate", json={"items": []}), 400, REQUIRED, {"fieldName": "items"})
    assert guest.post("/V1/vendor_quickorder/validate", json={"items": [{"sku": "A", "colour": 1}]}).status_code == 400
    assert guest.post("/V1/vendor_quickorder/validate", json={"items": [{"sku": "A", "qty": "many"}]}).status_code \
        == 400
    error(guest.post("/V1/vendor_quickorder/validate", json={"items": [{"sku": "A"}] * 501}), 400,
          "You can send up to %1 lines at once.", [500])


def _cart(client, base: str) -> tuple[list, dict]:
    return ([(i["sku"], i["qty"]) for i in ok(client.get(f"{base}/items"))], ok(client.get(f"{base}/totals")))


def test_add_to_the_customers_cart_all_or_nothing(server, enabled, shelf):
    bag, bottle = shelf["bag"], shelf["bottle"]
    customer, token = new_customer(server)
    path = "/V1/carts/mine/vdquickorder/add"
    with server.client(token) as me:
        error(me.post(path, json={"items": [{"sku": bag["sku"]}]}), 404,
              "Current customer does not have an active cart.")
        ok(me.post("/V1/carts/mine"))
        add(me, "/V1/carts/mine", bag["sku"], 2)
        before = _cart(me, "/V1/carts/mine")
        r = ok(me.post(path, json={"items": [{"sku": bottle["sku"], "qty": 2}, {"sku": "NOPE-" + bag["sku"]},
                                             {"sku": bag["sku"], "qty": 4}], "cartId": 1}))
        assert r == {"success": False, "added_count": 0, "product_ids": [], "message": "", "errors": [
            {"position": 2, "sku": "NOPE-" + bag["sku"], "qty": 1, "status": 2, "message": "Product doesn't exist",
             "product_id": None, "product_name": None},
            {"position": 3, "sku": bag["sku"], "qty": 4, "status": 2, "message": "The requested qty is not available",
             "product_id": bag["id"], "product_name": bag["name"]}]}
        assert _cart(me, "/V1/carts/mine") == before
        r = ok(me.post(path, json={"items": [{"sku": bottle["sku"], "qty": 2}, {"sku": bag["sku"], "qty": 3},
                                             {"sku": bottle["sku"], "qty": 1}]}))
        assert r == {"success": True, "added_count": 3, "product_ids": [bottle["id"], bag["id"], bottle["id"]],
                     "message": "3 items were added successfully.", "errors": []}
        items, totals = _cart(me, "/V1/carts/mine")
        assert sorted(items) == sorted([(bag["sku"], 5), (bottle["sku"], 3)])
        assert totals["subtotal"] == 5 * 34 + 3 * 7
        r = ok(me.post(path, json={"multipleSku": f"{bottle['sku']}\t1"}))
        assert r["message"] == "1 item was added successfully." and r["product_ids"] == [bottle["id"]]
        # the lines are the cart's own: removable as any other
        for item in ok(me.get("/V1/carts/mine/items")):
            assert ok(me.delete(f"/V1/carts/mine/items/{item['item_id']}")) is True
        error(me.post(path, json={"items": [{"sku": bag["sku"]}], "multipleSku": "x"}), 400,
              'Send either "%1" or "%2", not both.', ["items", "multipleSku"])
        error(me.post(path, json={}), 400, REQUIRED, {"fieldName": "items"})
        error(me.post(path, json={"items": []}), 400, REQUIRED, {"fieldName": "items"})
        error(me.post(path, json={"multipleSku": "\n"}), 400, "Input with products was not provided.")
        server.config("vendor_quickorder/general/disabled_customer_groups", f"0, {customer['group_id']},99")
        try:
            error(me.post(path, json={"items": [{"sku": bag["sku"]}]}), 400, NOT_AVAILABLE)
        finally:
            server.config("vendor_quickorder/general/disabled_customer_groups", "")
    with server.client() as anonymous:
        error(anonymous.post(path, json={"items": [{"sku": bag["sku"]}]}), 401, UNAUTHORIZED, {"resources": "self"})


def test_add_to_a_guest_cart(server, guest, enabled, shelf):
    bag, bottle = shelf["bag"], shelf["bottle"]
    masked = guest_cart(guest)
    path = f"/V1/guest-carts/{masked}/vdquickorder/add"
    r = ok(guest.post(path, json={"multipleSku": f"{bag['sku']},2\n{bottle['sku']}"}))
    assert r == {"success": True, "added_count": 2, "product_ids": [bag["id"], bottle["id"]],
                 "message": "2 items were added successfully.", "errors": []}
    assert ok(guest.get(f"/V1/guest-carts/{masked}/totals"))["subtotal"] == 2 * 34 + 7
    server.config("vendor_quickorder/general/disabled_customer_groups", "0")
    try:
        error(guest.post(path, json={"items": [{"sku": bag["sku"]}]}), 400, NOT_AVAILABLE)
    finally:
        server.config("vendor_quickorder/general/disabled_customer_groups", "")
    unknown = "z" * 32
    error(guest.post(f"/V1/guest-carts/{unknown}/vdquickorder/add", json={"items": [{"sku": bag["sku"]}]}), 404,
          "No such entity with %fieldName = %fieldValue", {"fieldName": "cartId", "fieldValue": unknown})


def test_add_answers_only_while_on(server, guest, shelf):
    server.config("vendor_quickorder/general/enabled", "0")
    masked = guest_cart(guest)
    error(guest.post(f"/V1/guest-carts/{masked}/vdquickorder/add", json={"items": [{"sku": shelf["bag"]["sku"]}]}),
          400, NOT_AVAILABLE)
    # search, parse and validate answer regardless
    assert guest.post("/V1/vendor_quickorder/parse", json={"multipleSku": "A"}).status_code == 200
