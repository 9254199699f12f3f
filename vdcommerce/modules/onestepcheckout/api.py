"""The one step checkout data objects (the module's Api/Data interfaces), fields in wire order.

``OrNull[T]`` is written as null when empty, ``T | None`` left out (docs/architecture.md)."""
import warnings
from typing import Any

from ...framework.data import DataObject, OrNull
from ...platform.quote.api import PaymentMethodInterface, ShippingMethodInterface, TotalsInterface


with warnings.catch_warnings():
    # ``register`` is the wire name; it hides the ABC ``register`` class method, which nothing calls here
    warnings.filterwarnings("ignore", message='Field name "register"')

    class AdditionalFieldsInterface(DataObject, interface="Vendor\\Checkout\\Api\\Data\\AdditionalFieldsInterface"):
        """The extra checkout fields of a cart: any subset may be sent, the rest is kept."""
        comment: str | None
        subscribe: bool | None
        register: bool | None
        date_of_birth: str | None


class GiftMessageInterface(DataObject, interface="Vendor\\Checkout\\Api\\Data\\GiftMessageInterface"):
    """A gift message of the whole order (``item_id`` 0) or of one cart item."""
    item_id: int | None
    sender: str | None
    recipient: str | None
    message: str | None


class DeliveryInterface(DataObject, interface="Vendor\\Checkout\\Api\\Data\\DeliveryInterface"):
    """The delivery wish of a cart or order: the day (``YYYY-MM-DD``), the hour its interval starts at,
    a note for the courier."""
    date: OrNull[str]
    time: OrNull[int]
    comment: OrNull[str]


class CheckoutDataInterface(DataObject, interface="Vendor\\Checkout\\Api\\Data\\CheckoutDataInterface"):
    """What the checkout stored on a cart, as the cart's ``extension_attributes.vendor_checkout``."""
    additional_fields: AdditionalFieldsInterface | None
    gift_messages: list[GiftMessageInterface] | None
    gift_wrap: OrNull[bool]
    gift_wrap_amount: float | None
    delivery: DeliveryInterface | None
    has_password: OrNull[bool]
    inserted_info: Any | None


class CheckoutTotalsInterface(DataObject, interface="Vendor\\Checkout\\Api\\Data\\CheckoutTotalsInterface"):
    """What the order summary needs after an item changed: totals, re-estimated shipping, payments,
    thumbnails and options of the items."""
    totals: TotalsInterface | None
    shipping: list[ShippingMethodInterface] | None
    payment: list[PaymentMethodInterface] | None
    image_data: OrNull[str]
    options_data: OrNull[str]
