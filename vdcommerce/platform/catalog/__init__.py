"""Catalog: products with stock, status and visibility; categories; select attribute options; special
prices (docs/platform/catalog.md)."""
from . import tables  # noqa: F401
from . import categories, options, prices, quicksearch, search, stock  # noqa: F401
from .service import ProductRepository  # noqa: F401
from .media import ProductMediaGallery  # noqa: F401
