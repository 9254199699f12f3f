"""Arrangements shared by the reward points tests."""
from __future__ import annotations

import sqlalchemy as sa

from tests.helpers import ok
from tests.helpers.quote import add, guest_cart, shipping_information


def second_cart(srv, customer: dict, sku: str) -> int:
    """A second active cart of a customer, filled and ready to ship; answers its id.

    The platform keeps one active cart per customer, so the second one is made the way an order an admin
    prepares for the customer would be: a cart filled through the ordinary routes, then given the customer
    in the database. Being the newer of the two, it is the customer's ``mine`` cart from then on."""
    with srv.client() as guest:
        masked = guest_cart(guest)
        base = f"/V1/guest-carts/{masked}"
        add(guest, base, sku, 1)
        assert shipping_information(guest, base).status_code == 200
        cart_id = ok(guest.get(base))["id"]
    with srv.db.engine.begin() as c:
        c.execute(sa.text("UPDATE quote SET customer_id = :c, customer_group_id = 1, customer_is_guest = :f, "
                          "customer_email = :e, masked_id = NULL WHERE id = :id"),
                  {"c": customer["id"], "f": False, "e": customer["email"], "id": cart_id})
    return cart_id
