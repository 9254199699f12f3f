r"""One step checkout (`Vendor\Checkout`): the extra data a one-page checkout keeps on a cart (fields,
gift messages and wrap, delivery date, the typed form) and carries to the order
(docs/modules/onestepcheckout.md)."""
from . import service, tables  # noqa: F401
