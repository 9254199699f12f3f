"""Cart price rules and coupons, the discount engine and usage counting (platform.md 9.1, 9.2)."""
from . import tables  # noqa: F401
from .service import CouponManagement, CouponRepository, RuleRepository  # noqa: F401
