"""The Multiple Coupons data objects (the module's Api/Data interfaces), fields in wire order.

``OrNull[T]`` is written as null when empty, ``T | None`` left out (docs/architecture.md)."""
from ...framework.data import DataObject, OrNull


class CouponApplyResultInterface(DataObject, interface="Vendor\\Coupons\\Api\\Data\\CouponApplyResultInterface"):
    applied: OrNull[bool]
    code: OrNull[str]


class CouponApplyResultListInterface(DataObject,
                                     interface="Vendor\\Coupons\\Api\\Data\\CouponApplyResultListInterface"):
    items: OrNull[list[CouponApplyResultInterface]]
    is_quote_items_changed: OrNull[bool]


class DiscountBreakdownLineInterface(DataObject,
                                     interface="Vendor\\Coupons\\Api\\Data\\DiscountBreakdownLineInterface"):
    rule_name: str | None
    rule_amount: str | None


class RuleInterface(DataObject, interface="Vendor\\Coupons\\Api\\Data\\RuleInterface"):
    entity_id: int | None          # answered; a value sent is ignored
    rule_id: int | None            # always the rule's own id; a value sent is ignored
    allow_coupons_same_rule: bool | None
    use_config_value: int | None
