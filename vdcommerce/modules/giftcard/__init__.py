r"""Gift Card and Gift Card Account (`Vendor\GiftCard`, `Vendor\GiftCardAccount`): card images, code
pools, gift card accounts, card emails, and cards that pay for carts (docs/modules/giftcard.md)."""
from . import cart, history, service, tables  # noqa: F401
