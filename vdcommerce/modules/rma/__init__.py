r"""RMA (`Vendor\Rma`): customers return items of shipped orders; the shop works each return through
its statuses and resolves it with a refund, store credit, an exchange or a repair (docs/modules/rma.md)."""
from . import reference, service, tables  # noqa: F401
