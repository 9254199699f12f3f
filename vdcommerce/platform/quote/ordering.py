"""Placing an order: the cart routes hand the cart to the placer a package declares.

The ``placeOrder`` operations are the quote package's (``PUT /V1/carts/mine/order``,
``PUT /V1/guest-carts/:cartId/order``, ...), but turning a cart into an order takes stock, payment and
the sales package, which all build on carts. So the quote package knows only this extension point, and
the checkout package declares the placer in its ``etc/sales.xml``::

    <config><section name="quote"><group name="placement">
        <item name="order" instance="vdcommerce.platform.checkout.placement:place"/>
    </group></section></config>

``instance`` names a function ``(ctx, cart_id, payment) -> order id``; exactly one package declares it.
"""
from __future__ import annotations

import functools
from contextlib import AbstractContextManager
from typing import Protocol

from ...framework.context import GUEST, Context
from ...framework.exceptions import LocalizedException
from ...framework.packages import DeclarationError, load_packages, parse_xml, resolve
from ..backpressure.service import limit_of, limited
from .api import PaymentInterface

ORDER_REQUESTS = "quote-order"


class Placer(Protocol):
    def __call__(self, ctx: Context, cart_id: int, payment: PaymentInterface | None = None) -> int: ...


@functools.cache
def placer() -> Placer:
    """The declared placer, read once per process."""
    found: list[tuple[str, Placer]] = []
    for package in load_packages():
        path = package.etc("sales.xml")
        if path is None:
            continue
        for item in parse_xml(path).findall("section[@name='quote']/group[@name='placement']/item"):
            ref = item.get("instance")
            if not ref:
                raise DeclarationError(f"{path}: placement item needs an instance")
            fn = resolve(ref, f"{path}: placement item")
            if not callable(fn):
                raise DeclarationError(f"{path}: placement item: {ref} is not callable")
            found.append((str(path), fn))
    if len(found) != 1:
        raise DeclarationError("exactly one package must declare the quote placement item, found "
                               + (", ".join(p for p, _ in found) or "none"))
    return found[0][1]


def place_order(ctx: Context, cart_id: int, payment: PaymentInterface | None = None) -> int:
    """Place the order of an active cart; answers the order's entity id."""
    return placer()(ctx, cart_id, payment)


GUEST_CHECKOUT_OFF = "Sorry, guest checkout is not available."


def check_guest_checkout(ctx: Context) -> None:
    """A guest cart's order is refused while ``checkout/options/guest_checkout`` is off for the store view."""
    if not ctx.config_flag("checkout/options/guest_checkout"):
        raise LocalizedException(GUEST_CHECKOUT_OFF)


def placement_limit(ctx: Context) -> AbstractContextManager[None]:
    """The back-pressure on placing orders, around a route that places one (``sales/backpressure/*``
    of the store view: ``limit`` per signed-in caller, ``guest_limit`` per guest IP address)."""
    key = "guest_limit" if ctx.caller.user_type == GUEST else "limit"
    return limited(ctx, ORDER_REQUESTS, limit_of(ctx.config, "sales/backpressure", key, ctx.store_id))
