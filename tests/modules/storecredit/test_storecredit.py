"""Store credit: balances and their history, credit on carts, orders paid with credit, cancellations,
refunds and the admin routes, through HTTP on a server of the module's own (the tests change the
module's settings)."""
from __future__ import annotations

import json

import pytest

from tests.helpers import limited_admin, new_customer, ok, unique
from tests.helpers.harness import server_fixture, set_config
from tests.helpers.mail import wait_for
from tests.helpers.quote import ADDRESS, add, error, product, second_cart, shipping_information


MANAGE = "/V1/vdstorecredit/manage"
ME = "/V1/customers/me/vdstorecredit"
HISTORY = "/V1/vdstorecredit/history/search"
NOT_COVERED = ("The store credit balance no longer covers the store credit applied to this cart. "
               "Review the order and try again.")


sc = server_fixture("storecredit")


@pytest.fixture(scope="module")
def token(sc) -> str:
    return sc.token()


@pytest.fixture
def admin(sc, token):
    with sc.client(token, store="all") as c:
        yield c


def give(admin, customer_id: int, amount: float, **fields) -> dict:
    return ok(admin.post(MANAGE, json={"customerId": customer_id, "amount": amount, **fields}))


def customer_cart(sc, token, price: float, credit: float = 0, **fields):
    """A customer with ``credit`` and an active cart of one item at ``price``, shipped by flat rate (5.00)."""
    customer, ctoken = new_customer(sc, **fields)
    me = sc.client(ctoken)
    if credit:
        with sc.client(token, store="all") as admin:
            give(admin, customer["id"], credit)
    ok(me.post("/V1/carts/mine"))
    sku = product(sc, token, price=price)["sku"]
    add(me, "/V1/carts/mine", sku, 1)
    assert shipping_information(me, "/V1/carts/mine").status_code == 200
    return customer, me, sku


def segments(totals: dict) -> dict:
    return {s["code"]: s for s in totals["total_segments"]}


def place(me, method: str = "checkmo"):
    return me.post("/V1/carts/mine/payment-information", json={
        "paymentMethod": {"method": method}, "billingAddress": ADDRESS})


def history(admin, customer_id: int) -> list[dict]:
    page = ok(admin.get(HISTORY, params={"searchCriteria[pageSize]": 100,
        "searchCriteria[filterGroups][0][filters][0][field]": "customer_id",
        "searchCriteria[filterGroups][0][filters][0][value]": customer_id,
        "searchCriteria[sortOrders][0][field]": "history_id", "searchCriteria[sortOrders][0][direction]": "ASC"}))
    return page["items"]


def test_apply_cancel_place_and_cancel_the_order(sc, token, admin):
    customer, me, _ = customer_cart(sc, token, 13.50)
    cid = customer["id"]
    assert ok(me.get(ME)) == {"customer_id": cid, "store_credit": 0}
    credit = give(admin, cid, 40, message="goodwill", visibleForCustomer=True)
    assert credit == {"store_credit_id": credit["store_credit_id"], "customer_id": cid, "store_credit": 40}
    assert ok(me.get(ME)) == credit
    assert ok(me.get("/V1/carts/mine/vdstorecredit/credit/anything")) == credit
    assert ok(admin.get(f"/V1/vdstorecredit/customer/{cid}")) == credit

    # while not in use the totals suggest the most the credit can pay: 13.50 + 5.00 shipping
    totals = ok(me.get("/V1/carts/mine/totals"))
    assert segments(totals)["vdstorecredit_max"]["value"] == 18.5 and totals["grand_total"] == 18.5

    # more than the cart: capped, never an error; items first, the rest pays shipping
    assert ok(me.post("/V1/carts/mine/vdstorecredit/apply", json={"amount": 25, "cartId": 999999})) == 18.5
    totals = ok(me.get("/V1/carts/mine/totals"))
    assert segments(totals)["vdstorecredit"] == {"code": "vdstorecredit", "title": "Store Credit", "value": -18.5}
    assert "vdstorecredit_max" not in segments(totals)
    assert totals["grand_total"] == 0
    assert totals["extension_attributes"]["vdstorecredit_amount"] == 18.5
    assert totals["extension_attributes"]["vdstorecredit_shipping_amount"] == 5
    cart = ok(me.get("/V1/carts/mine"))["extension_attributes"]
    assert cart["vdstorecredit_use"] == 1 and cart["vdstorecredit_amount"] == 18.5

    assert ok(me.post("/V1/carts/mine/vdstorecredit/cancel", json={})) == 0
    totals = ok(me.get("/V1/carts/mine/totals"))
    assert totals["grand_total"] == 18.5 and "vdstorecredit" not in segments(totals)
    assert ok(me.get("/V1/carts/mine"))["extension_attributes"]["vdstorecredit_use"] == 0

    # a negative amount counts as its absolute value
    assert ok(me.post("/V1/carts/mine/vdstorecredit/apply", json={"amount": -10.004})) == 10
    assert ok(me.get("/V1/carts/mine/totals"))["grand_total"] == 8.5
    order_id = ok(place(me))
    assert ok(me.get(ME))["store_credit"] == 30
    order = ok(admin.get(f"/V1/orders/{order_id}"))
    ext = order["extension_attributes"]
    assert order["grand_total"] == 8.5
    assert ext["vdstorecredit_amount"] == 10 and ext["vdstorecredit_base_amount"] == 10
    assert ext["vdstorecredit_use"] == 1 and ext["vdstorecredit_shipping_amount"] == 0
    assert ext["vdstorecredit_invoiced_amount"] == 0 and ext["vdstorecredit_refunded_amount"] == 0
    assert order["items"][0]["extension_attributes"]["vdstorecredit"] == 10

    ok(admin.post(f"/V1/orders/{order_id}/cancel"))
    assert ok(me.get(ME))["store_credit"] == 40
    rows = history(admin, cid)
    assert [(r["action"], r["is_deduct"], r["difference"], r["store_credit_balance"]) for r in rows] == [
        (1, False, 40, 40), (2, True, 10, 30), (4, False, 10, 40)]
    assert [r["customer_history_id"] for r in rows] == [1, 2, 3]
    assert rows[0]["admin_name"] == "admin" and rows[0]["message"] == "goodwill"
    assert json.loads(rows[1]["action_data"]) == {"order_increment_id": order["increment_id"]}
    assert len(rows[0]["created_at"]) == 19
    # a second cancellation gives nothing back twice
    admin.post(f"/V1/orders/{order_id}/cancel")
    assert ok(me.get(ME))["store_credit"] == 40

    # the customer reads the rows shown to them, newest first
    give(admin, cid, -5, message="internal")
    mine = ok(me.get(f"{ME}/history"))
    assert [r["action"] for r in mine] == [4, 2, 1]
    assert ok(me.get(ME))["store_credit"] == 35


def test_settings_cap_what_credit_may_pay(sc, token, admin):
    engine = sc.db.engine
    customer, me, sku = customer_cart(sc, token, 20, credit=100)
    try:
        set_config(engine, "vendor_storecredit/general/allow_on_shipping", "0")
        assert ok(me.post("/V1/carts/mine/vdstorecredit/apply", json={"amount": 100})) == 20
        assert ok(me.get("/V1/carts/mine/totals"))["grand_total"] == 5
        set_config(engine, "vendor_storecredit/general/allow_on_shipping", None)
        set_config(engine, "vendor_storecredit/general/encourage", "1")
        # cancelling answers the suggested maximum, which the cart shows too
        assert ok(me.post("/V1/carts/mine/vdstorecredit/cancel", json={})) == 25
        totals = ok(me.get("/V1/carts/mine/totals"))
        assert totals["grand_total"] == 25 and segments(totals)["vdstorecredit_max"]["value"] == 25
        set_config(engine, "vendor_storecredit/general/encourage", None)
        # restricted products: credit pays only for the items not excluded (and shipping)
        other = product(sc, token, price=7.25)["sku"]
        add(me, "/V1/carts/mine", other, 2)
        set_config(engine, "vendor_storecredit/restrictions/enabled", "1")
        set_config(engine, "vendor_storecredit/restrictions/excluded_skus", f"{sku}, nothing")
        assert ok(me.post("/V1/carts/mine/vdstorecredit/apply", json={"amount": 100})) == 29.5  # 14.50 + 15 shipping
        assert ok(me.get("/V1/carts/mine/totals"))["grand_total"] == 20
        set_config(engine, "vendor_storecredit/general/enabled", "0")
        assert ok(me.post("/V1/carts/mine/vdstorecredit/apply", json={"amount": 100})) == 0
        totals = ok(me.get("/V1/carts/mine/totals"))
        assert totals["grand_total"] == 49.5 and "vdstorecredit" not in segments(totals)
    finally:
        for path in ("general/allow_on_shipping", "general/encourage", "general/enabled", "restrictions/enabled",
                     "restrictions/excluded_skus"):
            set_config(engine, f"vendor_storecredit/{path}", None)


def test_credit_composes_with_a_fee_and_refunds(sc, token, admin):
    customer, me, _ = customer_cart(sc, token, 10.10, credit=50)
    cart_id = ok(me.get("/V1/carts/mine"))["id"]
    ok(me.put(f"/V1/vdtest/carts/{cart_id}/fee", json={"amount": 2.33, "label": "Handling"}))
    assert ok(me.post("/V1/carts/mine/vdstorecredit/apply", json={"amount": 50})) == 17.43  # 10.10 + 5 + 2.33
    totals = ok(me.get("/V1/carts/mine/totals"))
    assert totals["grand_total"] == 0
    codes = [s["code"] for s in totals["total_segments"]]
    assert codes.index("vdtest_fee") < codes.index("vdstorecredit") < codes.index("grand_total")
    order_id = ok(place(me, "free"))
    assert ok(me.get(ME))["store_credit"] == 32.57
    ok(admin.post(f"/V1/order/{order_id}/invoice", json={}))
    ext = ok(admin.get(f"/V1/orders/{order_id}"))["extension_attributes"]
    assert ext["vdstorecredit_invoiced_amount"] == 17.43
    # an invoiced order can't be cancelled; its refund gives the credit back
    memo_id = ok(admin.post(f"/V1/order/{order_id}/refund", json={}))
    assert ok(me.get(ME))["store_credit"] == 50
    assert ok(admin.get(f"/V1/creditmemo/{memo_id}"))["extension_attributes"]["vdstorecredit_refunded"] == 17.43
    assert ok(admin.get(f"/V1/orders/{order_id}"))["extension_attributes"]["vdstorecredit_refunded_amount"] == 17.43
    assert [r["action"] for r in history(admin, customer["id"])] == [1, 2, 3]

    # refund to store credit: part of a money refund goes to the balance
    customer, me, _ = customer_cart(sc, token, 30)
    order_id = ok(place(me))
    ok(admin.post(f"/V1/order/{order_id}/invoice", json={}))
    body = {"arguments": {"extension_attributes": {"return_to_store_credit": 40}}}
    error(admin.post(f"/V1/order/{order_id}/refund", json=body), 400, "Only %1 can be returned to store credit.",
          ["35.00"])
    body["arguments"]["extension_attributes"]["return_to_store_credit"] = 12.5
    ok(admin.post(f"/V1/order/{order_id}/refund", json=body))
    assert ok(me.get(ME))["store_credit"] == 12.5
    rows = history(admin, customer["id"])
    assert [(r["action"], r["difference"]) for r in rows] == [(3, 12.5)]


def test_an_order_is_refused_when_another_spent_the_credit(sc, token, admin):
    customer, me, sku = customer_cart(sc, token, 30, credit=20)
    first = ok(me.get("/V1/carts/mine"))["id"]
    assert ok(me.post("/V1/carts/mine/vdstorecredit/apply", json={"amount": 20})) == 20
    second_cart(sc, customer, sku)
    assert ok(me.post("/V1/carts/mine/vdstorecredit/apply", json={"amount": 20})) == 20
    ok(place(me))   # the newer cart
    assert ok(me.get(ME))["store_credit"] == 0
    assert ok(me.get("/V1/carts/mine"))["id"] == first
    error(place(me), 400, NOT_COVERED)
    assert ok(me.get("/V1/carts/mine"))["id"] == first
    # once the cart is looked at again it shows what is left, and that can be paid
    assert ok(me.post("/V1/carts/mine/vdstorecredit/apply", json={"amount": 20})) == 0
    ok(place(me))
    assert ok(me.get(ME))["store_credit"] == 0
    assert [r["action"] for r in history(admin, customer["id"])] == [1, 2]


def test_errors_and_access(sc, token, admin):
    customer, ctoken = new_customer(sc)
    with sc.client(ctoken) as me, sc.client() as guest:
        for path in ("apply", "cancel"):
            error(guest.post(f"/V1/carts/mine/vdstorecredit/{path}", json={"amount": 1}), 401,
                  "The consumer isn't authorized to access %resources.", {"resources": "self"})
            error(me.post(f"/V1/carts/mine/vdstorecredit/{path}", json={"amount": 1}), 404,
                  "Current customer does not have an active cart.")
        error(guest.get(ME), 401, "The consumer isn't authorized to access %resources.", {"resources": "self"})
        ok(me.post("/V1/carts/mine"))
        error(me.post("/V1/carts/mine/vdstorecredit/apply", json={}), 400,
              '"%fieldName" is required. Enter and try again.', {"fieldName": "amount"})
        r = me.post("/V1/carts/mine/vdstorecredit/apply", json={"amount": "abc"})
        error(r, 400, 'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.',
              {"value": "abc", "type": "float"})
        assert ok(me.post("/V1/carts/mine/vdstorecredit/apply", json={"amount": 5, "unknown": 1})) == 0
        # more than the money column holds asks for as much as can be applied: none here, and no 500
        for huge in (1.35e16, -1.35e16):
            assert ok(me.post("/V1/carts/mine/vdstorecredit/apply", json={"amount": huge})) == 0
        error(me.post("/V1/carts/mine/vdstorecredit/apply", json={"amount": 1e300}), 400,
              'Invalid value of "%value" provided for the %fieldName field.', {"value": 1e300, "fieldName": "amount"})
        # customers can't manage balances
        error(me.post(MANAGE, json={"customerId": customer["id"], "amount": 5}), 401,
              "The consumer isn't authorized to access %resources.", {"resources": "Vendor_StoreCredit::manage"})

    error(admin.post(MANAGE, json={"customerId": 999999, "amount": 5}), 404,
          "No such entity with %fieldName = %fieldValue", {"fieldName": "customerId", "fieldValue": 999999})
    error(admin.get("/V1/vdstorecredit/customer/999999"), 404, "No such entity with %fieldName = %fieldValue")
    give(admin, customer["id"], 10)
    # an amount the balance's column cannot hold, added in SQL to the stored balance, is refused by the
    # write check on every database alike (PostgreSQL would fail the statement, SQLite would store it)
    error(admin.post(MANAGE, json={"customerId": customer["id"], "amount": 1e17}), 400,
          'Invalid value of "%value" provided for the %fieldName field.', {"value": "1e+17", "fieldName": "store_credit"})
    assert admin.post(MANAGE, json={"customerId": customer["id"], "amount": -1e17}).status_code == 400
    error(admin.post(MANAGE, json={"customerId": customer["id"], "amount": -10.01}), 400,
          "The store credit balance can't go below 0: the customer's balance is %1.", ["10.00"])
    assert admin.post(MANAGE, json={"customerId": customer["id"], "amount": 0}).status_code == 400
    assert admin.post(MANAGE, json={"customerId": customer["id"], "amount": 1, "action": 9}).status_code == 400
    assert ok(admin.get(f"/V1/vdstorecredit/customer/{customer['id']}"))["store_credit"] == 10
    assert len(history(admin, customer["id"])) == 1

    manager = limited_admin(sc, "Vendor_StoreCredit::manage")
    with sc.client(manager, store="all") as c:
        assert ok(c.post(MANAGE, json={"customerId": customer["id"], "amount": 5}))["store_credit"] == 15
        assert ok(c.get(HISTORY, params={"searchCriteria[pageSize]": 5}))["total_count"] >= 2


def test_async_manage(sc, admin):
    customer, _ = new_customer(sc)
    r = admin.post(f"/async{MANAGE}", json={"customerId": customer["id"], "amount": 7.5, "message": unique("q ")})
    assert r.status_code == 202, r.text
    wait_for(lambda: ok(admin.get(f"/V1/vdstorecredit/customer/{customer['id']}"))["store_credit"] == 7.5,
             what="the queued store credit change")


def test_a_deleted_customer_takes_the_balance_along(sc, admin):
    customer, _ = new_customer(sc)
    give(admin, customer["id"], 3)
    ok(admin.delete(f"/V1/customers/{customer['id']}"))
    assert history(admin, customer["id"]) == []
    with sc.db.engine.connect() as c:
        assert c.exec_driver_sql("SELECT COUNT(*) FROM vdstorecredit_balance WHERE customer_id = %d"
                                 % customer["id"]).scalar() == 0


def test_demo_balances(sc, admin):
    """Last in this file: the demo data (of every package) changes what later carts would see."""
    sc.cli("demo", "load", "storecredit")
    with sc.client(sc.customer_token("roni_cost@example.com", "Roni-Cost-123")) as roni:
        balance = ok(roni.get(ME))
        assert balance["store_credit"] == 50
        assert [(r["action"], r["difference"], r["message"]) for r in ok(roni.get(f"{ME}/history"))] == [
            (1, 50, "Welcome credit")]
