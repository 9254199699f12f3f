r"""Product option templates (`Vendor\Prot`): reusable sets of product custom options (templates) (docs/modules/prot.md)."""
from . import service, tables  # noqa: F401
