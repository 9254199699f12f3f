"""Orders as stored: writing a new one, reading them back as data objects, and the rules of their state.

An order's state follows from its quantities and money (``settled_state``): what is left to invoice, to
ship and to refund. Every action (invoice, ship, refund, cancel, hold) locks the order row first
(``SELECT ... FOR UPDATE`` on PostgreSQL; SQLite runs writing transactions one at a time), so two
requests acting on one order at once see each other's results.
"""
from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import orjson
from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from ...framework import events, extensions
from ...framework.db import Write
from ...framework.context import OWNERS, Context
from ...framework.dates import utc_now
from ...framework.exceptions import NoSuchEntityException
from .. import mail
from ..quote.carts import id_value
from ..quote.totals import ZERO, cents
from .api import (OrderAddressInterface, OrderExtensionInterface, OrderInterface, OrderItemInterface,
                  OrderPaymentInterface, OrderStatusHistoryInterface, ShippingAssignmentInterface, ShippingInterface,
                  TotalInterface)
from .tables import order as order_t
from .tables import order_address as address_t
from .tables import order_item as item_t
from .tables import order_payment as payment_t
from .tables import sequence as sequence_t
from .tables import status_history as history_t

log = logging.getLogger("vdcommerce.sales")

NOT_FOUND = "The entity that was requested doesn't exist. Verify the entity and try again."
CURRENCY = "USD"

# the platform's default status of each state, and the state each status belongs to
STATUS_OF = {"new": "pending", "pending_payment": "pending_payment", "processing": "processing",
             "complete": "complete", "closed": "closed", "canceled": "canceled", "holded": "holded",
             "payment_review": "payment_review"}
STATE_OF = {**{status: state for state, status in STATUS_OF.items()}, "fraud": "payment_review"}


def not_found() -> NoSuchEntityException:
    return NoSuchEntityException(NOT_FOUND)


def now(ctx: Context | None = None) -> dt.datetime:
    """The time the sales records are stamped with: ``ctx.now()`` (a job's run time under the job
    clock), the real clock without a context."""
    return utc_now(ctx)


def dec(value: Any) -> Decimal:
    """A stored or given amount as a Decimal (None counts as 0)."""
    if value is None:
        return ZERO
    return value if isinstance(value, Decimal) else Decimal(str(value))


def json_text(value: Any) -> str | None:
    return orjson.dumps(value, default=str).decode() if value else None


def json_value(text: str | None) -> Any:
    return orjson.loads(text) if text else None


# --------------------------------------------------------------------------- order numbers

_bump = (update(sequence_t).where(sequence_t.c.store_id == bindparam("store"))
         .values(last_value=sequence_t.c.last_value + 1).returning(sequence_t.c.last_value))
_seed = {dialect: insert_(sequence_t).values(store_id=bindparam("store"), last_value=0)
         .on_conflict_do_nothing(index_elements=["store_id"])
         for dialect, insert_ in (("postgresql", pg_insert), ("sqlite", sqlite_insert))}


def next_increment_id(conn, store_id: int) -> str:
    """The next 9-digit order number of a store view.

    One UPDATE ... RETURNING takes it and locks the sequence row until the transaction ends, so a
    concurrent order waits and then reads the incremented value; the first order of a store view
    seeds the row with an insert that yields to a concurrent one."""
    value = conn.execute(_bump, {"store": store_id}).scalar()
    if value is None:
        conn.execute(_seed[conn.dialect.name], {"store": store_id})
        value = conn.execute(_bump, {"store": store_id}).scalar_one()
    return f"{value:09d}"


# --------------------------------------------------------------------------- writing a new order

@dataclass
class NewOrder:
    """Everything a new order is written from: the order row's values, its items, addresses and payment."""
    head: dict[str, Any]
    items: list[dict[str, Any]]
    billing: dict[str, Any]
    shipping: dict[str, Any] | None
    payment: dict[str, Any]


# built once and run on the driver's cursor: the values come with each execution; the items and the
# addresses are one executemany each
_INSERT_ORDER, _INSERT_PAYMENT = Write(insert(order_t)), Write(insert(payment_t))
_INSERT_ITEMS, _INSERT_ADDRESSES = Write(insert(item_t)), Write(insert(address_t))


def _insert_rows(conn, write: Write, rows: list[dict[str, Any]]) -> None:
    """One executemany when every row names the same columns (as the order's builders make them), else
    SQLAlchemy's, which fills each row's missing columns itself."""
    if rows and all(r.keys() == rows[0].keys() for r in rows):
        write.many(conn, rows)
    elif rows:
        conn.execute(write.stmt, rows)


def write_order(ctx: Context, new: NewOrder) -> tuple[int, str]:
    """Insert the order in state ``new`` / ``pending`` with the next order number of its store view, and
    raise ``sales_order_save_after``."""
    conn = ctx.conn
    stamp = now(ctx)
    increment_id = next_increment_id(conn, new.head["store_id"])
    head = {**new.head, "increment_id": increment_id, "state": "new", "status": STATUS_OF["new"],
            "total_due": new.head["grand_total"], "created_at": stamp, "updated_at": stamp}
    order_id = _INSERT_ORDER.run(conn, head)
    _insert_rows(conn, _INSERT_ITEMS, [{**i, "order_id": order_id, "created_at": stamp, "updated_at": stamp}
                                       for i in new.items])
    addresses = [{**new.billing, "parent_id": order_id, "address_type": "billing"}]
    if new.shipping is not None:
        addresses.append({**new.shipping, "parent_id": order_id, "address_type": "shipping"})
    _insert_rows(conn, _INSERT_ADDRESSES, addresses)
    _INSERT_PAYMENT.run(conn, {**new.payment, "parent_id": order_id, "amount_ordered": new.head["grand_total"]})
    events.dispatch(ctx, "sales_order_save_after", order_id=order_id, state=head["state"], status=head["status"])
    return order_id, increment_id


# --------------------------------------------------------------------------- reading

_order_by_id = select(order_t).where(order_t.c.entity_id == bindparam("id"))
_order_locked = _order_by_id.with_for_update()
_ids = bindparam("ids", expanding=True)
_items_of = select(item_t).where(item_t.c.order_id.in_(_ids)).order_by(item_t.c.item_id)
_addresses_of = select(address_t).where(address_t.c.parent_id.in_(_ids)).order_by(address_t.c.entity_id)
_payments_of = select(payment_t).where(payment_t.c.parent_id.in_(_ids))
_histories_of = select(history_t).where(history_t.c.parent_id.in_(_ids)).order_by(history_t.c.entity_id)
_items_of_order = select(item_t).where(item_t.c.order_id == bindparam("id")).order_by(item_t.c.item_id)


def order_row(conn, order_id: int, lock: bool = False):
    """The order row; 404 when unknown. ``lock``: hold it until the transaction ends."""
    row = conn.execute(_order_locked if lock else _order_by_id, {"id": order_id}).first()
    if row is None:
        raise not_found()
    return row


_order_customer = select(order_t.c.customer_id).where(order_t.c.entity_id == bindparam("id"))


def _owns_order(ctx: Context, value: str) -> bool:
    """``orderId`` of a resource-or-owner route: an order the calling customer placed."""
    order_id = id_value(value)
    customer_id = ctx.conn.execute(_order_customer, {"id": order_id}).scalar() if order_id is not None else None
    return customer_id is not None and customer_id == ctx.caller.customer_id


OWNERS["orderId"] = _owns_order


def item_rows(conn, order_id: int) -> list:
    return conn.execute(_items_of_order, {"id": order_id}).all()


def history_rows(conn, order_id: int) -> list:
    return conn.execute(_histories_of, {"ids": [order_id]}).all()


def _grouped(conn, stmt, key: str, ids: list[int]) -> dict[int, list]:
    out: dict[int, list] = {i: [] for i in ids}
    for r in conn.execute(stmt, {"ids": ids}):
        out[r._mapping[key]].append(r)
    return out


def item_out(i) -> OrderItemInterface:
    qty = i.qty_ordered
    return OrderItemInterface.of(
        item_id=i.item_id, order_id=i.order_id, quote_item_id=i.quote_item_id, product_id=i.product_id, sku=i.sku,
        name=i.name, product_type=i.product_type, qty_ordered=qty, qty_invoiced=i.qty_invoiced,
        qty_shipped=i.qty_shipped, qty_refunded=i.qty_refunded, qty_canceled=i.qty_canceled, price=i.price,
        base_price=i.price, original_price=i.original_price, row_total=i.row_total, base_row_total=i.row_total,
        discount_amount=i.discount_amount, discount_percent=i.discount_percent, tax_amount=i.tax_amount,
        tax_percent=i.tax_percent, price_incl_tax=cents(i.price + (i.tax_amount / qty if qty else ZERO)),
        row_total_incl_tax=i.row_total + i.tax_amount, weight=i.weight, applied_rule_ids=i.applied_rule_ids,
        is_virtual=i.is_virtual, created_at=i.created_at, updated_at=i.updated_at,
        extension_attributes=json_value(i.extension))


def address_out(a) -> OrderAddressInterface:
    return OrderAddressInterface.of(
        entity_id=a.entity_id, parent_id=a.parent_id, address_type=a.address_type, firstname=a.firstname,
        lastname=a.lastname, street=json_value(a.street) or [], city=a.city, region=a.region, region_id=a.region_id,
        region_code=a.region_code, postcode=a.postcode, country_id=a.country_id, telephone=a.telephone,
        email=a.email, company=a.company, customer_address_id=a.customer_address_id,
        quote_address_id=a.quote_address_id)


def history_out(h) -> OrderStatusHistoryInterface:
    return OrderStatusHistoryInterface.of(
        entity_id=h.entity_id, parent_id=h.parent_id, comment=h.comment, status=h.status,
        is_customer_notified=h.is_customer_notified, is_visible_on_front=h.is_visible_on_front,
        entity_name=h.entity_name, created_at=h.created_at)


def _payment_out(p) -> OrderPaymentInterface:
    return OrderPaymentInterface.of(
        entity_id=p.entity_id, parent_id=p.parent_id, method=p.method, amount_ordered=p.amount_ordered,
        base_amount_ordered=p.amount_ordered, amount_paid=p.amount_paid, base_amount_paid=p.amount_paid,
        amount_refunded=p.amount_refunded, base_amount_refunded=p.amount_refunded, po_number=p.po_number,
        additional_information=json_value(p.additional_information))


ORDER_INTERFACE = "Magento\\Sales\\Api\\Data\\OrderInterface"


def _order_out(o, items: list, addresses: list, payment, histories: list, extension: dict) -> OrderInterface:
    item_objects = [item_out(i) for i in items]
    billing = next((address_out(a) for a in addresses if a.address_type == "billing"), None)
    shipping = next((address_out(a) for a in addresses if a.address_type == "shipping"), None)
    shipping_total = TotalInterface.of(
        shipping_amount=o.shipping_amount, base_shipping_amount=o.shipping_amount,
        shipping_discount_amount=o.shipping_discount_amount, base_shipping_discount_amount=o.shipping_discount_amount,
        shipping_tax_amount=ZERO, base_shipping_tax_amount=ZERO, shipping_incl_tax=o.shipping_amount,
        base_shipping_incl_tax=o.shipping_amount)
    assignment = ShippingAssignmentInterface.of(
        shipping=ShippingInterface.of(address=shipping, method=o.shipping_method, total=shipping_total),
        items=item_objects)
    return OrderInterface.of(
        entity_id=o.entity_id, increment_id=o.increment_id, state=o.state, status=o.status, store_id=o.store_id,
        quote_id=o.quote_id, customer_id=o.customer_id, customer_email=o.customer_email,
        customer_firstname=o.customer_firstname, customer_lastname=o.customer_lastname,
        customer_is_guest=o.customer_is_guest, customer_group_id=o.customer_group_id,
        customer_note=o.customer_note, created_at=o.created_at, updated_at=o.updated_at,
        base_currency_code=CURRENCY, order_currency_code=CURRENCY, global_currency_code=CURRENCY,
        store_currency_code=CURRENCY, subtotal=o.subtotal, base_subtotal=o.subtotal,
        discount_amount=o.discount_amount, base_discount_amount=o.discount_amount,
        discount_description=o.discount_description, coupon_code=o.coupon_code,
        applied_rule_ids=o.applied_rule_ids, shipping_amount=o.shipping_amount,
        base_shipping_amount=o.shipping_amount, shipping_description=o.shipping_description,
        tax_amount=o.tax_amount, base_tax_amount=o.tax_amount, grand_total=o.grand_total,
        base_grand_total=o.grand_total, total_paid=o.total_paid, total_invoiced=o.total_invoiced,
        total_refunded=o.total_refunded, total_due=o.total_due, total_qty_ordered=o.total_qty_ordered,
        total_item_count=o.total_item_count, weight=o.weight, items=item_objects, billing_address=billing,
        payment=_payment_out(payment) if payment is not None else None,
        status_histories=[history_out(h) for h in histories],
        extension_attributes=OrderExtensionInterface.of(shipping_assignments=[assignment], **extension))


def orders_out(ctx: Context, rows: list) -> list[OrderInterface]:
    """Order rows as data objects, with their items, addresses, payment, comments and the extension
    attributes other packages declare (one query each)."""
    conn = ctx.conn
    ids = [r.entity_id for r in rows]
    if not ids:
        return []
    items = _grouped(conn, _items_of, "order_id", ids)
    addresses = _grouped(conn, _addresses_of, "parent_id", ids)
    payments = {p.parent_id: p for p in conn.execute(_payments_of, {"ids": ids})}
    histories = _grouped(conn, _histories_of, "parent_id", ids)
    declared = extensions.load(ctx, ORDER_INTERFACE, ids)
    kept = extensions.codes_kept_by_owner(ORDER_INTERFACE)
    return [_order_out(r, items[r.entity_id], addresses[r.entity_id], payments.get(r.entity_id),
                       histories[r.entity_id], {**_stored_extension(r, kept), **declared.get(r.entity_id, {})})
            for r in rows]


def _stored_extension(row, kept: frozenset[str]) -> dict[str, Any]:
    """The values collectors set for the order's declared extension attributes (``total.extension``),
    kept with the order when it was placed."""
    if not kept or not row.extension:
        return {}
    return {k: v for k, v in json_value(row.extension).items() if k in kept and v is not None}


def load_order(ctx: Context, order_id: int) -> OrderInterface:
    return orders_out(ctx, [order_row(ctx.conn, order_id)])[0]


def order_adjustments(conn, order_id: int) -> dict[str, Decimal]:
    """The module amounts the order was placed with (``total.adjustments``), by collector code."""
    row = order_row(conn, order_id)
    return {k: Decimal(v) for k, v in (json_value(row.adjustments) or {}).items()}


# --------------------------------------------------------------------------- quantities and state

def to_invoice(i) -> Decimal:
    return i.qty_ordered - i.qty_invoiced - i.qty_canceled


def to_ship(i) -> Decimal:
    if i.is_virtual:
        return ZERO
    return max(ZERO, i.qty_ordered - max(i.qty_shipped, i.qty_refunded) - i.qty_canceled)


def to_refund(i) -> Decimal:
    return i.qty_invoiced - i.qty_refunded


def to_cancel(i) -> Decimal:
    """What is neither invoiced nor shipped (the platform's qty to cancel)."""
    return to_invoice(i) if i.is_virtual else min(to_invoice(i), to_ship(i))


def refundable(o) -> Decimal:
    return dec(o.total_paid) - dec(o.total_refunded)


def settled_state(state: str, items: list, total_paid: Any, total_refunded: Any) -> str:
    """The state an order's quantities and money put it in (docs/platform/sales.md, States); ``state`` is
    the current one, kept while nothing has happened yet."""
    if any(to_invoice(i) > 0 or to_ship(i) > 0 for i in items):
        started = any(i.qty_invoiced > 0 or i.qty_shipped > 0 for i in items)
        return "processing" if started else state
    if not any(i.qty_invoiced > 0 for i in items):
        return "canceled"
    if dec(total_refunded) > 0 and dec(total_refunded) >= dec(total_paid):
        return "closed"
    return "complete"


def due(grand_total: Decimal, total_paid: Any, total_canceled: Any) -> Decimal:
    return max(ZERO, grand_total - dec(total_paid) - dec(total_canceled))


# --------------------------------------------------------------------------- changes

def touch(ctx: Context, o, values: dict[str, Any] | None = None) -> None:
    """Write an order change (``updated_at`` always) and raise ``sales_order_save_after``."""
    values = {**(values or {}), "updated_at": now(ctx)}
    ctx.conn.execute(update(order_t).where(order_t.c.entity_id == o.entity_id).values(values))
    events.dispatch(ctx, "sales_order_save_after", order_id=o.entity_id,
                    state=values.get("state", o.state), status=values.get("status", o.status))


def add_history(ctx: Context, order_id: int, comment: str | None, status: str | None, notified: bool,
                visible: int = 0, entity_name: str = "order", document_id: int | None = None) -> int:
    """A comment of the order (``entity_name`` order) or of one of its documents (invoice, shipment,
    creditmemo, with the document's id)."""
    return ctx.conn.execute(insert(history_t).values(
        parent_id=order_id, comment=comment, status=status, is_customer_notified=int(notified),
        is_visible_on_front=visible, entity_name=entity_name, document_id=document_id,
        created_at=now(ctx))).inserted_primary_key[0]


TEMPLATES = {"order": "sales_email_order_template", "invoice": "sales_email_invoice_template",
             "shipment": "sales_email_shipment_template", "creditmemo": "sales_email_creditmemo_template",
             "comment": "sales_email_order_comment_template"}


def notify(ctx: Context, o, kind: str, comment: str = "") -> int:
    """Queue the customer's e-mail about the order (``kind``: order, invoice, shipment, creditmemo,
    comment) in the order's store view; the mail sender delivers it."""
    name = " ".join(filter(None, (o.customer_firstname, o.customer_lastname)))
    return mail.enqueue(ctx, TEMPLATES[kind], to=o.customer_email, name=name, store_id=o.store_id, sender="sales",
                        entity_type="order", entity_id=o.entity_id,
                        variables={"increment_id": o.increment_id, "customer_name": name, "comment": comment,
                                   "grand_total": f"{dec(o.grand_total):.2f}", "currency": CURRENCY})
