"""The mega menu data objects (the module's Api/Data interfaces), fields in wire order."""
from ...framework.data import DataObject, OrNull, Out
from ...framework.search import SearchResults


class LinkInterface(DataObject, interface="Vendor\\MegaMenu\\Api\\Data\\Menu\\LinkInterface"):
    """A custom menu link: a node of the menu tree that is not a category."""
    entity_id: OrNull[int]
    parent_id: OrNull[int]
    path: str | None
    level: OrNull[int]
    page_id: OrNull[int]
    #: kept on the link's store-0 item (the node's default content)
    link: OrNull[str]
    link_type: OrNull[int]


class ItemInterface(DataObject, interface="Vendor\\MegaMenu\\Api\\Data\\Menu\\ItemInterface"):
    """The content of one menu node (a category or a custom link) in one store view; store 0 holds the
    default values."""
    id: OrNull[int]
    entity_id: OrNull[int]
    type: OrNull[str]
    store_id: OrNull[int]
    name: OrNull[str]
    label: OrNull[str]
    label_text_color: OrNull[str]
    label_background_color: OrNull[str]
    status: int | None
    link: OrNull[str]
    link_type: OrNull[int]
    use_default: str | None
    content: Out[str | None]
    width: int | None
    width_value: int | None
    column_count: int | None
    icon: str | None
    submenu_type: int | None
    subcategories_position: int | None
    hide_content: bool | None
    desktop_font: int | None
    mobile_font: int | None


class LinkSearchResultsInterface(SearchResults[LinkInterface],
                                 interface="Vendor\\MegaMenu\\Api\\Data\\Menu\\LinkSearchResultsInterface"):
    pass


class ItemSearchResultsInterface(SearchResults[ItemInterface],
                                 interface="Vendor\\MegaMenu\\Api\\Data\\Menu\\ItemSearchResultsInterface"):
    pass
