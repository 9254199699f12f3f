"""The shipping package's totals collector (``shipping``, 350, declared in etc/sales.xml).

It keeps every method offered for the cart's shipping address in ``total.extra["shipping_rates"]``
(cheapest first, as the rate processors left them), which the quote package's shipping-method routes
answer, and the chosen method's amount and titles in the total. A chosen method that a processor
marked unavailable is not applied; it is kept in ``total.extra["shipping_rate_refused"]``, and
``refusal`` is the 400 that saving or ordering with it answers.
"""
from __future__ import annotations

from ...framework.context import Context
from ...framework.exceptions import InputException
from ..quote.totals import Quote, Segment, Total
from . import registry as carriers
from .registry import Rate

REFUSED = "shipping_rate_refused"


def refused(total: Total) -> Rate | None:
    """The chosen method when it is listed but unavailable."""
    return total.extra.get(REFUSED)


def refusal(rate: Rate) -> InputException:
    """The error of selecting an unavailable method: its own message, as the carrier or processor gave it."""
    return InputException(rate.error_message or carriers.UNAVAILABLE)


class Shipping:
    code = "shipping"

    def collect(self, ctx: Context, quote: Quote, total: Total) -> None:
        rates = []
        if quote.items and not quote.is_virtual and quote.shipping_address is not None:
            rates = carriers.rates(ctx, quote, total, quote.shipping_address)
        total.extra["shipping_rates"] = rates
        chosen = next((r for r in rates if r.carrier_code == quote.shipping_carrier_code
                       and r.method_code == quote.shipping_method_code), None)
        if chosen is not None and not chosen.available:
            total.extra[REFUSED] = chosen
        elif chosen is not None:
            total.shipping_amount = chosen.amount
            total.shipping_carrier_title = chosen.carrier_title
            total.shipping_method_title = chosen.method_title

    def fetch(self, ctx: Context, quote: Quote, total: Total) -> Segment | None:
        if quote.is_virtual:
            return None
        title = "Shipping & Handling"
        if total.shipping_carrier_title is not None:
            title += f" ({total.shipping_carrier_title} - {total.shipping_method_title})"
        return Segment("shipping", title, total.shipping_amount)
