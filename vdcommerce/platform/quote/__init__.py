"""Carts: guest, customer and admin carts, items, addresses, shipping methods, payment, coupons and the
totals pipeline (platform.md 9.3–9.8, 9.10, 9.11). Importing it registers ``%cart_id%``."""
from . import tables  # noqa: F401
from .service import CartRepository  # noqa: F401
