r"""Shipping rules (`Vendor\Shiprules`): rules that replace, raise or lower the rates every carrier quotes
(docs/modules/shiprules.md)."""
from . import service, tables  # noqa: F401
