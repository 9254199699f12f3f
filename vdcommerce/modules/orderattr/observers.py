"""What the module does when a cart is ordered: required order attributes must have values, and the
cart's values are copied to the new order."""
from __future__ import annotations

from typing import Any

from ...framework.context import Context
from ...framework.exceptions import InputException
from ...platform.quote.totals import Quote
from . import values as store
from .attributes import definitions


def forms_of(quote: Quote) -> tuple[str, ...]:
    """The checkout forms a cart goes through: the payment step, and the shipping step or the step of
    carts without shipping."""
    return ("vd_checkout", "vd_checkout_virtual" if quote.is_virtual else "vd_checkout_shipping")


def require_values(ctx: Context, *, quote: Quote, **_: Any) -> None:
    """``checkout_submit_before``: every required attribute that applies to the cart (its forms, store
    view, customer group and shipping method) needs a value, or nothing is ordered."""
    method = None if quote.is_virtual else quote.shipping_method
    required = [d for d in definitions(ctx.conn) if d.is_required
                and any(d.applies(f, quote.store_id, quote.customer_group_id, method) for f in forms_of(quote))]
    if not required:
        return
    entity_id = store.entity_of(ctx.conn, quote.id, store.QUOTE)
    given = {a for a, _, _, v in store.values_of(ctx.conn, [entity_id])[entity_id] if v.strip()} \
        if entity_id is not None else set()
    missing = [f'"{d.label_for(quote.store_id)}" is a required value.' for d in required
               if d.attribute_id not in given]
    if missing:
        raise InputException(" ".join(missing))


def copy_to_order(ctx: Context, *, quote: Quote, order_id: int, **_: Any) -> None:
    """``sales_order_place_after``: the order gets its own copy of the cart's values (the cart keeps
    them)."""
    store.copy_entity(ctx.conn, (quote.id, store.QUOTE), (order_id, store.ORDER))
