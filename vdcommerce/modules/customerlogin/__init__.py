r"""Login as Customer (`Vendor\CustomerLogin`): admin users get a customer token for any customer, and
every such login is kept in a log they can read and edit (docs/modules/customerlogin.md)."""
from . import service, tables  # noqa: F401
