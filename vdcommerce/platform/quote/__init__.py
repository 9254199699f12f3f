"""Carts: guest, customer and admin carts, items, addresses, shipping methods, payment, coupons and the
totals pipeline. Importing it registers ``%cart_id%``."""
from . import tables  # noqa: F401
from .service import CartRepository  # noqa: F401
