r"""Xlanding (`Vendor\Xlanding`): what the module does, in a sentence (docs/modules/xlanding.md)."""
from . import service, tables  # noqa: F401
