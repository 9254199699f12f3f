"""The option template data objects (the module's Api/Data interfaces), fields in wire order.

``OrNull[T]`` is written as null when empty, ``T | None`` left out (docs/architecture.md)."""
from ...framework.data import DataObject, OrNull, Out
from ...framework.search import SearchResults


class TemplateOptionValueInterface(DataObject, interface="Vendor\\Prot\\Api\\Data\\TemplateOptionValueInterface"):
    option_type_id: OrNull[int]
    title: OrNull[str]
    price: OrNull[float]
    price_type: OrNull[str]
    sku: str | None
    sort_order: OrNull[int]
    swatch_value: str | None


class TemplateOptionInterface(DataObject, interface="Vendor\\Prot\\Api\\Data\\TemplateOptionInterface"):
    option_id: OrNull[int]
    template_id: Out[OrNull[int]]
    title: OrNull[str]
    type: OrNull[str]
    is_require: OrNull[bool]
    sort_order: OrNull[int]
    price: float | None
    price_type: str | None
    sku: str | None
    max_characters: int | None
    file_extension: str | None
    image_size_x: int | None
    image_size_y: int | None
    values: list[TemplateOptionValueInterface] | None
    dependency: str | None
    font_color: str | None
    font_size: int | None
    option_list_type: int | None
    use_swatches: OrNull[int]


class CustomTemplateInterface(DataObject, interface="Vendor\\Prot\\Api\\Data\\CustomTemplateInterface"):
    template_id: OrNull[int]
    name: OrNull[str]
    options: OrNull[list[TemplateOptionInterface]]


class CustomTemplateSearchResultsInterface(SearchResults[CustomTemplateInterface],
                                           interface="Vendor\\Prot\\Api\\Data\\CustomTemplateSearchResultsInterface"):
    pass
