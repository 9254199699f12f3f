"""Recurring wallet payments over HTTP: saving a billing agreement from a wallet token, saving and placing
the order in one transaction, listing and cancelling one's agreements, paying later orders with an
agreement, the admin's view, and the errors docs/modules/recurringwallet.md lists."""
import hashlib
import time

import httpx
import sqlalchemy as sa

from tests.helpers import limited_admin, new_customer, ok
from tests.helpers.quote import add, error, product, shipping_information

SAVE = "/V1/wallet-recurring/save"
PLACE = "/V1/wallet-recurring/save-and-place"
MINE = "/V1/wallet-recurring/mine"
ADMIN_BASE = "/V1/wallet-recurring/agreements"
GOOGLE, APPLE = "vdrecurringwallet_googlepay", "vdrecurringwallet_applepay"
BILLING = {"firstname": "Ann", "lastname": "Lee", "street": ["1 Main St"], "city": "Austin", "region_id": 57,
           "postcode": "78701", "country_id": "US", "telephone": "5550100", "email": "ann@example.com"}
DECLINED = "The wallet payment could not be validated. Please try another payment method."
REQUIRED = '"%fieldName" is required. Enter and try again.'
NOT_AVAILABLE = "The requested Payment Method is not available."
NO_SUCH = "No such entity with %fieldName = %fieldValue"
TYPE = 'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.'


def reference(method: str, token: str) -> str:
    return "ba_" + hashlib.sha256(f"{method}:{token}".encode()).hexdigest()[:24]


def wallet(method=GOOGLE, token="tok_7f3a9c", **extra) -> dict:
    return {"method": method, "additional_data": {"wallet_token": token, **extra}}


def shopper(server, admin_token, qty=100, ship=True):
    """A new customer with an active cart holding one product (shipping chosen unless ``ship`` is off):
    (customer, client on /rest/default with the customer's token, sku)."""
    customer, token = new_customer(server)
    sku = product(server, admin_token, price=45, qty=qty)["sku"]
    client = server.client(token)
    ok(client.post("/V1/carts/mine"))
    add(client, "/V1/carts/mine", sku, 1)
    if ship:
        ok(shipping_information(client, "/V1/carts/mine"))
    return customer, client, sku


def orders_of(admin, customer_id) -> list:
    return ok(admin.get("/V1/orders", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "customer_id",
        "searchCriteria[filter_groups][0][filters][0][value]": customer_id}))["items"]


# --------------------------------------------------------------------------- save

def test_save_keeps_an_agreement_and_pays_the_cart_with_it(server, admin_token):
    customer, c, _ = shopper(server, admin_token)
    r = c.post(SAVE, json={"paymentMethod": wallet(card_network="VISA", card_last4="4242"), "billingAddress": BILLING,
                           "cartId": 999999, "unknownTopLevel": 1})
    agreement_id = ok(r)
    assert isinstance(agreement_id, int)
    [agreement] = ok(c.get(MINE))
    ref = reference(GOOGLE, "tok_7f3a9c")
    assert agreement == {"agreement_id": agreement_id, "customer_id": customer["id"], "method_code": GOOGLE,
                         "reference_id": ref, "agreement_label": "Google Pay VISA ****4242", "status": "active",
                         "store_id": 1, "created_at": agreement["created_at"], "updated_at": agreement["created_at"]}
    assert len(agreement["created_at"]) == 19 and agreement["created_at"][10] == " "
    # the cart pays with the agreement (never the token) and bills to the given address
    assert ok(c.get("/V1/carts/mine/selected-payment-method")) == {
        "method": GOOGLE, "additional_data": {"billing_agreement_id": str(agreement_id),
                                              "billing_agreement_reference": ref}}
    billing = ok(c.get("/V1/carts/mine/billing-address"))
    assert (billing["firstname"], billing["city"], billing["email"]) == ("Ann", "Austin", "ann@example.com")
    assert "tok_7f3a9c" not in c.get("/V1/carts/mine").text
    # the cart is still active: saving places no order
    assert ok(c.get("/V1/carts/mine"))["is_active"] is True


def test_saving_again_renews_the_same_agreement_one_per_method(server, admin_token, sql):
    customer, c, _ = shopper(server, admin_token)
    first = ok(c.post(SAVE, json={"payment_method": wallet(card_network="VISA", card_last4="4242")}))
    assert ok(c.delete(f"{MINE}/{first}")) is True
    assert ok(c.delete(f"{MINE}/{first}")) is True  # cancelling again is fine
    assert [a["status"] for a in ok(c.get(MINE))] == ["canceled"]
    # a new token for the same method: the same row, active again, new reference, label without card data
    again = ok(c.post(SAVE, json={"paymentMethod": wallet(token="tok_second")}))
    assert again == first
    [renewed] = ok(c.get(MINE))
    assert (renewed["status"], renewed["reference_id"], renewed["agreement_label"]) == (
        "active", reference(GOOGLE, "tok_second"), "Google Pay")
    apple = ok(c.post(SAVE, json={"paymentMethod": wallet(APPLE, "tok_91bd02", card_last4="0005")}))
    assert apple != first
    # newest change first (the times are set apart here: they are kept to the second)
    with sql.begin() as conn:
        conn.execute(sa.text("UPDATE vendor_recurringwallet_agreement SET updated_at = :t WHERE agreement_id = :id"),
                     {"t": "2024-05-02 10:11:12", "id": apple})
    listed = ok(c.get(MINE))
    assert [(a["agreement_id"], a["agreement_label"]) for a in listed] == [(first, "Google Pay"),
                                                                            (apple, "Apple Pay ****0005")]
    assert listed[1]["updated_at"] == "2024-05-02 10:11:12"


# --------------------------------------------------------------------------- save and place

def test_save_and_place_places_the_order_with_the_agreement_on_its_payment(server, admin_token, admin):
    customer, c, sku = shopper(server, admin_token)
    order_id = ok(c.post(PLACE, json={"paymentMethod": wallet(APPLE, "tok_91bd02"), "billingAddress": BILLING}))
    assert isinstance(order_id, int)
    [agreement] = ok(c.get(MINE))
    order = ok(admin.get(f"/V1/orders/{order_id}"))
    assert order["customer_id"] == customer["id"] and order["items"][0]["sku"] == sku
    assert order["payment"]["method"] == APPLE
    assert order["payment"]["additional_information"] == {
        "billing_agreement_id": str(agreement["agreement_id"]),
        "billing_agreement_reference": reference(APPLE, "tok_91bd02")}
    assert order["billing_address"]["firstname"] == "Ann"
    assert c.get("/V1/carts/mine").status_code == 404  # the cart was used up


def test_save_and_place_changes_nothing_when_the_token_or_the_placement_fails(server, admin_token, admin, sql):
    customer, c, sku = shopper(server, admin_token, qty=1)
    # a declined token: no agreement, no order, the cart as it was
    error(c.post(PLACE, json={"paymentMethod": wallet(token="declined_card")}), 400, DECLINED)
    assert ok(c.get(MINE)) == []
    assert orders_of(admin, customer["id"]) == []
    assert ok(c.get("/V1/carts/mine/selected-payment-method")) == {"method": None}

    # an agreement that exists (canceled) and a placement that fails: the renewal is rolled back as well
    old = ok(c.post(SAVE, json={"paymentMethod": wallet(token="tok_old")}))
    ok(c.delete(f"{MINE}/{old}"))
    before = ok(c.get(MINE))
    ok(c.put("/V1/carts/mine/selected-payment-method", json={"method": {"method": "checkmo"}}))
    # the last unit sells out before the customer pays
    with sql.begin() as conn:
        conn.execute(sa.text("UPDATE cataloginventory_stock_item SET qty = 0 WHERE product_id = "
                             "(SELECT entity_id FROM catalog_product_entity WHERE sku = :sku)"), {"sku": sku})
    r = c.post(PLACE, json={"paymentMethod": wallet(token="tok_new", card_network="VISA"), "billingAddress": BILLING})
    assert r.status_code == 400, r.text
    assert r.json()["message"] != DECLINED
    assert ok(c.get(MINE)) == before and before[0]["status"] == "canceled"
    assert orders_of(admin, customer["id"]) == []
    cart = ok(c.get("/V1/carts/mine"))
    assert cart["is_active"] is True and cart["billing_address"]["firstname"] != "Ann"
    assert ok(c.get("/V1/carts/mine/selected-payment-method"))["method"] == "checkmo"


def test_save_and_place_refuses_what_payment_information_refuses(server, admin_token, admin):
    customer, c, _ = shopper(server, admin_token, ship=False)
    # a physical cart without a shipping address: refused before anything is stored
    error(c.post(PLACE, json={"paymentMethod": wallet(), "billingAddress": BILLING}), 400,
          "The shipping address is missing. Set the address and try again.")
    # an address but no shipping method: the placement's own refusal, and nothing kept
    ok(c.post("/V1/carts/mine/billing-address", json={"address": BILLING, "useForShipping": True}))
    error(c.post(PLACE, json={"paymentMethod": wallet()}), 400,
          "The shipping method is missing. Select the shipping method and try again.")
    assert ok(c.get(MINE)) == []
    assert orders_of(admin, customer["id"]) == []
    assert ok(c.get("/V1/carts/mine/selected-payment-method")) == {"method": None}


# --------------------------------------------------------------------------- later orders on the agreement

def test_later_orders_charge_an_active_agreement_only(server, admin_token, admin):
    customer, c, sku = shopper(server, admin_token)
    # before any agreement the wallet methods are not offered on the platform's routes
    assert not {GOOGLE, APPLE} & {m["code"] for m in ok(c.get("/V1/carts/mine/payment-methods"))}
    agreement_id = ok(c.post(SAVE, json={"paymentMethod": wallet(card_network="VISA", card_last4="4242")}))
    ref = reference(GOOGLE, "tok_7f3a9c")
    codes = [m["code"] for m in ok(c.get("/V1/carts/mine/payment-methods"))]
    assert GOOGLE in codes and APPLE not in codes
    # a raw token through the platform's own route is not enough: wallet methods pay with an agreement
    error(c.post("/V1/carts/mine/payment-information", json={"paymentMethod": wallet()}), 400,
          "A billing agreement is required to pay with this method.")
    # another customer cannot charge it: with no agreement the method is not theirs, with one of their
    # own the id must be theirs
    _, other, _ = shopper(server, admin_token)
    pay_with_first = {"paymentMethod": {"method": GOOGLE, "additional_data": {"billing_agreement_id": str(agreement_id)}}}
    error(other.post("/V1/carts/mine/payment-information", json=pay_with_first), 400, NOT_AVAILABLE)
    ok(other.post(SAVE, json={"paymentMethod": wallet(token="tok_other")}))
    error(other.post("/V1/carts/mine/payment-information", json=pay_with_first), 400,
          "The billing agreement is not active. Please choose another payment method.")
    # the owner's next order on the agreement: its reference is charged
    order_id = ok(c.post("/V1/carts/mine/payment-information", json={"paymentMethod": {
        "method": GOOGLE, "additional_data": {"billing_agreement_id": agreement_id, "wallet_token": "tok_x"}}}))
    payment = ok(admin.get(f"/V1/orders/{order_id}"))["payment"]
    assert payment["additional_information"] == {"billing_agreement_id": str(agreement_id),
                                                 "billing_agreement_reference": ref}
    # once canceled it cannot be charged
    ok(c.post("/V1/carts/mine"))
    add(c, "/V1/carts/mine", sku, 1)
    ok(shipping_information(c, "/V1/carts/mine"))
    ok(c.delete(f"{MINE}/{agreement_id}"))
    error(c.post("/V1/carts/mine/payment-information", json=pay_with_first), 400, NOT_AVAILABLE)
    assert len(orders_of(admin, customer["id"])) == 1
    # guest carts never see the wallet methods
    with server.client() as guest:
        masked = ok(guest.post("/V1/guest-carts"))
        add(guest, f"/V1/guest-carts/{masked}", sku, 1)
        codes = {m["code"] for m in ok(guest.get(f"/V1/guest-carts/{masked}/payment-methods"))}
        assert "checkmo" in codes and not codes & {GOOGLE, APPLE}


# --------------------------------------------------------------------------- errors

def test_errors(server, admin_token):
    _, c, _ = shopper(server, admin_token)
    for body, params in (({}, {"fieldName": "paymentMethod"}),
                         ({"paymentMethod": {"method": GOOGLE}}, {"fieldName": "wallet_token"}),
                         ({"paymentMethod": wallet(token="")}, {"fieldName": "wallet_token"}),
                         ({"paymentMethod": wallet(token="   ")}, {"fieldName": "wallet_token"})):
        for path in (SAVE, PLACE):
            error(c.post(path, json=body), 400, REQUIRED, params)
    long_token = "t" * 4097
    error(c.post(SAVE, json={"paymentMethod": wallet(token=long_token)}), 400,
          'Invalid value of "%value" provided for the %fieldName field.',
          {"value": "t" * 32 + "...", "fieldName": "wallet_token"})
    assert ok(c.post(SAVE, json={"paymentMethod": wallet(token="t" * 4096)}))
    for method in ("checkmo", "vdrecurringwallet_paypal", ""):
        error(c.post(SAVE, json={"paymentMethod": wallet(method)}), 400, NOT_AVAILABLE)
    error(c.post(SAVE, json={"paymentMethod": wallet(token="declined")}), 400, DECLINED)
    error(c.post(SAVE, json={"paymentMethod": {**wallet(), "colour": "red"}}), 400,
          'Property "%1" does not have accessor method "%2" in class "%3".',
          ["Colour", "getColour", "Magento\\Quote\\Api\\Data\\PaymentInterface"])
    error(c.post(SAVE, json={"paymentMethod": wallet(), "billingAddress": {**BILLING, "planet": "Mars"}}), 400,
          'Property "%1" does not have accessor method "%2" in class "%3".',
          ["Planet", "getPlanet", "Magento\\Quote\\Api\\Data\\AddressInterface"])
    error(c.post(SAVE, json={"paymentMethod": {"method": GOOGLE, "additional_data": "tok"}}), 400, TYPE,
          {"value": "tok", "type": "string[]"})
    error(c.post(SAVE, json={"paymentMethod": "googlepay"}), 400, TYPE)
    error(c.post(SAVE, json={"paymentMethod": {"method": GOOGLE, "additional_data": {"wallet_token": ["x"]}}}),
          400, TYPE)
    error(c.delete(f"{MINE}/abc"), 400, TYPE, {"value": "abc", "type": "int"})
    assert c.post(SAVE, content=b"{oops", headers={"Content-Type": "application/json"}).status_code == 400
    # unknown agreements and another customer's are the same 404
    error(c.delete(f"{MINE}/999999"), 404, NO_SUCH, {"fieldName": "agreementId", "fieldValue": 999999})
    _, other, _ = shopper(server, admin_token)
    theirs = ok(other.post(SAVE, json={"paymentMethod": wallet(token="tok_theirs")}))
    error(c.delete(f"{MINE}/{theirs}"), 404, NO_SUCH, {"fieldName": "agreementId", "fieldValue": theirs})
    assert ok(other.get(MINE))[0]["status"] == "active"


def test_who_may_call_and_which_cart(server, admin_token):
    denied = {"message": "The consumer isn't authorized to access %resources.", "parameters": {"resources": "self"}}
    for method, path in (("POST", SAVE), ("POST", PLACE), ("GET", MINE), ("DELETE", f"{MINE}/1")):
        for token in (None, admin_token):
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            r = httpx.request(method, server.url + "/rest/default" + path, headers=headers,
                              json={"paymentMethod": wallet()} if method == "POST" else None)
            assert (r.status_code, r.json()) == (401, denied), (method, path, token)
    # a customer without an active cart, then with an empty one
    _, token = new_customer(server)
    with server.client(token) as c:
        for path in (SAVE, PLACE):
            error(c.post(path, json={"paymentMethod": wallet()}), 404, "Current customer does not have an active cart.")
        ok(c.post("/V1/carts/mine"))
        for path in (SAVE, PLACE):
            error(c.post(path, json={"paymentMethod": wallet()}), 400,
                  "The cart is empty. Add products before saving a billing agreement.")
        assert ok(c.get(MINE)) == []


def test_a_deleted_customer_takes_the_agreements_along(server, admin_token, admin, sql):
    customer, c, _ = shopper(server, admin_token)
    ok(c.post(SAVE, json={"paymentMethod": wallet()}))
    assert ok(admin.delete(f"/V1/customers/{customer['id']}")) is True
    with sql.connect() as conn:
        assert conn.execute(sa.text("SELECT COUNT(*) FROM vendor_recurringwallet_agreement WHERE customer_id = :c"),
                            {"c": customer["id"]}).scalar() == 0


# --------------------------------------------------------------------------- the admin's routes

def test_admin_reads_searches_and_cancels(server, admin_token, admin):
    customer, c, _ = shopper(server, admin_token)
    agreement_id = ok(c.post(SAVE, json={"paymentMethod": wallet(card_network="VISA", card_last4="4242")}))
    [mine] = ok(c.get(MINE))
    reader = limited_admin(server, "Vendor_RecurringWallet::agreements")
    with server.client(reader, store="all") as r:
        assert ok(r.get(f"{ADMIN_BASE}/{agreement_id}")) == mine
        page = ok(r.get(f"{ADMIN_BASE}/search", params={
            "searchCriteria[filter_groups][0][filters][0][field]": "customer_id",
            "searchCriteria[filter_groups][0][filters][0][value]": customer["id"]}))
        assert page["total_count"] == 1 and page["items"] == [mine]
        resp = r.post(f"{ADMIN_BASE}/{agreement_id}/cancel")
        assert resp.status_code == 401 and resp.json()["parameters"] == {
            "resources": "Vendor_RecurringWallet::agreements_cancel"}
        error(r.get(f"{ADMIN_BASE}/999999"), 404, NO_SUCH, {"fieldName": "agreementId", "fieldValue": 999999})
    error(c.get(f"{ADMIN_BASE}/{agreement_id}"), 401, "The consumer isn't authorized to access %resources.")
    canceled = ok(admin.post(f"{ADMIN_BASE}/{agreement_id}/cancel"))
    assert canceled["status"] == "canceled" and ok(c.get(MINE))[0]["status"] == "canceled"
    error(admin.post(f"{ADMIN_BASE}/999999/cancel"), 404, NO_SUCH)


def test_async_cancel(server, admin_token, admin):
    _, c, _ = shopper(server, admin_token)
    agreement_id = ok(c.post(SAVE, json={"paymentMethod": wallet(APPLE)}))
    r = admin.post(f"/async/V1/wallet-recurring/agreements/{agreement_id}/cancel")
    assert r.status_code == 202, r.text
    r = admin.post("/async/bulk/V1/wallet-recurring/agreements/byAgreementId/cancel",
                   json=[{"agreementId": agreement_id}])
    assert r.status_code == 202, r.text
    deadline = time.monotonic() + 30
    while ok(c.get(MINE))[0]["status"] != "canceled" and time.monotonic() < deadline:
        time.sleep(0.2)
    assert ok(c.get(MINE))[0]["status"] == "canceled"


def test_an_inactive_method_is_not_available(server, admin_token):
    _, c, _ = shopper(server, admin_token)
    server.config("payment/vdrecurringwallet_applepay/active", "0")
    try:
        error(c.post(SAVE, json={"paymentMethod": wallet(APPLE)}), 400, NOT_AVAILABLE)
        error(c.post(PLACE, json={"paymentMethod": wallet(APPLE)}), 400, NOT_AVAILABLE)
        assert ok(c.get(MINE)) == []
        assert ok(c.post(SAVE, json={"paymentMethod": wallet(GOOGLE)}))
    finally:
        server.config("payment/vdrecurringwallet_applepay/active", "1")
