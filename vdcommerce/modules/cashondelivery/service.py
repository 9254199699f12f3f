"""The storefront's question "may this postal code pay cash on delivery?"."""
from __future__ import annotations

from ...framework.context import Service
from . import postcodes


class PaymentManagement(Service):
    interface = "Vendor\\CashOnDelivery\\Api\\PaymentManagementInterface"
    summary = "Cash on delivery availability by postal code"

    def check_available(self, postal_code: str) -> bool:
        """True when cash on delivery may be used for this postal code (the postal-code check only: the
        method's own switch, country and amount are checked at checkout)."""
        return postcodes.is_allowed(self.ctx, postal_code)
