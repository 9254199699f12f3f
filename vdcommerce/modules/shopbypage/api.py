"""The shop-by-page data objects (the module's Api/Data interfaces), fields in wire order.

``T | None`` is left out of a response when empty (docs/architecture.md). ``conditions`` is a list
of ``{"filter": <attribute>, "value": <option id or list of option ids>}`` objects, checked by the
repository; ``categories`` and ``stores`` are lists of ids as strings.
"""
from typing import Any

from ...framework.data import DataObject
from ...framework.search import SearchResults


class PageInterface(DataObject, interface="Vendor\\ShopbyPage\\Api\\Data\\PageInterface"):
    page_id: int | None
    position: str | None
    url: str | None
    title: str | None
    description: str | None
    meta_title: str | None
    meta_keywords: str | None
    meta_description: str | None
    conditions: list[Any] | None
    categories: list[str] | None
    stores: list[str] | None
    top_block_id: Any | None
    bottom_block_id: Any | None
    image: str | None
    tag_robots: str | None


class PageSearchResultsInterface(SearchResults[PageInterface],
                                 interface="Vendor\\ShopbyPage\\Api\\Data\\PageSearchResultsInterface"):
    pass
