"""Tax: classes, rates and rules, their calculation on carts, and the taxes orders keep."""
from . import tables  # noqa: F401
from .service import TaxClassRepository, TaxRateRepository, TaxRuleRepository  # noqa: F401
