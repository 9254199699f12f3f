"""Invoices, shipments and credit memos: ``POST /V1/order/:orderId/invoice|ship|refund``.

``items`` empty means every remaining quantity. Money per item is the item's share of its row total and
discount (``qty / qty_ordered``, rounded to the cent); the document that takes an item's last quantity
takes what is left of its row, so the parts always add up to the whole. The first invoice carries the
order's shipping, its shipping discount, tax and module amounts; the invoice that leaves nothing to
invoice is exactly what the grand total still lacks. Invoices are paid at once (the platform's offline
methods capture on invoicing), so ``capture`` changes nothing.

A refund gives back the chosen quantities, the remaining shipping unless ``arguments.shipping_amount``
says otherwise, plus ``adjustment_positive`` and minus ``adjustment_negative``; never more than was
paid and not yet refunded. ``arguments.extension_attributes.return_to_stock_items`` lists the order
items whose refunded quantity goes back to stock.

``POST /V1/invoice/:invoiceId/refund`` refunds one invoice the same way, within what that invoice holds:
its quantities, its shipping and its total, less what its earlier credit memos took.

Once the credit memo is written, the declared refund handlers (``hooks.py``) run in the same
transaction with the module codes the request sent in ``arguments.extension_attributes``; what each
gives back is recorded on the credit memo, and a handler that refuses (a ``LocalizedException``) undoes
the whole refund. A credit memo of zero (an order paid entirely with a gift card, say) is accepted when
a handler gives something back.
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Callable

from sqlalchemy import bindparam, func, insert, select, update

from ...framework import events
from ...framework.context import Service
from ...framework.exceptions import InputException, LocalizedException
from ..catalog import stock
from ..quote.totals import ZERO, cents
from . import orders
from .api import (CreditmemoCommentCreationInterface, CreditmemoCreationArgumentsInterface,
                  CreditmemoItemCreationInterface, InvoiceCommentCreationInterface, InvoiceCreationArgumentsInterface,
                  InvoiceItemCreationInterface, ShipmentCommentCreationInterface, ShipmentCreationArgumentsInterface,
                  ShipmentItemCreationInterface, ShipmentPackageCreationInterface, ShipmentTrackCreationInterface)
from .hooks import Refund, refund_handlers, store_credit_handlers
from .orders import dec, order_row, touch
from .tables import creditmemo as creditmemo_t
from .tables import creditmemo_item as creditmemo_item_t
from .tables import invoice as invoice_t
from .tables import invoice_item as invoice_item_t
from .tables import order_item as item_t
from .tables import order_payment as payment_t
from .tables import shipment as shipment_t
from .tables import shipment_item as shipment_item_t
from .tables import shipment_track as track_t

NO_INVOICE = "The order does not allow an invoice to be created."
NO_SHIPMENT = "The order does not allow a shipment to be created."
NO_CREDITMEMO = "The order does not allow a creditmemo to be created."
TOO_MUCH = {"invoice": "The quantity to invoice must not be greater than the uninvoiced quantity.",
            "shipment": "The quantity to ship must not be greater than the unshipped quantity.",
            "creditmemo": "The quantity to refund must not be greater than the unrefunded quantity."}
MAX_REFUND = "The most money available to refund is %1."
NO_ONLINE_REFUND = "Cannot create online refund for offline payment method."
NOT_POSITIVE = "The credit memo's total must be positive."
MAX_STORE_CREDIT = "Only %1 can be returned to store credit."

# states in which nothing can be invoiced, shipped or refunded whatever the quantities
_FROZEN = ("canceled", "holded", "closed", "payment_review")


def _chosen(items: list, requested, left: Callable, kind: str, refusal: str) -> dict[int, tuple]:
    """{item id: (row, qty)} of the quantities to act on: the request's, or everything left (none given:
    ``None`` or an empty list, as a route passes them; an empty tuple, from a module's service call, is
    nothing)."""
    by_id = {i.item_id: i for i in items}
    chosen: dict[int, tuple] = {}
    if requested or isinstance(requested, tuple):
        for r in requested:
            row = by_id.get(r.order_item_id)
            if row is None:
                raise InputException.invalid_value("order_item_id", r.order_item_id)
            qty = dec(r.qty)
            if qty < 0:
                raise InputException.invalid_value("qty", r.qty)
            total = chosen.get(row.item_id, (row, ZERO))[1] + qty
            if total > left(row):
                raise InputException(TOO_MUCH[kind])
            chosen[row.item_id] = (row, total)
    else:
        chosen = {i.item_id: (i, left(i)) for i in items}
    chosen = {k: v for k, v in chosen.items() if v[1] > 0}
    if not chosen:
        raise LocalizedException(refusal)
    return chosen


def _numbered(conn, table, entity_id: int) -> int:
    """Give a new document its increment id (its entity id on nine digits); answers the id."""
    conn.execute(update(table).where(table.c.entity_id == entity_id).values(increment_id=f"{entity_id:09d}"))
    return entity_id


def _share(whole: Decimal, done: Decimal, qty: Decimal, ordered: Decimal, last: bool) -> Decimal:
    """An item's amount for ``qty`` of ``ordered``; the last part takes what ``done`` left over."""
    return whole - done if last else cents(whole * qty / ordered)


def _comment(ctx, o, comment, append: bool, notify: bool, entity_name: str, document_id: int) -> None:
    if append and comment is not None and (comment.comment or "").strip():
        orders.add_history(ctx, o.entity_id, comment.comment.strip(), o.status, notify,
                           int(bool(comment.is_visible_on_front)), entity_name, document_id)
    if notify:
        text = (comment.comment or "").strip() if append and comment is not None else ""
        orders.notify(ctx, o, entity_name, text)


def _settle(ctx, o, values: dict) -> None:
    """Write the order's new money and the state its quantities now put it in."""
    state = orders.settled_state(o.state, orders.item_rows(ctx.conn, o.entity_id),
                                 values.get("total_paid", o.total_paid), values.get("total_refunded", o.total_refunded))
    touch(ctx, o, {**values, "state": state, "status": orders.STATUS_OF[state] if state != o.state else o.status})


class InvoiceOrder(Service):
    interface = "Magento\\Sales\\Api\\InvoiceOrderInterface"
    summary = "Invoicing orders"

    def execute(self, order_id: int, capture: bool = False, items: list[InvoiceItemCreationInterface] | None = None,
                notify: bool = False, append_comment: bool = False,
                comment: InvoiceCommentCreationInterface | None = None,
                arguments: InvoiceCreationArgumentsInterface | None = None) -> int:
        conn = self.conn
        o = order_row(conn, order_id, lock=True)
        if o.state in _FROZEN:
            raise LocalizedException(NO_INVOICE)
        rows = orders.item_rows(conn, order_id)
        chosen = _chosen(rows, items, orders.to_invoice, "invoice", NO_INVOICE)
        first = o.total_invoiced is None
        stamp = orders.now(self.ctx)
        subtotal = discount = qty_total = ZERO
        lines = []
        for row, qty in chosen.values():
            last = row.qty_invoiced + qty + row.qty_canceled >= row.qty_ordered
            line_total = _share(row.row_total, row.row_invoiced, qty, row.qty_ordered, last)
            line_discount = _share(row.discount_amount, row.discount_invoiced, qty, row.qty_ordered, last)
            subtotal, discount, qty_total = subtotal + line_total, discount + line_discount, qty_total + qty
            lines.append({"order_item_id": row.item_id, "qty": qty, "row_total": line_total,
                          "discount_amount": line_discount})
            conn.execute(update(item_t).where(item_t.c.item_id == row.item_id).values(
                qty_invoiced=row.qty_invoiced + qty, row_invoiced=row.row_invoiced + line_total,
                discount_invoiced=row.discount_invoiced + line_discount, updated_at=stamp))
        shipping = o.shipping_amount if first else ZERO
        tax = o.tax_amount if first else ZERO
        discount = -discount - (o.shipping_discount_amount if first else ZERO)
        adjustments = sum((Decimal(v) for v in (orders.json_value(o.adjustments) or {}).values()), ZERO) \
            if first else ZERO
        already = dec(o.total_invoiced)
        if any(orders.to_invoice(i) > 0 for i in orders.item_rows(conn, order_id)):
            grand = max(ZERO, min(subtotal + discount + shipping + tax + adjustments, o.grand_total - already))
        else:
            grand = o.grand_total - already
        invoice_id = conn.execute(insert(invoice_t).values(
            order_id=order_id, total_qty=qty_total, subtotal=subtotal, discount_amount=discount,
            shipping_amount=shipping, tax_amount=tax, grand_total=grand, created_at=stamp)).inserted_primary_key[0]
        _numbered(conn, invoice_t, invoice_id)
        conn.execute(insert(invoice_item_t), [{**line, "parent_id": invoice_id} for line in lines])
        paid = dec(o.total_paid) + grand
        conn.execute(update(payment_t).where(payment_t.c.parent_id == order_id).values(amount_paid=paid))
        _comment(self.ctx, o, comment, append_comment, notify, "invoice", invoice_id)
        _settle(self.ctx, o, {"total_invoiced": already + grand, "total_paid": paid,
                              "shipping_invoiced": o.shipping_invoiced + shipping,
                              "total_due": orders.due(o.grand_total, paid, o.total_canceled)})
        events.dispatch(self.ctx, "sales_order_invoice_save_after", order_id=order_id, invoice_id=invoice_id)
        return invoice_id


class ShipOrder(Service):
    interface = "Magento\\Sales\\Api\\ShipOrderInterface"
    summary = "Shipping orders"

    def execute(self, order_id: int, items: list[ShipmentItemCreationInterface] | None = None, notify: bool = False,
                append_comment: bool = False, comment: ShipmentCommentCreationInterface | None = None,
                tracks: list[ShipmentTrackCreationInterface] | None = None,
                packages: list[ShipmentPackageCreationInterface] | None = None,
                arguments: ShipmentCreationArgumentsInterface | None = None) -> int:
        conn = self.conn
        o = order_row(conn, order_id, lock=True)
        if o.state in _FROZEN:
            raise LocalizedException(NO_SHIPMENT)
        chosen = _chosen(orders.item_rows(conn, order_id), items, orders.to_ship, "shipment", NO_SHIPMENT)
        for t in tracks or ():
            if not (t.track_number or "").strip():
                raise InputException.required("track_number")
        stamp = orders.now(self.ctx)
        shipment_id = conn.execute(insert(shipment_t).values(
            order_id=order_id, total_qty=sum((q for _, q in chosen.values()), ZERO),
            created_at=stamp)).inserted_primary_key[0]
        _numbered(conn, shipment_t, shipment_id)
        conn.execute(insert(shipment_item_t), [{"parent_id": shipment_id, "order_item_id": row.item_id, "qty": qty}
                                               for row, qty in chosen.values()])
        for row, qty in chosen.values():
            conn.execute(update(item_t).where(item_t.c.item_id == row.item_id).values(
                qty_shipped=row.qty_shipped + qty, updated_at=stamp))
        if tracks:
            conn.execute(insert(track_t), [{"parent_id": shipment_id, "order_id": order_id,
                                            "track_number": t.track_number.strip(), "title": t.title,
                                            "carrier_code": t.carrier_code, "created_at": stamp} for t in tracks])
        _comment(self.ctx, o, comment, append_comment, notify, "shipment", shipment_id)
        _settle(self.ctx, o, {})
        events.dispatch(self.ctx, "sales_order_shipment_save_after", order_id=order_id, shipment_id=shipment_id)
        return shipment_id


_refunded_items_of = (select(creditmemo_item_t.c.order_item_id, func.sum(creditmemo_item_t.c.qty))
                      .join(creditmemo_t, creditmemo_t.c.entity_id == creditmemo_item_t.c.parent_id)
                      .where(creditmemo_t.c.invoice_id == bindparam("invoice"))
                      .group_by(creditmemo_item_t.c.order_item_id))
_refunded_totals_of = select(func.sum(creditmemo_t.c.shipping_amount), func.sum(creditmemo_t.c.grand_total)).where(
    creditmemo_t.c.invoice_id == bindparam("invoice"))
_invoice_items_of = select(invoice_item_t.c.order_item_id, invoice_item_t.c.qty).where(
    invoice_item_t.c.parent_id == bindparam("invoice"))


def _refunded_on(conn, invoice_id: int) -> tuple[dict[int, Decimal], Decimal, Decimal]:
    """What the credit memos of an invoice took: {order item id: qty}, their shipping, their total."""
    qty = {item_id: dec(total) for item_id, total in conn.execute(_refunded_items_of, {"invoice": invoice_id})}
    shipping, grand = conn.execute(_refunded_totals_of, {"invoice": invoice_id}).one()
    return qty, dec(shipping), dec(grand)


_invoice_by_id = select(invoice_t).where(invoice_t.c.entity_id == bindparam("id"))
_module_refunds_of = select(creditmemo_t.c.module_refunds).where(creditmemo_t.c.order_id == bindparam("order"),
                                                                creditmemo_t.c.module_refunds.is_not(None))


@dataclass(frozen=True)
class Refunded:
    """What ``refund`` wrote: the credit memo and what went to store credit of what was asked."""
    creditmemo_id: int
    grand_total: Decimal
    store_credit: Decimal


def _refund(ctx, order_id: int, invoice_id: int | None, items, notify: bool, append_comment: bool, comment,
            arguments: CreditmemoCreationArgumentsInterface | None) -> int:
    return refund(ctx, order_id, invoice_id, items, notify, append_comment, comment, arguments).creditmemo_id


def refund(ctx, order_id: int, invoice_id: int | None, items, notify: bool, append_comment: bool, comment,
           arguments: CreditmemoCreationArgumentsInterface | None,
           to_store_credit: Decimal | str | None = None) -> Refunded:
    """Write a credit memo of an order (or of one of its invoices) and hand it to the refund handlers;
    ``to_store_credit`` (an amount, or ``"all"``: the credit memo's total) goes to the handlers declared
    ``store_credit="true"`` as ``Refund.to_store_credit``."""
    conn = ctx.conn
    o = order_row(conn, order_id, lock=True)
    rows = orders.item_rows(conn, order_id)
    available = orders.refundable(o)
    shipping_left = o.shipping_invoiced - o.shipping_refunded
    left: Callable = orders.to_refund
    if invoice_id is not None:  # no more than the invoice holds, less what its credit memos took
        invoiced = {r.order_item_id: dec(r.qty) for r in conn.execute(_invoice_items_of, {"invoice": invoice_id})}
        taken, shipping_taken, grand_taken = _refunded_on(conn, invoice_id)
        invoice = conn.execute(_invoice_by_id, {"id": invoice_id}).one()
        available = min(available, invoice.grand_total - grand_taken)
        shipping_left = min(shipping_left, invoice.shipping_amount - shipping_taken)

        def left(row) -> Decimal:
            return max(ZERO, min(orders.to_refund(row), invoiced.get(row.item_id, ZERO) - taken.get(row.item_id, ZERO)))
    if o.state in _FROZEN or (available <= 0 and not any(left(i) > 0 for i in rows)):
        raise LocalizedException(NO_CREDITMEMO)
    args = arguments or CreditmemoCreationArgumentsInterface()
    if args.shipping_amount is not None:
        shipping = cents(args.shipping_amount)
        if shipping < 0 or shipping > shipping_left:
            raise InputException.invalid_value("shipping_amount", args.shipping_amount)
    else:
        shipping = shipping_left
    plus, minus = cents(args.adjustment_positive or 0), cents(args.adjustment_negative or 0)
    if plus < 0 or minus < 0:
        raise InputException.invalid_value("adjustment_positive" if plus < 0 else "adjustment_negative",
                                           args.adjustment_positive if plus < 0 else args.adjustment_negative)
    try:
        chosen = _chosen(rows, items, left, "creditmemo", NO_CREDITMEMO)
    except LocalizedException as e:
        if e.message != NO_CREDITMEMO or not (shipping or plus):
            raise
        chosen = {}
    nothing_left = all(left(i) - chosen.get(i.item_id, (i, ZERO))[1] <= 0 for i in rows)
    stamp = orders.now(ctx)
    subtotal = discount = qty_total = ZERO
    lines, returned = [], {}
    back_to_stock = set((args.extension_attributes.return_to_stock_items or [])
                        if args.extension_attributes else [])
    for row, qty in chosen.values():
        last = row.qty_refunded + qty >= row.qty_invoiced
        line_total = _share(row.row_invoiced, row.amount_refunded, qty, row.qty_invoiced, last)
        line_discount = _share(row.discount_invoiced, row.discount_refunded, qty, row.qty_invoiced, last)
        subtotal, discount, qty_total = subtotal + line_total, discount + line_discount, qty_total + qty
        lines.append({"order_item_id": row.item_id, "qty": qty, "row_total": line_total,
                      "discount_amount": line_discount})
        conn.execute(update(item_t).where(item_t.c.item_id == row.item_id).values(
            qty_refunded=row.qty_refunded + qty, amount_refunded=row.amount_refunded + line_total,
            discount_refunded=row.discount_refunded + line_discount, updated_at=stamp))
        if row.item_id in back_to_stock and row.product_id is not None:
            returned[row.product_id] = returned.get(row.product_id, ZERO) + qty
    shipping_discount = o.shipping_discount_amount if shipping == shipping_left and shipping_left else ZERO
    discount = -discount - shipping_discount
    if nothing_left and shipping == shipping_left:
        grand = available + plus - minus  # the last refund: whatever was paid and is still held
    else:
        grand = subtotal + discount + shipping + plus - minus
    if grand < 0 or (grand == 0 and not refund_handlers()):
        raise LocalizedException(NOT_POSITIVE)
    if grand > available:
        raise LocalizedException(MAX_REFUND, [f"{max(available, ZERO):.2f}"])
    creditmemo_id = conn.execute(insert(creditmemo_t).values(
        order_id=order_id, invoice_id=invoice_id, total_qty=qty_total, subtotal=subtotal, discount_amount=discount,
        shipping_amount=shipping, tax_amount=ZERO, adjustment_positive=plus, adjustment_negative=minus,
        grand_total=grand, created_at=stamp)).inserted_primary_key[0]
    _numbered(conn, creditmemo_t, creditmemo_id)
    if lines:
        conn.execute(insert(creditmemo_item_t), [{**line, "parent_id": creditmemo_id} for line in lines])
    credit = ZERO
    if to_store_credit is not None:
        credit = grand if to_store_credit == "all" else cents(Decimal(to_store_credit))
        if credit < 0 or credit > grand:
            raise LocalizedException(MAX_STORE_CREDIT, [f"{grand:.2f}"])
    given_back, credited = _run_refund_handlers(ctx, o, creditmemo_id, invoice_id, grand, chosen, args,
                                                last=nothing_left and shipping == shipping_left, to_store_credit=credit)
    if grand == 0 and given_back <= 0:
        raise LocalizedException(NOT_POSITIVE)
    refunded = dec(o.total_refunded) + grand
    conn.execute(update(payment_t).where(payment_t.c.parent_id == order_id).values(amount_refunded=refunded))
    stock.restore(conn, returned)
    _comment(ctx, o, comment, append_comment, notify, "creditmemo", creditmemo_id)
    _settle(ctx, o, {"total_refunded": refunded, "shipping_refunded": o.shipping_refunded + shipping})
    events.dispatch(ctx, "sales_order_creditmemo_save_after", order_id=order_id, creditmemo_id=creditmemo_id)
    return Refunded(creditmemo_id, grand, min(credit, credited))


def _run_refund_handlers(ctx, o, creditmemo_id: int, invoice_id: int | None, grand: Decimal, chosen: dict,
                         args: CreditmemoCreationArgumentsInterface, last: bool,
                         to_store_credit: Decimal = ZERO) -> tuple[Decimal, Decimal]:
    """Call every declared refund handler and record what each gave back; answers the sum, and what the
    store-credit handlers gave back."""
    handlers = refund_handlers()
    if not handlers:
        return ZERO, ZERO
    credit_codes = store_credit_handlers()
    conn = ctx.conn
    earlier: dict[str, Decimal] = {}
    for (given,) in conn.execute(_module_refunds_of, {"order": o.entity_id}):
        for code, amount in orders.json_value(given).items():
            earlier[code] = earlier.get(code, ZERO) + Decimal(amount)
    sent = args.extension_attributes.sent() if args.extension_attributes else {}
    adjustments = {k: Decimal(v) for k, v in (orders.json_value(o.adjustments) or {}).items()}
    quantities = {row.item_id: qty for row, qty in chosen.values()}
    recorded: dict[str, str] = {}
    for code, handler in handlers:
        amount = handler(ctx, Refund(
            order_id=o.entity_id, increment_id=o.increment_id, customer_id=o.customer_id, store_id=o.store_id,
            creditmemo_id=creditmemo_id, invoice_id=invoice_id, grand_total=grand, items=dict(quantities),
            last=last, adjustments=dict(adjustments), returned=earlier.get(code, ZERO), arguments=dict(sent),
            to_store_credit=to_store_credit if code in credit_codes else ZERO))
        if amount is None or amount == 0:
            continue
        amount = cents(amount)
        if amount < 0:
            raise ValueError(f"refund handler {code} answered a negative amount {amount}")
        recorded[code] = str(amount)
    if recorded:
        conn.execute(update(creditmemo_t).where(creditmemo_t.c.entity_id == creditmemo_id)
                     .values(module_refunds=orders.json_text(recorded)))
    return (sum((Decimal(v) for v in recorded.values()), ZERO),
            sum((Decimal(v) for k, v in recorded.items() if k in credit_codes), ZERO))


class RefundOrder(Service):
    interface = "Magento\\Sales\\Api\\RefundOrderInterface"
    summary = "Refunding orders"

    def execute(self, order_id: int, items: list[CreditmemoItemCreationInterface] | None = None,
                notify: bool = False, append_comment: bool = False,
                comment: CreditmemoCommentCreationInterface | None = None,
                arguments: CreditmemoCreationArgumentsInterface | None = None) -> int:
        return _refund(self.ctx, order_id, None, items, notify, append_comment, comment, arguments)


class RefundInvoice(Service):
    interface = "Magento\\Sales\\Api\\RefundInvoiceInterface"
    summary = "Refunding invoices"

    def execute(self, invoice_id: int, items: list[CreditmemoItemCreationInterface] | None = None,
                is_online: bool = False, notify: bool = False, append_comment: bool = False,
                comment: CreditmemoCommentCreationInterface | None = None,
                arguments: CreditmemoCreationArgumentsInterface | None = None) -> int:
        """Refund (part of) one invoice: its items and shipping, never more than it was paid."""
        invoice = self.conn.execute(_invoice_by_id, {"id": invoice_id}).first()
        if invoice is None:
            raise orders.not_found()
        if is_online:
            raise LocalizedException(NO_ONLINE_REFUND)
        return _refund(self.ctx, invoice.order_id, invoice.entity_id, items, notify, append_comment, comment,
                       arguments)
