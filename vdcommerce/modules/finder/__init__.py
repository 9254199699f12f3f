r"""Product parts finder (`Vendor\Finder`): chained dropdowns whose chosen values lead to products
(docs/modules/finder.md)."""
from . import imports, service, tables  # noqa: F401
