"""The request-a-quote data objects, fields in wire order (docs/architecture.md)."""
from ...framework.data import DataObject, OrNull
from ...framework.search import SearchResults
from ...platform.quote.api import CartInterface


class QuoteInterface(CartInterface, interface="Vendor\\RequestQuote\\Api\\Data\\QuoteInterface"):
    """A quote request: the platform cart with its status and whether shipping was configured."""
    status: OrNull[int]
    shipping_configure: OrNull[bool]


class QuoteSearchResultsInterface(SearchResults[QuoteInterface],
                                  interface="Vendor\\RequestQuote\\Api\\Data\\QuoteSearchResultsInterface"):
    pass


class QuoteItemDataInterface(DataObject, interface="Vendor\\RequestQuote\\Api\\Data\\QuoteItemDataInterface"):
    """The quote data of one cart line."""
    item_id: OrNull[int]
    customer_note: str | None
    admin_note: str | None
    requested_price: float | None
    requested_custom_price: float | None
    hide_original_price: bool | None


class QuoteDataInterface(DataObject, interface="Vendor\\RequestQuote\\Api\\Data\\QuoteDataInterface"):
    """A cart's quote request, shown as the cart's ``extension_attributes.vendor_quote``."""
    increment_id: OrNull[str]
    status: OrNull[int]
    customer_name: OrNull[str]
    customer_note: str | None
    admin_note: str | None
    submited_date: OrNull[str]
    expired_date: OrNull[str]
    items: list[QuoteItemDataInterface] | None
