"""Cart price rules and coupons, the discount engine and usage counting."""
from . import tables  # noqa: F401
from .service import CouponManagement, CouponRepository, RuleRepository  # noqa: F401
