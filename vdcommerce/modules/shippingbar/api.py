"""The free shipping bar data objects (the module's Api/Data interfaces), fields in wire order.

``OrNull[T]`` is written as null when empty, ``T | None`` left out (docs/architecture.md)."""

from ...framework.data import DataObject, OrNull
from ...framework.search import SearchResults


class ProfileLabelsInterface(DataObject, interface="Vendor\\ShippingBar\\Api\\Data\\ProfileLabelsInterface"):
    """The bar's texts; ``{{ruleGoal}}`` and ``{{ruleGoalLeft}}`` are replaced by the storefront."""
    init_message: OrNull[str]
    progress_message: OrNull[str]
    achieved_message: OrNull[str]
    terms_message: OrNull[str]


class ProfileStoreLabelInterface(DataObject, interface="Vendor\\ShippingBar\\Api\\Data\\ProfileStoreLabelInterface"):
    """The texts one store view sets itself (store 0: the defaults)."""
    store_id: OrNull[int]
    init_message: OrNull[str]
    progress_message: OrNull[str]
    achieved_message: OrNull[str]
    terms_message: OrNull[str]


class ProfileInterface(DataObject, interface="Vendor\\ShippingBar\\Api\\Data\\ProfileInterface"):
    profile_id: OrNull[int]
    name: OrNull[str]
    status: OrNull[int]
    goal: OrNull[float]
    goal_source: OrNull[int]
    priority: OrNull[int]
    stores: OrNull[str]
    customer_groups: OrNull[str]
    position: OrNull[int]
    pages: OrNull[str]
    action_clickable: OrNull[int]
    action_link: str | None
    closeable: OrNull[int]
    car_icon_visible: OrNull[int]
    text_font: OrNull[int]
    text_size: OrNull[int]
    text_color: OrNull[str]
    extra_color: OrNull[str]
    background_color: OrNull[str]
    custom_style: OrNull[str]
    labels: ProfileLabelsInterface | None
    store_labels: list[ProfileStoreLabelInterface] | None


class ProfileSearchResultsInterface(SearchResults[ProfileInterface],
                                    interface="Vendor\\ShippingBar\\Api\\Data\\ProfileSearchResultsInterface"):
    pass
