"""The cash-on-delivery fee: a total segment of its own while cash on delivery is the cart's payment
method and the fee is on; added to the grand total and kept with the order."""
from __future__ import annotations

from decimal import Decimal, InvalidOperation

from ...framework.context import Context
from ...platform.quote.totals import Quote, Segment, Total, cents

CODE = "vendor_cod_fee"
TITLE = "Cash On Delivery Fee"
METHOD = "cashondelivery"
FEE_ENABLED = "payment/cashondelivery/fee_enabled"
FEE_TYPE = "payment/cashondelivery/fee_type"
FEE_AMOUNT = "payment/cashondelivery/fee_amount"


def _number(text: object) -> Decimal:
    try:
        value = Decimal(str(text).strip())
    except (InvalidOperation, ValueError):
        return Decimal(0)
    return value if value.is_finite() and value > 0 else Decimal(0)


def fee(ctx: Context, total: Total) -> Decimal:
    """The fee for a cart with this subtotal: the fixed amount, or the percent of the subtotal, to the cent."""
    amount = _number(ctx.config_value(FEE_AMOUNT, "0"))
    if ctx.config_value(FEE_TYPE, "fixed") == "percent":
        return cents(total.subtotal * amount / 100)
    return cents(amount)


class CashOnDeliveryFee:
    code = CODE

    def collect(self, ctx: Context, quote: Quote, total: Total) -> None:
        if quote.payment_method != METHOD or not ctx.config_flag(FEE_ENABLED):
            return
        amount = fee(ctx, total)
        if amount > 0:
            total.adjustments[self.code] = amount
            total.extension[CODE] = amount

    def fetch(self, ctx: Context, quote: Quote, total: Total) -> Segment | None:
        if self.code not in total.adjustments:
            return None
        return Segment(self.code, TITLE, total.adjustments[self.code])
