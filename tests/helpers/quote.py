"""Shared arrangements of the cart and checkout tests: products, carts, addresses."""
from __future__ import annotations

import httpx
import sqlalchemy as sa

from tests.helpers import unique

ADDRESS = {"firstname": "Jane", "lastname": "Doe", "street": ["1 Main St"], "city": "Austin", "region_id": 57,
           "region_code": "TX", "postcode": "78701", "country_id": "US", "telephone": "5125550100",
           "email": "cart.buyer@example.com"}


def product(server, admin_token: str, price: float = 45, qty: float = 100, type_id: str = "simple",
            status: int = 1, **fields) -> dict:
    """A product created through POST /rest/all/V1/products."""
    body = {"sku": unique("sku-"), "name": "Sport Tee", "price": price, "status": status, "visibility": 4,
            "type_id": type_id, "attribute_set_id": 4, "weight": 1,
            "extension_attributes": {"stock_item": {"qty": qty, "is_in_stock": qty > 0}}, **fields}
    r = httpx.post(server.url + "/rest/all/V1/products", json={"product": body},
                   headers={"Authorization": f"Bearer {admin_token}"})
    assert r.status_code == 200, r.text
    return r.json()


def category(server, admin_token: str, name: str = "Rule category") -> str:
    """A new category under the default one (POST /rest/all/V1/categories); its id as a string."""
    r = httpx.post(server.url + "/rest/all/V1/categories", json={"category": {"name": unique(name + " "), "parent_id": 2}},
                   headers={"Authorization": f"Bearer {admin_token}"})
    assert r.status_code == 200, r.text
    return str(r.json()["id"])


def guest_cart(client: httpx.Client) -> str:
    r = client.post("/V1/guest-carts")
    assert r.status_code == 200, r.text
    masked = r.json()
    assert isinstance(masked, str) and len(masked) == 32 and masked.isalnum()
    return masked


def add(client: httpx.Client, base: str, sku: str, qty: float, **item) -> dict:
    """Add an item on a cart route prefix (``/V1/guest-carts/<masked>`` or ``/V1/carts/mine``)."""
    r = client.post(f"{base}/items", json={"cartItem": {"sku": sku, "qty": qty, **item}})
    assert r.status_code == 200, r.text
    return r.json()


def shipping_information(client: httpx.Client, base: str, address: dict | None = None,
                         carrier: str = "flatrate", method: str = "flatrate") -> httpx.Response:
    address = address or ADDRESS
    return client.post(f"{base}/shipping-information", json={"addressInformation": {
        "shipping_address": address, "billing_address": address,
        "shipping_carrier_code": carrier, "shipping_method_code": method}})


def error(r: httpx.Response, status: int, message: str, parameters=None) -> None:
    """Assert the platform error body (and the parameters when given)."""
    assert r.status_code == status, r.text
    body = r.json()
    assert body["message"] == message, body
    if parameters is not None:
        assert body.get("parameters") == parameters, body


def coupon_rule(server, admin_token: str, code: str, percent: float = 10, **rule) -> int:
    """A 10 %-off SPECIFIC_COUPON rule with one coupon, through the salesrule routes; answers the rule id."""
    headers = {"Authorization": f"Bearer {admin_token}"}
    body = {"name": f"{percent}% off", "store_labels": [{"store_id": 0, "store_label": f"Save {percent}%"}],
            "website_ids": [1], "customer_group_ids": [0, 1], "is_active": True, "simple_action": "by_percent",
            "discount_amount": percent, "coupon_type": "SPECIFIC_COUPON", "stop_rules_processing": False, **rule}
    r = httpx.post(server.url + "/rest/all/V1/salesRules", json={"rule": body}, headers=headers)
    assert r.status_code == 200, r.text
    rule_id = r.json()["rule_id"]
    r = httpx.post(server.url + "/rest/all/V1/coupons", json={"coupon": {"rule_id": rule_id, "code": code,
                                                                         "is_primary": True, "times_used": 0}},
                   headers=headers)
    assert r.status_code == 200, r.text
    return rule_id


def second_cart(server, customer: dict, sku: str) -> int:
    """A second active cart of a customer, filled and ready to ship; answers its id (for races between two
    checkouts spending one customer's balance).

    The platform keeps one active cart per customer (creating or assigning one reuses or merges into the
    active cart), so the second one is made the way an order an admin prepares for the customer would
    be: a cart filled through the ordinary routes, then given the customer in the database. Being the
    newer of the two, it is the customer's ``mine`` cart from then on."""
    with server.client() as guest:
        masked = guest_cart(guest)
        base = f"/V1/guest-carts/{masked}"
        add(guest, base, sku, 1)
        assert shipping_information(guest, base).status_code == 200
        cart_id = guest.get(base).json()["id"]
    with server.db.engine.begin() as c:
        c.execute(sa.text("UPDATE quote SET customer_id = :c, customer_group_id = 1, customer_is_guest = :f, "
                          "customer_email = :e, masked_id = NULL WHERE id = :id"),
                  {"c": customer["id"], "f": False, "e": customer["email"], "id": cart_id})
    return cart_id


class BalanceRace:
    """Two checkouts of one customer spending the same balance at the same instant (store credit, reward
    points, ...), on a server with two workers: the customer places the newer cart while an admin places
    the older one. ``spend(me)`` applies the balance to the customer's current ``mine`` cart; it runs on
    both carts before the race."""

    def __init__(self, server, admin_token: str, customer: dict, customer_token: str, price: float = 30):
        self.server, self.customer = server, customer
        self.admin_token, self.customer_token = admin_token, customer_token
        self.sku = product(server, admin_token, price=price)["sku"]

    def run(self, spend) -> tuple[httpx.Response, int]:
        """Both carts filled and spent, then both placed at once: (the refused answer, the refused cart's
        id), after asserting that exactly one order was placed and the other was refused with a 400."""
        from tests.helpers import at_once, ok

        with self.server.client(self.customer_token) as me:
            ok(me.post("/V1/carts/mine"))
            first = ok(me.get("/V1/carts/mine"))["id"]
            add(me, "/V1/carts/mine", self.sku, 1)
            assert shipping_information(me, "/V1/carts/mine").status_code == 200
            spend(me)
            second = second_cart(self.server, self.customer, self.sku)
            spend(me)
        place = {"paymentMethod": {"method": "checkmo"}}
        with self.server.client(self.customer_token) as mine, self.server.client(self.admin_token) as admin:
            answers = at_once(lambda: mine.put("/V1/carts/mine/order", json=place),
                              lambda: admin.put(f"/V1/carts/{first}/order", json=place))
        assert sorted(r.status_code for r in answers) == [200, 400], [r.text for r in answers]
        self.order_id = next(r for r in answers if r.status_code == 200).json()
        refused = next(r for r in answers if r.status_code == 400)
        return refused, (second if refused is answers[0] else first)
