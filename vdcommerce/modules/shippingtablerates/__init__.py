r"""Shipping Table Rates (`Vendor\ShippingTableRates`): the ``vdstrates`` carrier, whose prices come from rate
tables the shop imports per shipping method (docs/modules/shippingtablerates.md)."""
from ...platform.catalog.options import add_select_attribute
from . import service, tables  # noqa: F401
from .importer import SHIPPING_TYPE_ATTRIBUTE

add_select_attribute(SHIPPING_TYPE_ATTRIBUTE)
