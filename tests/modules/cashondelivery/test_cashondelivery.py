"""Cash on delivery over HTTP: the storefront's postal-code question, the platform's payment method
hidden and refused where the postal code is not allowed, and the optional fee as a total segment that
the placed order keeps."""
import pytest

from tests.helpers import ok
from tests.helpers.harness import set_config
from tests.helpers.quote import ADDRESS, add, error, guest_cart, product, shipping_information

CHECK = "/V1/cash_on_delivery/checkAvailable/"
P = "payment/cashondelivery/"
NOT_AVAILABLE = "The requested Payment Method is not available."


@pytest.fixture
def settings(server):
    """Writes cash-on-delivery settings for one test and removes them after it."""
    written = []

    def write(**values):
        for key, value in values.items():
            set_config(server.db.engine, P + key, value)
            written.append(key)

    yield write
    for key in written:
        set_config(server.db.engine, P + key, None)


def available(client, code: str):
    r = client.post(CHECK + code, json={})
    assert r.status_code == 200, r.text
    return r.json()


def test_the_postal_code_question(guest, settings, server):
    # verification off (the default): every code, however odd
    assert available(guest, "90210") is True and available(guest, "anything%20at%20all") is True
    settings(postal_code_verification="1")
    assert available(guest, "90210") is True  # an empty list allows every code
    settings(allowed_postal_codes=" 10001, 10010/10020 ,SW1A 1AA,, 00100/00105, 500/400, 12 / 15")
    answers = {code: available(guest, code) for code in (
        "10001", "10015", "10010", "10020", "10021", "10009", "SW1A%201AA", "sw1a%201aa", "90210",
        "00103", "103", "450", "12%20%2F%2015", "13")}
    assert answers == {"10001": True, "10015": True, "10010": True, "10020": True, "10021": False, "10009": False,
                       "SW1A%201AA": True, "sw1a%201aa": False, "90210": False, "00103": True, "103": False,
                       "450": False, "12%20%2F%2015": True, "13": False}
    # the body may be missing; a body that is not JSON is refused; no code is no route
    r = guest.post(CHECK + "10001")
    assert r.status_code == 200 and r.json() is True
    error(guest.post(CHECK + "10001", content=b"{oops", headers={"Content-Type": "application/json"}), 400,
          "Decoding error.")
    error(guest.post(CHECK, json={}), 404, "Request does not match any route.")
    # a store view may have a list of its own
    set_config(server.db.engine, P + "allowed_postal_codes", "90210", "stores", 1)
    try:
        assert available(guest, "90210") is True and available(guest, "10001") is False
        with server.client(store="all") as admin_store:
            assert available(admin_store, "10001") is True
    finally:
        set_config(server.db.engine, P + "allowed_postal_codes", None, "stores", 1)


def methods(client, base) -> list[str]:
    return [m["code"] for m in ok(client.get(f"{base}/payment-methods"))]


def segment(totals, code="vendor_cod_fee"):
    return next((s for s in totals["total_segments"] if s["code"] == code), None)


def test_the_payment_method_follows_the_postal_code_and_charges_its_fee(server, admin_token, admin, guest, settings):
    sku = product(server, admin_token, price=40)["sku"]
    base = f"/V1/guest-carts/{guest_cart(guest)}"
    add(guest, base, sku, 2)
    ok(shipping_information(guest, base))  # Austin, 78701
    assert "cashondelivery" not in methods(guest, base)  # the platform's method is off by default

    settings(active="1")
    assert "cashondelivery" in methods(guest, base)  # no postal-code check yet
    settings(postal_code_verification="1", allowed_postal_codes="10001, 10010/10020",
             fee_enabled="1", fee_type="fixed", fee_amount="2.5")
    assert methods(guest, base) == ["checkmo"]
    error(guest.put(f"{base}/selected-payment-method", json={"method": {"method": "cashondelivery"}}), 400,
          NOT_AVAILABLE)
    error(guest.post(f"{base}/payment-information", json={
        "email": "cod@example.com", "paymentMethod": {"method": "cashondelivery"}, "billingAddress": ADDRESS}),
        400, NOT_AVAILABLE)
    assert segment(ok(guest.get(f"{base}/totals"))) is None

    # a New York address is allowed; choosing cash on delivery adds its fee before the grand total
    ny = {**ADDRESS, "city": "New York", "region_id": 43, "region_code": "NY", "postcode": "10015"}
    ok(shipping_information(guest, base, ny))
    assert methods(guest, base) == ["checkmo", "cashondelivery"]
    ok(guest.put(f"{base}/selected-payment-method", json={"method": {"method": "cashondelivery"}}))
    totals = ok(guest.get(f"{base}/totals"))
    assert segment(totals) == {"code": "vendor_cod_fee", "title": "Cash On Delivery Fee", "value": 2.5}
    codes = [s["code"] for s in totals["total_segments"]]
    assert codes[-2:] == ["vendor_cod_fee", "grand_total"] and codes.index("tax") < codes.index("vendor_cod_fee")
    assert (totals["subtotal"], totals["shipping_amount"], totals["grand_total"]) == (80, 10, 92.5)
    assert totals["extension_attributes"]["vendor_cod_fee"] == 2.5

    # a percent fee is a share of the subtotal, to the cent (the stored totals change with the cart, so
    # the new setting is seen through an in-memory collection)
    settings(fee_type="percent", fee_amount="3.333")
    totals = ok(guest.post(f"{base}/totals-information", json={
        "addressInformation": {"address": ny, "shipping_carrier_code": "flatrate", "shipping_method_code": "flatrate"}}))
    assert segment(totals)["value"] == 2.67 and totals["grand_total"] == 92.67  # 3.333 % of 80 = 2.6664

    # another method: no fee
    ok(guest.put(f"{base}/selected-payment-method", json={"method": {"method": "checkmo"}}))
    totals = ok(guest.get(f"{base}/totals"))
    assert segment(totals) is None and totals["grand_total"] == 90

    # the order keeps the fee
    order_id = ok(guest.post(f"{base}/payment-information", json={
        "email": "cod@example.com", "paymentMethod": {"method": "cashondelivery"}, "billingAddress": ny}))
    order = ok(admin.get(f"/V1/orders/{order_id}"))
    assert order["payment"]["method"] == "cashondelivery"
    assert order["grand_total"] == 92.67 and order["extension_attributes"]["vendor_cod_fee"] == 2.67


def test_a_fee_switched_off_or_zero_adds_nothing(server, admin_token, guest, settings):
    settings(active="1", fee_enabled="0", fee_amount="5")
    base = f"/V1/guest-carts/{guest_cart(guest)}"
    add(guest, base, product(server, admin_token, price=10)["sku"], 1)
    ok(shipping_information(guest, base))
    ok(guest.put(f"{base}/selected-payment-method", json={"method": {"method": "cashondelivery"}}))
    totals = ok(guest.get(f"{base}/totals"))
    assert segment(totals) is None and totals["grand_total"] == 15
    settings(fee_enabled="1", fee_amount="not a number")
    assert segment(ok(guest.get(f"{base}/payment-information"))["totals"]) is None


def test_the_demo_switches_cash_on_delivery_on_with_a_fee(server, admin_token, guest):
    """Last in this file: the demo data goes onto this folder's own server, which no later test uses."""
    server.cli("demo", "load", "cashondelivery")
    assert available(guest, "10015") is True and available(guest, "90210") is False
    base = f"/V1/guest-carts/{guest_cart(guest)}"
    add(guest, base, product(server, admin_token, price=10)["sku"], 1)
    ok(shipping_information(guest, base, {**ADDRESS, "postcode": "10001"}))
    ok(guest.put(f"{base}/selected-payment-method", json={"method": {"method": "cashondelivery"}}))
    assert segment(ok(guest.get(f"{base}/totals")))["value"] == 2.5
