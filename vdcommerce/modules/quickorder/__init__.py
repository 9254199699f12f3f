r"""Quickorder (`Vendor\Quickorder`): what the module does, in a sentence (docs/modules/quickorder.md)."""
from . import service, tables  # noqa: F401
