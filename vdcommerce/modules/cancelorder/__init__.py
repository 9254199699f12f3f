r"""Cancel Order (`Vendor\CancelOrder`): customers cancel their own unshipped orders (paid amounts refunded
offline), the admin keeps the cancel records and cancels through them, and a scheduled job cancels unpaid
orders after a configured time (docs/modules/cancelorder.md)."""
from . import service, tables  # noqa: F401
