r"""Quick Order (`Vendor\QuickOrder`): order by SKU, from a search, a pasted list or JSON lines, added to the
cart all or nothing (docs/modules/quickorder.md)."""
from . import service  # noqa: F401
