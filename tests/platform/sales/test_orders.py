"""Orders over HTTP: creating, reading, searching, editing, and the management
routes (status, hold, unhold, comments, e-mails, cancel)."""
import pytest

from tests.helpers import new_customer, unique
from tests.helpers.mail import outbox
from tests.helpers.sales import AUSTIN, NOT_FOUND, create, item_of, new_product, order_body, stock_qty

ORDER_KEYS = [
    "entity_id", "increment_id", "state", "status", "store_id", "customer_email", "customer_is_guest",
    "customer_group_id", "created_at", "updated_at", "base_currency_code", "order_currency_code",
    "global_currency_code", "store_currency_code", "subtotal", "base_subtotal", "discount_amount",
    "base_discount_amount", "shipping_amount", "base_shipping_amount", "shipping_description",
    "shipping_tax_amount", "base_shipping_tax_amount", "shipping_incl_tax", "base_shipping_incl_tax",
    "subtotal_incl_tax", "base_subtotal_incl_tax", "tax_amount", "base_tax_amount", "tax_invoiced",
    "base_tax_invoiced", "tax_refunded", "base_tax_refunded", "discount_tax_compensation_amount",
    "base_discount_tax_compensation_amount", "grand_total", "base_grand_total", "total_due", "total_qty_ordered", "total_item_count",
    "weight", "items", "billing_address", "payment", "status_histories", "extension_attributes"]
ITEM_KEYS = [
    "item_id", "order_id", "product_id", "sku", "name", "product_type", "qty_ordered", "qty_invoiced",
    "qty_shipped", "qty_refunded", "qty_canceled", "price", "base_price", "original_price", "row_total",
    "base_row_total", "discount_amount", "discount_percent", "tax_amount", "base_tax_amount", "tax_percent",
    "tax_invoiced", "base_tax_invoiced", "tax_refunded", "base_tax_refunded", "price_incl_tax",
    "base_price_incl_tax", "row_total_incl_tax", "base_row_total_incl_tax", "discount_tax_compensation_amount",
    "base_discount_tax_compensation_amount", "discount_tax_compensation_invoiced",
    "base_discount_tax_compensation_invoiced", "discount_tax_compensation_refunded",
    "base_discount_tax_compensation_refunded", "weight", "is_virtual", "created_at", "updated_at"]
ADDRESS_KEYS = ["entity_id", "parent_id", "address_type", "firstname", "lastname", "street", "city", "region",
                "region_id", "region_code", "postcode", "country_id", "telephone", "email"]



# --------------------------------------------------------------------------- create and read

def test_create_answers_the_order_with_totals_from_the_items(all_client, admin):
    sku = new_product(all_client, price=45)
    other = unique("LOOSE-")
    order = create(all_client, [(sku, 2, 45), (other, 1, 10)], shipping=15)
    assert list(order) == ORDER_KEYS
    assert (order["state"], order["status"]) == ("new", "pending")
    assert len(order["increment_id"]) == 9 and order["increment_id"].isdigit()
    assert (order["store_id"], order["customer_is_guest"], order["customer_group_id"]) == (1, 1, 0)
    assert (order["subtotal"], order["shipping_amount"], order["discount_amount"], order["tax_amount"]) == (100, 15, 0, 0)
    assert (order["grand_total"], order["base_grand_total"], order["total_due"]) == (115, 115, 115)
    assert (order["total_qty_ordered"], order["total_item_count"], order["weight"]) == (3, 2, 2)
    assert order["base_currency_code"] == order["order_currency_code"] == "USD"
    assert "total_paid" not in order and "total_invoiced" not in order and "customer_id" not in order
    known, loose = item_of(order, sku), item_of(order, other)
    assert list(known) == ITEM_KEYS
    assert (known["qty_ordered"], known["price"], known["row_total"], known["product_type"]) == (2, 45, 90, "simple")
    assert known["name"] == f"Product {sku}" and isinstance(known["product_id"], int)
    assert (loose["name"], loose["row_total"]) == (other, 10) and "product_id" not in loose
    assert list(order["billing_address"]) == ADDRESS_KEYS
    assert order["billing_address"]["address_type"] == "billing"
    assert order["billing_address"]["region_code"] == "TX" and order["billing_address"]["region"] == "Texas"
    payment = order["payment"]
    assert (payment["method"], payment["amount_ordered"], payment["parent_id"]) == ("checkmo", 115, order["entity_id"])
    assert order["status_histories"] == []
    (assignment,) = order["extension_attributes"]["shipping_assignments"]
    assert assignment["shipping"]["method"] == "flatrate_flatrate"
    assert assignment["shipping"]["address"]["address_type"] == "shipping"
    assert assignment["shipping"]["total"]["shipping_amount"] == 15
    assert [i["item_id"] for i in assignment["items"]] == [i["item_id"] for i in order["items"]]
    got = admin.get(f"/V1/orders/{order['entity_id']}")
    assert got.status_code == 200 and got.json() == order


def test_given_totals_are_kept(all_client):
    order = create(all_client, [(unique("S-"), 1, 20)], shipping=0, subtotal=20, discount_amount=5, grand_total=15,
                   customer_note="Leave at the door")
    assert (order["subtotal"], order["discount_amount"], order["grand_total"]) == (20, -5, 15)
    assert order["customer_note"] == "Leave at the door"


def test_put_orders_create_creates_too_and_numbers_follow_each_other(server, admin_token, all_client):
    first = create(all_client, [(unique("S-"), 1, 5)])
    with server.client(admin_token, "all") as c:
        r = c.put("/V1/orders/create", json=order_body([(unique("S-"), 1, 5)]))
    assert r.status_code == 200, r.text
    second = r.json()
    assert second["entity_id"] > first["entity_id"]
    assert int(second["increment_id"]) == int(first["increment_id"]) + 1


def test_customer_order_takes_the_account(server, all_client):
    customer, _ = new_customer(server, firstname="Ana", lastname="Lima")
    order = create(all_client, [(unique("S-"), 1, 5)], email="", customer_id=customer["id"])
    assert order["customer_id"] == customer["id"] and order["customer_is_guest"] == 0
    assert (order["customer_email"], order["customer_firstname"]) == (customer["email"], "Ana")
    assert order["customer_group_id"] == 1


def test_virtual_order_needs_no_shipping_address(all_client):
    sku = new_product(all_client, type_id="virtual", price=50)
    body = order_body([(sku, 1, 50)], shipping=0)
    del body["entity"]["extension_attributes"]
    r = all_client.post("/V1/orders", json=body)
    assert r.status_code == 200, r.text
    order = r.json()
    assert order["items"][0]["is_virtual"] == 1 and "weight" not in order
    assert "address" not in order["extension_attributes"]["shipping_assignments"][0]["shipping"]


@pytest.mark.parametrize("change, status, message, parameters", [
    (lambda e: e.update(items=[]), 400, "Please specify order items.", None),
    (lambda e: e["items"][0].pop("sku"), 400, '"%fieldName" is required. Enter and try again.', {"fieldName": "sku"}),
    (lambda e: e["items"][0].update(qty_ordered=0), 400, 'Invalid value of "%value" provided for the %fieldName field.',
     {"value": 0, "fieldName": "qty_ordered"}),
    (lambda e: e["items"][0].pop("price"), 400, '"%fieldName" is required. Enter and try again.',
     {"fieldName": "price"}),
    (lambda e: e.pop("extension_attributes"), 400, "The shipping address is missing. Set the address and try again.",
     None),
    (lambda e: e["extension_attributes"]["shipping_assignments"][0]["shipping"]["address"].pop("city"), 400,
     "Please check the shipping address information. %1", ['"city" is required. Enter and try again.']),
    (lambda e: e["billing_address"].update(firstname="", region_id=None, region=None), 400,
     "Please check the billing address information. %1",
     ['"firstname" is required. Enter and try again. "region_id" is required. Enter and try again.']),
    (lambda e: e.pop("payment"), 400, "Enter a valid payment method and try again.", None),
    (lambda e: e.update(customer_email="not-an-address"), 400,
     'Invalid value of "%value" provided for the %fieldName field.',
     {"value": "not-an-address", "fieldName": "customer_email"}),
    (lambda e: e.update(customer_id=987654), 404, "No such entity with %fieldName = %fieldValue",
     {"fieldName": "customerId", "fieldValue": 987654}),
    (lambda e: e.update(store_id=77), 400, 'Invalid value of "%value" provided for the %fieldName field.',
     {"value": 77, "fieldName": "store_id"}),
])
def test_create_refuses_incomplete_orders(all_client, change, status, message, parameters):
    body = order_body([(unique("S-"), 1, 5)])
    change(body["entity"])
    r = all_client.post("/V1/orders", json=body)
    assert r.status_code == status, r.text
    assert r.json()["message"] == message
    if parameters is not None:
        assert r.json()["parameters"] == parameters


def test_create_refuses_unknown_keys(all_client):
    body = order_body([(unique("S-"), 1, 5)], colour="red")
    r = all_client.post("/V1/orders", json=body)
    assert r.status_code == 400
    assert r.json()["message"] == 'Property "%1" does not have accessor method "%2" in class "%3".'


def test_create_takes_stock_and_refuses_what_is_not_there(all_client, admin):
    sku = new_product(all_client, qty=5)
    create(all_client, [(sku, 3, 45)])
    assert stock_qty(admin, sku) == 2
    email = f"{unique('o')}@example.com"
    r = all_client.post("/V1/orders", json=order_body([(sku, 3, 45)], email=email))
    assert r.status_code == 400 and r.json()["message"] == "The requested qty is not available"
    assert stock_qty(admin, sku) == 2
    found = admin.get("/V1/orders", params={"searchCriteria[filter_groups][0][filters][0][field]": "customer_email",
                                             "searchCriteria[filter_groups][0][filters][0][value]": email})
    assert found.json()["total_count"] == 0


def test_unknown_ids_are_404(admin, all_client):
    for r in (admin.get("/V1/orders/999999"), admin.get("/V1/orders/999999/statuses"),
              admin.get("/V1/orders/999999/comments"), admin.get("/V1/orders/items/999999"),
              all_client.post("/V1/orders/999999/cancel"), all_client.post("/V1/orders/999999/hold"),
              all_client.post("/V1/orders/999999/unhold"), all_client.post("/V1/orders/999999/emails"),
              all_client.post("/V1/orders/999999/comments", json={"statusHistory": {"comment": "x"}}),
              all_client.post("/V1/order/999999/invoice"), all_client.post("/V1/order/999999/ship"),
              all_client.post("/V1/order/999999/refund"),
              all_client.put("/V1/orders/999999", json={"entity": {"address_type": "billing", "city": "Dallas"}}),
              all_client.post("/V1/orders", json={"entity": {"entity_id": 999999, "customer_note": "x"}})):
        assert r.status_code == 404, r.request.url
        assert r.json() == {"message": NOT_FOUND}


# --------------------------------------------------------------------------- editing

def test_save_with_entity_id_edits_plain_fields_and_status(all_client, admin):
    order = create(all_client, [(unique("S-"), 1, 5)])
    r = all_client.post("/V1/orders", json={"entity": {**order, "customer_note": "Call first", "status": "processing"}})
    assert r.status_code == 200, r.text
    edited = r.json()
    assert (edited["customer_note"], edited["state"], edited["status"]) == ("Call first", "processing", "processing")
    assert edited["items"] == order["items"] and edited["increment_id"] == order["increment_id"]
    r = all_client.post("/V1/orders", json={"entity": {"entity_id": order["entity_id"], "status": "bogus"}})
    assert r.status_code == 400 and r.json()["parameters"] == {"value": "bogus", "fieldName": "status"}
    r = all_client.post("/V1/orders", json={"entity": {"entity_id": order["entity_id"], "state": "shipped"}})
    assert r.status_code == 400 and r.json()["parameters"] == {"value": "shipped", "fieldName": "state"}
    r = all_client.post("/V1/orders", json={"entity": {"entity_id": order["entity_id"], "state": "complete"}})
    assert (r.json()["state"], r.json()["status"]) == ("complete", "complete")


def test_address_route_edits_an_address_of_the_order(all_client, admin):
    order = create(all_client, [(unique("S-"), 1, 5)])
    billing = order["billing_address"]
    r = all_client.put(f"/V1/orders/{order['entity_id']}",
                       json={"entity": {"entity_id": billing["entity_id"], "parent_id": 1, "city": "Dallas",
                                        "street": ["5 Elm St", "Floor 2"]}})
    assert r.status_code == 200, r.text
    address = r.json()
    assert (address["city"], address["street"], address["parent_id"]) == ("Dallas", ["5 Elm St", "Floor 2"],
                                                                         order["entity_id"])
    assert address["firstname"] == "Jane" and address["region_id"] == 57
    r = all_client.put(f"/V1/orders/{order['entity_id']}",
                       json={"entity": {"address_type": "shipping", "region_id": 12, "postcode": "92101"}})
    assert r.status_code == 200 and r.json()["region_code"] == "CA"
    r = all_client.put(f"/V1/orders/{order['entity_id']}", json={"entity": {"address_type": "billing",
                                                                           "region_code": "NY"}})
    assert r.status_code == 200 and (r.json()["region_id"], r.json()["region"]) == (43, "New York")
    got = admin.get(f"/V1/orders/{order['entity_id']}").json()
    assert got["billing_address"]["city"] == "Dallas"
    assert got["extension_attributes"]["shipping_assignments"][0]["shipping"]["address"]["region"] == "California"
    r = all_client.put(f"/V1/orders/{order['entity_id']}", json={"entity": {"address_type": "billing", "city": ""}})
    assert r.status_code == 400
    assert r.json()["message"] == "Please check the billing address information. %1"
    other = create(all_client, [(unique("S-"), 1, 5)])
    r = all_client.put(f"/V1/orders/{other['entity_id']}", json={"entity": {"entity_id": billing["entity_id"]}})
    assert r.status_code == 404


# --------------------------------------------------------------------------- management

def test_status_hold_and_unhold(all_client, admin):
    oid = create(all_client, [(unique("S-"), 1, 5)])["entity_id"]
    assert admin.get(f"/V1/orders/{oid}/statuses").json() == "pending"
    r = all_client.post(f"/V1/orders/{oid}/hold")
    assert r.status_code == 200 and r.json() is True
    got = admin.get(f"/V1/orders/{oid}").json()
    assert (got["state"], got["status"]) == ("holded", "holded")
    r = all_client.post(f"/V1/orders/{oid}/hold")
    assert r.status_code == 400 and r.json() == {"message": "A hold action is not available."}
    assert all_client.post(f"/V1/order/{oid}/invoice").json() == {
        "message": "The order does not allow an invoice to be created."}
    assert all_client.post(f"/V1/orders/{oid}/cancel").json() is False
    assert all_client.post(f"/V1/orders/{oid}/unhold").json() is True
    got = admin.get(f"/V1/orders/{oid}").json()
    assert (got["state"], got["status"]) == ("new", "pending")
    r = all_client.post(f"/V1/orders/{oid}/unhold")
    assert r.status_code == 400 and r.json() == {"message": "You cannot remove the hold."}


def test_hold_remembers_processing(all_client, admin):
    oid = create(all_client, [(unique("S-"), 2, 5)])["entity_id"]
    all_client.post(f"/V1/order/{oid}/invoice", json={"items": [{"order_item_id": admin.get(
        f"/V1/orders/{oid}").json()["items"][0]["item_id"], "qty": 1}]})
    assert all_client.post(f"/V1/orders/{oid}/hold").json() is True
    assert all_client.post(f"/V1/orders/{oid}/unhold").json() is True
    assert admin.get(f"/V1/orders/{oid}/statuses").json() == "processing"


def test_comments(all_client, admin):
    first = create(all_client, [(unique("S-"), 1, 5)])["entity_id"]
    oid = create(all_client, [(unique("S-"), 1, 5)])["entity_id"]
    r = all_client.post(f"/V1/orders/{oid}/comments", json={"statusHistory": {
        "comment": "Called the customer", "is_customer_notified": 1, "is_visible_on_front": 0, "parent_id": first,
        "status": "pending"}})
    assert r.status_code == 200 and r.json() is True
    listed = admin.get(f"/V1/orders/{oid}/comments").json()
    assert listed["total_count"] == 1 and listed["search_criteria"] == {"filter_groups": []}
    (comment,) = listed["items"]
    assert (comment["comment"], comment["parent_id"], comment["status"]) == ("Called the customer", oid, "pending")
    assert (comment["is_customer_notified"], comment["is_visible_on_front"], comment["entity_name"]) == (1, 0, "order")
    assert admin.get(f"/V1/orders/{oid}").json()["status_histories"] == [comment]
    assert admin.get(f"/V1/orders/{first}/comments").json()["total_count"] == 0
    assert [m["template_id"] for m in outbox(admin, entity_type="order", entity_id=oid)] \
        == ["sales_email_order_comment_template"]
    r = all_client.post(f"/V1/orders/{oid}/comments", json={"statusHistory": {"comment": " "}})
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "comment"}


def test_emails_answer_true_and_record_the_outbox(all_client, admin):
    order = create(all_client, [(unique("S-"), 1, 5)])
    r = all_client.post(f"/V1/orders/{order['entity_id']}/emails")
    assert r.status_code == 200 and r.json() is True
    (m,) = outbox(admin, entity_type="order", entity_id=order["entity_id"])
    assert (m["template_id"], m["to_email"], m["subject"]) == \
        ("sales_email_order_template", order["customer_email"], f"Your order #{order['increment_id']}")
    assert m["store_id"] == order["store_id"] and f"#{order['increment_id']}" in m["body_text"]


def test_cancel_returns_stock_and_answers_false_the_second_time(all_client, admin):
    sku = new_product(all_client, qty=10)
    order = create(all_client, [(sku, 3, 45), (unique("LOOSE-"), 1, 5)])
    assert stock_qty(admin, sku) == 7
    r = all_client.post(f"/V1/orders/{order['entity_id']}/cancel")
    assert r.status_code == 200 and r.json() is True
    assert stock_qty(admin, sku) == 10
    got = admin.get(f"/V1/orders/{order['entity_id']}").json()
    assert (got["state"], got["status"]) == ("canceled", "canceled")
    assert [i["qty_canceled"] for i in got["items"]] == [3, 1]
    assert got["total_due"] == 0
    assert all_client.post(f"/V1/orders/{order['entity_id']}/cancel").json() is False
    assert stock_qty(admin, sku) == 10
    assert all_client.post(f"/V1/orders/{order['entity_id']}/hold").status_code == 400


def test_cancel_of_a_partly_invoiced_order_cancels_the_rest(all_client, admin):
    sku = new_product(all_client, qty=10)
    order = create(all_client, [(sku, 3, 45)], shipping=0)
    item_id = order["items"][0]["item_id"]
    assert all_client.post(f"/V1/order/{order['entity_id']}/invoice",
                           json={"items": [{"order_item_id": item_id, "qty": 1}]}).status_code == 200
    assert all_client.post(f"/V1/orders/{order['entity_id']}/cancel").json() is True
    assert stock_qty(admin, sku) == 9
    got = admin.get(f"/V1/orders/{order['entity_id']}").json()
    assert (got["items"][0]["qty_invoiced"], got["items"][0]["qty_canceled"]) == (1, 2)
    assert got["state"] == "processing"  # the invoiced tee still has to ship
    assert (got["total_paid"], got["total_due"]) == (45, 0)
    assert all_client.post(f"/V1/orders/{order['entity_id']}/cancel").json() is False
    assert all_client.post(f"/V1/order/{order['entity_id']}/ship").status_code == 200
    assert admin.get(f"/V1/orders/{order['entity_id']}/statuses").json() == "complete"
    assert all_client.post(f"/V1/orders/{order['entity_id']}/cancel").json() is False


# --------------------------------------------------------------------------- search

def _criteria(*filters, sort=None, page_size=None, page=None) -> dict:
    q = {}
    for g, (field, value, cond) in enumerate(filters):
        q[f"searchCriteria[filter_groups][{g}][filters][0][field]"] = field
        q[f"searchCriteria[filter_groups][{g}][filters][0][value]"] = value
        q[f"searchCriteria[filter_groups][{g}][filters][0][condition_type]"] = cond
    if sort:
        q["searchCriteria[sortOrders][0][field]"], q["searchCriteria[sortOrders][0][direction]"] = sort
    if page_size is not None:
        q["searchCriteria[pageSize]"] = page_size
    if page is not None:
        q["searchCriteria[currentPage]"] = page
    return q


def test_search_orders(all_client, admin):
    email = f"{unique('s')}@example.com"
    ids = [create(all_client, [(unique("S-"), 1, price)], email=email, shipping=0)["entity_id"]
           for price in (30, 10, 20)]
    all_client.post(f"/V1/orders/{ids[1]}/hold")
    everything = admin.get("/V1/orders", params=_criteria(("customer_email", email.upper(), "eq")))
    assert everything.status_code == 200 and everything.json()["total_count"] == 3
    assert [o["entity_id"] for o in everything.json()["items"]] == ids
    by_total = admin.get("/V1/orders", params=_criteria(("customer_email", email, "eq"), sort=("grand_total", "DESC"),
                                                        page_size=2, page=1)).json()
    assert [o["grand_total"] for o in by_total["items"]] == [30, 20] and by_total["total_count"] == 3
    assert by_total["search_criteria"]["page_size"] == 2
    second = admin.get("/V1/orders", params=_criteria(("customer_email", email, "eq"), sort=("grand_total", "DESC"),
                                                      page_size=2, page=2)).json()
    assert [o["grand_total"] for o in second["items"]] == [10]
    past = admin.get("/V1/orders", params=_criteria(("customer_email", email, "eq"), page_size=2, page=3)).json()
    assert past["items"] == [] and past["total_count"] == 3
    held = admin.get("/V1/orders", params=_criteria(("customer_email", email, "eq"), ("state", "holded", "eq"))).json()
    assert [o["entity_id"] for o in held["items"]] == [ids[1]]
    cheap = admin.get("/V1/orders", params=_criteria(("customer_email", email, "eq"), ("grand_total", "25", "lt"),
                                                     ("customer_is_guest", "1", "eq"))).json()
    assert sorted(o["grand_total"] for o in cheap["items"]) == [10, 20]
    today = admin.get("/V1/orders", params=_criteria(("customer_email", email, "eq"),
                                                     ("created_at", "2000-01-01", "gt"))).json()
    assert today["total_count"] == 3
    bad = admin.get("/V1/orders", params=_criteria(("billing_address", "x", "eq")))
    assert bad.status_code == 400 and bad.json()["parameters"] == {"value": "billing_address", "fieldName": "field"}
    missing = admin.get("/V1/orders")
    assert missing.status_code == 400 and missing.json()["parameters"] == {"fieldName": "searchCriteria"}


def test_order_items_get_and_search(all_client, admin):
    order = create(all_client, [(unique("S-"), 1, 5), (unique("S-"), 2, 7)])
    first = order["items"][0]
    r = admin.get(f"/V1/orders/items/{first['item_id']}")
    assert r.status_code == 200 and r.json() == first
    found = admin.get("/V1/orders/items", params=_criteria(("order_id", str(order["entity_id"]), "eq"),
                                                           sort=("row_total", "DESC"))).json()
    assert found["total_count"] == 2 and [i["row_total"] for i in found["items"]] == [14, 5]


# --------------------------------------------------------------------------- access

ROUTES = [("GET", "/V1/orders/1"), ("GET", "/V1/orders?searchCriteria="), ("GET", "/V1/orders/1/statuses"),
          ("POST", "/V1/orders/1/cancel"), ("POST", "/V1/orders/1/emails"), ("POST", "/V1/orders/1/hold"),
          ("POST", "/V1/orders/1/unhold"), ("POST", "/V1/orders/1/comments"), ("GET", "/V1/orders/1/comments"),
          ("PUT", "/V1/orders/create"), ("POST", "/V1/orders"), ("PUT", "/V1/orders/1"),
          ("GET", "/V1/orders/items/1"), ("GET", "/V1/orders/items?searchCriteria="),
          ("POST", "/V1/order/1/invoice"), ("POST", "/V1/order/1/ship"), ("POST", "/V1/order/1/refund")]


@pytest.mark.parametrize("method, path", ROUTES)
def test_customers_and_guests_are_refused(server, guest, method, path):
    _, token = new_customer(server)
    with server.client(token) as customer:
        for client in (customer, guest):
            r = client.request(method, path, json={} if method != "GET" else None)
            assert r.status_code == 401, (method, path, r.text)
            assert r.json()["message"] == "The consumer isn't authorized to access %resources."


def test_address_type_is_required_without_entity_id(all_client):
    order = create(all_client, [(unique("S-"), 1, 5)], billing_address={**AUSTIN, "company": "Acme"})
    assert order["billing_address"]["company"] == "Acme"
    r = all_client.put(f"/V1/orders/{order['entity_id']}", json={"entity": {"city": "Dallas"}})
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "entity_id"}
