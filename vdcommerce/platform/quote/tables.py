"""Cart tables: the cart, its items, its two addresses and its payment.

The cart row keeps the results of the last totals collection (``totals`` is the totals object as the
routes write it, plus a few amounts as columns for searching), so reading totals is one row read.
Masked ids live on the cart row: a guest cart has one for life, and the guest routes find a cart
only while it is active and has no customer.
"""
from sqlalchemy import (Boolean, Column, DateTime, ForeignKey, Index, Integer, Numeric, String, Table, Text,
                        UniqueConstraint)

from ...framework.db import metadata

MONEY = Numeric(20, 4)
QTY = Numeric(12, 4)

quote = Table(
    "quote", metadata,
    Column("id", Integer, primary_key=True),
    Column("masked_id", String(32), nullable=True, unique=True),
    Column("store_id", Integer, ForeignKey("store.store_id"), nullable=False),
    Column("customer_id", Integer, ForeignKey("customer_entity.id", ondelete="SET NULL"), nullable=True),
    Column("customer_group_id", Integer, nullable=False, default=0),
    Column("customer_is_guest", Boolean, nullable=False, default=True),
    Column("customer_email", String(255), nullable=True),
    Column("customer_firstname", String(255), nullable=True),
    Column("customer_lastname", String(255), nullable=True),
    Column("customer_note", Text, nullable=True),
    Column("customer_note_notify", Boolean, nullable=False, default=True),
    Column("is_active", Boolean, nullable=False, default=True),
    Column("is_virtual", Boolean, nullable=False, default=False),
    Column("items_count", Integer, nullable=False, default=0),
    Column("items_qty", QTY, nullable=False, default=0),
    Column("coupon_code", String(255), nullable=True),
    Column("shipping_carrier_code", String(64), nullable=True),
    Column("shipping_method_code", String(64), nullable=True),
    Column("reserved_order_id", String(32), nullable=True),
    Column("orig_order_id", Integer, nullable=True),
    Column("subtotal", MONEY, nullable=False, default=0),
    Column("subtotal_with_discount", MONEY, nullable=False, default=0),
    Column("grand_total", MONEY, nullable=False, default=0),
    Column("applied_rule_ids", String(255), nullable=True),
    Column("totals", Text, nullable=True),       # JSON: the totals object of the last collection
    Column("extension", Text, nullable=True),    # JSON: module cart data (totals.Quote.extension)
    Column("declined_lines", Text, nullable=True),  # JSON: [collector code, key] of lines a client removed
    # ",key,key,": the modules that have written rows of their own for this cart (carts.note_state); a
    # module not named keeps none and need not read. NULL: not known (carts from before the column): read.
    Column("module_state", String(255), nullable=True),
    Column("created_at", DateTime, nullable=False),
    Column("updated_at", DateTime, nullable=False),
    Column("converted_at", DateTime, nullable=True),
    Index("ix_quote_customer_id_is_active", "customer_id", "is_active"),
)

quote_item = Table(
    "quote_item", metadata,
    Column("item_id", Integer, primary_key=True),
    Column("quote_id", Integer, ForeignKey("quote.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("product_id", Integer, nullable=False),
    Column("sku", String(64), nullable=False),
    Column("name", String(255), nullable=True),
    Column("product_type", String(32), nullable=False),
    Column("qty", QTY, nullable=False),
    Column("price", MONEY, nullable=False),
    Column("weight", QTY, nullable=True),
    Column("product_option", Text, nullable=True),   # JSON, as the client sent it
    Column("extension", Text, nullable=True),        # JSON: module item data (totals.Item.extension)
    Column("added_by", String(64), nullable=True),   # the collector that added the line (None: the customer)
    Column("added_key", String(255), nullable=True),  # that collector's key of the line
    Column("created_at", DateTime, nullable=False),
    Column("updated_at", DateTime, nullable=False),
)

quote_address = Table(
    "quote_address", metadata,
    Column("id", Integer, primary_key=True),
    Column("quote_id", Integer, ForeignKey("quote.id", ondelete="CASCADE"), nullable=False),
    Column("address_type", String(10), nullable=False),   # shipping | billing
    Column("customer_id", Integer, nullable=True),
    Column("customer_address_id", Integer, nullable=True),
    Column("email", String(255), nullable=True),
    Column("firstname", String(255), nullable=True),
    Column("lastname", String(255), nullable=True),
    Column("middlename", String(255), nullable=True),
    Column("prefix", String(40), nullable=True),
    Column("suffix", String(40), nullable=True),
    Column("company", String(255), nullable=True),
    Column("street", Text, nullable=True),          # JSON list of lines
    Column("city", String(255), nullable=True),
    Column("region", String(255), nullable=True),
    Column("region_id", Integer, nullable=True),
    Column("region_code", String(32), nullable=True),
    Column("postcode", String(255), nullable=True),
    Column("country_id", String(2), nullable=True),
    Column("telephone", String(255), nullable=True),
    Column("fax", String(255), nullable=True),
    Column("vat_id", String(255), nullable=True),
    Column("same_as_billing", Integer, nullable=False, default=0),
    Column("save_in_address_book", Integer, nullable=False, default=0),
    Column("custom_attributes", Text, nullable=True),
    UniqueConstraint("quote_id", "address_type"),
)

quote_payment = Table(
    "quote_payment", metadata,
    Column("payment_id", Integer, primary_key=True),
    Column("quote_id", Integer, ForeignKey("quote.id", ondelete="CASCADE"), nullable=False, unique=True),
    Column("method", String(255), nullable=True),
    Column("po_number", String(255), nullable=True),
    Column("additional_data", Text, nullable=True),  # JSON list of strings
)
