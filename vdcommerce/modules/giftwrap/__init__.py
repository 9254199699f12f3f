r"""Gift Wrap (`Vendor\GiftWrap`): wraps per store view, chosen for cart items, priced into the cart and
kept with the order (docs/modules/giftwrap.md)."""
from . import checkout, service, tables  # noqa: F401
