"""Checkout: shipping information, totals information, payment information and placing the order (platform.md 9.9, 9.12)."""
from .service import (GuestPaymentInformationManagement, GuestShippingInformationManagement,  # noqa: F401
                      GuestTotalsInformationManagement, PaymentInformationManagement,
                      ShippingInformationManagement, TotalsInformationManagement)
