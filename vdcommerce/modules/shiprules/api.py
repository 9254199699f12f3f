"""The shipping rules data objects (the module's Api/Data interfaces), fields in wire order.

``OrNull[T]`` is written as null when empty, ``T | None`` left out (docs/architecture.md). The id sets
(``stores``, ``cust_groups``, ``days``) and the carrier and method lists are read from a
comma-separated string or a JSON array, hence ``Any`` on input; they are always written as a
comma-separated string.
"""
from typing import Any

from ...framework.data import DataObject, OrNull
from ...framework.search import SearchResults


class RuleExtensionInterface(DataObject, interface="Vendor\\Shiprules\\Api\\Data\\RuleExtensionInterface"):
    """No attributes of its own; other packages may declare some (etc/extension_attributes.xml)."""


class RuleInterface(DataObject, interface="Vendor\\Shiprules\\Api\\Data\\RuleInterface"):
    rule_id: OrNull[int]
    is_active: OrNull[int]
    name: OrNull[str]
    pos: OrNull[int]
    for_admin: OrNull[int]
    skip_subsequent: OrNull[bool]
    calc: OrNull[int]
    ignore_promo: OrNull[int]
    price_from: OrNull[float]
    price_to: OrNull[float]
    weight_from: OrNull[float]
    weight_to: OrNull[float]
    qty_from: OrNull[int]
    qty_to: OrNull[int]
    rate_base: OrNull[float]
    rate_fixed: OrNull[float]
    weight_fixed: OrNull[float]
    rate_percent: OrNull[float]
    handling: OrNull[float]
    rate_min: OrNull[float]
    rate_max: OrNull[float]
    ship_min: OrNull[float]
    ship_max: OrNull[float]
    stores: OrNull[Any]
    cust_groups: OrNull[Any]
    days: OrNull[Any]
    time_from: int | None
    time_to: int | None
    out_of_stock: OrNull[int]
    carriers: Any | None
    methods: Any | None
    coupon: str | None
    discount_id: OrNull[str]
    coupon_disable: str | None
    discount_id_disable: str | None
    conditions_serialized: str | None
    actions_serialized: str | None
    extension_attributes: RuleExtensionInterface | None


class RuleSearchResultsInterface(SearchResults[RuleInterface],
                                 interface="Vendor\\Shiprules\\Api\\Data\\RuleSearchResultsInterface"):
    pass
