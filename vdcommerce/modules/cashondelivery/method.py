"""The platform's ``cashondelivery`` payment method, restricted by postal code.

This module declares ``payment/cashondelivery/model`` in its etc/config.xml: configuration defaults of
vendor modules are read after the platform's, so this class takes the place of the platform's
``payment.methods.CashOnDelivery`` under the same code, keeping its switch (``active``, off by
default) and title.
"""
from __future__ import annotations

from ...framework.context import Context
from ...platform.payment.methods import CashOnDelivery as PlatformCashOnDelivery
from ...platform.quote.totals import Quote, Total
from . import postcodes


def postal_code_of(quote: Quote) -> str | None:
    """The postcode the goods go to: the shipping address's (the billing address's for a virtual cart)."""
    address = quote.billing_address if quote.is_virtual else quote.shipping_address
    return address.postcode if address is not None else None


class CashOnDelivery(PlatformCashOnDelivery):
    def is_available(self, ctx: Context, quote: Quote, total: Total) -> bool:
        return super().is_available(ctx, quote, total) and postcodes.is_allowed(ctx, postal_code_of(quote))
