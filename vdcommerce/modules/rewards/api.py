"""The reward points data objects (the module's Api/Data interfaces), fields in wire order.

``OrNull[T]`` is written as null when empty, ``T | None`` left out (docs/architecture.md)."""
from ...framework.data import DataObject, OrNull


class RewardsInterface(DataObject, interface="Vendor\\Rewards\\Api\\Data\\RewardsInterface"):
    id: OrNull[int]
    action_date: OrNull[str]
    amount: OrNull[float]
    comment: OrNull[str]
    action: OrNull[str]
    points_left: OrNull[float]
    customer_id: OrNull[int]
    visible_for_customer: OrNull[bool]
    admin_name: str | None
    expiration_date: str | None
    expiring_amount: OrNull[float]


class ExpirationDateInterface(DataObject, interface="Vendor\\Rewards\\Api\\Data\\ExpirationDateInterface"):
    entity_id: OrNull[int]
    customer_id: OrNull[int]
    date: OrNull[str]
    amount: OrNull[float]


class ExpirationArgumentsInterface(DataObject, interface="Vendor\\Rewards\\Api\\Data\\ExpirationArgumentsInterface"):
    is_expire: OrNull[bool]
    days: OrNull[int]


class HighlightInterface(DataObject, interface="Vendor\\Rewards\\Api\\Data\\HighlightInterface"):
    visible: OrNull[bool]
    caption_color: OrNull[str]
    caption_text: OrNull[str]
    registration_link: OrNull[str]
    need_to_change_message: OrNull[int]


class RuleInterface(DataObject, interface="Vendor\\Rewards\\Api\\Data\\RuleInterface"):
    rule_id: OrNull[int]
    name: OrNull[str]
    is_active: OrNull[bool]
    action: OrNull[str]
    amount: OrNull[float]
    spent_amount: OrNull[float]
    website_ids: OrNull[list[int]]
    customer_group_ids: OrNull[list[int]]
    conditions_serialized: OrNull[str]
    expiration_behavior: OrNull[int]
    expiration_period: OrNull[int]


class CheckoutResultInterface(DataObject, interface="Vendor\\Rewards\\Api\\Data\\CheckoutResultInterface"):
    notice: OrNull[str]
    allowed_points: OrNull[float]
