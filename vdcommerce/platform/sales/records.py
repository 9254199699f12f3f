"""Invoices, shipments and credit memos read back: ``GET /V1/invoices``, ``/V1/invoices/:id``,
``/V1/invoices/:id/comments``, ``/V1/shipments``, ``/V1/shipment/:id``, ``/V1/shipment/:id/comments``,
``/V1/creditmemos``, ``/V1/creditmemo/:id`` and ``/V1/creditmemo/:id/comments``.

A document is written once, when it is created (``documents.py``), and never changes, so its
``updated_at`` is its ``created_at``; its ``increment_id`` is its entity id on nine digits. Invoices
are paid when they are created (state 2, paid) and credit memos refunded offline (state 2, refunded).
The lists go through the declared list filters (``hooks.py``); reads by id do not.
"""
from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import ColumnElement, Select, Table, bindparam, func, select

from ...framework import extensions
from ...framework.context import Context, Service
from ...framework.exceptions import NoSuchEntityException
from ...framework.search import SearchCriteria, SearchField, search, search_limits
from ..quote.totals import ZERO, cents
from . import hooks
from .api import (CreditmemoCommentInterface, CreditmemoCommentSearchResultInterface, CreditmemoExtensionInterface,
                  CreditmemoInterface, CreditmemoItemInterface, CreditmemoSearchResultInterface,
                  InvoiceCommentInterface, InvoiceCommentSearchResultInterface, InvoiceExtensionInterface,
                  InvoiceInterface, InvoiceItemInterface, InvoiceSearchResultInterface, ShipmentCommentInterface,
                  ShipmentCommentSearchResultInterface, ShipmentExtensionInterface, ShipmentInterface,
                  ShipmentItemInterface, ShipmentSearchResultInterface, ShipmentTrackInterface)
from .orders import CURRENCY, NOT_FOUND, json_value
from .tables import creditmemo as creditmemo_t
from .tables import creditmemo_item as creditmemo_item_t
from .tables import invoice as invoice_t
from .tables import invoice_item as invoice_item_t
from .tables import order as order_t
from .tables import order_address as address_t
from .tables import order_item as item_t
from .tables import shipment as shipment_t
from .tables import shipment_item as shipment_item_t
from .tables import shipment_track as track_t
from .tables import status_history as history_t

INVOICE_PAID = 2
CREDITMEMO_REFUNDED = 2
CREDITMEMO_INTERFACE = "Magento\\Sales\\Api\\Data\\CreditmemoInterface"
INVOICE_INTERFACE = "Magento\\Sales\\Api\\Data\\InvoiceInterface"
SHIPMENT_INTERFACE = "Magento\\Sales\\Api\\Data\\ShipmentInterface"

_ids = bindparam("ids", expanding=True)


def _not_found() -> NoSuchEntityException:
    return NoSuchEntityException(NOT_FOUND)


def _base(table: Table) -> Select[Any]:
    """A document's row with the order's store view and customer."""
    return (select(table, order_t.c.store_id, order_t.c.customer_id)
            .join(order_t, order_t.c.entity_id == table.c.order_id))


def _fields(table: Table, names: dict[str, str]) -> dict[str, SearchField]:
    out = {name: SearchField(table.c[name], kind) for name, kind in names.items()}
    out["increment_id"] = SearchField(table.c.increment_id)
    out["store_id"] = SearchField(order_t.c.store_id, "int")
    out["updated_at"] = out["created_at"]
    return out


_MONEY = ("subtotal", "discount_amount", "shipping_amount", "tax_amount", "grand_total")
INVOICE_FIELDS = _fields(invoice_t, {"entity_id": "int", "order_id": "int", "total_qty": "float",
                                     **{m: "float" for m in _MONEY}, "created_at": "datetime"})
SHIPMENT_FIELDS = _fields(shipment_t, {"entity_id": "int", "order_id": "int", "total_qty": "float",
                                       "created_at": "datetime"})
SHIPMENT_FIELDS["customer_id"] = SearchField(order_t.c.customer_id, "int")
CREDITMEMO_FIELDS = _fields(creditmemo_t, {"entity_id": "int", "order_id": "int", "invoice_id": "int",
                                           "total_qty": "float", **{m: "float" for m in _MONEY},
                                           "adjustment_positive": "float", "adjustment_negative": "float",
                                           "created_at": "datetime"})

_INVOICES, _SHIPMENTS, _CREDITMEMOS = _base(invoice_t), _base(shipment_t), _base(creditmemo_t)
_BY_ID = {t.name: base.where(t.c.entity_id == bindparam("id"))
          for t, base in ((invoice_t, _INVOICES), (shipment_t, _SHIPMENTS), (creditmemo_t, _CREDITMEMOS))}


def _items_of(table: Table) -> Select[Any]:
    """The items of a kind of document with their order items' facts, in item order."""
    return (select(table, item_t.c.product_id, item_t.c.sku, item_t.c.name, item_t.c.price,
                   item_t.c.qty_ordered, item_t.c.tax_amount.label("item_tax"), item_t.c.weight,
                   item_t.c.price_incl_tax.label("item_price_incl_tax"))
            .join(item_t, item_t.c.item_id == table.c.order_item_id)
            .where(table.c.parent_id.in_(_ids)).order_by(table.c.entity_id))


_ITEMS = {t.name: _items_of(t) for t in (invoice_item_t, shipment_item_t, creditmemo_item_t)}
_ADDRESS_IDS = select(address_t.c.parent_id, address_t.c.address_type, address_t.c.entity_id).where(
    address_t.c.parent_id.in_(_ids))
_COMMENTS = (select(history_t).where(history_t.c.entity_name == bindparam("kind"), history_t.c.document_id.in_(_ids))
             .order_by(history_t.c.entity_id))
_TRACKS = select(track_t).where(track_t.c.parent_id.in_(_ids)).order_by(track_t.c.entity_id)
_REFUNDED = (select(creditmemo_t.c.invoice_id, func.sum(creditmemo_t.c.grand_total))
             .where(creditmemo_t.c.invoice_id.in_(_ids)).group_by(creditmemo_t.c.invoice_id))


def _item_rows(conn: Any, table: Table, ids: list[int]) -> dict[int, list]:
    out: dict[int, list] = {i: [] for i in ids}
    for r in conn.execute(_ITEMS[table.name], {"ids": ids}):
        out[r.parent_id].append(r)
    return out


def _addresses(conn: Any, order_ids: list[int]) -> dict[int, dict[str, int]]:
    out: dict[int, dict[str, int]] = {}
    for r in conn.execute(_ADDRESS_IDS, {"ids": order_ids}):
        out.setdefault(r.parent_id, {})[r.address_type] = r.entity_id
    return out


def _comments(conn: Any, kind: str, ids: list[int]) -> dict[int, list]:
    out: dict[int, list] = {i: [] for i in ids}
    for r in conn.execute(_COMMENTS, {"kind": kind, "ids": ids}):
        out[r.document_id].append(r)
    return out


def _line(row: Any) -> dict[str, Any]:
    """A document line's money as its data object shows it: its own tax, and its amounts including tax
    (the row's before any discount, as the order item's)."""
    price_incl = row.item_price_incl_tax if row.item_price_incl_tax is not None \
        else cents(row.price + (row.item_tax / row.qty_ordered if row.qty_ordered else ZERO))
    row_incl = cents(price_incl * row.qty) if row.item_price_incl_tax is not None else row.row_total + row.tax_amount
    return dict(price=row.price, base_price=row.price, row_total=row.row_total, base_row_total=row.row_total,
                discount_amount=row.discount_amount, base_discount_amount=row.discount_amount,
                tax_amount=row.tax_amount, base_tax_amount=row.tax_amount,
                discount_tax_compensation_amount=row.discount_tax_compensation_amount,
                base_discount_tax_compensation_amount=row.discount_tax_compensation_amount,
                price_incl_tax=price_incl, base_price_incl_tax=price_incl, row_total_incl_tax=row_incl,
                base_row_total_incl_tax=row_incl)


def _head_tax(r: Any) -> dict[str, Any]:
    """A document's tax fields: the shipping's tax and the amounts including tax."""
    subtotal_incl = r.subtotal + (r.tax_amount - r.shipping_tax_amount)
    shipping_incl = r.shipping_amount + r.shipping_tax_amount
    return dict(subtotal_incl_tax=subtotal_incl, base_subtotal_incl_tax=subtotal_incl,
                shipping_amount=r.shipping_amount, base_shipping_amount=r.shipping_amount,
                shipping_incl_tax=shipping_incl, base_shipping_incl_tax=shipping_incl,
                shipping_tax_amount=r.shipping_tax_amount, base_shipping_tax_amount=r.shipping_tax_amount,
                tax_amount=r.tax_amount, base_tax_amount=r.tax_amount,
                discount_tax_compensation_amount=r.discount_tax_compensation_amount,
                base_discount_tax_compensation_amount=r.discount_tax_compensation_amount)


def _comment_fields(c: Any) -> dict[str, Any]:
    return {"entity_id": c.entity_id, "parent_id": c.document_id, "comment": c.comment,
            "is_customer_notified": c.is_customer_notified, "is_visible_on_front": c.is_visible_on_front,
            "created_at": c.created_at}


# --------------------------------------------------------------------------- writing them out

def invoices_out(ctx: Context, rows: list) -> list[InvoiceInterface]:
    conn = ctx.conn
    ids = [r.entity_id for r in rows]
    if not ids:
        return []
    items = _item_rows(conn, invoice_item_t, ids)
    comments = _comments(conn, "invoice", ids)
    addresses = _addresses(conn, list({r.order_id for r in rows}))
    refunded: dict[int, Decimal] = dict(conn.execute(_REFUNDED, {"ids": ids}).tuples().all())  # type: ignore[arg-type]
    declared = extensions.load(ctx, INVOICE_INTERFACE, ids)
    out = []
    for r in rows:
        lines = [InvoiceItemInterface.of(
            entity_id=i.entity_id, parent_id=i.parent_id, order_item_id=i.order_item_id, product_id=i.product_id,
            sku=i.sku, name=i.name, qty=i.qty, **_line(i)) for i in items[r.entity_id]]
        address = addresses.get(r.order_id, {})
        out.append(InvoiceInterface.of(
            entity_id=r.entity_id, increment_id=r.increment_id, order_id=r.order_id, store_id=r.store_id,
            state=INVOICE_PAID, billing_address_id=address.get("billing"),
            shipping_address_id=address.get("shipping"), base_currency_code=CURRENCY, order_currency_code=CURRENCY,
            global_currency_code=CURRENCY, store_currency_code=CURRENCY, subtotal=r.subtotal,
            base_subtotal=r.subtotal, discount_amount=r.discount_amount, base_discount_amount=r.discount_amount,
            **_head_tax(r), grand_total=r.grand_total, base_grand_total=r.grand_total,
            base_total_refunded=refunded.get(r.entity_id), is_used_for_refund=int(r.entity_id in refunded),
            can_void_flag=0, total_qty=r.total_qty, created_at=r.created_at, updated_at=r.created_at, items=lines,
            comments=[InvoiceCommentInterface.of(**_comment_fields(c)) for c in comments[r.entity_id]],
            extension_attributes=InvoiceExtensionInterface.of(**declared.get(r.entity_id, {}))))
    return out


def shipments_out(ctx: Context, rows: list) -> list[ShipmentInterface]:
    conn = ctx.conn
    ids = [r.entity_id for r in rows]
    if not ids:
        return []
    items = _item_rows(conn, shipment_item_t, ids)
    comments = _comments(conn, "shipment", ids)
    addresses = _addresses(conn, list({r.order_id for r in rows}))
    tracks: dict[int, list] = {i: [] for i in ids}
    for t in conn.execute(_TRACKS, {"ids": ids}):
        tracks[t.parent_id].append(t)
    declared = extensions.load(ctx, SHIPMENT_INTERFACE, ids)
    out = []
    for r in rows:
        lines = items[r.entity_id]
        weighed = [i.weight * i.qty for i in lines if i.weight is not None]
        address = addresses.get(r.order_id, {})
        out.append(ShipmentInterface.of(
            entity_id=r.entity_id, increment_id=r.increment_id, order_id=r.order_id, store_id=r.store_id,
            customer_id=r.customer_id, billing_address_id=address.get("billing"),
            shipping_address_id=address.get("shipping"), total_qty=r.total_qty,
            total_weight=sum(weighed, ZERO) if weighed else None, created_at=r.created_at, updated_at=r.created_at,
            items=[ShipmentItemInterface.of(
                entity_id=i.entity_id, parent_id=i.parent_id, order_item_id=i.order_item_id, product_id=i.product_id,
                sku=i.sku, name=i.name, qty=i.qty, price=i.price, weight=i.weight) for i in lines],
            tracks=[ShipmentTrackInterface.of(
                entity_id=t.entity_id, parent_id=t.parent_id, order_id=t.order_id, track_number=t.track_number,
                title=t.title, carrier_code=t.carrier_code, created_at=t.created_at) for t in tracks[r.entity_id]],
            packages=[],
            comments=[ShipmentCommentInterface.of(**_comment_fields(c)) for c in comments[r.entity_id]],
            extension_attributes=ShipmentExtensionInterface.of(**declared.get(r.entity_id, {}))))
    return out


def module_refunds(row: Any) -> dict[str, Decimal]:
    """{refund handler code: amount} of what modules gave back on a credit memo row."""
    return {code: Decimal(amount) for code, amount in (json_value(row.module_refunds) or {}).items()}


def creditmemos_out(ctx: Context, rows: list) -> list[CreditmemoInterface]:
    conn = ctx.conn
    ids = [r.entity_id for r in rows]
    if not ids:
        return []
    items = _item_rows(conn, creditmemo_item_t, ids)
    comments = _comments(conn, "creditmemo", ids)
    addresses = _addresses(conn, list({r.order_id for r in rows}))
    declared = extensions.load(ctx, CREDITMEMO_INTERFACE, ids)
    shown = extensions.codes_kept_by_owner(CREDITMEMO_INTERFACE)
    out = []
    for r in rows:
        extension: dict[str, Any] = {code: amount for code, amount in module_refunds(r).items() if code in shown}
        extension.update(declared.get(r.entity_id, {}))
        lines = [CreditmemoItemInterface.of(
            entity_id=i.entity_id, parent_id=i.parent_id, order_item_id=i.order_item_id, product_id=i.product_id,
            sku=i.sku, name=i.name, qty=i.qty, **_line(i)) for i in items[r.entity_id]]
        address = addresses.get(r.order_id, {})
        out.append(CreditmemoInterface.of(
            entity_id=r.entity_id, increment_id=r.increment_id, order_id=r.order_id,
            invoice_id=r.invoice_id, store_id=r.store_id, state=CREDITMEMO_REFUNDED,
            billing_address_id=address.get("billing"), shipping_address_id=address.get("shipping"),
            base_currency_code=CURRENCY, order_currency_code=CURRENCY, global_currency_code=CURRENCY,
            store_currency_code=CURRENCY, subtotal=r.subtotal, base_subtotal=r.subtotal,
            discount_amount=r.discount_amount, base_discount_amount=r.discount_amount, **_head_tax(r),
            adjustment=r.adjustment_positive - r.adjustment_negative,
            adjustment_positive=r.adjustment_positive, base_adjustment_positive=r.adjustment_positive,
            adjustment_negative=r.adjustment_negative, base_adjustment_negative=r.adjustment_negative,
            grand_total=r.grand_total, base_grand_total=r.grand_total, created_at=r.created_at,
            updated_at=r.created_at, items=lines,
            comments=[CreditmemoCommentInterface.of(**_comment_fields(c)) for c in comments[r.entity_id]],
            extension_attributes=CreditmemoExtensionInterface.of(**extension)))
    return out


# --------------------------------------------------------------------------- services

def _one(ctx: Context, table: Table, document_id: int) -> Any:
    row = ctx.conn.execute(_BY_ID[table.name], {"id": document_id}).first()
    if row is None:
        raise _not_found()
    return row


def _page(ctx: Context, kind: str, base: Select[Any], table: Table, criteria: SearchCriteria,
          fields: dict[str, SearchField]) -> Any:
    conditions: list[ColumnElement[bool]] = hooks.list_conditions(ctx, kind, table.c.order_id)
    return search(ctx.conn, base.where(*conditions) if conditions else base, criteria, fields, table.c.entity_id,
                  search_limits(ctx))


def _comment_results(ctx: Context, kind: str, document_id: int, item: Any, results: Any) -> Any:
    rows = _comments(ctx.conn, kind, [document_id])[document_id]
    items = [item.of(**_comment_fields(c)) for c in rows]
    return results.of(items=items, search_criteria=SearchCriteria.of(filter_groups=[]), total_count=len(items))


class InvoiceRepository(Service):
    interface = "Magento\\Sales\\Api\\InvoiceRepositoryInterface"
    summary = "Invoices"

    def get(self, id: int) -> InvoiceInterface:  # noqa: A002 - the platform's parameter name
        return invoices_out(self.ctx, [_one(self.ctx, invoice_t, id)])[0]

    def get_list(self, search_criteria: SearchCriteria) -> InvoiceSearchResultInterface:
        page = _page(self.ctx, "invoice", _INVOICES, invoice_t, search_criteria, INVOICE_FIELDS)
        return InvoiceSearchResultInterface.of(items=invoices_out(self.ctx, page.rows),
                                               search_criteria=page.criteria, total_count=page.total_count)


class InvoiceManagement(Service):
    interface = "Magento\\Sales\\Api\\InvoiceManagementInterface"
    summary = "Invoice comments"

    def get_comments_list(self, id: int) -> InvoiceCommentSearchResultInterface:  # noqa: A002
        _one(self.ctx, invoice_t, id)
        return _comment_results(self.ctx, "invoice", id, InvoiceCommentInterface, InvoiceCommentSearchResultInterface)


class ShipmentRepository(Service):
    interface = "Magento\\Sales\\Api\\ShipmentRepositoryInterface"
    summary = "Shipments"

    def get(self, id: int) -> ShipmentInterface:  # noqa: A002
        return shipments_out(self.ctx, [_one(self.ctx, shipment_t, id)])[0]

    def get_list(self, search_criteria: SearchCriteria) -> ShipmentSearchResultInterface:
        page = _page(self.ctx, "shipment", _SHIPMENTS, shipment_t, search_criteria, SHIPMENT_FIELDS)
        return ShipmentSearchResultInterface.of(items=shipments_out(self.ctx, page.rows),
                                                search_criteria=page.criteria, total_count=page.total_count)


class ShipmentManagement(Service):
    interface = "Magento\\Sales\\Api\\ShipmentManagementInterface"
    summary = "Shipment comments"

    def get_comments_list(self, id: int) -> ShipmentCommentSearchResultInterface:  # noqa: A002
        _one(self.ctx, shipment_t, id)
        return _comment_results(self.ctx, "shipment", id, ShipmentCommentInterface,
                                ShipmentCommentSearchResultInterface)


class CreditmemoRepository(Service):
    interface = "Magento\\Sales\\Api\\CreditmemoRepositoryInterface"
    summary = "Credit memos"

    def get(self, id: int) -> CreditmemoInterface:  # noqa: A002
        return creditmemos_out(self.ctx, [_one(self.ctx, creditmemo_t, id)])[0]

    def get_list(self, search_criteria: SearchCriteria) -> CreditmemoSearchResultInterface:
        page = _page(self.ctx, "creditmemo", _CREDITMEMOS, creditmemo_t, search_criteria, CREDITMEMO_FIELDS)
        return CreditmemoSearchResultInterface.of(items=creditmemos_out(self.ctx, page.rows),
                                                  search_criteria=page.criteria, total_count=page.total_count)


class CreditmemoManagement(Service):
    interface = "Magento\\Sales\\Api\\CreditmemoManagementInterface"
    summary = "Credit memo comments"

    def get_comments_list(self, id: int) -> CreditmemoCommentSearchResultInterface:  # noqa: A002
        _one(self.ctx, creditmemo_t, id)
        return _comment_results(self.ctx, "creditmemo", id, CreditmemoCommentInterface,
                                CreditmemoCommentSearchResultInterface)
