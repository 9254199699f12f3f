"""The gift wrap data objects (the module's Api/Data interfaces), fields in wire order.

``OrNull[T]`` is written as null when empty, ``T | None`` left out (docs/architecture.md)."""
from ...framework.data import DataObject
from ...framework.search import SearchResults


class WrapInterface(DataObject, interface="Vendor\\GiftWrap\\Api\\Data\\WrapInterface"):
    entity_id: int | None
    store_id: int | None
    name: str | None
    description: str | None
    status: int | None
    image: str | None
    price: float | None
    sort_order: int | None


class WrapSearchResultsInterface(SearchResults[WrapInterface],
                                 interface="Vendor\\GiftWrap\\Api\\Data\\WrapSearchResultsInterface"):
    pass


class MessageCardInterface(DataObject, interface="Vendor\\GiftWrap\\Api\\Data\\MessageCardInterface"):
    entity_id: int | None
    store_id: int | None
    name: str | None
    status: int | None
    image: str | None
    price: float | None
    sort_order: int | None


class MessageCardSearchResultsInterface(SearchResults[MessageCardInterface],
                                        interface="Vendor\\GiftWrap\\Api\\Data\\MessageCardSearchResultsInterface"):
    pass


class CartWrapInterface(DataObject, interface="Vendor\\GiftWrap\\Api\\Data\\CartWrapInterface"):
    """A wrap chosen for one cart item (``extension_attributes.vdgiftwrap_items`` of a cart)."""
    item_id: int | None
    wrap_id: int | None
    card_id: int | None
    gift_message: str | None
    is_receipt_hidden: int | None


class OrderWrapInterface(DataObject, interface="Vendor\\GiftWrap\\Api\\Data\\OrderWrapInterface"):
    """A wrap of a placed order (``extension_attributes.vdgiftwrap_items`` of an order), prices copied."""
    sku: str | None
    wrap_id: int | None
    wrap_name: str | None
    qty: float | None
    card_id: int | None
    card_name: str | None
    gift_message: str | None
    is_receipt_hidden: int | None
    price: float | None
    base_price: float | None
    card_price: float | None
    base_card_price: float | None
    row_total: float | None
