"""The product data objects (platform.md 9.0)."""
from ...framework.data import CustomAttributes, DataObject, OrNull, Out
from ...framework.search import SearchResults


class StockItemInterface(DataObject, interface="Magento\\CatalogInventory\\Api\\Data\\StockItemInterface"):
    item_id: Out[int] | None
    product_id: Out[int] | None
    stock_id: Out[int] | None
    qty: float | None
    is_in_stock: bool | None


class ProductExtensionInterface(DataObject, interface="Magento\\Catalog\\Api\\Data\\ProductExtensionInterface"):
    website_ids: list[int] | None
    stock_item: StockItemInterface | None


class ProductInterface(DataObject, interface="Magento\\Catalog\\Api\\Data\\ProductInterface"):
    id: int | None
    sku: OrNull[str]
    name: str | None
    attribute_set_id: int | None
    price: float | None
    status: int | None
    visibility: int | None
    type_id: str | None
    created_at: str | None
    updated_at: str | None
    weight: float | None
    extension_attributes: ProductExtensionInterface | None
    custom_attributes: CustomAttributes


class ProductSearchResultsInterface(SearchResults[ProductInterface],
                                    interface="Magento\\Catalog\\Api\\Data\\ProductSearchResultsInterface"):
    pass
