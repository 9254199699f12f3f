"""Tax on carts and orders, to the cent: a US state's rate on a postcode range, EU VAT in prices that
include it with a discount, two stacked rules (compounded across priorities, added within one), the
three rounding algorithms, and an order invoiced and refunded in parts.

The server is this module's own: its tax rules tax every cart on it. Each test makes its rules and
settings and takes them away again.
"""
from contextlib import closing
from decimal import Decimal

import httpx
import pytest

from tests.helpers import new_customer, ok, unique
from tests.helpers.harness import server_fixture
from tests.helpers.quote import ADDRESS, add, coupon_rule, guest_cart, product, shipping_information

srv = server_fixture("taxtotals")

BERLIN = {"firstname": "Erika", "lastname": "Muster", "street": ["Unter den Linden 1"], "city": "Berlin",
          "postcode": "10117", "country_id": "DE", "telephone": "030123456", "email": "erika@example.com"}
DALLAS = {**ADDRESS, "city": "Dallas", "postcode": "75201"}


@pytest.fixture(scope="module")
def token(srv):
    return srv.token()


@pytest.fixture(scope="module")
def admin(srv, token):
    with srv.client(token, store="all") as c:
        yield c


@pytest.fixture
def taxes(srv, admin):
    """``taxes.rate(...)`` and ``taxes.rule(...)`` make rates and rules; they are deleted afterwards, and
    the settings ``taxes.config`` changed are put back."""
    class Taxes:
        rules: list[int] = []
        rates: list[int] = []
        paths: list[str] = []

        def rate(self, country: str, percent: float, postcode: str = "*", region_id: int = 0, **fields) -> dict:
            body = {"tax_country_id": country, "tax_region_id": region_id, "tax_postcode": postcode,
                    "rate": percent, "code": unique(f"{country}-{percent}-"), **fields}
            made = ok(admin.post("/V1/taxRates", json={"taxRate": body}))
            self.rates.append(made["id"])
            return made

        def rule(self, rates: list[dict], priority: int = 0, products=(2,), customers=(3,), **fields) -> dict:
            made = ok(admin.post("/V1/taxRules", json={"rule": {
                "code": unique("rule "), "priority": priority, "position": 0, "customer_tax_class_ids": list(customers),
                "product_tax_class_ids": list(products), "tax_rate_ids": [r["id"] for r in rates], **fields}}))
            self.rules.append(made["id"])
            return made

        def config(self, path: str, value: str) -> None:
            srv.config(path, value)
            self.paths.append(path)

    made = Taxes()
    made.rules, made.rates, made.paths = [], [], []
    yield made
    for rule_id in made.rules:
        assert admin.delete(f"/V1/taxRules/{rule_id}").status_code == 200
    for rate_id in made.rates:
        assert admin.delete(f"/V1/taxRates/{rate_id}").status_code == 200
    from tests.helpers.harness import set_config
    for path in made.paths:
        set_config(srv.db.engine, path, None)


def cart_with(srv, token, lines, address=ADDRESS, coupon=None):
    """A guest cart with ``lines`` [(price, qty)] (a product each), shipped by flat rate to ``address``;
    answers (client, base path, shipping-information totals)."""
    guest = srv.client()
    base = f"/V1/guest-carts/{guest_cart(guest)}"
    skus = []
    for price, qty in lines:
        sku = product(srv, token, price=price)["sku"]
        skus.append(sku)
        add(guest, base, sku, qty)
    if coupon:
        assert ok(guest.put(f"{base}/coupons/{coupon}")) is True
    totals = ok(shipping_information(guest, base, address))["totals"]
    return guest, base, totals, skus


def segment(totals: dict, code: str) -> dict:
    return next(s for s in totals["total_segments"] if s["code"] == code)


def test_a_cart_without_tax_rules_has_no_tax(srv, token):
    guest, base, totals, _ = cart_with(srv, token, [(45, 2)])
    with closing(guest):
        assert (totals["subtotal"], totals["tax_amount"], totals["shipping_tax_amount"], totals["grand_total"]) == \
            (90, 0, 0, 100)
        assert (totals["subtotal_incl_tax"], totals["shipping_incl_tax"]) == (90, 10)
        assert segment(totals, "tax") == {"code": "tax", "title": "Tax", "value": 0,
                                          "extension_attributes": {"tax_grandtotal_details": []}}
        item = totals["items"][0]
        assert (item["tax_amount"], item["tax_percent"], item["price_incl_tax"], item["row_total_incl_tax"]) == \
            (0, 0, 45, 90)


def test_a_us_state_rate_on_a_postcode_range(srv, token, taxes):
    texas = taxes.rate("US", 8.25, region_id=57, zip_is_range=1, zip_from=78700, zip_to=78799,
                       titles=[{"store_id": "1", "value": "Austin sales tax"}])
    taxes.rule([texas])
    guest, base, totals, _ = cart_with(srv, token, [(45, 2), (19.99, 1)])
    with closing(guest):
        # 90 x 8.25 % = 7.425 and 19.99 x 8.25 % = 1.649175: 9.07 in all (total base: 7.43 + 1.64)
        assert totals["subtotal"] == 109.99 and totals["shipping_amount"] == 15
        assert (totals["tax_amount"], totals["base_tax_amount"], totals["shipping_tax_amount"]) == (9.07, 9.07, 0)
        assert (totals["subtotal_incl_tax"], totals["grand_total"]) == (119.06, 134.06)
        items = totals["items"]
        assert [(i["tax_amount"], i["tax_percent"], i["price_incl_tax"], i["row_total_incl_tax"]) for i in items] == \
            [(7.43, 8.25, 48.72, 97.43), (1.64, 8.25, 21.63, 21.63)]
        assert segment(totals, "tax") == {"code": "tax", "title": "Tax", "value": 9.07, "extension_attributes": {
            "tax_grandtotal_details": [{"amount": 9.07, "rates": [{"percent": "8.25", "title": "Austin sales tax"}],
                                        "group_id": 1}]}}
        assert ok(guest.get(f"{base}/totals")) == totals  # the stored totals read back the same
        # a postcode of the same state outside the range is not taxed
        moved = ok(shipping_information(guest, base, DALLAS))["totals"]
        assert (moved["tax_amount"], moved["grand_total"]) == (0, 124.99)
        assert segment(moved, "tax")["extension_attributes"] == {"tax_grandtotal_details": []}


def test_a_product_tax_class_and_a_customer_group_class_choose_the_rules(srv, token, admin, taxes):
    books = int(ok(admin.post("/V1/taxClasses", json={"taxClass": {"class_name": unique("Books "),
                                                                   "class_type": "PRODUCT"}})))
    try:
        taxes.rule([taxes.rate("US", 8.25, region_id=57)])
        taxes.rule([taxes.rate("US", 2, region_id=57)], products=(books,))
        guest = srv.client()
        base = f"/V1/guest-carts/{guest_cart(guest)}"
        with closing(guest):
            for price, klass in ((10, None), (10, str(books)), (10, "0")):
                fields = {"custom_attributes": [{"attribute_code": "tax_class_id", "value": klass}]} if klass else {}
                add(guest, base, product(srv, token, price=price, **fields)["sku"], 1)
            totals = ok(shipping_information(guest, base, ADDRESS))["totals"]
            # the default class (Taxable Goods) at 8.25 %, the books' class at 2 %, class 0 untaxed
            assert [(i["tax_amount"], i["tax_percent"]) for i in totals["items"]] == [(0.83, 8.25), (0.2, 2), (0, 0)]
            assert totals["tax_amount"] == 1.03
            # a rule for another customer class taxes nobody in the Retail Customer class
            retail_only = taxes.rules.pop()
            assert ok(admin.delete(f"/V1/taxRules/{retail_only}")) is True
            wholesale = int(ok(admin.post("/V1/taxClasses", json={"taxClass": {
                "class_name": unique("Wholesale "), "class_type": "CUSTOMER"}})))
            taxes.rule([taxes.rate("US", 2, region_id=57)], products=(books,), customers=(wholesale,))
            totals = ok(shipping_information(guest, base, ADDRESS))["totals"]
            assert [i["tax_amount"] for i in totals["items"]] == [0.83, 0, 0] and totals["tax_amount"] == 0.83
            rule_id = taxes.rules.pop()
            assert ok(admin.delete(f"/V1/taxRules/{rule_id}")) is True
            assert ok(admin.delete(f"/V1/taxClasses/{wholesale}")) is True
    finally:
        for rule_id in taxes.rules:
            admin.delete(f"/V1/taxRules/{rule_id}")
        taxes.rules.clear()
        assert ok(admin.delete(f"/V1/taxClasses/{books}")) is True


def test_eu_vat_in_prices_including_it_with_a_discount(srv, token, taxes):
    for path, value in (("tax/calculation/price_includes_tax", "1"), ("tax/calculation/discount_tax", "1"),
                        ("shipping/origin/country_id", "DE"), ("shipping/origin/region_id", "0"),
                        ("shipping/origin/postcode", "10115")):
        taxes.config(path, value)
    vat = taxes.rate("DE", 19)
    taxes.rule([vat])
    code = unique("VAT10")
    rule_id = coupon_rule(srv, token, code, 10)
    try:
        guest, base, totals, _ = cart_with(srv, token, [(29.99, 3)], address=BERLIN, coupon=code)
        with closing(guest):
            # 89.97 including 14.36 VAT; 10 % off the price including VAT (9.00) leaves 80.97, of which
            # 12.93 is VAT: the 1.43 the discount took off the VAT is in the grand total
            assert (totals["subtotal"], totals["subtotal_incl_tax"], totals["discount_amount"]) == (75.61, 89.97, -9)
            assert (totals["tax_amount"], totals["shipping_amount"], totals["grand_total"]) == (12.93, 15, 95.97)
            item = totals["items"][0]
            assert (item["price"], item["row_total"], item["price_incl_tax"], item["row_total_incl_tax"],
                    item["tax_amount"], item["tax_percent"], item["discount_amount"]) == \
                (25.2, 75.61, 29.99, 89.97, 12.93, 19, 9)
            assert segment(totals, "tax")["extension_attributes"]["tax_grandtotal_details"][0]["rates"] == \
                [{"percent": "19", "title": vat["code"]}]
            # the customer in the shop's own country pays the catalog price less the discount, plus shipping
            assert totals["grand_total"] == round(89.97 - 9 + 15, 2)
    finally:
        assert ok(srv.client(token, store="all").delete(f"/V1/salesRules/{rule_id}")) is True


@pytest.mark.parametrize("priorities, expected", [
    ((0, 1), (15.5, [(10, 10.0), (5.5, 5.5)])),   # compounded: the second rate on the price with the first
    ((0, 0), (15.0, [(15, 15.0)])),               # the same priority: added, one applied tax
])
def test_two_stacked_rules(srv, token, taxes, priorities, expected):
    first, second = taxes.rate("US", 10, region_id=57), taxes.rate("US", 5, region_id=57)
    taxes.rule([first], priority=priorities[0])
    taxes.rule([second], priority=priorities[1])
    guest, base, totals, _ = cart_with(srv, token, [(100, 1)])
    with closing(guest):
        tax, groups = expected
        assert totals["tax_amount"] == tax and totals["items"][0]["tax_percent"] == tax
        details = segment(totals, "tax")["extension_attributes"]["tax_grandtotal_details"]
        assert [(d["group_id"], d["amount"]) for d in details] == [(n, g[1]) for n, g in enumerate(groups, start=1)]
        if priorities[0] == priorities[1]:
            assert [r["percent"] for r in details[0]["rates"]] == ["10", "5"]
        assert totals["grand_total"] == 100 + 5 + tax


@pytest.mark.parametrize("algorithm, items_tax", [
    ("UNIT_BASE_CALCULATION", [0.27, 0.9, 0.9, 0.9]),   # each unit's tax rounded: 3 x 0.09
    ("ROW_BASE_CALCULATION", [0.28, 0.9, 0.9, 0.9]),    # each row's tax rounded
    ("TOTAL_BASE_CALCULATION", [0.28, 0.91, 0.9, 0.91]),  # rounding carried across the cart: 3.00 for 2.997225
])
def test_the_rounding_algorithms(srv, token, taxes, algorithm, items_tax):
    taxes.config("tax/calculation/algorithm", algorithm)
    taxes.config("tax/classes/shipping_tax_class", "2")
    taxes.rule([taxes.rate("US", 8.25, region_id=57)])
    guest, base, totals, _ = cart_with(srv, token, [(1.15, 3), (10.96, 1), (10.96, 1), (10.96, 1)])
    with closing(guest):
        assert [i["tax_amount"] for i in totals["items"]] == items_tax
        # the shipping (6 units at 5) is taxed too: 2.475, after the items' rounding under total base
        shipping_tax = 2.47 if algorithm == "TOTAL_BASE_CALCULATION" else 2.48
        assert (totals["shipping_tax_amount"], totals["shipping_incl_tax"]) == (shipping_tax, 30 + shipping_tax)
        tax = float(sum(Decimal(str(t)) for t in items_tax) + Decimal(str(shipping_tax)))
        assert totals["tax_amount"] == tax
        assert totals["grand_total"] == float(Decimal("36.33") + Decimal("30") + Decimal(str(tax)))


def test_an_order_is_invoiced_and_refunded_in_parts(srv, token, admin, taxes):
    taxes.config("tax/classes/shipping_tax_class", "2")
    texas = taxes.rate("US", 8.25, region_id=57, zip_is_range=1, zip_from=78700, zip_to=78799)
    taxes.rule([texas])
    customer, customer_token = new_customer(srv)
    with srv.client(customer_token) as me:
        base = "/V1/carts/mine"
        assert me.post(base).status_code == 200
        a, b = product(srv, token, price=45)["sku"], product(srv, token, price=19.99)["sku"]
        add(me, base, a, 2)
        add(me, base, b, 1)
        totals = ok(shipping_information(me, base, ADDRESS))["totals"]
        # 7.425 + 1.649175 + 1.2375 (the shipping's 15) = 10.311675: 7.43, 1.64 and 1.24
        assert (totals["tax_amount"], totals["shipping_tax_amount"], totals["grand_total"]) == (10.31, 1.24, 135.30)
        order_id = ok(me.post(f"{base}/payment-information", json={
            "paymentMethod": {"method": "checkmo"}, "billingAddress": ADDRESS}))
    order = ok(admin.get(f"/V1/orders/{order_id}"))
    assert (order["subtotal"], order["subtotal_incl_tax"], order["shipping_amount"], order["shipping_tax_amount"],
            order["shipping_incl_tax"], order["tax_amount"], order["grand_total"]) == \
        (109.99, 119.06, 15, 1.24, 16.24, 10.31, 135.30)
    items = {i["sku"]: i for i in order["items"]}
    assert [(items[s]["tax_amount"], items[s]["tax_percent"], items[s]["price_incl_tax"],
             items[s]["row_total_incl_tax"]) for s in (a, b)] == [(7.43, 8.25, 48.72, 97.43), (1.64, 8.25, 21.63, 21.63)]
    applied = order["extension_attributes"]["applied_taxes"]
    assert applied == [{"code": texas["code"], "title": texas["code"], "percent": 8.25, "amount": 10.31,
                        "base_amount": 10.31, "extension_attributes": {"rates": [
                            {"code": texas["code"], "title": texas["code"], "percent": 8.25}]}}]
    assert order["extension_attributes"]["taxes"] == [{
        "code": texas["code"], "title": texas["code"], "percent": 8.25, "amount": 10.31, "base_amount": 10.31,
        "base_real_amount": 10.31, "priority": 0, "position": 0, "process": 0}]
    per_line = order["extension_attributes"]["item_applied_taxes"]
    assert [(d["type"], d.get("item_id"), [t["amount"] for t in d["applied_taxes"]]) for d in per_line] == [
        ("product", items[a]["item_id"], [7.43]), ("product", items[b]["item_id"], [1.64]), ("shipping", None, [1.24])]

    # the first invoice: one of the two at 45 with half its tax, and the shipping with its tax
    first = ok(admin.post(f"/V1/order/{order_id}/invoice", json={
        "items": [{"order_item_id": items[a]["item_id"], "qty": 1}]}))
    invoice = ok(admin.get(f"/V1/invoices/{first}"))
    assert (invoice["subtotal"], invoice["tax_amount"], invoice["shipping_tax_amount"], invoice["shipping_incl_tax"],
            invoice["subtotal_incl_tax"], invoice["grand_total"]) == (45, 4.96, 1.24, 16.24, 48.72, 64.96)
    assert [(i["tax_amount"], i["row_total_incl_tax"]) for i in invoice["items"]] == [(3.72, 48.72)]
    # the second takes the rest: the other half of that row's tax and the other item's
    second = ok(admin.post(f"/V1/order/{order_id}/invoice", json={}))
    invoice = ok(admin.get(f"/V1/invoices/{second}"))
    assert (invoice["subtotal"], invoice["tax_amount"], invoice["shipping_tax_amount"], invoice["grand_total"]) == \
        (64.99, 5.35, 0, 70.34)
    assert sorted(i["tax_amount"] for i in invoice["items"]) == [1.64, 3.71]
    order = ok(admin.get(f"/V1/orders/{order_id}"))
    assert (order["tax_invoiced"], order["total_invoiced"], order["total_paid"]) == (10.31, 135.30, 135.30)

    # a refund of one unit at 45 without shipping: its share of the row's tax goes back with it
    memo_id = ok(admin.post(f"/V1/order/{order_id}/refund", json={
        "items": [{"order_item_id": items[a]["item_id"], "qty": 1}], "arguments": {"shipping_amount": 0}}))
    memo = ok(admin.get(f"/V1/creditmemo/{memo_id}"))
    assert (memo["subtotal"], memo["tax_amount"], memo["shipping_tax_amount"], memo["grand_total"]) == \
        (45, 3.72, 0, 48.72)
    assert [(i["tax_amount"], i["qty"]) for i in memo["items"]] == [(3.72, 1)]
    order = ok(admin.get(f"/V1/orders/{order_id}"))
    assert (order["tax_refunded"], order["total_refunded"]) == (3.72, 48.72)
    refunded = {i["sku"]: i for i in order["items"]}[a]
    assert (refunded["tax_invoiced"], refunded["tax_refunded"]) == (7.43, 3.72)


def test_a_guest_order_keeps_eu_vat_and_its_discount(srv, token, admin, taxes):
    for path, value in (("tax/calculation/price_includes_tax", "1"), ("tax/calculation/discount_tax", "1"),
                        ("shipping/origin/country_id", "DE"), ("shipping/origin/region_id", "0"),
                        ("shipping/origin/postcode", "10115")):
        taxes.config(path, value)
    taxes.rule([taxes.rate("DE", 19)])
    code = unique("VAT10")
    rule_id = coupon_rule(srv, token, code, 10)
    try:
        guest, base, totals, _ = cart_with(srv, token, [(29.99, 3)], address=BERLIN, coupon=code)
        with closing(guest):
            order_id = ok(guest.post(f"{base}/payment-information", json={
                "email": "erika@example.com", "paymentMethod": {"method": "checkmo"}, "billingAddress": BERLIN}))
        order = ok(admin.get(f"/V1/orders/{order_id}"))
        assert (order["subtotal"], order["subtotal_incl_tax"], order["discount_amount"], order["tax_amount"],
                order["discount_tax_compensation_amount"], order["grand_total"]) == (75.61, 89.97, -9, 12.93, 1.43,
                                                                                     95.97)
        item = order["items"][0]
        assert (item["price"], item["price_incl_tax"], item["tax_amount"], item["discount_tax_compensation_amount"]) \
            == (25.2, 29.99, 12.93, 1.43)
        # invoiced in two parts: the tax and its compensation are shared by quantity, the parts add up
        first = ok(admin.post(f"/V1/order/{order_id}/invoice", json={
            "items": [{"order_item_id": item["item_id"], "qty": 1}]}))
        second = ok(admin.post(f"/V1/order/{order_id}/invoice", json={}))
        one, two = (ok(admin.get(f"/V1/invoices/{i}")) for i in (first, second))
        assert (one["tax_amount"], one["discount_tax_compensation_amount"], one["grand_total"]) == (4.31, 0.48, 41.99)
        assert (two["tax_amount"], two["discount_tax_compensation_amount"], two["grand_total"]) == (8.62, 0.95, 53.98)
        assert round(one["grand_total"] + two["grand_total"], 2) == 95.97
    finally:
        assert ok(httpx.delete(f"{srv.url}/rest/all/V1/salesRules/{rule_id}",
                               headers={"Authorization": f"Bearer {token}"})) is True
