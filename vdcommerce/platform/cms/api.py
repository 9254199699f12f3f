"""The CMS data interfaces, the platform's fields; ``store_id`` (the store views) as the platform's
models take and give it."""
from ...framework.data import DataObject, OrNull, Out
from ...framework.search import SearchResults


class PageInterface(DataObject, interface="Magento\\Cms\\Api\\Data\\PageInterface"):
    id: int | None
    identifier: OrNull[str]
    title: str | None
    page_layout: str | None
    meta_title: str | None
    meta_keywords: str | None
    meta_description: str | None
    content_heading: str | None
    content: str | None
    creation_time: Out[str] | None
    update_time: Out[str] | None
    sort_order: str | None
    layout_update_xml: str | None
    custom_theme: str | None
    custom_root_template: str | None
    custom_layout_update_xml: str | None
    custom_theme_from: str | None
    custom_theme_to: str | None
    active: bool | None
    store_id: list[int] | None


class PageSearchResultsInterface(SearchResults[PageInterface],
                                 interface="Magento\\Cms\\Api\\Data\\PageSearchResultsInterface"):
    pass


class BlockInterface(DataObject, interface="Magento\\Cms\\Api\\Data\\BlockInterface"):
    id: int | None
    identifier: OrNull[str]
    title: str | None
    content: str | None
    creation_time: Out[str] | None
    update_time: Out[str] | None
    active: bool | None
    store_id: list[int] | None


class BlockSearchResultsInterface(SearchResults[BlockInterface],
                                  interface="Magento\\Cms\\Api\\Data\\BlockSearchResultsInterface"):
    pass
