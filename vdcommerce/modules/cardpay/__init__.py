r"""Card Pay (`Vendor\CardPay`): shipping estimates for the partial addresses a wallet payment sheet
reveals (docs/modules/cardpay.md)."""
from . import service  # noqa: F401
