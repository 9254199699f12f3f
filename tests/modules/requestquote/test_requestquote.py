"""Request a quote over HTTP: a cart becomes a quote request, is negotiated, approved and ordered at the
agreed prices; expiry (by route and by the scheduled job); notes; the remark; search."""
import datetime as dt

import pytest
import sqlalchemy as sa

from tests.helpers import limited_admin, new_customer, ok
from tests.helpers.queue import wait_for
from tests.helpers.quote import ADDRESS, add, error, product, shipping_information

SEARCH = "/V1/vendor_quote/search"


def _filter(field, value, condition="eq"):
    return {"searchCriteria[filter_groups][0][filters][0][field]": field,
            "searchCriteria[filter_groups][0][filters][0][value]": value,
            "searchCriteria[filter_groups][0][filters][0][condition_type]": condition}


@pytest.fixture(scope="module")
def products(server, admin_token):
    return product(server, admin_token, price=45), product(server, admin_token, price=19.99)


def _quote(server, products, remark=None, qtys=(3, 2)):
    """A customer's cart with two lines submitted as a quote request: (customer, token, quote id, items)."""
    customer, token = new_customer(server, firstname="Veronica", lastname="Costello")
    with server.client(token) as me:
        me.post("/V1/carts/mine")
        items = [add(me, "/V1/carts/mine", p["sku"], q) for p, q in zip(products, qtys)]
        quote_id = ok(me.post("/V1/vendor_quote/mine/submit", json={"remark": remark} if remark else {}))
    return customer, token, quote_id, items


def _found(admin, quote_id):
    page = ok(admin.get(SEARCH, params=_filter("quote_id", quote_id)))
    assert page["total_count"] == 1
    return page["items"][0]


def test_quote_is_ordered_at_the_negotiated_prices(server, admin, products):
    customer, token = new_customer(server, firstname="Veronica", lastname="Costello")
    with server.client(token) as me:
        cart_id = ok(me.post("/V1/carts/mine"))
        items = [add(me, "/V1/carts/mine", products[0]["sku"], 3), add(me, "/V1/carts/mine", products[1]["sku"], 2)]
        assert ok(me.put("/V1/vendor_quote/updateRemark", json={"remark": "  Please quote for 500 units.  "})) == []
        cart = ok(me.get("/V1/carts/mine"))
        assert cart["extension_attributes"]["vendor_quote"]["status"] == 0
        assert cart["extension_attributes"]["vendor_quote"]["customer_note"] == "Please quote for 500 units."

        quote_id = ok(me.post("/V1/vendor_quote/mine/submit", json={}))
        assert quote_id == cart_id
        assert ok(me.post("/V1/carts/mine")) != cart_id          # the quote cart is closed: a fresh one
        fresh = ok(me.get("/V1/carts/mine"))
        assert fresh["items"] == [] and "vendor_quote" not in (fresh.get("extension_attributes") or {})
        mine = ok(me.get("/V1/vendor_quote/mine/list"))
        assert [(q["id"], q["status"]) for q in mine["items"]] == [(quote_id, 1)] and mine["total_count"] == 1

    quote = _found(admin, quote_id)
    assert (quote["id"], quote["status"], quote["is_active"], quote["shipping_configure"]) == (quote_id, 1, False, False)
    assert quote["items_count"] == 2 and quote["items_qty"] == 5
    record = quote["extension_attributes"]["vendor_quote"]
    assert record["increment_id"] == f"1{quote_id:09d}" and record["customer_name"] == "Veronica Costello"
    assert record["customer_note"] == "Please quote for 500 units." and record["submited_date"]
    assert ok(admin.get(SEARCH, params=_filter("increment_id", f"1{quote_id:09d}")))["total_count"] == 1

    # a pending quote is not orderable
    with server.client(token) as me:
        error(me.post(f"/V1/vendor_quote/mine/checkout/{quote_id}"), 400, "Only an approved quote can be ordered.")

    # the shop negotiates the line prices and approves
    assert ok(admin.put(f"/V1/vendor_quote/quote_item/price/{items[0]['item_id']}", json={"price": 33.333})) is True
    assert ok(admin.put(f"/V1/vendor_quote/quote_item/price/{items[1]['item_id']}", json={"price": "10"})) is True
    assert ok(admin.put(f"/V1/vendor_quote/approve/{quote_id}", json={})) is True
    approved = ok(admin.get(f"/V1/vendor_quote/quote/{quote_id}"))
    assert approved["status"] == 2
    assert [i["requested_custom_price"] for i in approved["extension_attributes"]["vendor_quote"]["items"]] == [33.33, 10]
    assert approved["extension_attributes"]["vendor_quote"]["expired_date"]     # 14 days by default
    page = ok(admin.get(SEARCH, params={**_filter("status", 2), "searchCriteria[filter_groups][1][filters][0][field]":
                                        "grand_total", "searchCriteria[filter_groups][1][filters][0][value]": "119.99"}))
    assert [q["id"] for q in page["items"]] == [quote_id]

    # the customer takes it to checkout and orders it the platform's way
    with server.client(token) as me:
        assert ok(me.post(f"/V1/vendor_quote/mine/checkout/{quote_id}")) == quote_id
        assert ok(me.get("/V1/carts/mine"))["id"] == quote_id
        r = shipping_information(me, "/V1/carts/mine")
        totals = ok(r)["totals"]
        assert (totals["subtotal"], totals["shipping_amount"], totals["grand_total"]) == (119.99, 25, 144.99)
        assert [i["price"] for i in totals["items"]] == [33.33, 10]
        order_id = ok(me.post("/V1/carts/mine/payment-information",
                              json={"paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS}))
    order = ok(admin.get(f"/V1/orders/{order_id}"))
    assert (order["subtotal"], order["shipping_amount"], order["grand_total"]) == (119.99, 25, 144.99)
    assert sorted((i["price"], i["row_total"]) for i in order["items"]) == [(10, 20), (33.33, 99.99)]
    assert order["customer_id"] == customer["id"]
    assert _found(admin, quote_id)["status"] == 3                  # complete
    with server.client(token) as me:
        assert [q["status"] for q in ok(me.get("/V1/vendor_quote/mine/list"))["items"]] == [3]


def test_expired_quotes_cannot_be_ordered(server, admin, products, sql):
    _, token, by_route, _ = _quote(server, products)
    assert ok(admin.put(f"/V1/vendor_quote/approve/{by_route}")) is True
    with server.client(token) as me:
        assert ok(me.post(f"/V1/vendor_quote/mine/checkout/{by_route}")) == by_route
    assert ok(admin.put(f"/V1/vendor_quote/expire/{by_route}")) is True
    assert _found(admin, by_route)["status"] == 5 and _found(admin, by_route)["is_active"] is False
    with server.client(token) as me:
        error(me.get("/V1/carts/mine/items"), 404, "Current customer does not have an active cart.")
        error(me.post(f"/V1/vendor_quote/mine/checkout/{by_route}"), 400, "Only an approved quote can be ordered.")

    # an approved quote past its date: refused at checkout, then expired by the scheduled job
    _, token, by_date, _ = _quote(server, products, qtys=(1, 1))
    assert ok(admin.put(f"/V1/vendor_quote/approve/{by_date}")) is True
    with server.client(token) as me:
        assert ok(me.post(f"/V1/vendor_quote/mine/checkout/{by_date}")) == by_date
        assert shipping_information(me, "/V1/carts/mine").status_code == 200
        error(me.post("/V1/vendor_quote/mine/submit", json={}), 400, "The quote has already been submitted.")
        # the approved quantities are what may be ordered
        line = ok(me.get("/V1/carts/mine/items"))[0]
        ok(me.put(f"/V1/carts/mine/items/{line['item_id']}", json={"cartItem": {"qty": 7}}))
        r = me.post("/V1/carts/mine/payment-information", json={"paymentMethod": {"method": "checkmo"},
                                                                "billingAddress": ADDRESS})
        error(r, 400, "The quote's items changed after it was approved.")
        ok(me.put(f"/V1/carts/mine/items/{line['item_id']}", json={"cartItem": {"qty": 1}}))
        with sql.begin() as conn:
            conn.execute(sa.text("UPDATE vendor_quote SET expired_date = :d WHERE quote_id = :q"),
                         {"d": dt.datetime(2020, 1, 1), "q": by_date})
        r = me.post("/V1/carts/mine/payment-information", json={"paymentMethod": {"method": "checkmo"},
                                                                "billingAddress": ADDRESS})
        error(r, 400, "The quote has expired.")
    server.cli("cron", "run", "--job", "vendor_quote_expire")
    assert _found(admin, by_date)["status"] == 5 and _found(admin, by_date)["is_active"] is False


def test_notes_on_quotes_and_lines(server, admin, products):
    _, token, quote_id, items = _quote(server, products, remark="Blue ones")
    item_id = items[0]["item_id"]
    # the literal routes as real clients call them (the colon raw and percent-encoded), ids in the body
    assert ok(admin.put("/V1/vendor_quote/quote/note/admin:quoteId",
                        json={"quoteId": quote_id, "note": "10% off agreed by phone"})) is True
    assert ok(admin.put("/V1/vendor_quote/quote/note/customer%3AquoteId",
                        json={"quoteId": quote_id, "note": " Deliver in June "})) is True
    assert ok(admin.put("/V1/vendor_quote/quote_item/note/customer:quoteId",
                        json={"quoteItemId": item_id, "note": "Blue only, please"})) is True
    # the slash aliases take the id from the path
    assert ok(admin.put(f"/V1/vendor_quote/quote_item/note/admin/{item_id}", json={"note": "In stock"})) is True
    assert ok(admin.put(f"/V1/vendor_quote/quote/note/admin/{quote_id}", json={"note": "15% off"})) is True
    assert ok(admin.put(f"/V1/vendor_quote/quote_item/note/customer/{items[1]['item_id']}",
                        json={"note": "Any colour"})) is True
    assert ok(admin.put(f"/V1/vendor_quote/quote/note/customer/{quote_id}", json={"note": "June, please"})) is True
    record = _found(admin, quote_id)["extension_attributes"]["vendor_quote"]
    assert (record["customer_note"], record["admin_note"]) == ("June, please", "15% off")
    assert [(i["item_id"], i.get("customer_note"), i.get("admin_note")) for i in record["items"]] == [
        (item_id, "Blue only, please", "In stock"), (items[1]["item_id"], "Any colour", None)]
    assert ok(admin.get(SEARCH, params=_filter("remarks", "%15% off%", "like")))["total_count"] == 1


def test_remark_replaces_the_notes_of_the_open_cart(server, products):
    _, token = new_customer(server)
    with server.client(token) as me:
        cart_id = ok(me.post("/V1/carts/mine"))
        add(me, "/V1/carts/mine", products[0]["sku"], 1)
        assert ok(me.put("/V1/vendor_quote/updateRemark", json={"remark": "first"})) == []
        assert ok(me.put("/V1/vendor_quote/updateRemark", json={"remark": "   "})) == []
        record = ok(me.get("/V1/carts/mine"))["extension_attributes"]["vendor_quote"]
        assert record["customer_note"] == "" and record.get("admin_note") is None
        # an open quote cart is still the customer's ordinary cart: ordering it keeps no quote request
        assert shipping_information(me, "/V1/carts/mine").status_code == 200
        ok(me.post("/V1/carts/mine/payment-information", json={"paymentMethod": {"method": "checkmo"},
                                                               "billingAddress": ADDRESS}))
    with server.client(server.token()) as admin:
        assert ok(admin.get(SEARCH, params=_filter("quote_id", cart_id)))["total_count"] == 0
    # a guest has no quote cart: nothing is stored, the answer is the same
    with server.client() as guest:
        assert ok(guest.put("/V1/vendor_quote/updateRemark", json={"remark": "hello"})) == []


def test_search_paging_and_sorting(server, admin, products):
    ids = [_quote(server, products, qtys=(1, 1))[2] for _ in range(2)]
    params = {**_filter("quote_id", ",".join(map(str, ids)), "in"), "searchCriteria[sortOrders][0][field]": "quote_id",
              "searchCriteria[sortOrders][0][direction]": "DESC", "searchCriteria[pageSize]": 1,
              "searchCriteria[currentPage]": 1}
    page = ok(admin.get(SEARCH, params=params))
    assert page["total_count"] == 2 and [q["id"] for q in page["items"]] == [max(ids)]
    assert page["search_criteria"]["page_size"] == 1
    # filters inside a group are OR, groups are AND
    either = {"searchCriteria[filter_groups][0][filters][0][field]": "quote_id",
              "searchCriteria[filter_groups][0][filters][0][value]": ids[0],
              "searchCriteria[filter_groups][0][filters][1][field]": "quote_id",
              "searchCriteria[filter_groups][0][filters][1][value]": ids[1],
              "searchCriteria[filter_groups][1][filters][0][field]": "status",
              "searchCriteria[filter_groups][1][filters][0][value]": 1}
    assert ok(admin.get(SEARCH, params=either))["total_count"] == 2


def test_async_approval(server, admin, products):
    _, _, quote_id, _ = _quote(server, products, qtys=(1, 1))
    r = admin.put(f"/async/V1/vendor_quote/approve/{quote_id}", json={})
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 1)
    bulk = admin.put("/async/bulk/V1/vendor_quote/quote/note/admin/byQuoteId", json=[{"quoteId": quote_id, "note": "x"}])
    assert bulk.status_code == 202, bulk.text
    wait_for(bulk.json()["bulk_uuid"], admin, 1)
    quote = _found(admin, quote_id)
    assert quote["status"] == 2 and quote["extension_attributes"]["vendor_quote"]["admin_note"] == "x"


NOT_FOUND = "No such entity with %fieldName = %fieldValue"
REQUIRED = '"%fieldName" is required. Enter and try again.'


def test_errors(server, admin, products):
    _, token, quote_id, items = _quote(server, products, qtys=(1, 1))
    with server.client(token) as me:
        error(me.put("/V1/vendor_quote/updateRemark", json={}), 400, REQUIRED, {"fieldName": "remark"})
        # submit without an active cart, then with an empty one
        error(me.post("/V1/vendor_quote/mine/submit", json={}), 404, "Current customer does not have an active cart.")
        cart_id = ok(me.post("/V1/carts/mine"))
        error(me.post("/V1/vendor_quote/mine/submit", json={}), 400, "The quote cart is empty.")
        # another customer's quote, or none, cannot be taken to checkout
        error(me.post("/V1/vendor_quote/mine/checkout/999999"), 404, NOT_FOUND,
              {"fieldName": "quoteId", "fieldValue": 999999})
    _, other = new_customer(server)
    with server.client(other) as them:
        assert ok(them.get("/V1/vendor_quote/mine/list"))["total_count"] == 0
        error(them.post(f"/V1/vendor_quote/mine/checkout/{quote_id}"), 404, NOT_FOUND,
              {"fieldName": "quoteId", "fieldValue": quote_id})

    error(admin.put(f"/V1/vendor_quote/quote/note/admin/{quote_id}", json={}), 400, REQUIRED, {"fieldName": "note"})
    error(admin.put("/V1/vendor_quote/quote/note/customer:quoteId", json={"note": "x"}), 400, REQUIRED,
          {"fieldName": "quoteId"})
    error(admin.put("/V1/vendor_quote/quote_item/note/admin:quoteId", json={"note": "x"}), 400, REQUIRED,
          {"fieldName": "quoteItemId"})
    error(admin.put("/V1/vendor_quote/approve/abc"), 400,
          'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.',
          {"value": "abc", "type": "int"})
    for path in ("approve/999999", "expire/999999", "quote/note/customer/999999", f"approve/{cart_id}"):
        missing = int(path.rsplit("/", 1)[1])
        error(admin.put(f"/V1/vendor_quote/{path}", json={"note": "x"}), 404, NOT_FOUND,
              {"fieldName": "quoteId", "fieldValue": missing})
    error(admin.put("/V1/vendor_quote/quote_item/note/customer:quoteId", json={"quoteItemId": 999999, "note": "x"}),
          404, NOT_FOUND, {"fieldName": "quoteItemId", "fieldValue": 999999})
    error(admin.get("/V1/vendor_quote/quote/999999"), 404, NOT_FOUND, {"fieldName": "quoteId", "fieldValue": 999999})
    r = admin.put(f"/V1/vendor_quote/quote_item/price/{items[0]['item_id']}", json={"price": -1})
    assert r.status_code == 400, r.text
    assert admin.put(f"/V1/vendor_quote/quote/note/admin/{quote_id}", json={"note": {"a": 1}}).status_code == 400
    assert _found(admin, quote_id)["status"] == 1          # nothing was written by the refusals


def test_acl(server, products):
    _, token, quote_id, _ = _quote(server, products, qtys=(1, 1))
    denied = "The consumer isn't authorized to access %resources."
    with server.client(limited_admin(server, "Vendor_RequestQuote::view")) as viewer:
        error(viewer.get(SEARCH), 401, denied, {"resources": "Vendor_RequestQuote::manage_quotes"})
        assert ok(viewer.get(f"/V1/vendor_quote/quote/{quote_id}"))["id"] == quote_id
    with server.client(limited_admin(server, "Vendor_RequestQuote::close")) as closer:
        error(closer.put(f"/V1/vendor_quote/approve/{quote_id}"), 401, denied,
              {"resources": "Vendor_RequestQuote::approve"})
        assert ok(closer.put(f"/V1/vendor_quote/expire/{quote_id}")) is True
    with server.client(limited_admin(server, "Vendor_RequestQuote::approve")) as approver:
        error(approver.put(f"/V1/vendor_quote/expire/{quote_id}"), 401, denied, {"resources": "Vendor_RequestQuote::close"})
        error(approver.put("/V1/vendor_quote/quote_item/price/1", json={"price": 1}), 401, denied,
              {"resources": "Vendor_RequestQuote::edit"})
    with server.client() as guest:
        error(guest.put(f"/V1/vendor_quote/quote/note/admin/{quote_id}", json={"note": "x"}), 401, denied,
              {"resources": "Vendor_RequestQuote::manage_quotes"})
        error(guest.post("/V1/vendor_quote/mine/submit", json={}), 401, denied, {"resources": "self"})
    with server.client(server.token()) as admin:
        error(admin.post("/V1/vendor_quote/mine/submit", json={}), 401, denied, {"resources": "self"})


def test_demo_data(own_server):
    """On a server of its own: the demo's active cart price rules (free shipping from 100) would change
    the totals of every later test on the shared one."""
    own_server.cli("demo", "load", "requestquote")
    with own_server.client(own_server.token()) as admin:
        page = ok(admin.get(SEARCH, params=_filter("customer_email", "%@example.com", "like")))
    demo = {q["customer"]["email"]: q for q in page["items"] if q["customer"]["email"] in
            ("roni_cost@example.com", "john.smith@example.com")}
    assert demo["roni_cost@example.com"]["status"] == 1
    john = demo["john.smith@example.com"]
    assert john["status"] == 2 and john["extension_attributes"]["vendor_quote"]["items"][0]["requested_custom_price"] == 9.5
