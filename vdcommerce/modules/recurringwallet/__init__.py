r"""Recurring wallet payments (`Vendor\RecurringWallet`): a customer's wallet token (Apple Pay, Google Pay)
becomes a reusable billing agreement that pays this order and later recurring ones
(docs/modules/recurringwallet.md)."""
from . import service, tables  # noqa: F401
