"""Checkout: shipping information, totals information, payment information and placing the order."""
from .service import (GuestPaymentInformationManagement, GuestShippingInformationManagement,  # noqa: F401
                      GuestTotalsInformationManagement, PaymentInformationManagement,
                      ShippingInformationManagement, TotalsInformationManagement)
