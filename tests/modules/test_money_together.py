"""The modules that move money in checkout, together on one server: an extra fee is charged, then a gift
card and store credit pay what is left, exact to the cent in the totals, on the order, in both balances
and in both histories; cancelling the order gives both balances back. A gift card redeemed
into store credit moves its balance over."""
from __future__ import annotations

from tests.helpers import new_customer, ok, unique
from tests.helpers.harness import server_fixture
from tests.helpers.quote import ADDRESS, add, product, shipping_information

US = {"countryId": "US", "region": "Texas", "regionId": 57, "postcode": "78701"}
FLAT = {"shipping_method_code": "flatrate", "shipping_carrier_code": "flatrate"}


srv = server_fixture("money")


def gift_card(admin, value: float, **fields) -> dict:
    pool = ok(admin.post("/V1/vdgcard/code-pool", json={"codePool": {
        "title": unique("Pool "), "template": unique("M") + "-{L}{L}{D}{D}{D}{D}", "qty": 1}}))
    return ok(admin.post("/V1/vdgcard/account", json={"account": {
        "code_pool": pool["code_pool_id"], "status": 1, "website_id": 1, "store_id": 1, "initial_value": value,
        **fields}}))


def credit_history(admin, customer_id: int) -> list[tuple]:
    page = ok(admin.get("/V1/vdstorecredit/history/search", params={
        "searchCriteria[filterGroups][0][filters][0][field]": "customer_id",
        "searchCriteria[filterGroups][0][filters][0][value]": customer_id,
        "searchCriteria[sortOrders][0][field]": "history_id", "searchCriteria[sortOrders][0][direction]": "ASC"}))
    return [(r["action"], r["is_deduct"], r["difference"], r["store_credit_balance"]) for r in page["items"]]


def card_history(admin, account_id: int) -> list[tuple]:
    rows = ok(admin.get(f"/V1/vdgcard/account/{account_id}/history"))
    return [(r["action"], r["is_deduct"], r["difference"], r["balance"], r["order_increment_id"]) for r in rows]


def test_a_fee_a_gift_card_and_store_credit_on_one_order(srv):
    token = srv.token()
    sku = product(srv, token, price=40)["sku"]
    customer, ctoken = new_customer(srv)
    with srv.client(token, store="all") as admin, srv.client(ctoken) as me:
        ok(admin.post("/V1/vdstorecredit/manage", json={"customerId": customer["id"], "amount": 30}))
        card = gift_card(admin, 20)
        code = card["code_model"]["code"]
        fee = ok(admin.post("/V1/vendor_extrafee/fee", json={"fee": {
            "name": unique("Packing "), "frontend_type": "radio", "group_id": [0, 1], "store_id": [0],
            "options": [{"admin": "Gift box", "price": 7.5, "order": 1, "options": {"1": "Gift box"}}]}}))
        try:
            ok(me.post("/V1/carts/mine"))
            add(me, "/V1/carts/mine", sku, 1)
            assert shipping_information(me, "/V1/carts/mine").status_code == 200      # 40 + 5.00 flat rate
            box = fee["options"][0]["entity_id"]
            ok(me.post("/V1/vendor_extrafee/carts/mine/totals-information", json={
                "information": {"fee_id": fee["id"], "options_ids": [box]},
                "addressInformation": {"address": US, **FLAT}}))                       # + 7.50 = 52.50
            ok(me.put(f"/V1/carts/mine/gift-card-account/{code}"))                      # pays 20.00
            assert ok(me.post("/V1/carts/mine/vdstorecredit/apply", json={"amount": 100})) == 30

            totals = ok(me.get("/V1/carts/mine/totals"))
            segments = [(s["code"], s["value"]) for s in totals["total_segments"]]
            assert segments[-4:] == [("vendor_extrafee", 7.5), ("vdgiftcard", -20), ("vdstorecredit", -30),
                                     ("grand_total", 2.5)]
            assert totals["grand_total"] == 2.5

            order_id = ok(me.post("/V1/carts/mine/payment-information", json={
                "paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS}))
            order = ok(admin.get(f"/V1/orders/{order_id}"))
            ext = order["extension_attributes"]
            assert order["grand_total"] == 2.5 and order["subtotal"] == 40 and order["shipping_amount"] == 5
            assert (ext["vdextrafee_amount"], ext["vdgiftcard_amount"], ext["vdstorecredit_amount"]) == (7.5, 20, 30)
            assert ok(me.get("/V1/customers/me/vdstorecredit"))["store_credit"] == 0
            paid = ok(admin.get(f"/V1/vdgcard/account/{card['account_id']}"))
            assert (paid["current_value"], paid["status"]) == (0, 3)
            assert credit_history(admin, customer["id"]) == [(1, False, 30, 30), (2, True, 30, 0)]
            number = order["increment_id"]
            assert card_history(admin, card["account_id"]) == [(1, False, 20, 20, None), (3, True, 20, 0, number)]

            assert ok(admin.post(f"/V1/orders/{order_id}/cancel")) is True
            assert ok(me.get("/V1/customers/me/vdstorecredit"))["store_credit"] == 30
            back = ok(admin.get(f"/V1/vdgcard/account/{card['account_id']}"))
            assert (back["current_value"], back["status"]) == (20, 1)
            assert credit_history(admin, customer["id"])[-1] == (4, False, 30, 30)
            assert card_history(admin, card["account_id"])[-1] == (4, False, 20, 20, number)
        finally:
            ok(admin.delete(f"/V1/vendor_extrafee/fee/{fee['id']}"))


def test_a_gift_card_redeemed_into_store_credit(srv):
    token = srv.token()
    customer, ctoken = new_customer(srv)
    with srv.client(token, store="all") as admin, srv.client(ctoken) as me:
        ok(admin.post("/V1/vdstorecredit/manage", json={"customerId": customer["id"], "amount": 5}))
        card = gift_card(admin, 12.34, redeemable=True)
        with srv.client() as guest:
            assert guest.post("/V1/vdgcard/account/redeem", json={"giftCardCode": "x"}).status_code == 401
        done = ok(me.post("/V1/vdgcard/account/redeem", json={"giftCardCode": card["code_model"]["code"]}))
        assert done["amount"] == 12.34
        assert ok(me.get("/V1/customers/me/vdstorecredit"))["store_credit"] == 17.34
        assert credit_history(admin, customer["id"])[-1] == (5, False, 12.34, 17.34)
        gone = ok(admin.get(f"/V1/vdgcard/account/{card['account_id']}"))
        assert (gone["current_value"], gone["status"]) == (0, 4)
