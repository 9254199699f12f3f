r"""Cash On Delivery (`Vendor\CashOnDelivery`): the platform's cash-on-delivery payment method, offered
only for allowed postal codes, with an optional payment fee (docs/modules/cashondelivery.md)."""
from . import service  # noqa: F401
