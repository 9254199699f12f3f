"""The cart price rule and coupon data objects, fields in wire order.

``extension_attributes`` of a rule holds the codes other packages declare on
``Magento\\SalesRule\\Api\\Data\\RuleInterface`` in their ``etc/extension_attributes.xml``
(promotion modules keep their settings there); a code without a handler of its own is stored with the
rule and echoed.
"""
from typing import Any

from ...framework.data import DataObject, OrNull
from ...framework.library_adapter import add_fields
from ...framework.search import SearchResults


class RuleLabelInterface(DataObject, interface="Magento\\SalesRule\\Api\\Data\\RuleLabelInterface"):
    store_id: OrNull[int]
    store_label: OrNull[str]
    extension_attributes: dict | None


class ConditionInterface(DataObject, interface="Magento\\SalesRule\\Api\\Data\\ConditionInterface"):
    condition_type: OrNull[str]
    conditions: list[Any] | None            # list[ConditionInterface] | None, added below
    aggregator_type: str | None
    operator: OrNull[str]
    attribute_name: str | None
    value: Any
    extension_attributes: dict | None


add_fields(ConditionInterface, {"conditions": list[ConditionInterface] | None})


class RuleExtensionInterface(DataObject, interface="Magento\\SalesRule\\Api\\Data\\RuleExtensionInterface"):
    """Empty here: the declared extension attributes are added at start-up."""


class RuleInterface(DataObject, interface="Magento\\SalesRule\\Api\\Data\\RuleInterface"):
    rule_id: int | None
    name: str | None
    store_labels: list[RuleLabelInterface] | None
    description: str | None
    website_ids: OrNull[list[int]]
    customer_group_ids: OrNull[list[int]]
    from_date: str | None
    to_date: str | None
    uses_per_customer: OrNull[int]
    is_active: OrNull[bool]
    condition: ConditionInterface | None
    action_condition: ConditionInterface | None
    stop_rules_processing: OrNull[bool]
    is_advanced: OrNull[bool]
    product_ids: list[int] | None
    sort_order: OrNull[int]
    simple_action: str | None
    discount_amount: OrNull[float]
    discount_qty: float | None
    discount_step: OrNull[int]
    apply_to_shipping: OrNull[bool]
    times_used: OrNull[int]
    is_rss: OrNull[bool]
    coupon_type: OrNull[str]
    use_auto_generation: OrNull[bool]
    uses_per_coupon: OrNull[int]
    simple_free_shipping: str | None
    extension_attributes: RuleExtensionInterface | None


class CouponInterface(DataObject, interface="Magento\\SalesRule\\Api\\Data\\CouponInterface"):
    coupon_id: int | None
    rule_id: OrNull[int]
    code: str | None
    usage_limit: int | None
    usage_per_customer: int | None
    times_used: OrNull[int]
    expiration_date: str | None
    is_primary: OrNull[bool]
    created_at: str | None
    type: int | None
    extension_attributes: dict | None


class CouponGenerationSpecInterface(DataObject,
                                    interface="Magento\\SalesRule\\Api\\Data\\CouponGenerationSpecInterface"):
    rule_id: OrNull[int]
    format: OrNull[str]
    quantity: OrNull[int]
    length: OrNull[int]
    prefix: str | None
    suffix: str | None
    delimiter_at_every: int | None
    delimiter: str | None
    extension_attributes: dict | None


class CouponMassDeleteResultInterface(DataObject,
                                      interface="Magento\\SalesRule\\Api\\Data\\CouponMassDeleteResultInterface"):
    failed_items: OrNull[list[str]]
    missing_items: OrNull[list[str]]


class RuleSearchResultInterface(SearchResults[RuleInterface],
                                interface="Magento\\SalesRule\\Api\\Data\\RuleSearchResultInterface"):
    pass


class CouponSearchResultInterface(SearchResults[CouponInterface],
                                  interface="Magento\\SalesRule\\Api\\Data\\CouponSearchResultInterface"):
    pass
