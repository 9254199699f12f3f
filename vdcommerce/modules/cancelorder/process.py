"""The cancel process, shared by the customer's cancel, the admin's POST and the auto-cancel job.

For an order, a reason, a comment and who cancels (``CUSTOMER`` 0, ``AUTO`` 1), in the caller's
transaction:

1. the module's lock row of the order is taken (``FOR UPDATE``), so a second cancellation of the same
   order waits for the first and then sees the order cancelled;
2. the order must be cancellable: state ``new``, ``pending_payment`` or ``processing``, nothing shipped,
   and (for customers and the job) a paid amount only when ``general/refund`` is not ``disabled``;
3. what is left to invoice is cancelled (``sales.service.cancel_order``: stock, cart rules'
   usage, ``sales_order_cancel_after``);
4. what was paid and not refunded is refunded offline in one credit memo, every item back to stock
   (``sales.service.refund_order``);
5. the status becomes ``canceled`` (``sales.service.set_order_status``), one order comment records
   who cancelled and why (mailed to the customer), the cancel record is written with ``ctx.now()``,
   and the shop is mailed when configured.

Everything the platform does here is its own cancel and refund, so whatever follows them (store credit,
gift cards, reward points coming back) follows here too.
"""
from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import insert, select

from ...framework import db
from ...framework.context import Context
from ...framework.exceptions import InputException, LocalizedException, NoSuchEntityException
from ...platform import mail
from ...platform.sales.api import OrderInterface, OrderStatusHistoryInterface
from ...platform.sales.service import (OrderManagement, OrderRepository, cancel_order, refund_order,
                                       set_order_status)
from .tables import cancel_order as record_t
from .tables import order_lock

CUSTOMER, AUTO = 0, 1
CANNOT = "You can't cancel the order."
REFUND_REFUSED = "Creditmemo Document Validation Error(s):\n%1"
CANCELABLE_STATES = ("new", "pending_payment", "processing")
COMMENTS = {CUSTOMER: "Order was cancelled by customer.", AUTO: "Order was cancelled automatically."}

SECTION = "vd_cancel_order"
ENABLED = f"{SECTION}/general/enabled"
GROUPS = f"{SECTION}/general/customer_group"
STATUSES = f"{SECTION}/general/order_status"
REFUND = f"{SECTION}/general/refund"
REASONS = f"{SECTION}/frontend/reason"
REQUIRED = f"{SECTION}/frontend/required"

_TAG = re.compile(r"<[^>]*>")
_NUMBER = re.compile(r"[0-9]+")


# --------------------------------------------------------------------------- settings

def setting(ctx: Context, path: str, store_id: int | None = None, default: str = "") -> str:
    """A setting of this module for a store view (default: the request's), as text."""
    if ctx.config is None:
        return default
    value = ctx.config.get(path, ctx.store_id if store_id is None else store_id)
    return default if value is None else str(value)


def flag(ctx: Context, path: str, store_id: int | None = None) -> bool:
    return setting(ctx, path, store_id).strip().lower() in ("1", "true", "yes")


def listed(text: str) -> list[str]:
    """A comma list setting as its non-empty parts."""
    return [part.strip() for part in text.split(",") if part.strip()]


def reasons(ctx: Context, store_id: int | None = None) -> list[tuple[str, str]]:
    """``frontend/reason`` as (number, label) pairs, by number; a broken value is no reasons."""
    try:
        value = json.loads(setting(ctx, REASONS, store_id) or "{}")
    except ValueError:
        return []
    if isinstance(value, list):  # a list is numbered from 1
        value = {str(i): label for i, label in enumerate(value, start=1)}
    if not isinstance(value, dict):
        return []
    pairs = [(str(k).strip(), str(v).strip()) for k, v in value.items() if v is not None]
    return sorted(pairs, key=lambda p: (int(p[0]) if p[0].isdigit() else 1 << 30, p[0]))


# --------------------------------------------------------------------------- text

def clean(value: Any) -> str:
    """Text a client sent for a record: tags stripped, HTML special characters escaped (as the
    platform's escapeHtml writes them), surrounding space trimmed."""
    text = _TAG.sub("", "" if value is None else str(value)).strip()
    return html.escape(text, quote=True).replace("&#x27;", "&#039;")


def reason_text(ctx: Context, value: Any, store_id: int | None = None) -> str:
    """A reason as kept: a number of ``frontend/reason`` becomes its label (400 for an unknown number),
    other text is kept; then cleaned."""
    text = "" if value is None else str(value).strip()
    if _NUMBER.fullmatch(text):
        labels = dict(reasons(ctx, store_id))
        if text not in labels:
            raise InputException.invalid_value("reason", text)
        text = labels[text]
    return clean(text)


# --------------------------------------------------------------------------- the order

def left_to_pay_back(order: OrderInterface) -> Decimal:
    return _money(order.total_paid) - _money(order.total_refunded)


def _money(value: Any) -> Decimal:
    return Decimal(str(value)) if value is not None else Decimal(0)


def _qty(value: Any) -> Decimal:
    return Decimal(str(value)) if value is not None else Decimal(0)


def lock(ctx: Context, order_id: int) -> OrderInterface:
    """Take the module's lock row of the order (created on first use) and read the order after it; 404
    (``orderId``) for an unknown order."""
    order = find_order(ctx, order_id)
    db.insert_new(ctx.conn, order_lock, [{"order_id": order_id}], ["order_id"])
    ctx.conn.execute(select(order_lock.c.order_id).where(order_lock.c.order_id == order_id).with_for_update())
    return OrderRepository(ctx).get(order_id)


def find_order(ctx: Context, order_id: int) -> OrderInterface:
    """The order; 404 naming ``orderId`` when there is none."""
    try:
        return OrderRepository(ctx).get(order_id)
    except NoSuchEntityException:
        raise NoSuchEntityException.single_field("orderId", str(order_id)) from None


def cancellable(ctx: Context, order: OrderInterface, by: int | None) -> bool:
    """Step 1 of the process: the state, nothing shipped, and (``by`` not None: a customer or the job)
    the refund mode when something paid is not refunded yet."""
    if order.state not in CANCELABLE_STATES:
        return False
    if any(_qty(i.qty_shipped) > 0 for i in order.items or ()):
        return False
    if by is not None and left_to_pay_back(order) > 0:
        if setting(ctx, REFUND, order.store_id, "offline").strip().lower() == "disabled":
            return False
    return True


def _left_to_invoice(order: OrderInterface) -> bool:
    return any(_qty(i.qty_ordered) - _qty(i.qty_invoiced) - _qty(i.qty_canceled) > 0 for i in order.items or ())


# --------------------------------------------------------------------------- the process

@dataclass(frozen=True)
class Cancellation:
    order: OrderInterface
    reason: str
    comment: str
    by: int


def run(ctx: Context, order: OrderInterface, reason: str, comment: str, by: int,
        check_refund_mode: bool = True) -> int:
    """Steps 2 to 7 on an order already locked with ``lock``; answers the new record's id. A refusal
    raises (the caller's transaction rolls back: nothing is kept)."""
    if not cancellable(ctx, order, by if check_refund_mode else None):
        raise LocalizedException(CANNOT)
    order_id = int(order.entity_id or 0)
    if _left_to_invoice(order):
        cancel_order(ctx, order_id)
    if left_to_pay_back(order) > 0:
        item_ids = [int(i.item_id) for i in order.items or () if i.item_id is not None]
        try:
            refund_order(ctx, order_id, return_to_stock=item_ids)
        except LocalizedException as e:
            raise LocalizedException(REFUND_REFUSED, [e.rendered()]) from None
    set_order_status(ctx, order_id, "canceled")
    text = COMMENTS[by] + "; ".join(part for part in (reason, comment) if part)
    OrderManagement(ctx).add_comment(order_id, OrderStatusHistoryInterface.of(
        comment=text, status="canceled", is_customer_notified=1, is_visible_on_front=1))
    record_id = write_record(ctx, order_id, reason, comment, by)
    mail_shop(ctx, Cancellation(order, reason, comment, by))
    return record_id


def write_record(ctx: Context, order_id: int, reason: str, comment: str, by: int) -> int:
    return int(ctx.conn.execute(insert(record_t).values(
        order_id=order_id, reason=reason, comment=comment, status=by, created_at=ctx.now())
        .returning(record_t.c.id)).scalar_one())


def mail_shop(ctx: Context, c: Cancellation) -> None:
    """The shop's mail about a cancellation, through the outbox, in the order's store view."""
    prefix = "auto_canceled_" if c.by == AUTO else ""
    store = c.order.store_id
    if not flag(ctx, f"{SECTION}/admin_email/{prefix}enabled", store):
        return
    recipients = listed(setting(ctx, f"{SECTION}/admin_email/{prefix}to", store))
    if not recipients:
        return
    sender = setting(ctx, f"{SECTION}/admin_email/{prefix}sender", store, "general").strip() or "general"
    default = ("vd_cancel_order_auto_canceled_email_template" if c.by == AUTO
               else "vd_cancel_order_admin_email_template")
    template = setting(ctx, f"{SECTION}/admin_email/{prefix}template", store, default).strip() or default
    name = " ".join(filter(None, (c.order.customer_firstname, c.order.customer_lastname)))
    variables = {"order_increment_id": c.order.increment_id, "customer_name": name,
                 "customer_email": c.order.customer_email or "", "reason": c.reason, "comment": c.comment,
                 "canceled_by": "automatically" if c.by == AUTO else "customer"}
    for to in recipients:
        for chosen_template, chosen_sender in ((template, sender), (default, "general")):
            try:
                mail.enqueue(ctx, chosen_template, to=to, variables=variables, store_id=store,
                             sender=chosen_sender, entity_type="order", entity_id=c.order.entity_id)
                break
            except ValueError:  # an unknown template or sender: the module's own, or an address that is not
                continue
