"""The product label data objects (the module's Api/Data interfaces), fields in wire order."""
from typing import Any

from ...framework.data import DataObject, OrNull
from ...framework.search import SearchResults


class FrontendSettingsInterface(DataObject, interface="Vendor\\Label\\Api\\Data\\FrontendSettingsInterface"):
    """One display part of a label: 1 on product lists, 2 on the product page."""
    type: int | None
    label_text: str | None
    image: str | None
    image_size: str | None
    position: int | None
    style: str | None


class LabelTooltipInterface(DataObject, interface="Vendor\\Label\\Api\\Data\\LabelTooltipInterface"):
    status: int | None
    color: str | None
    text_color: str | None
    text: str | None


class LabelExtensionInterface(DataObject, interface="Vendor\\Label\\Api\\Data\\LabelExtensionInterface"):
    frontend_settings: FrontendSettingsInterface | None
    label_tooltip: LabelTooltipInterface | None
    #: filled only while a storefront renders a label: accepted on input, never stored or shown
    render_settings: Any | None


class LabelInterface(DataObject, interface="Vendor\\Label\\Api\\Data\\LabelInterface"):
    label_id: int | None
    name: str | None
    status: int | None
    priority: int | None
    is_single: bool | None
    use_for_parent: bool | None
    condition_serialized: str | None
    active_from: str | None
    active_to: str | None
    extension_attributes: LabelExtensionInterface | None


class LabelSearchResultsInterface(SearchResults[LabelInterface],
                                  interface="Vendor\\Label\\Api\\Data\\LabelSearchResultsInterface"):
    pass


class LabelAssignmentInterface(DataObject, interface="Vendor\\Label\\Api\\Data\\LabelAssignmentInterface"):
    """Where a label is shown: its store views (0: every store view) and customer groups."""
    label_id: OrNull[int]
    store_ids: OrNull[list[int]]
    customer_group_ids: OrNull[list[int]]
