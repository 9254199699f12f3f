"""Sales tables: orders with their items, addresses, payment and comments; invoices, shipments and
credit memos with their items; the order-number sequence.

Amounts are Numeric(20, 4) and quantities Numeric(12, 4), as the platform keeps them. Lists and free
maps (street lines, payment additional information, module amounts, item extension data) are JSON
text: they are only ever read back whole.
"""
from sqlalchemy import (Column, DateTime, ForeignKey, Index, Integer, Numeric, SmallInteger, String, Table, Text,
                        UniqueConstraint)

from ...framework.db import metadata


def _money(name: str, nullable: bool = False) -> Column:
    return Column(name, Numeric(20, 4), nullable=nullable, default=None if nullable else 0)


def _qty(name: str) -> Column:
    return Column(name, Numeric(12, 4), nullable=False, default=0)


# The last order number handed out per store view; taken with one UPDATE that locks the row.
sequence = Table(
    "sales_sequence_order", metadata,
    Column("store_id", Integer, primary_key=True, autoincrement=False),
    Column("last_value", Integer, nullable=False, default=0),
)

order = Table(
    "sales_order", metadata,
    Column("entity_id", Integer, primary_key=True, autoincrement=True),
    Column("increment_id", String(32), nullable=False),
    Column("state", String(32), nullable=False),
    Column("status", String(32), nullable=False),
    Column("hold_before_state", String(32), nullable=True),
    Column("hold_before_status", String(32), nullable=True),
    Column("store_id", Integer, nullable=False),
    Column("quote_id", Integer, nullable=True),
    Column("customer_id", Integer, nullable=True),
    Column("customer_email", String(255), nullable=False),
    Column("customer_firstname", String(255), nullable=True),
    Column("customer_lastname", String(255), nullable=True),
    Column("customer_is_guest", SmallInteger, nullable=False, default=0),
    Column("customer_group_id", Integer, nullable=False, default=0),
    Column("customer_note", Text, nullable=True),
    _money("subtotal"),
    _money("discount_amount"),
    _money("shipping_discount_amount"),
    Column("discount_description", String(255), nullable=True),
    Column("coupon_code", String(255), nullable=True),
    Column("applied_rule_ids", String(255), nullable=True),
    _money("shipping_amount"),
    Column("shipping_method", String(120), nullable=True),
    Column("shipping_description", String(255), nullable=True),
    _money("tax_amount"),
    # the tax package's figures (migration 0020_tax): the shipping's tax, the amounts including tax, the
    # tax a discount on prices including tax took off, and how much tax the documents moved
    _money("shipping_tax_amount"),
    _money("subtotal_incl_tax", nullable=True),
    _money("shipping_incl_tax", nullable=True),
    _money("discount_tax_compensation_amount"),
    _money("tax_invoiced"),
    _money("tax_refunded"),
    _money("grand_total"),
    _money("total_paid", nullable=True),
    _money("total_invoiced", nullable=True),
    _money("total_refunded", nullable=True),
    _money("total_canceled", nullable=True),
    _money("total_due"),
    _money("shipping_invoiced"),
    _money("shipping_refunded"),
    _qty("total_qty_ordered"),
    Column("total_item_count", Integer, nullable=False, default=0),
    Column("weight", Numeric(12, 4), nullable=True),
    Column("adjustments", Text, nullable=True),  # JSON {collector code: amount} of module totals
    Column("extension", Text, nullable=True),    # JSON {code: value} collectors set for the order's extension attributes
    Column("created_at", DateTime, nullable=False),
    Column("updated_at", DateTime, nullable=False),
    UniqueConstraint("store_id", "increment_id"),
    Index("ix_sales_order_customer_id", "customer_id"),
    Index("ix_sales_order_customer_email", "customer_email"),
    Index("ix_sales_order_status", "status"),
    Index("ix_sales_order_created_at", "created_at"),
)

order_item = Table(
    "sales_order_item", metadata,
    Column("item_id", Integer, primary_key=True, autoincrement=True),
    Column("order_id", Integer, ForeignKey("sales_order.entity_id", ondelete="CASCADE"), nullable=False),
    Column("quote_item_id", Integer, nullable=True),
    Column("product_id", Integer, nullable=True),
    Column("sku", String(64), nullable=False),
    Column("name", String(255), nullable=False),
    Column("product_type", String(32), nullable=False),
    Column("is_virtual", SmallInteger, nullable=False, default=0),
    _qty("qty_ordered"),
    _qty("qty_invoiced"),
    _qty("qty_shipped"),
    _qty("qty_refunded"),
    _qty("qty_canceled"),
    _money("price"),
    _money("original_price"),
    _money("row_total"),
    _money("discount_amount"),
    Column("discount_percent", Numeric(12, 4), nullable=False, default=0),
    _money("tax_amount"),
    Column("tax_percent", Numeric(12, 4), nullable=False, default=0),
    # (migration 0020_tax)
    _money("price_incl_tax", nullable=True),
    _money("row_total_incl_tax", nullable=True),
    _money("discount_tax_compensation_amount"),
    _money("tax_invoiced"),
    _money("tax_refunded"),
    _money("discount_tax_compensation_invoiced"),
    _money("discount_tax_compensation_refunded"),
    _money("row_invoiced"),
    _money("discount_invoiced"),
    _money("amount_refunded"),
    _money("discount_refunded"),
    Column("weight", Numeric(12, 4), nullable=True),
    Column("applied_rule_ids", String(255), nullable=True),
    Column("extension", Text, nullable=True),  # JSON: the cart item's module data
    Column("created_at", DateTime, nullable=False),
    Column("updated_at", DateTime, nullable=False),
    Index("ix_sales_order_item_order_id", "order_id"),
)

order_address = Table(
    "sales_order_address", metadata,
    Column("entity_id", Integer, primary_key=True, autoincrement=True),
    Column("parent_id", Integer, ForeignKey("sales_order.entity_id", ondelete="CASCADE"), nullable=False),
    Column("address_type", String(16), nullable=False),
    Column("quote_address_id", Integer, nullable=True),
    Column("customer_address_id", Integer, nullable=True),
    Column("firstname", String(255), nullable=True),
    Column("lastname", String(255), nullable=True),
    Column("company", String(255), nullable=True),
    Column("street", Text, nullable=True),  # JSON list of lines
    Column("city", String(255), nullable=True),
    Column("region", String(255), nullable=True),
    Column("region_id", Integer, nullable=True),
    Column("region_code", String(32), nullable=True),
    Column("postcode", String(255), nullable=True),
    Column("country_id", String(2), nullable=True),
    Column("telephone", String(255), nullable=True),
    Column("email", String(255), nullable=True),
    UniqueConstraint("parent_id", "address_type"),
)

order_payment = Table(
    "sales_order_payment", metadata,
    Column("entity_id", Integer, primary_key=True, autoincrement=True),
    Column("parent_id", Integer, ForeignKey("sales_order.entity_id", ondelete="CASCADE"), nullable=False,
           unique=True),
    Column("method", String(128), nullable=False),
    _money("amount_ordered"),
    _money("amount_paid", nullable=True),
    _money("amount_refunded", nullable=True),
    Column("po_number", String(64), nullable=True),
    Column("additional_information", Text, nullable=True),  # JSON list of strings
)

status_history = Table(
    "sales_order_status_history", metadata,
    Column("entity_id", Integer, primary_key=True, autoincrement=True),
    Column("parent_id", Integer, ForeignKey("sales_order.entity_id", ondelete="CASCADE"), nullable=False),
    Column("comment", Text, nullable=True),
    Column("status", String(32), nullable=True),
    Column("is_customer_notified", SmallInteger, nullable=True),
    Column("is_visible_on_front", SmallInteger, nullable=False, default=0),
    Column("entity_name", String(32), nullable=False, default="order"),
    Column("document_id", Integer, nullable=True),  # the invoice, shipment or credit memo it was added with
    Column("created_at", DateTime, nullable=False),
    Index("ix_sales_order_status_history_parent_id", "parent_id"),
    Index("ix_sales_order_status_history_document", "entity_name", "document_id"),
)


def _document(name: str, *amounts: str, extra: tuple[Column, ...] = ()) -> Table:
    """An invoice, shipment or credit memo: a header row per order event."""
    return Table(
        name, metadata,
        Column("entity_id", Integer, primary_key=True, autoincrement=True),
        Column("order_id", Integer, ForeignKey("sales_order.entity_id", ondelete="CASCADE"), nullable=False),
        Column("increment_id", String(32), nullable=True),  # the entity id on nine digits, written with the row
        _qty("total_qty"),
        *(_money(a) for a in amounts),
        *extra,
        Column("created_at", DateTime, nullable=False),
        Index(f"ix_{name}_order_id", "order_id"),
        Index(f"ix_{name}_increment_id", "increment_id"),
    )


def _document_items(name: str, parent: str, *amounts: str) -> Table:
    return Table(
        name, metadata,
        Column("entity_id", Integer, primary_key=True, autoincrement=True),
        Column("parent_id", Integer, ForeignKey(f"{parent}.entity_id", ondelete="CASCADE"), nullable=False),
        Column("order_item_id", Integer, ForeignKey("sales_order_item.item_id", ondelete="CASCADE"), nullable=False),
        _qty("qty"),
        *(_money(a) for a in amounts),
        Index(f"ix_{name}_parent_id", "parent_id"),
    )


invoice = _document("sales_invoice", "subtotal", "discount_amount", "shipping_amount", "tax_amount", "grand_total",
                    # (migration 0020_tax)
                    "shipping_tax_amount", "discount_tax_compensation_amount")
invoice_item = _document_items("sales_invoice_item", "sales_invoice", "row_total", "discount_amount",
                               "tax_amount", "discount_tax_compensation_amount")
shipment = _document("sales_shipment")
shipment_item = _document_items("sales_shipment_item", "sales_shipment")
creditmemo = _document("sales_creditmemo", "subtotal", "discount_amount", "shipping_amount", "tax_amount",
                       "adjustment_positive", "adjustment_negative", "grand_total",
                       "shipping_tax_amount", "discount_tax_compensation_amount",  # (migration 0020_tax)
                       extra=(Column("invoice_id", Integer, ForeignKey("sales_invoice.entity_id", ondelete="SET NULL"),
                                     nullable=True),
                              # JSON {refund handler code: amount}: what modules gave back (store credit, ...)
                              Column("module_refunds", Text, nullable=True)))
creditmemo_item = _document_items("sales_creditmemo_item", "sales_creditmemo", "row_total", "discount_amount",
                                  "tax_amount", "discount_tax_compensation_amount")

shipment_track = Table(
    "sales_shipment_track", metadata,
    Column("entity_id", Integer, primary_key=True, autoincrement=True),
    Column("parent_id", Integer, ForeignKey("sales_shipment.entity_id", ondelete="CASCADE"), nullable=False),
    Column("order_id", Integer, ForeignKey("sales_order.entity_id", ondelete="CASCADE"), nullable=False),
    Column("track_number", Text, nullable=False),
    Column("title", String(255), nullable=True),
    Column("carrier_code", String(32), nullable=True),
    Column("created_at", DateTime, nullable=False),
    Index("ix_sales_shipment_track_parent_id", "parent_id"),
)
