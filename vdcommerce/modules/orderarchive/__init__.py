r"""Order archive (`Vendor\Orderarchive`): takes orders, with their invoices, shipments and credit memos,
out of the working sales lists into an archive and back, or deletes them for good
(docs/modules/orderarchive.md)."""
from . import service, tables  # noqa: F401
