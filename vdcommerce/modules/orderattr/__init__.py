r"""Order attributes (`Vendor\Orderattr`): shop-defined checkout fields whose values customers and guests
save on their cart and that are copied to the order (docs/modules/orderattr.md)."""
from . import attributes, service, tables  # noqa: F401
