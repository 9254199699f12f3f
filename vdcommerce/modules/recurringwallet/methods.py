"""The two wallet payment methods (declared in etc/config.xml).

A wallet method pays with a billing agreement, never with a raw wallet token: the payment's
``additional_data`` must name an active agreement (``billing_agreement_id``) of the method, owned by
the calling customer when the caller is one. That is what the module's routes store on the cart, and
what a later recurring order sends. Validation also rewrites the additional data to exactly the
agreement id and its reference, so nothing else (a token sent by mistake) is kept on the cart or order.
"""
from __future__ import annotations

from typing import Any

from ...framework.data import digits
from ...framework.context import Context
from ...framework.exceptions import LocalizedException
from ...platform.payment.methods import Offline
from ...platform.quote.totals import Quote, Total
from . import records

AGREEMENT_REQUIRED = "A billing agreement is required to pay with this method."
AGREEMENT_NOT_ACTIVE = "The billing agreement is not active. Please choose another payment method."


class Wallet(Offline):
    """Apple Pay or Google Pay on a billing agreement: offered to a customer's cart (an agreement needs an
    account) once the customer holds an active agreement of the method. A first payment goes through
    the module's routes, which create the agreement before they set the method."""

    def is_available(self, ctx: Context, quote: Quote, total: Total) -> bool:
        return (quote.customer_id is not None and total.grand_total > 0
                and records.has_active(ctx, quote.customer_id, self.code))

    def validate(self, ctx: Context, payment: dict[str, Any]) -> None:
        data = payment.get("additional_data")
        raw = data.get("billing_agreement_id") if isinstance(data, dict) else None
        if raw is None or not str(raw).strip():
            raise LocalizedException(AGREEMENT_REQUIRED)
        text = str(raw).strip()
        row = records.find(ctx, int(text)) if digits(text) and int(text) < 2**31 else None
        customer_id = ctx.caller.customer_id
        if (row is None or row.status != records.ACTIVE or row.method_code != self.code
                or (customer_id is not None and row.customer_id != customer_id)):
            raise LocalizedException(AGREEMENT_NOT_ACTIVE)
        payment["additional_data"] = records.payment_information(row.agreement_id, row.reference_id)
