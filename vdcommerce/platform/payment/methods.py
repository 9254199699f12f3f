"""The platform's payment methods. None of them moves money at placement.

``free`` is offered exactly when the grand total is 0, and then it is the only one: every other method
is offered only for a grand total above 0.
"""
from __future__ import annotations

from typing import Any

from ...framework.context import Context
from ...framework.exceptions import LocalizedException
from ..quote.totals import Quote, Total


class Offline:
    """A method that needs no data and is offered for any cart with something to pay."""
    code = ""

    def is_available(self, ctx: Context, quote: Quote, total: Total) -> bool:
        return total.grand_total > 0

    def validate(self, ctx: Context, payment: dict[str, Any]) -> None:
        return None


class CheckMo(Offline):
    pass


class BankTransfer(Offline):
    pass


class CashOnDelivery(Offline):
    pass


class PurchaseOrder(Offline):
    def validate(self, ctx: Context, payment: dict[str, Any]) -> None:
        if not (payment.get("po_number") or "").strip():
            raise LocalizedException("Purchase order number is a required field.")


class Free(Offline):
    def is_available(self, ctx: Context, quote: Quote, total: Total) -> bool:
        return total.grand_total == 0
