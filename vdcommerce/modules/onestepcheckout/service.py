r"""The one step checkout services (`Vendor\Checkout`): what the one-page checkout stores on a cart.

Every cart operation comes in three routes: ``carts/:cartId`` (numeric id; an admin granted
``Magento_Cart::manage`` on any active cart, or the cart's own customer), ``carts/mine`` (forced
``%cart_id%``) and ``guest-carts/:cartId`` (the masked id, resolved through the quote package as the
platform's guest routes do). The stored data goes to the order when it is placed (observers.py).
"""
from __future__ import annotations

import datetime as dt
import html
from decimal import Decimal
from typing import Any
from urllib.parse import parse_qsl

import orjson
from sqlalchemy import delete, insert, select, update

from ...framework.context import Context, Service
from ...framework.data import json_text, parse_type
from ...framework.dates import utc_now
from ...framework.exceptions import InputException
from ...framework.passwords import hash_password
from ...platform.catalog.media import product_images
from ...platform.customer.service import check_password
from ...platform.quote import carts
from ...platform.quote.api import AddressInterface, CartItemInterface, TotalsInterface
from ...platform.quote.service import Carts
from ...platform.quote.totals import cents
from . import records
from .api import AdditionalFieldsInterface, CheckoutTotalsInterface, DeliveryInterface, GiftMessageInterface
from .tables import delivery as delivery_t
from .tables import gift_message as gift_message_t
from .tables import gift_wrap_fee as fee_t
from .tables import js_bundle as js_bundle_t

FEE_PATH = "vendor_checkout/gifts/gift_wrap_fee"
ALLOW_ORDER = "sales/gift_options/allow_order"
ALLOW_ITEMS = "sales/gift_options/allow_items"
THUMBNAIL_SIZE = 75

_GIFT_MESSAGE = parse_type(GiftMessageInterface)
_DATE_FORMATS = ("%Y-%m-%d", "%Y/%m/%d", "%d %B %Y", "%d %b %Y", "%B %d %Y", "%b %d %Y", "%B %d, %Y", "%b %d, %Y")


# --------------------------------------------------------------------------- the work, on a cart row

def save_fields(ctx: Context, row: Any, fields: AdditionalFieldsInterface) -> bool:
    sent = fields.sent()
    values: dict[str, Any] = {}
    if "comment" in sent:
        values["comment"] = sent["comment"]
    if "subscribe" in sent:
        values["is_subscribe"] = sent["subscribe"]
    if "register" in sent:
        values["is_register"] = sent["register"]
    if "date_of_birth" in sent:
        dob = sent["date_of_birth"]
        if dob is not None and dob.strip():
            try:
                dob = dt.date.fromisoformat(dob.strip()).isoformat()
            except ValueError:
                raise InputException.invalid_value("date_of_birth", dob) from None
        values["register_dob"] = dob or None
    records.write_fields(ctx, row.id, **values)
    return True


def _gift_messages(value: Any) -> list[GiftMessageInterface]:
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise InputException.invalid_value("giftMessage", json_text(value))
    return [_GIFT_MESSAGE.convert(v) for v in value]


def _allowed(ctx: Context, path: str) -> bool:
    """A gift options flag (on unless configured off; the module's config.xml turns both on)."""
    return str(ctx.config_value(path, "1")).strip().lower() not in ("0", "", "false")


def save_gift_messages(ctx: Context, row: Any, value: Any) -> bool:
    messages = _gift_messages(value)
    for m in messages:
        for name in ("sender", "recipient"):
            if len(getattr(m, name) or "") > 255:
                raise InputException.invalid_value(name, getattr(m, name))
    item_ids = {i.item_id for i in carts.Loaded(ctx, row).items}
    for m in messages:
        item_id = m.item_id or 0
        if item_id == 0 and not _allowed(ctx, ALLOW_ORDER):
            return False
        if item_id != 0 and (item_id not in item_ids or not _allowed(ctx, ALLOW_ITEMS)):
            return False
        values = dict(sender=m.sender or "", recipient=m.recipient or "", message=m.message or "")
        done = ctx.conn.execute(update(gift_message_t).where(gift_message_t.c.quote_id == row.id,
                                                             gift_message_t.c.item_id == item_id).values(**values))
        if done.rowcount == 0:
            carts.note_state(ctx, row.id, records.STATE)
            ctx.conn.execute(insert(gift_message_t).values(quote_id=row.id, item_id=item_id, **values))
    return True


def update_gift_wrap(ctx: Context, row: Any, checked: bool) -> TotalsInterface:
    exists = ctx.conn.execute(select(fee_t.c.quote_id).where(fee_t.c.quote_id == row.id)).first() is not None
    if checked and not exists:
        base = cents(Decimal(str(ctx.config_value(FEE_PATH, "0") or "0")))
        carts.note_state(ctx, row.id, records.STATE)
        ctx.conn.execute(insert(fee_t).values(quote_id=row.id, base_amount=base, amount=cents(base * records.RATE)))
    elif not checked and exists:
        ctx.conn.execute(delete(fee_t).where(fee_t.c.quote_id == row.id))
    return carts.collect_and_save(ctx, row.id).totals


def parse_date(value: str | None) -> int | None:
    """A day a client sent, as the unix timestamp of its midnight UTC (None: not a date)."""
    text = " ".join((value or "").replace(",", ", ").split()).replace(" ,", ",")
    if not text:
        return None
    day = None
    try:
        day = dt.datetime.fromisoformat(text).date()
    except ValueError:
        for fmt in _DATE_FORMATS:
            try:
                day = dt.datetime.strptime(text, fmt).date()
                break
            except ValueError:
                continue
    if day is None:
        return None
    return int(dt.datetime(day.year, day.month, day.day, tzinfo=dt.timezone.utc).timestamp())


def save_delivery(ctx: Context, row: Any, date: str | None, time: int | None, comment: str | None) -> bool:
    if time is not None and time > 23:
        raise InputException.invalid_value("time", time)
    values = dict(date=parse_date(date), time=time if time is not None and time >= 0 else None,
                  comment=html.escape(comment) if comment else None)
    found = ctx.conn.execute(select(delivery_t.c.delivery_id).where(delivery_t.c.quote_id == row.id)).first()
    if all(v is None for v in values.values()):
        if found is not None:
            ctx.conn.execute(delete(delivery_t).where(delivery_t.c.quote_id == row.id))
    elif found is not None:
        ctx.conn.execute(update(delivery_t).where(delivery_t.c.quote_id == row.id).values(**values))
    else:
        carts.note_state(ctx, row.id, records.STATE)
        ctx.conn.execute(insert(delivery_t).values(quote_id=row.id, **values))
    return True


def _summary(ctx: Context, row: Any, address: AddressInterface | None) -> CheckoutTotalsInterface:
    """The order summary after an item changed (the cart's totals were re-collected and stored)."""
    row = carts.row_of(ctx, row.id)
    platform = Carts(ctx)
    cart = carts.Loaded(ctx, row)
    shipping: list[Any] = []
    if cart.items and not row.is_virtual:
        if address is not None:
            shipping = platform.estimate(row, address)
        elif cart.shipping and cart.shipping.get("country_id"):
            shipping = platform.shipping_methods(row)
    images = product_images(ctx.conn, sorted({i.product_id for i in cart.items}))
    image_data: dict[str, Any] = {}
    options_data: dict[str, Any] = {}
    for item in cart.items:
        pictures = images.get(item.product_id) or []
        picture = next((p for p in pictures if "thumbnail" in p["types"]), pictures[0] if pictures else None)
        image_data[str(item.item_id)] = {"src": picture["url"] if picture else "",
                                         "alt": (picture or {}).get("label") or item.name or "",
                                         "width": THUMBNAIL_SIZE, "height": THUMBNAIL_SIZE}
        options_data[str(item.item_id)] = [{"label": str(o.get("option_id")), "value": str(o.get("option_value"))}
                                           for o in carts.item_options(carts.loads(item.product_option))]
    return CheckoutTotalsInterface.of(
        totals=carts.stored_totals(row), shipping=shipping, payment=platform.payment_methods(row),
        image_data=orjson.dumps(image_data).decode(), options_data=orjson.dumps(options_data).decode())


def remove_item(ctx: Context, row: Any, item_id: int, address: AddressInterface) -> Any:
    if not any(i.item_id == item_id for i in carts.Loaded(ctx, row).items):
        return False
    Carts(ctx).delete_item(row, item_id)
    return _summary(ctx, row, address)


def _form(form_data: str) -> tuple[str | None, dict[str, Any] | None]:
    """(qty, product_option) of an item's URL-encoded options form."""
    qty = None
    custom: list[dict[str, Any]] = []
    configurable: list[dict[str, Any]] = []
    for key, value in parse_qsl(form_data or "", keep_blank_values=True):
        if key == "qty":
            qty = value
        elif key.startswith("options[") and key.endswith("]"):
            custom.append({"option_id": key[8:-1].rstrip("[]").rstrip("]"), "option_value": value})
        elif key.startswith("super_attribute[") and key.endswith("]"):
            try:
                configurable.append({"option_id": key[16:-1], "option_value": int(value)})
            except ValueError:
                raise InputException.invalid_value("super_attribute", value) from None
    ext: dict[str, Any] = {}
    if custom:
        ext["custom_options"] = custom
    if configurable:
        ext["configurable_item_options"] = configurable
    return qty, ({"extension_attributes": ext} if ext else None)


def update_item(ctx: Context, row: Any, item_id: int, form_data: str) -> Any:
    item = next((i for i in carts.Loaded(ctx, row).items if i.item_id == item_id), None)
    if item is None:
        return False
    qty, option = _form(form_data)
    body: dict[str, Any] = {"item_id": item_id, "qty": qty if qty is not None else str(item.qty)}
    if option is not None:
        body["product_option"] = option
    Carts(ctx).save_item(row, CartItemInterface.model_validate(body))
    return _summary(ctx, row, None)


def save_password(ctx: Context, row: Any, password: str) -> bool:
    check_password(ctx, password, row.customer_email)
    records.write_fields(ctx, row.id, password_hash=hash_password(password))
    return True


def save_inserted_info(ctx: Context, row: Any, sent: dict[str, Any]) -> bool:
    stored = records.inserted_info(ctx, row.id)
    for key, value in sent.items():
        if isinstance(value, AddressInterface):
            stored[key] = {k: v for k, v in value.dump().items() if k in value.model_fields_set}
        elif value is not None:
            stored[key] = value
    records.write_fields(ctx, row.id, inserted_info=orjson.dumps(stored).decode())
    return True


# --------------------------------------------------------------------------- routed services

def _by_id(ctx: Context, cart_id: int) -> Any:
    return carts.row_of(ctx, cart_id)


def _by_mask(ctx: Context, cart_id: str) -> Any:
    return carts.by_masked_id(ctx, cart_id)


class AdditionalFieldsManagement(Service):
    interface = "Vendor\\Checkout\\Api\\AdditionalFieldsManagementInterface"
    summary = "One step checkout: additional fields of a cart"

    def save(self, cart_id: int, fields: AdditionalFieldsInterface) -> bool:
        return save_fields(self.ctx, _by_id(self.ctx, cart_id), fields)


class GuestAdditionalFieldsManagement(Service):
    interface = "Vendor\\Checkout\\Api\\GuestAdditionalFieldsManagementInterface"
    summary = "One step checkout: additional fields of a guest cart"

    def save(self, cart_id: str, fields: AdditionalFieldsInterface) -> bool:
        return save_fields(self.ctx, _by_mask(self.ctx, cart_id), fields)


class GiftMessageInformationManagement(Service):
    interface = "Vendor\\Checkout\\Api\\GiftMessageInformationManagementInterface"
    summary = "One step checkout: gift messages of a cart"

    def update(self, cart_id: int, gift_message: Any) -> bool:
        return save_gift_messages(self.ctx, _by_id(self.ctx, cart_id), gift_message)


class GuestGiftMessageInformationManagement(Service):
    interface = "Vendor\\Checkout\\Api\\GuestGiftMessageInformationManagementInterface"
    summary = "One step checkout: gift messages of a guest cart"

    def update(self, cart_id: str, gift_message: Any) -> bool:
        return save_gift_messages(self.ctx, _by_mask(self.ctx, cart_id), gift_message)


class GiftWrapInformationManagement(Service):
    interface = "Vendor\\Checkout\\Api\\GiftWrapInformationManagementInterface"
    summary = "One step checkout: gift wrap of a cart"

    def update(self, cart_id: int, checked: bool) -> TotalsInterface:
        return update_gift_wrap(self.ctx, _by_id(self.ctx, cart_id), checked)


class GuestGiftWrapInformationManagement(Service):
    interface = "Vendor\\Checkout\\Api\\GuestGiftWrapInformationManagementInterface"
    summary = "One step checkout: gift wrap of a guest cart"

    def update(self, cart_id: str, checked: bool) -> TotalsInterface:
        return update_gift_wrap(self.ctx, _by_mask(self.ctx, cart_id), checked)


class DeliveryInformationManagement(Service):
    interface = "Vendor\\Checkout\\Api\\DeliveryInformationManagementInterface"
    summary = "One step checkout: delivery date of a cart"

    def update(self, cart_id: int, date: str, time: int | None = -1, comment: str | None = "") -> bool:
        return save_delivery(self.ctx, _by_id(self.ctx, cart_id), date, time, comment)


class GuestDeliveryInformationManagement(Service):
    interface = "Vendor\\Checkout\\Api\\GuestDeliveryInformationManagementInterface"
    summary = "One step checkout: delivery date of a guest cart"

    def update(self, cart_id: str, date: str, time: int | None = -1, comment: str | None = "") -> bool:
        return save_delivery(self.ctx, _by_mask(self.ctx, cart_id), date, time, comment)


class ItemManagement(Service):
    interface = "Vendor\\Checkout\\Api\\ItemManagementInterface"
    summary = "One step checkout: item edits from the order summary"

    def remove(self, cart_id: int, item_id: int, address: AddressInterface) -> Any:
        return remove_item(self.ctx, _by_id(self.ctx, cart_id), item_id, address)

    def update(self, cart_id: int, item_id: int, form_data: str) -> Any:
        return update_item(self.ctx, _by_id(self.ctx, cart_id), item_id, form_data)


class GuestItemManagement(Service):
    interface = "Vendor\\Checkout\\Api\\GuestItemManagementInterface"
    summary = "One step checkout: item edits from a guest's order summary"

    def remove(self, cart_id: str, item_id: int, address: AddressInterface) -> Any:
        return remove_item(self.ctx, _by_mask(self.ctx, cart_id), item_id, address)

    def update(self, cart_id: str, item_id: int, form_data: str) -> Any:
        return update_item(self.ctx, _by_mask(self.ctx, cart_id), item_id, form_data)


class AccountManagement(Service):
    interface = "Vendor\\Checkout\\Api\\AccountManagementInterface"
    summary = "One step checkout: the password of the account created after a guest order"

    def save_password(self, cart_id: str, password: str) -> bool:
        return save_password(self.ctx, _by_mask(self.ctx, cart_id), password)


class QuoteManagement(Service):
    interface = "Vendor\\Checkout\\Api\\QuoteManagementInterface"
    summary = "One step checkout: the partly typed checkout form of a customer's cart"

    def save_inserted_info(self, cart_id: int, shipping_address_from_data: AddressInterface | None = None,
                           new_customer_billing_address: AddressInterface | None = None,
                           selected_payment_method: str | None = None, selected_shipping_rate: str | None = None,
                           validated_email_value: str | None = None) -> bool:
        return save_inserted_info(self.ctx, _by_id(self.ctx, cart_id), dict(
            shipping_address_from_data=shipping_address_from_data,
            new_customer_billing_address=new_customer_billing_address,
            selected_payment_method=selected_payment_method, selected_shipping_rate=selected_shipping_rate,
            validated_email_value=validated_email_value))


class GuestQuoteManagement(Service):
    interface = "Vendor\\Checkout\\Api\\GuestQuoteManagementInterface"
    summary = "One step checkout: the partly typed checkout form of a guest cart"

    def save_inserted_info(self, cart_id: str, shipping_address_from_data: AddressInterface | None = None,
                           new_customer_billing_address: AddressInterface | None = None,
                           selected_payment_method: str | None = None, selected_shipping_rate: str | None = None,
                           validated_email_value: str | None = None) -> bool:
        return save_inserted_info(self.ctx, _by_mask(self.ctx, cart_id), dict(
            shipping_address_from_data=shipping_address_from_data,
            new_customer_billing_address=new_customer_billing_address,
            selected_payment_method=selected_payment_method, selected_shipping_rate=selected_shipping_rate,
            validated_email_value=validated_email_value))


class MergeJs(Service):
    interface = "Vendor\\Checkout\\Api\\MergeJsInterface"
    summary = "One step checkout: asset names for the checkout page's bundle"

    def create_bundle(self, file_names: list[str]) -> bool:
        have = set(self.conn.execute(select(js_bundle_t.c.file_name)).scalars())
        now = utc_now()
        for name in dict.fromkeys(n.strip() for n in file_names):
            if name and name not in have:
                if len(name) > 255:
                    raise InputException.invalid_value("fileNames", name)
                self.conn.execute(insert(js_bundle_t).values(file_name=name, created_at=now))
                have.add(name)
        return True


class OrderDeliveryManagement(Service):
    """The delivery wish of a placed order, read and changed by the shop (the real module edits it on the
    admin order page)."""
    interface = "Vendor\\Checkout\\Api\\OrderDeliveryManagementInterface"
    summary = "One step checkout: the delivery date of an order"

    def get(self, order_id: int) -> DeliveryInterface:
        records.order_exists(self.ctx, order_id)
        return records.order_deliveries(self.ctx, [order_id]).get(order_id) or DeliveryInterface.of()

    def save(self, order_id: int, delivery: DeliveryInterface) -> DeliveryInterface:
        quote_id = records.order_exists(self.ctx, order_id)
        sent = delivery.sent()
        found = self.conn.execute(select(delivery_t).where(delivery_t.c.order_id == order_id)).first()
        values: dict[str, Any] = {}
        if "date" in sent:
            values["date"] = parse_date(sent["date"])
            if sent["date"] and values["date"] is None:
                raise InputException.invalid_value("date", sent["date"])
        if "time" in sent:
            t = sent["time"]
            if t is not None and t > 23:
                raise InputException.invalid_value("time", t)
            values["time"] = t if t is not None and t >= 0 else None
        if "comment" in sent:
            values["comment"] = html.escape(sent["comment"]) if sent["comment"] else None
        if found is not None:
            self.conn.execute(update(delivery_t).where(delivery_t.c.delivery_id == found.delivery_id).values(**values))
        else:
            taken = self.conn.execute(select(delivery_t.c.delivery_id).where(delivery_t.c.quote_id == quote_id)).first()
            if taken is not None:
                self.conn.execute(update(delivery_t).where(delivery_t.c.delivery_id == taken.delivery_id)
                                  .values(order_id=order_id, **values))
            else:
                if quote_id is not None:
                    carts.note_state(self.ctx, quote_id, records.STATE)
                self.conn.execute(insert(delivery_t).values(quote_id=quote_id, order_id=order_id, **values))
        return self.get(order_id)
