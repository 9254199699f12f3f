r"""Personal data deletion requests, CCPA (`Vendor\Ccpa`): customers ask for their personal data to be
erased; the shop approves (the customer is anonymised everywhere) or denies (docs/modules/ccpa.md)."""
from . import observers, service, tables  # noqa: F401
