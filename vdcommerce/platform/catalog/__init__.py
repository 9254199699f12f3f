"""Catalog: products with stock, status and visibility, kept to what carts and orders need (platform.md 9.0)."""
from . import tables  # noqa: F401
from .service import ProductRepository  # noqa: F401
from .media import ProductMediaGallery  # noqa: F401
