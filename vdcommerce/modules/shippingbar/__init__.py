r"""Free Shipping Bar (`Vendor\ShippingBar`): the bar telling shoppers how much more to spend for free
shipping, configured as profiles (docs/modules/shippingbar.md)."""
from . import service, tables  # noqa: F401
