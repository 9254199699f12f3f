"""The catalog's data objects: products, stock items, categories, attribute options, special prices."""
from ...framework.data import CustomAttributes, DataObject, OrNull
from ...framework.library_adapter import add_fields
from ...framework.search import SearchCriteria, SearchResults

PRODUCT_NOT_FOUND = "The product that was requested doesn't exist. Verify the product and try again."


# Keys the service computes (ids, level, path, children, dates) are accepted on input and ignored, so that a
# client may send back what it read.
class StockItemExtensionInterface(DataObject, interface="Magento\\CatalogInventory\\Api\\Data\\StockItemExtensionInterface"):
    pass


class StockItemInterface(DataObject, interface="Magento\\CatalogInventory\\Api\\Data\\StockItemInterface"):
    item_id: int | None
    product_id: int | None
    stock_id: int | None
    qty: float | None
    is_in_stock: bool | None
    is_qty_decimal: bool | None
    use_config_min_qty: bool | None
    min_qty: float | None
    use_config_min_sale_qty: bool | None
    min_sale_qty: float | None
    use_config_max_sale_qty: bool | None
    max_sale_qty: float | None
    use_config_backorders: bool | None
    backorders: int | None
    use_config_notify_stock_qty: bool | None
    notify_stock_qty: float | None
    use_config_manage_stock: bool | None
    manage_stock: bool | None
    low_stock_date: OrNull[str]
    extension_attributes: StockItemExtensionInterface | None


class StockStatusExtensionInterface(DataObject, interface="Magento\\CatalogInventory\\Api\\Data\\StockStatusExtensionInterface"):
    pass


class StockStatusInterface(DataObject, interface="Magento\\CatalogInventory\\Api\\Data\\StockStatusInterface"):
    product_id: int | None
    stock_id: int | None
    qty: float | None
    stock_status: int | None
    stock_item: StockItemInterface | None
    extension_attributes: StockStatusExtensionInterface | None


class StockItemCollectionInterface(DataObject,
                                   interface="Magento\\CatalogInventory\\Api\\Data\\StockItemCollectionInterface"):
    items: list[StockItemInterface] | None
    search_criteria: SearchCriteria | None
    total_count: int | None


class CategoryLinkExtensionInterface(DataObject, interface="Magento\\Catalog\\Api\\Data\\CategoryLinkExtensionInterface"):
    pass


class CategoryLinkInterface(DataObject, interface="Magento\\Catalog\\Api\\Data\\CategoryLinkInterface"):
    position: int | None
    category_id: OrNull[str]
    extension_attributes: CategoryLinkExtensionInterface | None


class ProductExtensionInterface(DataObject, interface="Magento\\Catalog\\Api\\Data\\ProductExtensionInterface"):
    website_ids: list[int] | None
    stock_item: StockItemInterface | None
    category_links: list[CategoryLinkInterface] | None


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


class CategoryExtensionInterface(DataObject, interface="Magento\\Catalog\\Api\\Data\\CategoryExtensionInterface"):
    pass


class CategoryInterface(DataObject, interface="Magento\\Catalog\\Api\\Data\\CategoryInterface"):
    id: int | None
    parent_id: int | None
    name: str | None
    is_active: bool | None
    position: int | None
    level: int | None
    children: str | None
    created_at: str | None
    updated_at: str | None
    path: str | None
    available_sort_by: list[str] | None
    include_in_menu: bool | None
    custom_attributes: CustomAttributes
    extension_attributes: CategoryExtensionInterface | None


class CategorySearchResultsInterface(SearchResults[CategoryInterface],
                                     interface="Magento\\Catalog\\Api\\Data\\CategorySearchResultsInterface"):
    pass


class CategoryTreeInterface(DataObject, interface="Magento\\Catalog\\Api\\Data\\CategoryTreeInterface"):
    id: int | None
    parent_id: int | None
    name: str | None
    is_active: bool | None
    position: int | None
    level: int | None
    product_count: int | None


add_fields(CategoryTreeInterface, {"children_data": list[CategoryTreeInterface] | None})


class CategoryProductLinkExtensionInterface(DataObject, interface="Magento\\Catalog\\Api\\Data\\CategoryProductLinkExtensionInterface"):
    pass


class CategoryProductLinkInterface(DataObject,
                                   interface="Magento\\Catalog\\Api\\Data\\CategoryProductLinkInterface"):
    sku: str | None
    position: int | None
    category_id: OrNull[str]
    extension_attributes: CategoryProductLinkExtensionInterface | None


class AttributeOptionLabelInterface(DataObject,
                                    interface="Magento\\Eav\\Api\\Data\\AttributeOptionLabelInterface"):
    label: str | None
    store_id: int | None


class AttributeOptionInterface(DataObject, interface="Magento\\Eav\\Api\\Data\\AttributeOptionInterface"):
    label: str | None
    value: str | None
    sort_order: int | None
    is_default: bool | None
    store_labels: list[AttributeOptionLabelInterface] | None


class SpecialPriceExtensionInterface(DataObject, interface="Magento\\Catalog\\Api\\Data\\SpecialPriceExtensionInterface"):
    pass


class SpecialPriceInterface(DataObject, interface="Magento\\Catalog\\Api\\Data\\SpecialPriceInterface"):
    price: float | None
    store_id: int | None
    sku: str | None
    price_from: OrNull[str]
    price_to: OrNull[str]
    extension_attributes: SpecialPriceExtensionInterface | None


class PriceUpdateResultExtensionInterface(DataObject, interface="Magento\\Catalog\\Api\\Data\\PriceUpdateResultExtensionInterface"):
    pass


class PriceUpdateResultInterface(DataObject, interface="Magento\\Catalog\\Api\\Data\\PriceUpdateResultInterface"):
    message: str | None
    parameters: list[str] | None
    extension_attributes: PriceUpdateResultExtensionInterface | None
