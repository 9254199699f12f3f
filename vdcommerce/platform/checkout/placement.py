"""Placing an order from a cart, the steps in order:

1. the cart is active (the caller found it) and has items;
2. totals are re-collected; a coupon code (of the cart's list) no rule accepts any more refuses the order;
3. validation: shipping address, country, shipping method, billing address, payment method, e-mail;
   then ``checkout_submit_before(quote, total)``: a module may refuse the order (a required fee, an
   invalid pickup) before anything is written; whatever it raises becomes a 400 with its message;
4. stock is deducted (one conditional UPDATE per product: of two buyers racing for the last unit one
   gets the order, the other ``The requested qty is not available``), then the sales package writes
   the order (``create_order``), so a failed deduction creates nothing;
5. the cart is deactivated with the order's increment id, and ``sales_order_place_after`` is raised
   (rule and coupon usage, modules that move money).

All of it runs in the request's transaction. A domain error keeps its message and status; anything
unexpected becomes the platform's 400 ``A server error stopped your order ...`` (logged with its
traceback) and rolls everything back.
"""
from __future__ import annotations

import logging
import re
from decimal import Decimal
from typing import Any

from ...framework import events
from ...framework.context import Context
from ...framework.exceptions import InputException, LocalizedException, render_message
from ..catalog import stock
from ..customer import directory
from ..quote import carts, coupons, payments, totals
from ..quote.api import PaymentInterface
from ..sales.service import create_order
from ..shipping import totals as shipping_totals

log = logging.getLogger("vdcommerce.checkout")

SERVER_ERROR = "A server error stopped your order from being placed. Please try to place your order again."
NO_ITEMS = "Please specify order items."
COUPON_NOT_VALID = "The coupon code isn't valid. Verify the code and try again."
SHIPPING_ADDRESS_INVALID = "Please check the shipping address information. %1"
BILLING_ADDRESS_INVALID = "Please check the billing address information. %1"
COUNTRY_NOT_ALLOWED = "Some addresses can't be used due to the configurations for specific countries."
SHIPPING_METHOD_MISSING = "The shipping method is missing. Select the shipping method and try again."
NO_PAYMENT_METHOD = "Enter a valid payment method and try again."
PAYMENT_NOT_AVAILABLE = "The requested Payment Method is not available."
REQUIRED = '"%fieldName" is required. Enter and try again.'

# address fields an order needs, with the names the messages use
_ADDRESS_FIELDS = (("firstname", "firstname"), ("lastname", "lastname"), ("street", "street"), ("city", "city"),
                   ("country_id", "countryId"), ("telephone", "telephone"), ("postcode", "postcode"))
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")


def missing_fields(address: dict[str, Any] | None) -> str:
    """The per-field messages of an incomplete address, joined by a space ('' when complete)."""
    a = address or {}
    country = a.get("country_id")
    found = []
    for key, name in _ADDRESS_FIELDS:
        if key == "postcode" and country in directory.OPTIONAL_POSTCODE:
            continue
        if not a.get(key):
            found.append(name)
    if country in directory.REGION_REQUIRED and not a.get("region_id") and not a.get("region"):
        found.append("regionId")
    return " ".join(render_message(REQUIRED, {"fieldName": name}) for name in found)


def allowed_countries(ctx: Context) -> frozenset[str]:
    listed = str(ctx.config_value("general/country/allow", "") or "")
    codes = frozenset(c.strip().upper() for c in listed.split(",") if c.strip())
    return codes or directory.COUNTRIES


def payment_data(payment: PaymentInterface) -> dict[str, Any]:
    return {"method": (payment.method or "").strip(), "po_number": payment.po_number,
            "additional_data": payment.additional_data}


def place(ctx: Context, cart_id: int, payment: PaymentInterface | None = None,
          prepared: carts.Prepared | None = None) -> int:
    """Place the order of an active cart; answers the order's entity id. ``prepared``: the cart as this
    request has just loaded and collected it, with every line stored (``Prepared.settled``), so that
    it is not read and collected again."""
    try:
        return _place(ctx, prepared.cart.row if prepared is not None else carts.row_of(ctx, cart_id), payment,
                      prepared)
    except LocalizedException:
        raise
    except Exception:  # noqa: BLE001 - the platform's answer to any unexpected failure while placing
        log.exception("placing the order of cart %s failed", cart_id)
        raise LocalizedException(SERVER_ERROR) from None


def _place(ctx: Context, row, payment: PaymentInterface | None, prepared: carts.Prepared | None) -> int:
    cart = prepared.cart if prepared is not None else carts.Loaded(ctx, row)
    if not cart.items:
        raise InputException(NO_ITEMS)
    if payment is not None:
        data = payment_data(payment)
    elif cart.payment is not None:
        data = {"method": cart.payment.method or "", "po_number": cart.payment.po_number,
                "additional_data": carts.loads(cart.payment.additional_data)}
    else:
        data = {"method": "", "po_number": None, "additional_data": None}

    if prepared is not None:  # collected for this payment method moments ago, nothing changed since
        quote, total, segments = prepared.quote, prepared.total, prepared.segments
    else:
        quote = carts.pipeline_quote(ctx, cart, payment_method=data["method"] or None)
        total, segments = totals.collect(ctx, quote)
    accepted = {c.lower() for c in coupons.split(total.coupon_code)}
    if any(c.lower() not in accepted for c in coupons.split(quote.coupon_code)):
        raise InputException(COUPON_NOT_VALID)  # every code the cart lists must still be accepted

    email = _validate(ctx, row, cart, quote, total, data)
    quote.customer_email = email
    _vetoes(ctx, quote, total)

    stock.deduct(ctx.conn, _quantities(quote), stock.defaults(ctx))
    carts.save_lines(ctx, quote)  # collector lines get their item ids before the order items refer to them
    if payment is not None:
        carts.save_payment(ctx, row.id, data)
    shipping = None
    if not quote.is_virtual:
        shipping = f"{total.shipping_carrier_title} - {total.shipping_method_title}"
    billing = cart.billing or {}
    order_id, increment_id = create_order(
        ctx, quote, total, segments, email=email,
        customer_firstname=row.customer_firstname if row.customer_id else billing.get("firstname"),
        customer_lastname=row.customer_lastname if row.customer_id else billing.get("lastname"),
        payment=data, shipping_description=shipping)
    carts.save_collected(ctx, quote, total, segments, is_active=False, reserved_order_id=increment_id,
                         converted_at=carts.now(), customer_email=email)
    events.dispatch(ctx, "sales_order_place_after", order_id=order_id, increment_id=increment_id,
                    quote=quote, total=total)
    return order_id


def _vetoes(ctx: Context, quote: totals.Quote, total: totals.Total) -> None:
    """``checkout_submit_before``: modules may refuse the order (a required fee, an invalid pickup) before
    anything is written; whatever they raise is a 400 with their message."""
    try:
        events.dispatch(ctx, "checkout_submit_before", quote=quote, total=total)
    except InputException:
        raise
    except LocalizedException as e:
        raise InputException(e.message, e.parameters, e.code) from None


def _validate(ctx: Context, row, cart: carts.Loaded, quote: totals.Quote, total: totals.Total,
              data: dict[str, Any]) -> str:
    """Step 3, in the platform's order; answers the order's e-mail address."""
    if not quote.is_virtual:
        missing = missing_fields(cart.shipping)
        if missing:
            raise InputException(SHIPPING_ADDRESS_INVALID, [missing])
        if cart.shipping["country_id"] not in allowed_countries(ctx):
            raise InputException(COUNTRY_NOT_ALLOWED)
        refused = shipping_totals.refused(total)
        if refused is not None:
            raise shipping_totals.refusal(refused)
        if total.shipping_carrier_title is None:
            raise InputException(SHIPPING_METHOD_MISSING)
    missing = missing_fields(cart.billing)
    if missing:
        raise InputException(BILLING_ADDRESS_INVALID, [missing])
    if cart.billing["country_id"] not in allowed_countries(ctx):
        raise InputException(COUNTRY_NOT_ALLOWED)
    if not data["method"]:
        raise InputException(NO_PAYMENT_METHOD)
    if data["method"] not in payments.available(ctx, quote, total):
        raise InputException(PAYMENT_NOT_AVAILABLE)
    payments.methods()[data["method"]].validate(ctx, data)
    email = row.customer_email or (cart.billing or {}).get("email") or (cart.shipping or {}).get("email")
    if not email:
        raise InputException.required("email")
    if not _EMAIL.fullmatch(email):
        raise InputException.invalid_value("email", email)
    return email


def _quantities(quote: totals.Quote) -> dict[int, Decimal]:
    wanted: dict[int, Decimal] = {}
    for item in quote.items:
        wanted[item.product_id] = wanted.get(item.product_id, Decimal(0)) + item.qty
    return wanted
