r"""Multiple Coupons (`Vendor\Coupons`): several coupon codes on one cart (docs/modules/coupons.md)."""
from . import rules, service, tables  # noqa: F401
