"""The gift card data objects (the modules' Api/Data interfaces), fields in wire order.

``OrNull[T]`` is written as null when empty, ``T | None`` left out (docs/architecture.md)."""

import warnings
from typing import Any

from ...framework.data import DataObject, OrNull, Out
from ...framework.search import SearchResults


class ImageElementsInterface(DataObject, interface="Vendor\\GiftCard\\Api\\Data\\ImageElementsInterface"):
    element_id: Out[int] | None
    image_id: Out[int] | None
    name: OrNull[str]
    width: OrNull[int]
    height: OrNull[int]
    pos_x: OrNull[int]
    pos_y: OrNull[int]
    custom_css: str | None


class ImageInterface(DataObject, interface="Vendor\\GiftCard\\Api\\Data\\ImageInterface"):
    image_id: int | None
    title: OrNull[str]
    gcard_title: str | None
    status: OrNull[int]
    width: OrNull[int]
    height: OrNull[int]
    image_path: str | None
    user_upload: OrNull[bool]
    image_elements: list[ImageElementsInterface] | None
    #: deprecated: always [] in responses, ignored on input
    baking_info: list[Any] | None


class CodePoolRuleInterface(DataObject, interface="Vendor\\GiftCard\\Api\\Data\\CodePoolRuleInterface"):
    rule_id: Out[int] | None
    code_pool_id: Out[int] | None
    conditions_serialized: str | None


class CodePoolInterface(DataObject, interface="Vendor\\GiftCard\\Api\\Data\\CodePoolInterface"):
    code_pool_id: int | None
    title: OrNull[str]
    template: OrNull[str]
    qty: OrNull[int]
    code_pool_rule: CodePoolRuleInterface | None


class CodeInterface(DataObject, interface="Vendor\\GiftCard\\Api\\Data\\CodeInterface"):
    code_id: int | None
    code: str | None
    code_pool_id: int | None
    status: int | None


# ``sent`` (the card mail went out) is a wire key of the account; as a field it hides the data object's
# ``sent()`` helper, which the repository reaches through the base class instead
warnings.filterwarnings("ignore", message='Field name "sent" in "GiftCardAccountInterface"')


class GiftCardAccountInterface(DataObject, interface="Vendor\\GiftCardAccount\\Api\\Data\\GiftCardAccountInterface"):
    account_id: int | None
    code_id: int | None
    code_pool: int | None
    code_model: Out[CodeInterface] | None
    image_id: int | None
    order_item_id: int | None
    website_id: int | None
    store_id: int | None
    status: int | None
    initial_value: float | None
    current_value: float | None
    expired_date: str | None
    comment: str | None
    delivery_date: str | None
    sent: bool | None  # type: ignore[assignment]
    redeemable: bool | None
    image_generated: bool | None
    customer_created_id: int | None
    recipient_email: str | None
    recipient_phone: str | None
    usage: str | None


class GiftCardMessageInterface(DataObject, interface="Vendor\\GiftCardAccount\\Api\\Data\\GiftCardMessageInterface"):
    type: OrNull[str]
    text: OrNull[str]


class GiftCardAccountResponseInterface(
        DataObject, interface="Vendor\\GiftCardAccount\\Api\\Data\\GiftCardAccountResponseInterface"):
    account: GiftCardAccountInterface | None
    messages: list[GiftCardMessageInterface] | None


class RedeemResultInterface(DataObject, interface="Vendor\\GiftCardAccount\\Api\\Data\\RedeemResultInterface"):
    """What redeeming a card into store credit moved."""
    account_id: int | None
    code: str | None
    amount: float | None
    customer_id: int | None


class GiftCardAccountHistoryInterface(
        DataObject, interface="Vendor\\GiftCardAccount\\Api\\Data\\GiftCardAccountHistoryInterface"):
    """One change of a card's balance: ``difference`` (never negative) taken off (``is_deduct``) or added,
    ``balance`` after it."""
    history_id: OrNull[int]
    account_id: OrNull[int]
    action: OrNull[int]
    difference: OrNull[float]
    is_deduct: OrNull[bool]
    balance: OrNull[float]
    order_increment_id: OrNull[str]
    action_data: OrNull[str]
    created_at: OrNull[str]


class GiftCardAccountHistorySearchResultsInterface(
        SearchResults[GiftCardAccountHistoryInterface],
        interface="Vendor\\GiftCardAccount\\Api\\Data\\GiftCardAccountHistorySearchResultsInterface"):
    pass
