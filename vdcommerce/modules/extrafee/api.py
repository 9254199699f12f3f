"""The extra fee data objects (the module's Api/Data interfaces), fields in wire order.

``OrNull[T]`` is written as null when empty, ``T | None`` left out (docs/architecture.md)."""
from typing import Any

from ...framework.data import DataObject, Out, OrNull
from ...framework.search import SearchResults
from ...platform.quote.api import TotalsInterface


class OptionInterface(DataObject, interface="Vendor\\Extrafee\\Api\\Data\\OptionInterface"):
    """One option of a fee: a fixed amount or a percentage, with its labels per store view."""
    entity_id: int | None
    fee_id: int | None
    price: float | None
    order: int | None
    price_type: str | None
    default: bool | None
    admin: str | None
    options: Any | None


class ComputedOptionInterface(DataObject, interface="Vendor\\Extrafee\\Api\\Data\\ComputedOptionInterface"):
    """An option priced for the cart it is shown with."""
    index: int | None
    price: float | None
    base_price: float | None
    tax: float | None
    base_tax: float | None
    default: bool | None
    value_incl_tax: float | None
    value_excl_tax: float | None
    label: str | None


class FeeInterface(DataObject, interface="Vendor\\Extrafee\\Api\\Data\\FeeInterface"):
    id: OrNull[int]
    enabled: bool | None
    name: str | None
    description: str | None
    frontend_type: str | None
    options: list[OptionInterface] | None
    base_options: Out[list[ComputedOptionInterface]] | None
    current_value: Out[Any] | None
    discount_in_subtotal: int | None
    shipping_in_subtotal: int | None
    conditions_serialized: str | None
    sort_order: int | None
    group_id: list[int] | None
    store_id: list[int] | None
    required: bool | None
    per_product: bool | None
    product_conditions_serialized: str | None


class FeeSearchResultsInterface(SearchResults[FeeInterface],
                                interface="Vendor\\Extrafee\\Api\\Data\\FeeSearchResultsInterface"):
    pass


class TotalsInformationInterface(DataObject, interface="Vendor\\Extrafee\\Api\\Data\\TotalsInformationInterface"):
    """The selection a shopper changes: the options chosen for one fee."""
    fee_id: int | None
    options_ids: list[int] | None


class FeesManagerInterface(DataObject, interface="Vendor\\Extrafee\\Api\\Data\\FeesManagerInterface"):
    """The fees that apply to a cart, and the cart's totals."""
    fees: list[FeeInterface] | None
    totals: TotalsInterface | None
