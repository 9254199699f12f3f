"""The order attribute data objects (the module's Api/Data interfaces), fields in wire order.

``OrNull[T]`` is written as null when empty, ``T | None`` left out (docs/architecture.md)."""
from ...framework.data import CustomAttributes, DataObject, OrNull
from ...framework.search import SearchResults


class EntityDataInterface(DataObject, interface="Vendor\\Orderattr\\Api\\Data\\EntityDataInterface"):
    """Every order attribute value of one order (parent type 1) or one cart (parent type 2)."""
    entity_id: int | None
    parent_id: int | None
    parent_entity_type: int | None
    custom_attributes: CustomAttributes


class EntityDataSearchResultsInterface(SearchResults[EntityDataInterface],
                                       interface="Vendor\\Orderattr\\Api\\Data\\EntityDataSearchResultsInterface"):
    pass


class AttributeOptionInterface(DataObject, interface="Vendor\\Orderattr\\Api\\Data\\AttributeOptionInterface"):
    value: int | None
    label: OrNull[str]
    sort_order: int | None


class AttributeStoreLabelInterface(DataObject,
                                   interface="Vendor\\Orderattr\\Api\\Data\\AttributeStoreLabelInterface"):
    store_id: OrNull[int]
    label: OrNull[str]


class AttributeInterface(DataObject, interface="Vendor\\Orderattr\\Api\\Data\\AttributeInterface"):
    """An order attribute definition: the field, its type and where it applies (empty lists: everywhere)."""
    attribute_id: int | None
    attribute_code: OrNull[str]
    frontend_label: OrNull[str]
    frontend_input: OrNull[str]
    is_required: OrNull[bool]
    sort_order: OrNull[int]
    options: OrNull[list[AttributeOptionInterface]]
    store_labels: OrNull[list[AttributeStoreLabelInterface]]
    store_ids: OrNull[list[int]]
    customer_group_ids: OrNull[list[int]]
    shipping_methods: OrNull[list[str]]
    form_codes: OrNull[list[str]]


class AttributeSearchResultsInterface(SearchResults[AttributeInterface],
                                      interface="Vendor\\Orderattr\\Api\\Data\\AttributeSearchResultsInterface"):
    pass


class OrderAttributeValueInterface(DataObject,
                                   interface="Vendor\\Orderattr\\Api\\Data\\OrderAttributeValueInterface"):
    """One value as an order shows it (its ``vendor_order_attributes`` extension attribute)."""
    attribute_code: OrNull[str]
    label: OrNull[str]
    value: OrNull[str]
