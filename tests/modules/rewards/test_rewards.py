"""Reward points: earning by rules, spending on carts, points back on cancellation and refunds, balances,
history, expiry, admin changes, earning rules and highlights, through HTTP on a server of the module's own
(earning rules apply to every order of their server, and the tests change the module's settings)."""
from __future__ import annotations

import datetime as dt
import time

import pytest

from tests.helpers import limited_admin, new_customer, ok, unique
from tests.helpers.harness import server_fixture, set_config
from tests.helpers.quote import ADDRESS, add, coupon_rule, error, product, shipping_information

RULES = "/V1/rewards/management/rule"
ADD = "/V1/rewards/management/points/add-reward-points"
DEDUCT = "/V1/rewards/management/points/deduct-reward-points"
BALANCE = "/V1/rewards/mine/balance"
HISTORY = "/V1/rewards/mine/history"
TOO_MUCH = "Too much point(s) used."
NOT_AUTHORIZED = "The consumer isn't authorized to access %resources."
NO_ENTITY = "No such entity with %fieldName = %fieldValue"


rw = server_fixture("rewards")


@pytest.fixture(scope="module")
def token(rw) -> str:
    return rw.token()


@pytest.fixture
def admin(rw, token):
    with rw.client(token, store="all") as c:
        yield c


def give(admin, customer_id: int, amount: float, **fields) -> None:
    assert ok(admin.post(ADD, json={"modelRewards": {"customer_id": customer_id, "amount": amount,
                                                     "action": "admin", **fields}, "storeId": 1})) is True


def customer_cart(rw, token, price: float, points: float = 0):
    """A customer (group 1) with ``points`` and an active cart of one item at ``price``, flat rate 5.00."""
    customer, ctoken = new_customer(rw)
    me = rw.client(ctoken)
    if points:
        with rw.client(token, store="all") as admin:
            give(admin, customer["id"], points)
    ok(me.post("/V1/carts/mine"))
    sku = product(rw, token, price=price)["sku"]
    add(me, "/V1/carts/mine", sku, 1)
    assert shipping_information(me, "/V1/carts/mine").status_code == 200
    return customer, me, sku


def place(me):
    return me.post("/V1/carts/mine/payment-information", json={
        "paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS})


def segments(me) -> dict:
    return {s["code"]: s for s in ok(me.get("/V1/carts/mine/totals"))["total_segments"]}


def test_earn_on_completion_spend_on_the_next_cart_and_get_them_back_on_cancel(rw, token, admin):
    set_config(rw.db.engine, "vendor_rewards/points/rate", "10")
    completed = ok(admin.post(RULES, json={"rule": {
        "name": "Completed orders", "action": "ordercompleted", "amount": 100, "website_ids": [1],
        "customer_group_ids": [1], "conditions_serialized": '{"type": "Magento\\\\SalesRule\\\\Model\\\\Rule\\\\'
        'Condition\\\\Combine", "aggregator": "all", "value": "1", "conditions": [{"type": "Magento\\\\SalesRule'
        '\\\\Model\\\\Rule\\\\Condition\\\\Address", "attribute": "base_subtotal", "operator": ">=", "value": "20"}]}'}}))
    spent = ok(admin.post(RULES, json={"rule": {
        "name": "Money spent", "action": "moneyspent", "amount": 2, "spent_amount": 10, "website_ids": [1],
        "customer_group_ids": [1]}}))
    try:
        customer, me, _ = customer_cart(rw, token, price=35)
        order_id = ok(place(me))
        assert ok(me.get(BALANCE)) == 0
        ok(admin.post(f"/V1/order/{order_id}/invoice", json={}))
        assert ok(me.get(BALANCE)) == 0            # processing: nothing yet
        ok(admin.post(f"/V1/order/{order_id}/ship", json={}))
        assert ok(admin.get(f"/V1/orders/{order_id}"))["state"] == "complete"
        assert ok(me.get(BALANCE)) == 106          # 100 + floor(35 / 10) x 2
        assert [(h["action"], h["amount"], h["points_left"]) for h in ok(me.get(HISTORY))] == [
            ("moneyspent", 6, 106), ("ordercompleted", 100, 100)]
        ok(admin.post(f"/V1/orders/{order_id}/comments", json={"statusHistory": {"comment": "again"}}))
        assert ok(me.get(BALANCE)) == 106          # earned once

        # the next cart: 30.00 + 5.00 shipping; 100 points at 10 points per unit are 10.00 off
        sku = product(rw, token, price=30)["sku"]
        ok(me.post("/V1/carts/mine"))
        add(me, "/V1/carts/mine", sku, 1)
        assert shipping_information(me, "/V1/carts/mine").status_code == 200
        before = ok(me.get("/V1/carts/mine/totals"))["grand_total"]
        assert before == 35
        assert ok(me.put("/V1/carts/mine/points/100")) == {"notice": " You used 100 point(s).", "allowed_points": 100}
        totals = ok(me.get("/V1/carts/mine/totals"))
        # the points are a discount: the cart's, the item's and the platform's discount segment show them
        assert (totals["grand_total"], totals["discount_amount"], totals["subtotal_with_discount"]) == (25, -10, 20)
        assert totals["items"][0]["discount_amount"] == 10
        assert totals["extension_attributes"]["vdrewards_points"] == 100
        assert segments(me)["discount"] == {"code": "discount", "title": "Discount (Used 100 reward points)",
                                            "value": -10}
        assert "vdrewards" not in segments(me)
        # removing and spending again, then a decimal number of points (rounded down to whole money)
        assert ok(me.delete("/V1/carts/mine/points/delete")) is True
        totals = ok(me.get("/V1/carts/mine/totals"))
        assert (totals["grand_total"], totals["discount_amount"]) == (35, 0) and "discount" not in segments(me)
        assert ok(me.put("/V1/carts/mine/points/105.5")) == {"notice": " You used 100 point(s).",
                                                             "allowed_points": 100}
        second = ok(place(me))
        order = ok(admin.get(f"/V1/orders/{second}"))
        assert order["grand_total"] == 25 and order["extension_attributes"]["vdrewards_points"] == 100
        assert (order["discount_amount"], order["discount_description"]) == (-10, "Used 100 reward points")
        assert order["items"][0]["discount_amount"] == 10
        assert ok(me.get(BALANCE)) == 6
        top = ok(me.get(HISTORY, params={"limit": 1}))
        assert [(h["action"], h["amount"], h["points_left"], h["comment"]) for h in top] == [
            ("order_spent", -100, 6, f"Order #{order['increment_id']}")]
        ok(admin.post(f"/V1/orders/{second}/cancel"))
        assert ok(me.get(BALANCE)) == 106
        ok(admin.post(f"/V1/orders/{second}/cancel"))
        assert ok(me.get(BALANCE)) == 106          # given back once
        assert ok(me.get(HISTORY, params={"limit": 1, "page": 1}))[0]["action"] == "order_canceled"
        assert len(ok(me.get(HISTORY, params={"limit": 2, "page": 2}))) == 2

        # a guest of another group, or a cart below the rule's condition, earns nothing by the first rule
        other, me2, _ = customer_cart(rw, token, price=15)
        third = ok(place(me2))
        ok(admin.post(f"/V1/order/{third}/invoice", json={}))
        ok(admin.post(f"/V1/order/{third}/ship", json={}))
        assert ok(me2.get(BALANCE)) == 2           # moneyspent only: floor(15 / 10) x 2
        me2.close()

        # a refund that leaves nothing to refund gives spent points back
        ok(me.post("/V1/carts/mine"))
        add(me, "/V1/carts/mine", sku, 1)
        assert shipping_information(me, "/V1/carts/mine").status_code == 200
        ok(me.put("/V1/carts/mine/points/50"))
        fourth = ok(place(me))
        assert ok(me.get(BALANCE)) == 56
        # the invoice and the credit memo carry the points' 5.00 as their discount, like any discount
        invoice_id = ok(admin.post(f"/V1/order/{fourth}/invoice", json={}))
        invoice = ok(admin.get(f"/V1/invoices/{invoice_id}"))
        assert (invoice["subtotal"], invoice["discount_amount"], invoice["grand_total"]) == (30, -5, 30)
        memo_id = ok(admin.post(f"/V1/order/{fourth}/refund", json={"arguments": {"shipping_amount": 5}}))
        memo = ok(admin.get(f"/V1/creditmemo/{memo_id}"))
        assert (memo["subtotal"], memo["discount_amount"], memo["grand_total"]) == (30, -5, 30)
        assert ok(me.get(BALANCE)) == 106
        me.close()
    finally:
        ok(admin.delete(f"{RULES}/{completed['rule_id']}"))
        ok(admin.delete(f"{RULES}/{spent['rule_id']}"))
        set_config(rw.db.engine, "vendor_rewards/points/rate", None)


def test_points_join_a_coupon_in_the_discount_spread_cheapest_item_first(rw, token, admin):
    """A coupon's 10 % and 12 points (12.00) make one discount line; the points' money goes on the
    cheapest item until it is free, the rest on the next one; the order and its invoice keep the split."""
    code = unique("PTS")
    rule_id = coupon_rule(rw, token, code, percent=10)
    try:
        customer, me, dear = customer_cart(rw, token, price=30, points=12)
        cheap = product(rw, token, price=8)["sku"]
        add(me, "/V1/carts/mine", cheap, 1)
        assert ok(me.put(f"/V1/carts/mine/coupons/{code}")) is True
        assert ok(me.put("/V1/carts/mine/points/12"))["allowed_points"] == 12
        totals = ok(me.get("/V1/carts/mine/totals"))
        # 10 % of 38 is 3.80; the points: 7.20 on the 8.00 item (all it still costs), 4.80 on the 30.00 one
        assert (totals["subtotal"], totals["discount_amount"], totals["grand_total"]) == (38, -15.8, 32.2)
        assert sorted(i["discount_amount"] for i in totals["items"]) == [7.8, 8]
        assert segments(me)["discount"] == {"code": "discount", "title": "Discount (Save 10%, Used 12 reward points)",
                                            "value": -15.8}
        order_id = ok(place(me))
        order = ok(admin.get(f"/V1/orders/{order_id}"))
        assert (order["discount_amount"], order["grand_total"]) == (-15.8, 32.2)
        assert sorted(i["discount_amount"] for i in order["items"]) == [7.8, 8]
        assert ok(me.get(BALANCE)) == 0
        invoice = ok(admin.get(f"/V1/invoices/{ok(admin.post(f'/V1/order/{order_id}/invoice', json={}))}"))
        assert (invoice["discount_amount"], invoice["grand_total"]) == (-15.8, 32.2)
        me.close()
    finally:
        ok(admin.delete(f"/V1/salesRules/{rule_id}"))


def test_spending_errors_limits_and_covering(rw, token, admin):
    customer, me, sku = customer_cart(rw, token, price=30, points=200)
    error(me.put("/V1/carts/mine/points/0"), 400, 'Points "%1" not valid.', ["0"])
    error(me.put("/V1/carts/mine/points/-5"), 400, 'Points "%1" not valid.', ["-5"])
    error(me.put("/V1/carts/mine/points/abc"), 400,
          'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.',
          {"value": "abc", "type": "float"})
    error(me.put("/V1/carts/mine/points/201"), 400, TOO_MUCH)
    error(me.put("/V1/carts/mine/points/nan"), 400,
          'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.',
          {"value": "nan", "type": "float"})
    set_config(rw.db.engine, "vendor_rewards/points/minimum_balance", "500")
    try:
        error(me.put("/V1/carts/mine/points/10"), 400,
              "You need at least %1 points to pay for the order with reward points.", ["500"])
    finally:
        set_config(rw.db.engine, "vendor_rewards/points/minimum_balance", None)
    set_config(rw.db.engine, "vendor_rewards/points/limit_mode", "amount")
    set_config(rw.db.engine, "vendor_rewards/points/limit_amount", "20")
    try:
        assert ok(me.put("/V1/carts/mine/points/25")) == {
            "notice": "Number of redeemed reward points cannot exceed 20 for this order. You used 20 point(s).",
            "allowed_points": 20}
        assert ok(me.get("/V1/carts/mine/totals"))["grand_total"] == 15
        set_config(rw.db.engine, "vendor_rewards/points/limit_mode", "percent")
        set_config(rw.db.engine, "vendor_rewards/points/limit_percent", "50")
        assert ok(me.put("/V1/carts/mine/points/25")) == {
            "notice": "Number of redeemed reward points cannot exceed 50 % of cart subtotal excluding tax for this "
                      "order. You used 15 point(s).", "allowed_points": 15}
    finally:
        for path in ("limit_mode", "limit_amount", "limit_percent"):
            set_config(rw.db.engine, f"vendor_rewards/points/{path}", None)
    # half a point is worth less than a whole unit of money (rounded down): nothing can be covered
    assert ok(me.put("/V1/carts/mine/points/0.5")) == {
        "notice": " Products in this cart can\u2019t be covered with the reward points.", "allowed_points": 0}
    assert ok(me.get("/V1/carts/mine/totals"))["grand_total"] == 35
    # more points than the items cost: capped at the items (shipping is not covered)
    assert ok(me.put("/V1/carts/mine/points/200")) == {"notice": " You used 30 point(s).", "allowed_points": 30}
    assert ok(me.get("/V1/carts/mine/totals"))["grand_total"] == 5
    # the balance falls below what the cart spends: the order is refused, nothing written
    with rw.client(token, store="all") as a:
        ok(a.post(DEDUCT, json={"modelRewards": {"customer_id": customer["id"], "amount": 180, "action": "admin"}}))
    error(place(me), 400, TOO_MUCH)
    assert ok(me.get(BALANCE)) == 20 and ok(me.get("/V1/carts/mine"))["is_active"] is True
    assert ok(me.delete("/V1/carts/mine/points/delete")) is True
    # a cart without items, and a customer without a cart
    item_id = ok(me.get("/V1/carts/mine"))["items"][0]["item_id"]
    ok(me.delete(f"/V1/carts/mine/items/{item_id}"))
    cart_id = ok(me.get("/V1/carts/mine"))["id"]
    error(me.put("/V1/carts/mine/points/10"), 404, "Cart %1 doesn't contain products", [str(cart_id)])
    error(me.delete("/V1/carts/mine/points/delete"), 404, "Cart %1 doesn't contain products", [str(cart_id)])
    _, lonely = new_customer(rw)
    with rw.client(lonely) as c:
        error(c.put("/V1/carts/mine/points/10"), 404, "Current customer does not have an active cart.")
    with rw.client() as guest:
        error(guest.put("/V1/carts/mine/points/10"), 401, NOT_AUTHORIZED, {"resources": "self"})
        error(guest.get(BALANCE), 401, NOT_AUTHORIZED, {"resources": "self"})
    me.close()


def test_admin_points_history_expiration_and_errors(rw, token, admin):
    customer, ctoken = new_customer(rw)
    cid = customer["id"]
    me = rw.client(ctoken)
    yesterday = (dt.date.today() - dt.timedelta(days=1)).isoformat()
    give(admin, cid, 50, comment="Goodwill", expiration_date=yesterday)
    give(admin, cid, 30, comment="Hidden", visible_for_customer=False)
    assert ok(admin.post("/V1/rewards/management/points/add", json={
        "amount": 40, "customerId": cid, "comment": "Older", "expire": {"is_expire": True, "days": 30}})) is True
    assert ok(admin.post("/V1/rewards/management/points/deduct", json={"amount": 20, "customerId": cid})) is True
    assert ok(me.get(BALANCE)) == 100
    with rw.db.engine.connect() as c:   # each addition queued an earning e-mail to the customer
        assert c.exec_driver_sql("SELECT COUNT(*) FROM mail_message WHERE template_id = "
                                 "'vendor_rewards_notification_earning' AND to_email = '%s'"
                                 % customer["email"]).scalar() == 3
    assert ok(me.get(HISTORY, params={"limit": 0, "page": -1}))[0]["amount"] == -20
    mine = ok(me.get(HISTORY, params={"limit": 20}))
    assert [(h["amount"], h["action"], h["points_left"]) for h in mine] == [
        (-20, "Admin Point Change", 100), (40, "Admin Point Change", 120), (50, "Admin Point Change", 50)]
    assert mine[2]["admin_name"] == "admin" and mine[2]["expiration_date"] == yesterday
    everything = ok(admin.post(f"/V1/rewards/management/history/{cid}", json={"limit": 50}))
    assert len(everything) == 4 and everything[2]["comment"] == "Hidden"
    assert "expiration_date" not in everything[2]
    entry = ok(admin.post("/V1/rewards/management/history", json={"id": everything[0]["id"]}))
    assert entry["amount"] == -20
    # the deduction used up the points expiring soonest
    expiring = ok(me.get("/V1/rewards/mine/expiration"))
    in30 = (dt.date.today() + dt.timedelta(days=30)).isoformat()
    assert [(e["date"], e["amount"]) for e in expiring] == [(yesterday, 30), (in30, 40)]
    assert ok(admin.post(f"/V1/rewards/management/expiration/{cid}", json={})) == expiring
    assert ok(admin.post("/V1/rewards/management/expiration", json={"id": expiring[1]["entity_id"]})) == expiring[1]
    rw.cli("cron", "run", "--job", "vendor_rewards_expire")
    assert ok(me.get(BALANCE)) == 70
    assert ok(me.get(HISTORY, params={"limit": 1}))[0]["action"] == "expired"
    assert [e["amount"] for e in ok(me.get("/V1/rewards/mine/expiration"))] == [40]
    # errors
    nothing = {"modelRewards": {"customer_id": cid, "amount": 0, "action": "admin"}}
    error(admin.post(DEDUCT, json=nothing), 400,
          "You are trying to deduct negative or null amount of rewards point(s).")
    error(admin.post(ADD, json=nothing), 400, "You are trying to add negative or null amount of rewards point(s).")
    error(admin.post(DEDUCT, json={"modelRewards": {"customer_id": cid, "amount": 71, "action": "admin"}}), 400,
          TOO_MUCH)
    error(admin.post(ADD, json={"modelRewards": {"amount": 5, "action": "admin"}}), 400,
          "Required parameter is not set.")
    error(admin.post(ADD, json={"modelRewards": {"customer_id": cid, "amount": 5}}), 400,
          "Required parameter is not set.")
    error(admin.post(ADD, json={"modelRewards": {"customer_id": 999999, "amount": 5, "action": "admin"}}), 404,
          NO_ENTITY, {"fieldName": "customerId", "fieldValue": 999999})
    error(admin.post(ADD, json={"modelRewards": {"customer_id": cid, "amount": 5, "action": "admin", "colour": 1}}),
          400, 'Property "%1" does not have accessor method "%2" in class "%3".',
          ["Colour", "getColour", "Vendor\\Rewards\\Api\\Data\\RewardsInterface"])
    error(admin.post("/V1/rewards/management/history", json={"id": 999999}), 404, NO_ENTITY,
          {"fieldName": "id", "fieldValue": 999999})
    error(admin.post("/V1/rewards/management/expiration", json={"id": 999999}), 404, NO_ENTITY,
          {"fieldName": "id", "fieldValue": 999999})
    error(admin.post("/V1/rewards/management/points/add", json={"customerId": cid}), 400,
          '"%fieldName" is required. Enter and try again.', {"fieldName": "amount"})
    with rw.db.engine.begin() as c:   # the stored balance and the history disagree
        c.exec_driver_sql("UPDATE vdrewards_balance SET balance = 1 WHERE customer_id = %d" % cid)
    error(admin.post("/V1/rewards/management/points/add", json={"amount": 5, "customerId": cid}), 400,
          "Reward points balance mismatch: please contact store administrator.")
    limited = limited_admin(rw, "Vendor_Rewards::rule")
    with rw.client(limited, store="all") as c:
        error(c.post(ADD, json=nothing), 401, NOT_AUTHORIZED, {"resources": "Vendor_Rewards::customer"})
    me.close()


def test_rules_by_rule_awards_and_async(rw, token, admin):
    customer, ctoken = new_customer(rw)
    created = ok(admin.post(RULES, json={"rule": {"name": "Bonus", "action": "review", "amount": 15,
                                                  "website_ids": [1], "customer_group_ids": [1],
                                                  "expiration_behavior": 2, "expiration_period": 10}}))
    rid = created["rule_id"]
    assert created["is_active"] is True and created["conditions_serialized"] == ""
    assert ok(admin.get(RULES, params={"ruleId": rid}))["name"] == "Bonus"
    changed = ok(admin.put(f"{RULES}/{rid}", json={"rule": {"rule_id": 999, "name": "Review bonus"}}))
    assert changed["rule_id"] == rid and changed["name"] == "Review bonus" and changed["amount"] == 15
    assert [r["rule_id"] for r in ok(admin.post(f"{RULES}/all", json={"action": "review", "websiteId": 1,
                                                                      "customerGroupId": 1}))] == [rid]
    assert ok(admin.post(f"{RULES}/all", json={"action": "review", "customerGroupId": 2})) == []
    assert ok(admin.post("/V1/rewards/management/points/rule", json={
        "rule": {"rule_id": rid}, "customerId": customer["id"], "storeId": 1})) is True
    with rw.client(ctoken) as me:
        assert ok(me.get(BALANCE)) == 15
        entry = ok(me.get(HISTORY))[0]
        assert entry["action"] == "review"
        assert entry["expiration_date"] == (dt.date.today() + dt.timedelta(days=10)).isoformat()
    error(admin.post(RULES, json={"rule": {"name": "x", "action": "moneyspent", "amount": 1}}), 400,
          '"%fieldName" is required. Enter and try again.', {"fieldName": "spent_amount"})
    error(admin.post(RULES, json={"rule": {"name": "x", "action": "nope", "amount": 1}}), 400,
          'Invalid value of "%value" provided for the %fieldName field.', {"value": "nope", "fieldName": "action"})
    error(admin.post(RULES, json={"rule": {"name": "x", "action": "review", "amount": 1, "foo": 1}}), 400,
          'Property "%1" does not have accessor method "%2" in class "%3".',
          ["Foo", "getFoo", "Vendor\\Rewards\\Api\\Data\\RuleInterface"])
    # an admin write through the asynchronous queue
    r = admin.post("/async/V1/rewards/management/points/add", json={"amount": 5, "customerId": customer["id"]})
    assert r.status_code == 202, r.text
    deadline = time.monotonic() + 30
    with rw.client(ctoken) as me:
        while ok(me.get(BALANCE)) != 20 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert ok(me.get(BALANCE)) == 20
    assert ok(admin.delete(f"{RULES}/{rid}")) is True
    error(admin.get(RULES, params={"ruleId": rid}), 404, NO_ENTITY, {"fieldName": "ruleId", "fieldValue": rid})
    error(admin.put(f"{RULES}/{rid}", json={"rule": {"name": "x"}}), 404, NO_ENTITY,
          {"fieldName": "ruleId", "fieldValue": rid})
    error(admin.delete(f"{RULES}/{rid}"), 404, NO_ENTITY, {"fieldName": "ruleId", "fieldValue": rid})
    limited = limited_admin(rw, "Vendor_Rewards::customer")
    with rw.client(limited, store="all") as c:
        error(c.get(RULES, params={"ruleId": rid}), 401, NOT_AUTHORIZED, {"resources": "Vendor_Rewards::rule"})


def test_registration_rule_and_highlights(rw, token, admin):
    signup = ok(admin.post(RULES, json={"rule": {"name": "Welcome", "action": "registration", "amount": 25,
                                                 "website_ids": [1], "customer_group_ids": [1]}}))
    order_rule = ok(admin.post(RULES, json={"rule": {"name": "Per 10", "action": "moneyspent", "amount": 1,
                                                     "spent_amount": 10, "website_ids": [1],
                                                     "customer_group_ids": [0, 1]}}))
    subscribed = ok(admin.post(RULES, json={"rule": {"name": "Newsletter", "action": "subscription", "amount": 5,
                                                     "website_ids": [1], "customer_group_ids": [1]}}))
    try:
        _, ntoken = new_customer(rw, extension_attributes={"is_subscribed": True})
        with rw.client(ntoken) as reader:
            assert sorted(h["action"] for h in ok(reader.get(HISTORY))) == ["registration", "subscription"]
            assert ok(reader.get(BALANCE)) == 30
        customer, ctoken = new_customer(rw)
        p = product(rw, token, price=45)
        pid = p["id"]
        with rw.client(ctoken) as me:
            assert ok(me.get(BALANCE)) == 25
            assert ok(me.get(HISTORY))[0]["action"] == "registration"
            mine = ok(me.post("/V1/rewards/mine/highlight/product", json={"productId": pid}))
            assert mine == {"visible": True, "caption_color": "#1979c3", "caption_text": "Earn 4 reward points",
                            "registration_link": "", "need_to_change_message": 0}
            assert ok(me.post("/V1/rewards/mine/highlight/category", json={"productId": pid}))["caption_text"] == \
                "Earn 4 reward points"
            ok(me.post("/V1/carts/mine"))
            add(me, "/V1/carts/mine", p["sku"], 3)
            checkout = ok(me.get("/V1/rewards/mine/highlight/checkout"))
            assert checkout["caption_text"] == "Earn 13 reward points" and checkout["visible"] is True
        with rw.client() as guest:
            for url in ("/V1/rewards/mine/guest-highlight/product", "/V1/rewards/mine/highlight/product"):
                h = ok(guest.post(url, json={"page": 0, "productId": pid, "attributes": ""}))
                assert h["caption_text"] == "Sign up and earn 4 reward points" and h["need_to_change_message"] == 1
                assert h["registration_link"].endswith("/customer/account/create/") and h["visible"] is True
            set_config(rw.db.engine, "vendor_rewards/highlight/guest", "0")
            try:
                assert ok(guest.post("/V1/rewards/mine/guest-highlight/product",
                                     json={"productId": pid}))["visible"] is False
            finally:
                set_config(rw.db.engine, "vendor_rewards/highlight/guest", None)
            error(guest.post("/V1/rewards/mine/highlight/category", json={"productId": pid}), 401, NOT_AUTHORIZED,
                  {"resources": "self"})
    finally:
        ok(admin.delete(f"{RULES}/{signup['rule_id']}"))
        ok(admin.delete(f"{RULES}/{subscribed['rule_id']}"))
        ok(admin.delete(f"{RULES}/{order_rule['rule_id']}"))


def test_birthday_rule_awards_once_a_year(rw, token, admin):
    today = dt.datetime.now(dt.timezone.utc).date()
    born = f"1990-{today.month:02d}-{today.day:02d}" if (today.month, today.day) != (2, 29) else "1992-02-29"
    customer, ctoken = new_customer(rw, dob=born)
    other, otoken = new_customer(rw, dob="1990-01-01" if (today.month, today.day) != (1, 1) else "1990-01-02")
    birthday = ok(admin.post(RULES, json={"rule": {"name": "Happy birthday", "action": "birthday", "amount": 30,
                                                   "website_ids": [1], "customer_group_ids": [1]}}))
    try:
        rw.cli("cron", "run", "--job", "vendor_rewards_birthday")
        rw.cli("cron", "run", "--job", "vendor_rewards_birthday")
        with rw.client(ctoken) as me:
            assert ok(me.get(BALANCE)) == 30
            assert [(h["action"], h["amount"]) for h in ok(me.get(HISTORY))] == [("birthday", 30)]
        with rw.client(otoken) as them:
            assert ok(them.get(BALANCE)) == 0
    finally:
        ok(admin.delete(f"{RULES}/{birthday['rule_id']}"))


def test_demo_rules_and_balance(rw, admin):
    """Last in this file: the demo data turns earning rules on for every later order."""
    rw.cli("demo", "load", "rewards")
    with rw.client(rw.customer_token("roni_cost@example.com", "Roni-Cost-123")) as roni:
        assert ok(roni.get(BALANCE)) == 200
    assert {r["action"] for r in ok(admin.post(f"{RULES}/all", json={"action": "ordercompleted"}))} == \
        {"ordercompleted"}
    unique("x")
