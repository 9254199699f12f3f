"""The exit popup over HTTP: the address is subscribed to the newsletter, a coupon is generated from the
configured cart price rule and mailed through the outbox to a real SMTP server, and the coupon works on
a cart; the gift that cannot be made, the switch, the store view, and the input errors."""
import re

import httpx
import pytest
import sqlalchemy as sa

from tests.helpers import new_customer, ok, unique
from tests.helpers.harness import set_config
from tests.helpers.mail import outbox, wait_for
from tests.helpers.quote import add, error, guest_cart, product
from tests.helpers.store import store_view

PATH = "/V1/vdpopup/sendEmail"
CODE = re.compile(r"[A-Z0-9]{12}")
SETTINGS = ("vendor_exitpopup/general/enabled", "vendor_exitpopup/promo/type", "vendor_exitpopup/promo/rule_id",
            "vendor_exitpopup/promo/product_id", "vendor_exitpopup/email/template", "vendor_exitpopup/email/sender")


@pytest.fixture
def settings(sql):
    """Set popup settings for one test; they are all removed afterwards."""
    def put(**values):
        for key, value in values.items():
            path = next(p for p in SETTINGS if p.endswith("/" + key))
            set_config(sql, path, None if value is None else str(value))
    yield put
    for path in SETTINGS:
        set_config(sql, path, None)


def gift_rule(admin, **fields) -> int:
    body = {"name": unique("popup gift "), "website_ids": [1], "customer_group_ids": [0, 1, 2, 3],
            "is_active": True, "coupon_type": "AUTO", "use_auto_generation": True, "uses_per_coupon": 1,
            "simple_action": "by_percent", "discount_amount": 15, "stop_rules_processing": False,
            "store_labels": [{"store_id": 0, "store_label": "Popup gift"}], **fields}
    return ok(admin.post("/V1/salesRules", json={"rule": body}))["rule_id"]


def log_rows(sql, email):
    with sql.connect() as c:
        return [dict(r._mapping) for r in c.execute(sa.text(
            "SELECT * FROM vendor_exitpopup_log WHERE email = :e ORDER BY entity_id"), {"e": email})]


def only_message(admin, address):
    (queued,) = outbox(admin, to_email=address)
    return queued


def test_the_coupon_reaches_the_mail_server_and_works_on_a_cart(server, admin, admin_token, guest, inbox, sql,
                                                                settings):
    rule_id = gift_rule(admin)
    settings(type="coupon", rule_id=rule_id)
    set_config(sql, "general/store_information/name", "Shop Example", "stores", 1)
    set_config(sql, "trans_email/ident_general/name", "Shop Example")
    set_config(sql, "trans_email/ident_general/email", "hello@shop.example")
    customer, _ = new_customer(server)
    assert ok(admin.get(f"/V1/customers/{customer['id']}"))["extension_attributes"]["is_subscribed"] is False

    # a customer's address, sent by a guest with spaces around it and a key the route does not know
    r = guest.post(PATH, json={"email": f"  {customer['email']} ", "source": "cart"})
    assert r.status_code == 200 and r.json() is True, r.text

    (msg,) = wait_for(lambda: inbox.to(customer["email"]), what="the gift mail")
    assert (str(msg["From"]), msg["Subject"]) == ("Shop Example <hello@shop.example>", "Your gift from Shop Example")
    assert msg.get_content_type() == "multipart/alternative" and msg["Date"] and msg["Message-ID"]
    text = msg.get_body(("plain",)).get_content()
    code = re.search(r"Your coupon code: ([A-Z0-9]+)", text).group(1)
    assert CODE.fullmatch(code) and text.startswith("Thank you for subscribing!")
    assert f"<strong>{code}</strong>" in msg.get_body(("html",)).get_content()
    assert inbox.envelopes[inbox.messages.index(msg)] == ("hello@shop.example", [customer["email"]])

    # the sender marks the message sent once the server has taken it: a moment after it is in the inbox
    queued = wait_for(lambda: (m := only_message(admin, customer["email"]))["status"] == "sent" and m,
                      what="the message marked sent")
    assert (queued["template_id"], queued["entity_type"], queued["store_id"], queued["status"]) == \
        ("vendor_exitpopup_email_template", "vendor_exitpopup_log", 1, "sent")
    (entry,) = log_rows(sql, customer["email"])
    assert (entry["customer_id"], entry["store_id"], entry["promo_type"], entry["freebie"], entry["message_id"]) == \
        (customer["id"], 1, "coupon", code, queued["message_id"])
    assert queued["entity_id"] == entry["entity_id"] and entry["subscriber_id"] > 0
    # the customer is now subscribed, in the default store view
    assert ok(admin.get(f"/V1/customers/{customer['id']}"))["extension_attributes"]["is_subscribed"] is True

    # the coupon is the rule's, used once at most, and takes 15 % off a cart
    coupons = ok(admin.get("/V1/coupons/search", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "code",
        "searchCriteria[filter_groups][0][filters][0][value]": code}))["items"]
    assert [(c["rule_id"], c["usage_limit"]) for c in coupons] == [(rule_id, 1)]
    sku = product(server, admin_token, price=80)["sku"]
    cart = guest_cart(guest)
    add(guest, f"/V1/guest-carts/{cart}", sku, 1)
    assert ok(guest.put(f"/V1/guest-carts/{cart}/coupons/{code}")) is True
    totals = ok(guest.get(f"/V1/guest-carts/{cart}/totals"))
    assert (totals["coupon_code"], totals["discount_amount"], totals["subtotal_with_discount"]) == (code, -12, 68)

    # every call is a new mail and a new coupon; the subscription stays as it is
    assert ok(guest.post(PATH, json={"email": customer["email"]})) is True
    (first, second) = [e["freebie"] for e in log_rows(sql, customer["email"])]
    assert first == code and CODE.fullmatch(second) and second != code
    wait_for(lambda: len(inbox.to(customer["email"])) == 2, what="the second gift mail")
    set_config(sql, "general/store_information/name", None, "stores", 1)
    set_config(sql, "trans_email/ident_general/name", None)
    set_config(sql, "trans_email/ident_general/email", None)


def test_a_gift_that_cannot_be_made_leaves_the_mail_without_one(admin, guest, sql, settings):
    """An inactive rule, a rule that does not generate coupons, a missing rule, a product (the catalog
    has no download links), no gift: the call succeeds and the mail says thank you only."""
    inactive = gift_rule(admin, is_active=False)
    manual = gift_rule(admin, coupon_type="SPECIFIC_COUPON", use_auto_generation=False)
    for values in ({"type": "coupon", "rule_id": inactive}, {"type": "coupon", "rule_id": manual},
                   {"type": "coupon", "rule_id": 987654}, {"type": "coupon", "rule_id": "first"},
                   {"type": "product", "product_id": 1}, {"type": None, "rule_id": None, "product_id": None},
                   {"type": "coupon", "rule_id": manual, "template": "no_such_template", "sender": "nobody"}):
        settings(**values)
        address = unique("popup.nogift.") + "@example.com"
        assert ok(guest.post(PATH, json={"email": address})) is True
        queued = only_message(admin, address)
        assert queued["template_id"] == "vendor_exitpopup_email_template"
        assert "Thank you for subscribing!" in queued["body_text"] and "coupon" not in queued["body_text"]
        (entry,) = log_rows(sql, address)
        assert entry["freebie"] == "" and entry["message_id"] == queued["message_id"], values
        assert entry["promo_type"] == (values["type"] or "none")
    # the failed attempts generated no coupon
    for rule_id in (inactive, manual):
        assert ok(admin.get("/V1/coupons/search", params={
            "searchCriteria[filter_groups][0][filters][0][field]": "rule_id",
            "searchCriteria[filter_groups][0][filters][0][value]": rule_id}))["total_count"] == 0


def test_switched_off_it_answers_false_and_with_mail_off_the_message_is_skipped(admin, guest, sql, settings):
    settings(enabled=0)
    address = unique("popup.off.") + "@example.com"
    assert ok(guest.post(PATH, json={"email": address})) is False
    assert outbox(admin, to_email=address) == [] and log_rows(sql, address) == []
    # e-mail communications off for the store: the call succeeds, the message is kept as skipped
    settings(enabled=None)
    set_config(sql, "system/smtp/disable", "1", "stores", 1)
    try:
        assert ok(guest.post(PATH, json={"email": address})) is True
        assert only_message(admin, address)["status"] == "skipped"
    finally:
        set_config(sql, "system/smtp/disable", None, "stores", 1)
    # the address is still checked while switched off
    settings(enabled=0)
    error(guest.post(PATH, json={"email": "nope"}), 400, 'Invalid value of "%value" provided for the %fieldName field.',
          {"value": "nope", "fieldName": "email"})


def test_the_store_view_of_the_url_and_a_customer_token(server, admin, sql, settings):
    customer, token = new_customer(server)
    address = unique("popup.all.") + "@example.com"
    # a signed-in shopper's token is accepted and changes nothing: the body's address is used
    with server.client(token) as shopper:
        assert ok(shopper.post(PATH, json={"email": address})) is True
    (entry,) = log_rows(sql, address)
    assert (entry["customer_id"], entry["store_id"], entry["promo_type"]) == (None, 1, "none")
    with sql.connect() as c:
        assert c.execute(sa.text("SELECT subscriber_status, store_id FROM newsletter_subscriber "
                                 "WHERE subscriber_id = :s"), {"s": entry["subscriber_id"]}).one() == (1, 1)
    # under /rest/all (the admin store) the main website's default store view takes the address
    other = unique("popup.admin.") + "@example.com"
    r = httpx.post(server.url + "/rest/all" + PATH, json={"email": other})
    assert r.status_code == 200 and r.json() is True
    assert [e["store_id"] for e in log_rows(sql, other)] == [1]
    assert only_message(admin, other)["store_id"] == 1

    # another store view's code: the subscription, the log and the mail are that store view's
    store_id = store_view(server, "popup_de", "Popup German")
    with server.client(store="popup_de") as german:
        assert ok(german.post(PATH, json={"email": customer["email"]})) is True
    (entry,) = log_rows(sql, customer["email"])
    assert (entry["store_id"], entry["customer_id"]) == (store_id, customer["id"])
    assert only_message(admin, customer["email"])["store_id"] == store_id
    with sql.connect() as c:
        assert c.execute(sa.text("SELECT subscriber_status, store_id, customer_id FROM newsletter_subscriber "
                                 "WHERE subscriber_id = :s"), {"s": entry["subscriber_id"]}).one() == \
            (1, store_id, customer["id"])


@pytest.mark.parametrize("body,message,parameters", [
    ({}, '"%fieldName" is required. Enter and try again.', {"fieldName": "email"}),
    ({"email": {"a": 1}}, None, None),
    ({"email": ["a@example.com"]}, None, None),
    ({"email": "not-an-email"}, 'Invalid value of "%value" provided for the %fieldName field.',
     {"value": "not-an-email", "fieldName": "email"}),
])
def test_input_errors(guest, body, message, parameters):
    r = guest.post(PATH, json=body)
    if message is None:
        assert r.status_code == 400, r.text
        assert r.json()["message"] == \
            'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.'
        assert r.json()["parameters"]["type"] == "string"
    else:
        error(r, 400, message, parameters)


def test_malformed_addresses_are_refused(guest):
    for bad in ("", "   ", "a@b", "@example.com", "a@@example.com", "a@example.", "a@.example.com",
                "a b@example.com", "a@exa mple.com", "x" * 243 + "@example.com", "a@b@example.com"):
        r = guest.post(PATH, json={"email": bad})
        assert r.status_code == 400, (bad, r.text)
        assert r.json()["message"] in ('Invalid value of "%value" provided for the %fieldName field.',
                                       '"%fieldName" is required. Enter and try again.'), (bad, r.text)
    # a long address is still one (the suite's test module notes each subscription in a 255-character
    # title, so this stays well below the 254 allowed)
    assert ok(guest.post(PATH, json={"email": "x" * 200 + "@example.com"})) is True


def test_demo_mails_a_working_coupon(own_server):
    own_server.cli("demo", "load", "exitpopup")
    token = own_server.token()
    with own_server.client() as guest, own_server.client(token) as admin:
        assert ok(guest.post(PATH, json={"email": "demo.popup@example.com"})) is True
        queued = only_message(admin, "demo.popup@example.com")
        code = re.search(r"Your coupon code: ([A-Z0-9]{12})", queued["body_text"]).group(1)
        rules = ok(admin.get("/V1/salesRules/search", params={
            "searchCriteria[filter_groups][0][filters][0][field]": "name",
            "searchCriteria[filter_groups][0][filters][0][value]": "Exit popup 15%"}))["items"]
        assert len(rules) == 1 and rules[0]["coupon_type"] == "AUTO"
        coupons = ok(admin.get("/V1/coupons/search", params={
            "searchCriteria[filter_groups][0][filters][0][field]": "code",
            "searchCriteria[filter_groups][0][filters][0][value]": code}))["items"]
        assert [c["rule_id"] for c in coupons] == [rules[0]["rule_id"]]
