"""Invoices, shipments and credit memos (platform.md 9.14): ``POST /V1/order/:orderId/invoice|ship|refund``.

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
"""
from __future__ import annotations

from decimal import Decimal
from typing import Callable

from sqlalchemy import insert, update

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
NOT_POSITIVE = "The credit memo's total must be positive."

# states in which nothing can be invoiced, shipped or refunded whatever the quantities
_FROZEN = ("canceled", "holded", "closed", "payment_review")


def _chosen(items: list, requested, left: Callable, kind: str, refusal: str) -> dict[int, tuple]:
    """{item id: (row, qty)} of the quantities to act on: the request's, or everything left."""
    by_id = {i.item_id: i for i in items}
    chosen: dict[int, tuple] = {}
    if requested:
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


def _share(whole: Decimal, done: Decimal, qty: Decimal, ordered: Decimal, last: bool) -> Decimal:
    """An item's amount for ``qty`` of ``ordered``; the last part takes what ``done`` left over."""
    return whole - done if last else cents(whole * qty / ordered)


def _comment(ctx, o, comment, append: bool, notify: bool, entity_name: str) -> None:
    if append and comment is not None and (comment.comment or "").strip():
        orders.add_history(ctx.conn, o.entity_id, comment.comment.strip(), o.status, notify,
                           int(bool(comment.is_visible_on_front)), entity_name)
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
        stamp = orders.now()
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
        conn.execute(insert(invoice_item_t), [{**line, "parent_id": invoice_id} for line in lines])
        paid = dec(o.total_paid) + grand
        conn.execute(update(payment_t).where(payment_t.c.parent_id == order_id).values(amount_paid=paid))
        _comment(self.ctx, o, comment, append_comment, notify, "invoice")
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
        stamp = orders.now()
        shipment_id = conn.execute(insert(shipment_t).values(
            order_id=order_id, total_qty=sum((q for _, q in chosen.values()), ZERO),
            created_at=stamp)).inserted_primary_key[0]
        conn.execute(insert(shipment_item_t), [{"parent_id": shipment_id, "order_item_id": row.item_id, "qty": qty}
                                               for row, qty in chosen.values()])
        for row, qty in chosen.values():
            conn.execute(update(item_t).where(item_t.c.item_id == row.item_id).values(
                qty_shipped=row.qty_shipped + qty, updated_at=stamp))
        if tracks:
            conn.execute(insert(track_t), [{"parent_id": shipment_id, "order_id": order_id,
                                            "track_number": t.track_number.strip(), "title": t.title,
                                            "carrier_code": t.carrier_code, "created_at": stamp} for t in tracks])
        _comment(self.ctx, o, comment, append_comment, notify, "shipment")
        _settle(self.ctx, o, {})
        events.dispatch(self.ctx, "sales_order_shipment_save_after", order_id=order_id, shipment_id=shipment_id)
        return shipment_id


class RefundOrder(Service):
    interface = "Magento\\Sales\\Api\\RefundOrderInterface"
    summary = "Refunding orders"

    def execute(self, order_id: int, items: list[CreditmemoItemCreationInterface] | None = None,
                notify: bool = False, append_comment: bool = False,
                comment: CreditmemoCommentCreationInterface | None = None,
                arguments: CreditmemoCreationArgumentsInterface | None = None) -> int:
        conn = self.conn
        o = order_row(conn, order_id, lock=True)
        available = orders.refundable(o)
        if o.state in _FROZEN or available <= 0:
            raise LocalizedException(NO_CREDITMEMO)
        args = arguments or CreditmemoCreationArgumentsInterface()
        shipping_left = o.shipping_invoiced - o.shipping_refunded
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
        rows = orders.item_rows(conn, order_id)
        try:
            chosen = _chosen(rows, items, orders.to_refund, "creditmemo", NO_CREDITMEMO)
        except LocalizedException as e:
            if e.message != NO_CREDITMEMO or not (shipping or plus):
                raise
            chosen = {}
        stamp = orders.now()
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
        rows = orders.item_rows(conn, order_id)
        if not any(orders.to_refund(i) > 0 for i in rows) and shipping == shipping_left:
            grand = available + plus - minus  # the last refund: whatever was paid and is still held
        else:
            grand = subtotal + discount + shipping + plus - minus
        if grand <= 0:
            raise LocalizedException(NOT_POSITIVE)
        if grand > available:
            raise LocalizedException(MAX_REFUND, [f"{available:.2f}"])
        creditmemo_id = conn.execute(insert(creditmemo_t).values(
            order_id=order_id, total_qty=qty_total, subtotal=subtotal, discount_amount=discount,
            shipping_amount=shipping, tax_amount=ZERO, adjustment_positive=plus, adjustment_negative=minus,
            grand_total=grand, created_at=stamp)).inserted_primary_key[0]
        if lines:
            conn.execute(insert(creditmemo_item_t), [{**line, "parent_id": creditmemo_id} for line in lines])
        refunded = dec(o.total_refunded) + grand
        conn.execute(update(payment_t).where(payment_t.c.parent_id == order_id).values(amount_refunded=refunded))
        stock.restore(conn, returned)
        _comment(self.ctx, o, comment, append_comment, notify, "creditmemo")
        _settle(self.ctx, o, {"total_refunded": refunded, "shipping_refunded": o.shipping_refunded + shipping})
        events.dispatch(self.ctx, "sales_order_creditmemo_save_after", order_id=order_id,
                        creditmemo_id=creditmemo_id)
        return creditmemo_id
