"""One step checkout tables: what the checkout stores on a cart (one row per cart for the extra fields,
the delivery wish and the gift-wrap fee; one per message for gift messages) and the asset names the
checkout page asks to have bundled. A change here needs a revision:
`vdcommerce db revision --package onestepcheckout -m "..."`."""
from sqlalchemy import (BigInteger, Boolean, Column, DateTime, ForeignKey, Index, Integer, Numeric, String, Table, Text,
                        UniqueConstraint)

from ...framework.db import metadata

quote_fields = Table(
    "vendor_checkout_quote_fields", metadata,
    Column("quote_id", Integer, ForeignKey("quote.id", ondelete="CASCADE"), primary_key=True),
    Column("comment", Text, nullable=True),
    Column("is_subscribe", Boolean, nullable=True),
    Column("is_register", Boolean, nullable=True),
    Column("register_dob", String(10), nullable=True),
    Column("password_hash", String(255), nullable=True),
    Column("inserted_info", Text, nullable=True),
    Column("updated_at", DateTime, nullable=False),
)

gift_message = Table(
    "vendor_checkout_gift_message", metadata,
    Column("message_id", Integer, primary_key=True, autoincrement=True),
    Column("quote_id", Integer, ForeignKey("quote.id", ondelete="CASCADE"), nullable=False),
    Column("item_id", Integer, nullable=False, default=0),
    Column("sender", String(255), nullable=False, default=""),
    Column("recipient", String(255), nullable=False, default=""),
    Column("message", Text, nullable=False, default=""),
    Column("order_id", Integer, nullable=True),
    UniqueConstraint("quote_id", "item_id", name="uq_vendor_checkout_gift_message_quote_item"),
    Index("ix_vendor_checkout_gift_message_order_id", "order_id"),
)

delivery = Table(
    "vendor_checkout_delivery", metadata,
    Column("delivery_id", Integer, primary_key=True, autoincrement=True),
    Column("quote_id", Integer, ForeignKey("quote.id", ondelete="CASCADE"), nullable=True, unique=True),
    Column("order_id", Integer, nullable=True, unique=True),
    Column("date", BigInteger, nullable=True),
    Column("time", Integer, nullable=True),
    Column("comment", Text, nullable=True),
)

gift_wrap_fee = Table(
    "vendor_checkout_gift_wrap_fee", metadata,
    Column("quote_id", Integer, ForeignKey("quote.id", ondelete="CASCADE"), primary_key=True),
    Column("base_amount", Numeric(20, 4), nullable=False),
    Column("amount", Numeric(20, 4), nullable=False),
)

js_bundle = Table(
    "vendor_checkout_js_bundle", metadata,
    Column("file_name", String(255), primary_key=True),
    Column("created_at", DateTime, nullable=False),
)
