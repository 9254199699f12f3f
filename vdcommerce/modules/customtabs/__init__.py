r"""Product tabs (`Vendor\CustomTabs`): the shop's own product page tabs and its control over the
built-in and third-party ones, with values per store view (docs/modules/customtabs.md)."""
from . import tables  # noqa: F401
from .service import TabsRepository  # noqa: F401
