r"""Custom Form (`Vendor\Customform`): storefront forms and the answers sent through them, managed
over REST (docs/modules/customform.md)."""
from . import service, tables  # noqa: F401
