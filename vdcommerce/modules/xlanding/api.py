"""The landing page data objects (the module's Api/Data interfaces), fields in wire order.

``OrNull[T]`` is written as null when empty, ``T | None`` left out (docs/architecture.md)."""
from ...framework.data import DataObject, OrNull


class PageInterface(DataObject, interface="Vendor\\Xlanding\\Api\\Data\\PageInterface"):
    page_id: OrNull[int]
    title: str | None
    identifier: str | None
    is_active: OrNull[int]
    dynamic_category_id: OrNull[str]
    sort_order: OrNull[int]
    #: the system's: a sent value is accepted and ignored
    creation_time: OrNull[str]
    update_time: OrNull[str]
    page_layout: str | None
    layout_columns_count: str | None
    layout_include_navigation: OrNull[int]
    layout_heading: str | None
    layout_file: str | None
    layout_file_alt: str | None
    layout_top_description: str | None
    layout_bottom_description: str | None
    layout_static_top: str | None
    layout_static_bottom: str | None
    default_sort_by: str | None
    layout_update_xml: str | None
    conditions_serialized: str | None
    meta_data: str | None


class PageProductInterface(DataObject, interface="Vendor\\Xlanding\\Api\\Data\\PageProductInterface"):
    """One product of a landing page's listing, with its position on the page."""
    product_id: OrNull[int]
    sku: OrNull[str]
    position: OrNull[int]


class PageViewInterface(DataObject, interface="Vendor\\Xlanding\\Api\\Data\\PageViewInterface"):
    """A landing page as the storefront renders it: the page, the path it answers on, the layout
    instructions it is rendered with and its enabled products in listing order."""
    page: PageInterface | None
    request_path: OrNull[str]
    target_path: OrNull[str]
    category_id: OrNull[int]
    layout_update: OrNull[str]
    #: the request's store view's entry of ``meta_data`` (else the entry of store 0, else the title)
    meta_title: str | None
    meta_keywords: str | None
    meta_description: str | None
    products: OrNull[list[PageProductInterface]]
