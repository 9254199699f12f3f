r"""Shop by Page (`Vendor\ShopbyPage`): a category listing's own title, texts, meta data, URL and blocks
for a combination of layered-navigation filters (docs/modules/shopbypage.md)."""
from . import service, tables  # noqa: F401
