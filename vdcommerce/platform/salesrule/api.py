"""The cart price rule and coupon data objects (platform.md 9.1, 9.2), fields in wire order.

``extension_attributes`` of a rule holds the codes other packages declare on
``Magento\\SalesRule\\Api\\Data\\RuleInterface`` in their ``etc/extension_attributes.xml``
(promotion modules keep their settings there); a code without a handler of its own is stored with the
rule and echoed.
"""
from typing import Any

from ...framework.data import DataObject, Field, parse_type
from ...framework.search import search_results_type


class RuleLabelInterface(DataObject, interface="Magento\\SalesRule\\Api\\Data\\RuleLabelInterface"):
    store_id: int
    store_label: str
    extension_attributes: dict | None


class ConditionInterface(DataObject, interface="Magento\\SalesRule\\Api\\Data\\ConditionInterface"):
    condition_type: str
    conditions: list[Any] | None            # list[ConditionInterface] | None, set below
    aggregator_type: str | None
    operator: str
    attribute_name: str | None
    value: Any
    extension_attributes: dict | None


def _self_reference(cls: type[DataObject], name: str, annotation: Any) -> None:
    """Give a field a type that names its own class (a condition's children are conditions)."""
    spec = parse_type(annotation)
    cls.__fields__spec__[name] = Field(name, spec)
    cls.model_fields[name].annotation = spec.pyd
    cls.model_rebuild(force=True)


_self_reference(ConditionInterface, "conditions", list[ConditionInterface] | None)


class RuleExtensionInterface(DataObject, interface="Magento\\SalesRule\\Api\\Data\\RuleExtensionInterface"):
    """Empty here: the declared extension attributes are added at start-up."""


class RuleInterface(DataObject, interface="Magento\\SalesRule\\Api\\Data\\RuleInterface"):
    rule_id: int | None
    name: str | None
    store_labels: list[RuleLabelInterface] | None
    description: str | None
    website_ids: list[int]
    customer_group_ids: list[int]
    from_date: str | None
    to_date: str | None
    uses_per_customer: int
    is_active: bool
    condition: ConditionInterface | None
    action_condition: ConditionInterface | None
    stop_rules_processing: bool
    is_advanced: bool
    product_ids: list[int] | None
    sort_order: int
    simple_action: str | None
    discount_amount: float
    discount_qty: float | None
    discount_step: int
    apply_to_shipping: bool
    times_used: int
    is_rss: bool
    coupon_type: str
    use_auto_generation: bool
    uses_per_coupon: int
    simple_free_shipping: str | None
    extension_attributes: RuleExtensionInterface | None


class CouponInterface(DataObject, interface="Magento\\SalesRule\\Api\\Data\\CouponInterface"):
    coupon_id: int | None
    rule_id: int
    code: str | None
    usage_limit: int | None
    usage_per_customer: int | None
    times_used: int
    expiration_date: str | None
    is_primary: bool
    created_at: str | None
    type: int | None
    extension_attributes: dict | None


class CouponGenerationSpecInterface(DataObject,
                                    interface="Magento\\SalesRule\\Api\\Data\\CouponGenerationSpecInterface"):
    rule_id: int
    format: str
    quantity: int
    length: int
    prefix: str | None
    suffix: str | None
    delimiter_at_every: int | None
    delimiter: str | None
    extension_attributes: dict | None


class CouponMassDeleteResultInterface(DataObject,
                                      interface="Magento\\SalesRule\\Api\\Data\\CouponMassDeleteResultInterface"):
    failed_items: list[str]
    missing_items: list[str]


RuleSearchResultInterface = search_results_type(
    RuleInterface, "Magento\\SalesRule\\Api\\Data\\RuleSearchResultInterface")
CouponSearchResultInterface = search_results_type(
    CouponInterface, "Magento\\SalesRule\\Api\\Data\\CouponSearchResultInterface")
