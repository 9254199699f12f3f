r"""Exit Intent Popup (`Vendor\ExitPopup`): the popup's address is subscribed to the newsletter and
mailed a gift, a coupon generated from a cart price rule (docs/modules/exitpopup.md)."""
from . import service, tables  # noqa: F401
