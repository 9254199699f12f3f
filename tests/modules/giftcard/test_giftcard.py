"""Gift cards over HTTP: images, code pools and codes, accounts and card mail, then cards paying for carts,
their balances at placement, cancellation and refund, the race of two checkouts for one card, and
redeeming into store credit."""
import json
import re

import httpx

from tests.helpers import at_once, limited_admin, new_customer, ok, unique
from tests.helpers.harness import ADMIN_USER, set_config
from tests.helpers.mail import outbox
from tests.helpers.media import content, image as png
from tests.helpers.quote import ADDRESS, add, error, guest_cart, product, shipping_information



def new_pool(admin, qty=5, template=None, rule=None) -> dict:
    body = {"title": unique("Pool "), "template": template or unique("T") + "-{L}{L}{D}{D}{D}{D}", "qty": qty}
    if rule is not None:
        body["code_pool_rule"] = {"conditions_serialized": rule}
    return ok(admin.post("/V1/vdgcard/code-pool", json={"codePool": body}))


def new_card(admin, pool_id, value=50, **fields) -> dict:
    body = {"code_pool": pool_id, "status": 1, "website_id": 1, "store_id": 1, "initial_value": value, **fields}
    return ok(admin.post("/V1/vdgcard/account", json={"account": body}))


def code_of(card: dict) -> str:
    return card["code_model"]["code"]


# history actions: 1 created, 2 changed by admin, 3 paid for order, 4 returned on cancel, 5 refunded,
# 6 redeemed to store credit
def history_of(admin, account_id: int) -> list[tuple]:
    """The card's balance history, oldest first: (action, difference, is_deduct, balance, order)."""
    rows = ok(admin.get(f"/V1/vdgcard/account/{account_id}/history"))
    assert [r["history_id"] for r in rows] == sorted(r["history_id"] for r in rows)
    assert all(r["account_id"] == account_id and re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", r["created_at"])
               for r in rows)
    return [(r["action"], r["difference"], r["is_deduct"], r["balance"], r["order_increment_id"]) for r in rows]


def history_data(admin, account_id: int) -> list:
    return [json.loads(r["action_data"]) if r["action_data"] else None
            for r in ok(admin.get(f"/V1/vdgcard/account/{account_id}/history"))]


def test_images_crud_upload_and_errors(gc_server, gc_admin, gc_token):
    admin = gc_admin
    body = {"title": "Birthday", "gcard_title": "Happy Birthday!", "status": 1, "user_upload": False,
            "image_path": "vdgcard/image/birthday.png",
            "image_elements": [{"name": "code", "width": 240, "height": 40, "pos_x": 30, "pos_y": 320,
                                "custom_css": "font-size:20px;"},
                               {"name": "balance", "width": 120, "height": 40, "pos_x": 430, "pos_y": 20}]}
    image = ok(admin.post("/V1/vdgcard/image", json={"image": body}))
    image_id = image["image_id"]
    assert image["width"] == 580 and image["height"] == 390 and image["baking_info"] == []
    assert [e["name"] for e in image["image_elements"]] == ["code", "balance"]
    assert all(e["image_id"] == image_id and e["element_id"] for e in image["image_elements"])

    # the path id decides; the stored image is merged with what is sent; elements stay unless sent
    edited = ok(admin.put(f"/V1/vdgcard/image/{image_id}", json={"image": {"status": 0, "image_id": 999999}}))
    assert edited["image_id"] == image_id and edited["status"] == 0 and edited["title"] == "Birthday"
    assert len(edited["image_elements"]) == 2
    edited = ok(admin.put(f"/V1/vdgcard/image/{image_id}", json={"image": {
        "image_elements": [{"name": "title", "width": 1, "height": 2, "pos_x": 3, "pos_y": 4}], "baking_info": []}}))
    assert [e["name"] for e in edited["image_elements"]] == ["title"]
    assert ok(admin.get(f"/V1/vdgcard/image/{image_id}")) == edited
    listed = ok(gc_server.client(gc_token).get("/V1/vdgcard/image/all"))
    assert any(i["image_id"] == image_id for i in listed)

    # a background file goes through the media service and is served under the media URL
    up = ok(admin.post(f"/V1/vdgcard/image/{image_id}/upload", json={"content": content(png(), "bday.png")}))
    assert up["image_path"].startswith("vdgcard/image/") and up["image_path"].endswith(".png")
    assert httpx.get(f"{gc_server.url}/media/{up['image_path']}").status_code == 200

    error(admin.post("/V1/vdgcard/image", json={}), 400, '"%fieldName" is required. Enter and try again.',
          {"fieldName": "image"})
    error(admin.post("/V1/vdgcard/image", json={"image": {"status": 1}}), 400,
          "Unable to save new image. Error: %1", ['"title" is required. Enter and try again.'])
    assert admin.post("/V1/vdgcard/image", json={"image": {"title": "x", "colour": "red"}}).status_code == 400
    assert admin.post("/V1/vdgcard/image", json={"image": {"title": "x", "width": "wide"}}).status_code == 400
    error(admin.put("/V1/vdgcard/image/999999", json={"image": {"status": 1}}), 404,
          'Image with specified ID "%1" not found.', [999999])
    assert admin.delete(f"/V1/vdgcard/image/{image_id}").json() is True
    error(admin.get(f"/V1/vdgcard/image/{image_id}"), 404, 'Image with specified ID "%1" not found.', [image_id])
    error(admin.delete(f"/V1/vdgcard/image/{image_id}"), 404, 'Image with specified ID "%1" not found.')
    assert httpx.get(f"{gc_server.url}/media/{up['image_path']}").status_code == 404

    # ACL: guests and admins without the resource are refused; admin writes are reachable through async
    r = httpx.post(gc_server.url + "/rest/all/V1/vdgcard/image", json={"image": {"title": "x"}})
    error(r, 401, "The consumer isn't authorized to access %resources.",
          {"resources": "Vendor_GiftCard::giftcard_image"})
    only_images = limited_admin(gc_server, "Vendor_GiftCard::giftcard_image")
    with gc_server.client(only_images, store="all") as limited:
        assert limited.get("/V1/vdgcard/image/all").status_code == 200
        error(limited.get("/V1/vdgcard/account/all"), 401, "The consumer isn't authorized to access %resources.",
              {"resources": "Vendor_GiftCard::giftcard_account"})
        for path in ("/V1/vdgcard/account/1/history", "/V1/vdgcard/account/history/search"):
            error(limited.get(path), 401, "The consumer isn't authorized to access %resources.",
                  {"resources": "Vendor_GiftCard::giftcard_account"})
    r = admin.post("/async/V1/vdgcard/image", json={"image": {"title": "Queued"}})
    assert r.status_code == 202, r.text


def test_code_pools_and_generation(gc_admin, gc_server):
    admin = gc_admin
    rule = ('{"type": "Magento\\\\SalesRule\\\\Model\\\\Rule\\\\Condition\\\\Combine", "aggregator": "all", '
            '"value": "1", "conditions": [{"type": "Magento\\\\SalesRule\\\\Model\\\\Rule\\\\Condition\\\\Address", '
            '"attribute": "base_subtotal", "operator": ">=", "value": "100"}]}')
    pool = new_pool(admin, qty=3, rule=rule)
    pool_id = pool["code_pool_id"]
    assert pool["qty"] == 3 and pool["code_pool_rule"]["code_pool_id"] == pool_id
    assert '"base_subtotal"' in pool["code_pool_rule"]["conditions_serialized"]
    edited = ok(admin.put(f"/V1/vdgcard/code-pool/{pool_id}", json={"code_pool": {"title": "Renamed"}}))
    assert edited["title"] == "Renamed" and edited["template"] == pool["template"] and edited["code_pool_rule"]
    assert ok(admin.get(f"/V1/vdgcard/code-pool/{pool_id}")) == edited
    assert any(p["code_pool_id"] == pool_id for p in ok(admin.get("/V1/vdgcard/code-pool/all")))
    cleared = ok(admin.put(f"/V1/vdgcard/code-pool/{pool_id}", json={"codePool": {"code_pool_rule": None}}))
    assert "code_pool_rule" not in cleared

    assert ok(admin.put(f"/V1/vdgcard/code-generator/code-pool/{pool_id}/qty/2")) is True
    prefix = unique("X")
    assert ok(admin.put(f"/V1/vdgcard/code-generator/code-pool/{pool_id}",
                        json={"template": prefix + "-{D}{D}{D}{D}{D}", "qty": 4})) is True
    # 3 + 2 + 4 free codes: nine cards can be issued from the pool, the tenth cannot
    cards = [new_card(admin, pool_id, 10) for _ in range(9)]
    assert len({code_of(c) for c in cards}) == 9
    assert sum(code_of(c).startswith(prefix) for c in cards) == 4
    error(admin.post("/V1/vdgcard/account", json={"account": {"code_pool": pool_id, "initial_value": 5}}), 400,
          "Unable to save new account. Error: %1", [f'Code pool "{pool_id}" has no free codes left.'])

    # a template that cannot give that many new codes: a 400 and nothing generated
    small = unique("S") + "-{D}"
    assert ok(admin.put(f"/V1/vdgcard/code-generator/code-pool/{pool_id}", json={"template": small, "qty": 10}))
    error(admin.put(f"/V1/vdgcard/code-generator/code-pool/{pool_id}", json={"template": small, "qty": 1}), 400,
          'Unable to generate %1 unique codes from template "%2".', [1, small])
    error(admin.post("/V1/vdgcard/code-pool", json={"codePool": {"title": "t", "template": "ABC-{D}", "qty": 11}}),
          400, 'Unable to generate %1 unique codes from template "%2".', [11, "ABC-{D}"])
    assert admin.put(f"/V1/vdgcard/code-generator/code-pool/{pool_id}/qty/many").status_code == 400
    error(admin.put(f"/V1/vdgcard/code-generator/code-pool/{pool_id}", json={"qty": 1}), 400,
          '"%fieldName" is required. Enter and try again.', {"fieldName": "template"})
    error(admin.put("/V1/vdgcard/code-generator/code-pool/999999/qty/1"), 404,
          'Code pool with specified ID "%1" not found.', [999999])
    error(admin.get("/V1/vdgcard/code-pool/999999"), 404, 'Code pool with specified ID "%1" not found.')

    # deleting the pool drops its free codes; used codes stay with their accounts
    assert admin.delete(f"/V1/vdgcard/code-pool/{pool_id}").json() is True
    assert ok(admin.get(f"/V1/vdgcard/account/code/{code_of(cards[0])}"))["account_id"] == cards[0]["account_id"]
    with gc_server.db.engine.connect() as conn:
        import sqlalchemy as sa
        left = conn.execute(sa.text("SELECT count(*) FROM vendor_gcard_code WHERE code_pool_id = :p"),
                            {"p": pool_id}).scalar()
    assert left == 9


def test_accounts_and_card_mail(gc_admin, gc_server):
    admin = gc_admin
    pool = new_pool(admin, qty=3)
    email = f"{unique('bob')}@example.com"
    card = new_card(admin, pool["code_pool_id"], 50, recipient_email=email, expired_date="2099-12-31",
                    usage="multiple", comment="Goodwill", recipient_phone="+15550100")
    assert card["status"] == 1 and card["initial_value"] == 50 and card["current_value"] == 50
    assert card["code_pool"] == pool["code_pool_id"] and card["code_model"]["status"] == 1
    assert card["expired_date"] == "2099-12-31" and card["order_item_id"] == 0 and card["sent"] is False
    assert card["recipient_phone"] == "+15550100"
    account_id = card["account_id"]
    assert ok(admin.get(f"/V1/vdgcard/account/{account_id}?reset=true")) == card
    assert ok(admin.get(f"/V1/vdgcard/account/code/{code_of(card)}")) == card
    assert any(a["account_id"] == account_id for a in ok(admin.get("/V1/vdgcard/account/all")))

    # the same code for another account: refused
    error(admin.post("/V1/vdgcard/account", json={"account": {"code_id": card["code_id"], "initial_value": 5}}),
          400, 'Gift Card Account with code_id "%1" is already exists.', [card["code_id"]])
    error(admin.post("/V1/vdgcard/account", json={"account": {"initial_value": 5}}), 400,
          "Unable to save new account. Error: %1", ['"code_id" is required. Enter and try again.'])
    assert admin.post("/V1/vdgcard/account", json={"account": {"code_pool": 1, "initial_value": "lots"}}) \
        .status_code == 400
    assert admin.post("/V1/vdgcard/account", json={"account": {"code_pool": 1, "initial_value": 1,
                                                               "code_model": {"code": "X"}}}).status_code == 400
    error(admin.post("/V1/vdgcard/account", json={}), 400, '"%fieldName" is required. Enter and try again.',
          {"fieldName": "account"})

    # a balance change is mailed to the recipient; at 0 the card becomes Used
    changed = ok(admin.put(f"/V1/vdgcard/account/{account_id}", json={"account": {"current_value": 20}}))
    assert changed["current_value"] == 20 and changed["status"] == 1
    mails = outbox(admin, to_email=email)
    assert len(mails) == 1 and "20.00" in mails[0]["body_text"] and code_of(card) in mails[0]["body_text"]
    used = ok(admin.put(f"/V1/vdgcard/account/{account_id}", json={"account": {"current_value": 0}}))
    assert used["status"] == 3
    # the same balance again, or other fields, change no balance: no row
    ok(admin.post("/V1/vdgcard/account", json={"account": {"account_id": account_id, "current_value": 0}}))
    ok(admin.put(f"/V1/vdgcard/account/{account_id}", json={"account": {"comment": "Still goodwill"}}))
    # POST with the id is a save of the account too
    ok(admin.post("/V1/vdgcard/account", json={"account": {"account_id": account_id, "current_value": 12.34}}))
    assert history_of(admin, account_id) == [(1, 50, False, 50, None), (2, 30, True, 20, None),
                                             (2, 20, True, 0, None), (2, 12.34, False, 12.34, None)]
    assert history_data(admin, account_id) == [{"admin_user": ADMIN_USER}] * 4
    # every card's rows, searched: the filter, the sort order, the page
    found = ok(admin.get("/V1/vdgcard/account/history/search", params={
        "searchCriteria[filterGroups][0][filters][0][field]": "account_id",
        "searchCriteria[filterGroups][0][filters][0][value]": account_id,
        "searchCriteria[filterGroups][1][filters][0][field]": "action",
        "searchCriteria[filterGroups][1][filters][0][value]": 2,
        "searchCriteria[sortOrders][0][field]": "history_id",
        "searchCriteria[sortOrders][0][direction]": "DESC",
        "searchCriteria[pageSize]": 2}))
    assert found["total_count"] == 3
    assert [(r["difference"], r["is_deduct"], r["balance"]) for r in found["items"]] == [(12.34, False, 12.34),
                                                                                        (20, True, 0)]
    assert admin.get("/V1/vdgcard/account/history/search", params={
        "searchCriteria[filterGroups][0][filters][0][field]": "colour",
        "searchCriteria[filterGroups][0][filters][0][value]": "red"}).status_code == 400
    ok(admin.put(f"/V1/vdgcard/account/{account_id}", json={"account": {"current_value": 0}}))
    error(admin.put(f"/V1/vdgcard/account/{account_id}", json={"account": {"status": 9}}), 400,
          "Unable to save account with ID %1. Error: %2")
    error(admin.put("/V1/vdgcard/account/999999", json={"account": {"comment": "x"}}), 404,
          'Account with specified ID "%1" not found.', [999999])
    assert admin.put("/V1/vdgcard/account/", json={"account": {"comment": "x"}}).status_code == 404

    # the card mail goes to the outbox, never to a mail server within the request
    assert ok(admin.post("/V1/vdgcard/account/send", json={
        "accountId": account_id, "storeId": 1, "recipientEmail": "carol@example.com", "recipientName": "Carol"})) is True
    sent = outbox(admin, to_email="carol@example.com")
    assert sent and code_of(card) in sent[0]["body_text"] and "Carol" in sent[0]["body_text"]
    assert ok(admin.get(f"/V1/vdgcard/account/{account_id}"))["sent"] is True
    bare = new_card(admin, pool["code_pool_id"], 5)
    error(admin.post("/V1/vdgcard/account/send", json={"accountId": bare["account_id"], "storeId": 1}), 400,
          "The gift card account has no recipient email.")
    error(admin.post("/V1/vdgcard/account/send", json={"accountId": account_id, "storeId": 999}), 404,
          "The store that was requested wasn't found. Verify the store and try again.")
    error(admin.post("/V1/vdgcard/account/send", json={"accountId": 999999, "storeId": 1}), 404,
          'Account with specified ID "%1" not found.', [999999])
    error(admin.post("/V1/vdgcard/account/send", json={"storeId": 1}), 400,
          '"%fieldName" is required. Enter and try again.', {"fieldName": "accountId"})

    assert ok(admin.get("/V1/vdgcard/account/order/999999")) == []
    error(admin.get("/V1/vdgcard/account/code/NOPE-0000"), 404, 'Account for specified code "%1" not found',
          ["NOPE-0000"])
    assert admin.delete(f"/V1/vdgcard/account/{account_id}").json() is True
    error(admin.get(f"/V1/vdgcard/account/{account_id}"), 404, 'Account with specified ID "%1" not found.')
    # a deleted card's history is kept; a card that never was has none
    assert len(history_of(admin, account_id)) == 5
    error(admin.get("/V1/vdgcard/account/999999/history"), 404, 'Account with specified ID "%1" not found.',
          [999999])
    error(admin.get(f"/V1/vdgcard/account/code/{code_of(card)}"), 404, 'Account for specified code "%1" not found')
    error(admin.delete(f"/V1/vdgcard/account/{account_id}"), 404, 'Account with specified ID "%1" not found.')


def totals_of(client, base="/V1/carts/mine") -> dict:
    return ok(client.get(f"{base}/totals"))


def segment(totals: dict) -> dict | None:
    return next((s for s in totals["total_segments"] if s["code"] == "vdgiftcard"), None)


def test_cards_pay_the_cart_then_balances_follow_the_order(gc_server, gc_admin, gc_token):
    admin = gc_admin
    pool = new_pool(admin, qty=10)
    pool_id = pool["code_pool_id"]
    item = product(gc_server, gc_token, price=45)
    first, second, third = (new_card(admin, pool_id, v) for v in (30, 40, 10))
    customer, token = new_customer(gc_server)
    with gc_server.client(token) as me:
        ok(me.post("/V1/carts/mine"))
        error(me.put(f"/V1/carts/mine/gift-card-account/{code_of(first)}"), 400,
              'The "%1" Cart doesn\'t contain products.')
        add(me, "/V1/carts/mine", item["sku"], 1)
        assert shipping_information(me, "/V1/carts/mine").status_code == 200    # 45 + 5 shipping
        r = ok(me.put(f"/V1/carts/mine/gift-card-account/%20{code_of(first)}%20"))
        assert r["account"]["account_id"] == first["account_id"] and r["account"]["current_value"] == 30
        assert r["messages"] == [{"type": "success", "text": f'Gift Card "{code_of(first)}" was added.'}]
        t = totals_of(me)
        assert t["grand_total"] == 20 and t["base_grand_total"] == 20
        assert segment(t) == {"code": "vdgiftcard", "title": f"Gift Card ({code_of(first)})", "value": -30}
        assert t["extension_attributes"]["vdgiftcard_amount"] == 30
        error(me.put(f"/V1/carts/mine/gift-card-account/{code_of(first)}"), 400,
              "This gift card account is already in the quote.")
        assert ok(me.put(f"/V1/carts/mine/gift-card/{code_of(second)}")) == code_of(second)
        t = totals_of(me)
        assert t["grand_total"] == 0 and segment(t)["value"] == -50
        assert segment(t)["title"] == f"Gift Card ({code_of(first)}, {code_of(second)})"
        error(me.put(f"/V1/carts/mine/gift-card-account/{code_of(third)}"), 400,
              "Gift card can't be applied. Maximum discount reached.")
        # a bigger cart moves the amounts: the second card pays 45 more
        add(me, "/V1/carts/mine", item["sku"], 1)
        t = totals_of(me)
        assert t["grand_total"] == 30 and segment(t)["value"] == -70    # 90 + 10 shipping - 30 - 40

        # the validators
        error(me.put("/V1/carts/mine/gift-card-account/NOPE-1"), 400, "Wrong gift card code")
        expired = new_card(admin, pool_id, 10, expired_date="2020-01-01")
        error(me.put(f"/V1/carts/mine/gift-card-account/{code_of(expired)}"), 400, "Gift card %1 is expired.",
              [code_of(expired)])
        disabled = new_card(admin, pool_id, 10, status=0)
        error(me.put(f"/V1/carts/mine/gift-card-account/{code_of(disabled)}"), 400, "Gift card %1 is not enabled.")
        empty = new_card(admin, pool_id, 0)
        error(me.put(f"/V1/carts/mine/gift-card-account/{code_of(empty)}"), 400, "Gift card %1 is used.")
        elsewhere = new_card(admin, pool_id, 10, website_id=2)
        error(me.put(f"/V1/carts/mine/gift-card-account/{code_of(elsewhere)}"), 400,
              "The code cannot be applied on this website.")
        set_config(gc_server.db.engine, "vdgcard/general/max_cards", "2")
        try:
            error(me.put(f"/V1/carts/mine/gift-card-account/{code_of(third)}"), 400,
                  "You can't apply more than %1 gift card code.", [2])
        finally:
            set_config(gc_server.db.engine, "vdgcard/general/max_cards", None)
        set_config(gc_server.db.engine, "vdgcard/general/require_customer_account", "1")
        try:
            error(me.put(f"/V1/carts/mine/gift-card-account/{code_of(third)}"), 400,
                  "Please add this Gift Card Code to your customer account to proceed.")
        finally:
            set_config(gc_server.db.engine, "vdgcard/general/require_customer_account", None)
        own = new_card(admin, pool_id, 10, customer_created_id=customer["id"])
        set_config(gc_server.db.engine, "vdgcard/general/forbid_own_cards", "1")
        try:
            error(me.put(f"/V1/carts/mine/gift-card-account/{code_of(own)}"), 400,
                  "You can't use a gift card that you purchased yourself.")
        finally:
            set_config(gc_server.db.engine, "vdgcard/general/forbid_own_cards", None)
        error(me.delete(f"/V1/carts/mine/gift-card/{code_of(third)}"), 400,
              "The gift card couldn't be deleted from the quote.")

        # placing the order takes the balances; the order keeps what the cards paid
        order_id = ok(me.post("/V1/carts/mine/payment-information", json={
            "paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS}))
    order = ok(admin.get(f"/V1/orders/{order_id}"))
    assert order["grand_total"] == 30
    assert order["extension_attributes"]["vdgiftcard_amount"] == 70
    assert [c["code"] for c in order["extension_attributes"]["vdgiftcard_cards"]] == [code_of(first), code_of(second)]
    a1, a2 = (ok(admin.get(f"/V1/vdgcard/account/{c['account_id']}")) for c in (first, second))
    assert (a1["current_value"], a1["status"]) == (0, 3)
    assert (a2["current_value"], a2["status"]) == (0, 3)
    number = order["increment_id"]
    assert history_of(admin, first["account_id"]) == [(1, 30, False, 30, None), (3, 30, True, 0, number)]
    assert history_of(admin, second["account_id"]) == [(1, 40, False, 40, None), (3, 40, True, 0, number)]
    assert history_data(admin, first["account_id"])[1] == {"order_id": order_id}
    # the third card, applied and taken off again, paid nothing
    assert history_of(admin, third["account_id"]) == [(1, 10, False, 10, None)]
    # a card issued for an item of the order is found by the order's id
    issued = new_card(admin, pool_id, 25, order_item_id=order["items"][0]["item_id"])
    assert [a["account_id"] for a in ok(admin.get(f"/V1/vdgcard/account/order/{order_id}"))] == [issued["account_id"]]
    with gc_server.client(token) as me:   # the customer's cart is gone with the order
        error(me.put(f"/V1/carts/mine/gift-card-account/{code_of(third)}"), 404,
              "Current customer does not have an active cart.")

    # cancelling gives it back, once
    assert ok(admin.post(f"/V1/orders/{order_id}/cancel")) is True
    a1, a2 = (ok(admin.get(f"/V1/vdgcard/account/{c['account_id']}")) for c in (first, second))
    assert (a1["current_value"], a1["status"]) == (30, 1)
    assert (a2["current_value"], a2["status"]) == (40, 1)
    assert history_of(admin, first["account_id"]) == [(1, 30, False, 30, None), (3, 30, True, 0, number),
                                                      (4, 30, False, 30, number)]
    assert history_of(admin, second["account_id"]) == [(1, 40, False, 40, None), (3, 40, True, 0, number),
                                                       (4, 40, False, 40, number)]


def test_guest_cart_rules_single_use_and_refund(gc_server, gc_admin, gc_token):
    admin = gc_admin
    rule = ('{"type": "Magento\\\\SalesRule\\\\Model\\\\Rule\\\\Condition\\\\Combine", "aggregator": "all", '
            '"value": "1", "conditions": [{"type": "Magento\\\\SalesRule\\\\Model\\\\Rule\\\\Condition\\\\Address", '
            '"attribute": "base_subtotal", "operator": ">=", "value": "100"}]}')
    ruled = new_card(admin, new_pool(admin, qty=1, rule=rule)["code_pool_id"], 100)
    pool_id = new_pool(admin, qty=3)["code_pool_id"]
    card = new_card(admin, pool_id, 100, usage="single")
    item = product(gc_server, gc_token, price=45)
    with gc_server.client() as guest:
        error(guest.put(f"/V1/guest-carts/{'a' * 32}/gift-card/{code_of(card)}"), 404,
              "No such entity with %fieldName = %fieldValue", {"fieldName": "cartId", "fieldValue": "a" * 32})
        masked = guest_cart(guest)
        base = f"/V1/guest-carts/{masked}"
        error(guest.delete(f"{base}/gift-card/{code_of(card)}"), 400, 'The "%1" Cart doesn\'t contain products.',
              [masked])
        add(guest, base, item["sku"], 1)
        assert shipping_information(guest, base).status_code == 200
        error(guest.put(f"{base}/gift-card-account/{code_of(ruled)}"), 400,
              'Coupon code "%1" cannot be applied to the cart because it does not meet certain conditions.',
              [code_of(ruled)])
        assert ok(guest.put(f"{base}/gift-card/{code_of(card)}")) == code_of(card)
        assert ok(guest.delete(f"{base}/gift-card/{code_of(card)}")) == code_of(card)
        assert segment(totals_of(guest, base)) is None and totals_of(guest, base)["grand_total"] == 50
        r = ok(guest.put(f"{base}/gift-card-account/{code_of(card)}"))
        assert r["account"]["code_model"]["code"] == code_of(card)
        assert totals_of(guest, base)["grand_total"] == 0
        methods = [m["code"] for m in ok(guest.get(f"{base}/payment-methods"))]
        assert methods == ["free"]
        order_id = ok(guest.post(f"{base}/payment-information", json={
            "email": "gc.guest@example.com", "paymentMethod": {"method": "free"}, "billingAddress": ADDRESS}))
    # a single-use card is Used after its first order, whatever is left
    left = ok(admin.get(f"/V1/vdgcard/account/{card['account_id']}"))
    assert (left["current_value"], left["status"]) == (50, 3)
    # a full refund gives the card back what it paid
    ok(admin.post(f"/V1/order/{order_id}/invoice", json={}))
    memo_id = ok(admin.post(f"/V1/order/{order_id}/refund", json={}))
    memo = ok(admin.get(f"/V1/creditmemo/{memo_id}"))
    assert memo["extension_attributes"]["vdgiftcard_returned"] == 50
    back = ok(admin.get(f"/V1/vdgcard/account/{card['account_id']}"))
    assert (back["current_value"], back["status"]) == (100, 1)
    number = ok(admin.get(f"/V1/orders/{order_id}"))["increment_id"]
    assert history_of(admin, card["account_id"]) == [(1, 100, False, 100, None), (3, 50, True, 50, number),
                                                     (5, 50, False, 100, number)]
    assert history_data(admin, card["account_id"])[2] == {"order_id": order_id, "creditmemo_id": memo_id}
    # the card that did not meet the conditions was never paid from
    assert history_of(admin, ruled["account_id"]) == [(1, 100, False, 100, None)]


def test_two_checkouts_race_for_one_card(gc_server, gc_admin, gc_token):
    admin = gc_admin
    pool_id = new_pool(admin, qty=3)["code_pool_id"]
    item = product(gc_server, gc_token, price=45)
    for _ in range(2):
        card = new_card(admin, pool_id, 40, usage="single")   # pays 40 of 45 + 5 shipping, once
        clients = [gc_server.client() for _ in range(2)]
        bases = []
        for c in clients:
            base = f"/V1/guest-carts/{guest_cart(c)}"
            add(c, base, item["sku"], 1)
            assert shipping_information(c, base).status_code == 200
            ok(c.put(f"{base}/gift-card-account/{code_of(card)}"))
            bases.append(base)
        answers = at_once(*(lambda c=c, base=base, i=i: c.post(f"{base}/payment-information", json={
            "email": f"racer{i}@example.com", "paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS})
            for i, (c, base) in enumerate(zip(clients, bases))))
        assert sorted(r.status_code for r in answers) == [200, 400], [r.text for r in answers]
        refused = next(r for r in answers if r.status_code == 400)
        # the loser's card is either seen used up before its order is written, or its deduction finds
        # no balance left: both refuse the order
        assert refused.json() == {"message": "Gift card %1 balance does not have funds.", "parameters": [code_of(card)]} \
            or refused.json() == {"message": "Gift card %1 is used.", "parameters": [code_of(card)]}
        account = ok(admin.get(f"/V1/vdgcard/account/{card['account_id']}"))
        assert (account["current_value"], account["status"]) == (0, 3)
        # one payment in the history, for the order that was placed
        winner = next(r for r in answers if r.status_code == 200).json()
        number = ok(admin.get(f"/V1/orders/{winner}"))["increment_id"]
        assert history_of(admin, card["account_id"]) == [(1, 40, False, 40, None), (3, 40, True, 0, number)]
        # the refused cart is still active, nothing of its order was written
        loser = clients[answers.index(refused)]
        assert loser.get(bases[answers.index(refused)]).status_code == 200
        for c in clients:
            c.close()


def test_redeem_into_store_credit(gc_server, gc_admin):
    admin = gc_admin
    pool_id = new_pool(admin, qty=3)["code_pool_id"]
    redeemable = new_card(admin, pool_id, 25.5, redeemable=True)
    plain = new_card(admin, pool_id, 25)
    expired = new_card(admin, pool_id, 25, redeemable=True, expired_date="2020-01-01")
    customer, token = new_customer(gc_server)
    with gc_server.client(token) as me:
        error(me.post("/V1/vdgcard/account/redeem", json={"giftCardCode": code_of(plain)}), 400,
              "Gift card %1 cannot be redeemed.", [code_of(plain)])
        error(me.post("/V1/vdgcard/account/redeem", json={"giftCardCode": code_of(expired)}), 400,
              "Gift card %1 is expired.", [code_of(expired)])
        error(me.post("/V1/vdgcard/account/redeem", json={"giftCardCode": "NOPE-2"}), 404,
              'Account for specified code "%1" not found')
        done = ok(me.post("/V1/vdgcard/account/redeem", json={"gift_card_code": f" {code_of(redeemable)} "}))
        assert done == {"account_id": redeemable["account_id"], "code": code_of(redeemable), "amount": 25.5,
                        "customer_id": customer["id"]}
        # once only: the card is now Redeemed at 0
        error(me.post("/V1/vdgcard/account/redeem", json={"giftCardCode": code_of(redeemable)}), 400,
              "Gift card %1 is used.")
    gone = ok(admin.get(f"/V1/vdgcard/account/{redeemable['account_id']}"))
    assert (gone["current_value"], gone["status"]) == (0, 4)
    assert history_of(admin, redeemable["account_id"]) == [(1, 25.5, False, 25.5, None), (6, 25.5, True, 0, None)]
    assert history_data(admin, redeemable["account_id"])[1] == {"customer_id": customer["id"]}
    # refused redeems changed nothing
    assert history_of(admin, plain["account_id"]) == [(1, 25, False, 25, None)]
    assert history_of(admin, expired["account_id"]) == [(1, 25, False, 25, None)]
    # the store credit side: tests/modules/test_money_together.py
