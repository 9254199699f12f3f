r"""Extra Fee (`Vendor\Extrafee`): fees with options offered at checkout, selected on the cart, added to
its totals as their own segment and kept with the order (docs/modules/extrafee.md)."""
from . import service, tables, totals  # noqa: F401
