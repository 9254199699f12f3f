r"""Onestepcheckout (`Vendor\Onestepcheckout`): what the module does, in a sentence (docs/modules/onestepcheckout.md)."""
from . import service, tables  # noqa: F401
