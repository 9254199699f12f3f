r"""Store Credit & Refund (`Vendor\StoreCredit`): customers' store credit balances that pay for orders,
come back on cancellation and refunds, with a history of every change (docs/modules/storecredit.md)."""
from . import checkout, service, tables  # noqa: F401
