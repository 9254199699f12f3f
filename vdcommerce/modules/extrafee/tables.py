"""Extra fee tables. A change here needs a revision: `vdcommerce db revision --package extrafee -m "..."`.

- ``vendor_extrafee_fee``: one row per fee (its settings and its two condition trees as text);
- ``vendor_extrafee_fee_group`` / ``vendor_extrafee_fee_store``: the customer groups and store views a
  fee applies to (store 0: every store view);
- ``vendor_extrafee_option``: the options of a fee, each with its price, price type and labels (JSON
  ``{store view id: label}``);
- ``vendor_extrafee_quote``: the options a cart selected, one row per (fee, option); a row with no
  option is the placeholder that says the fee was offered to the cart (its defaults were applied once).
"""
from sqlalchemy import Boolean, Column, ForeignKey, Index, Integer, Numeric, String, Table, Text, UniqueConstraint

from ...framework.db import metadata

fee = Table(
    "vendor_extrafee_fee", metadata,
    Column("entity_id", Integer, primary_key=True, autoincrement=True),
    Column("enabled", Boolean, nullable=False, default=True),
    Column("name", String(255), nullable=False),
    Column("description", Text, nullable=False, default=""),
    Column("frontend_type", String(16), nullable=False),
    Column("discount_in_subtotal", Integer, nullable=False, default=2),
    Column("shipping_in_subtotal", Integer, nullable=False, default=2),
    Column("conditions_serialized", Text, nullable=False, default=""),
    Column("sort_order", Integer, nullable=False, default=0),
    Column("required", Boolean, nullable=False, default=False),
    Column("per_product", Boolean, nullable=False, default=False),
    Column("product_conditions_serialized", Text, nullable=False, default=""),
)

fee_group = Table(
    "vendor_extrafee_fee_group", metadata,
    Column("fee_id", Integer, ForeignKey("vendor_extrafee_fee.entity_id", ondelete="CASCADE"), primary_key=True),
    Column("group_id", Integer, primary_key=True, autoincrement=False),
)

fee_store = Table(
    "vendor_extrafee_fee_store", metadata,
    Column("fee_id", Integer, ForeignKey("vendor_extrafee_fee.entity_id", ondelete="CASCADE"), primary_key=True),
    Column("store_id", Integer, primary_key=True, autoincrement=False),
)

option = Table(
    "vendor_extrafee_option", metadata,
    Column("entity_id", Integer, primary_key=True, autoincrement=True),
    Column("fee_id", Integer, ForeignKey("vendor_extrafee_fee.entity_id", ondelete="CASCADE"), nullable=False),
    Column("price", Numeric(12, 4), nullable=False, default=0),
    Column("sort_order", Integer, nullable=False, default=0),
    Column("price_type", String(16), nullable=False, default="fixed"),
    Column("is_default", Boolean, nullable=False, default=False),
    Column("admin", String(255), nullable=False),
    Column("labels", Text, nullable=False, default="{}"),
    Index("ix_vendor_extrafee_option_fee_id", "fee_id"),
)

quote_fee = Table(
    "vendor_extrafee_quote", metadata,
    Column("entity_id", Integer, primary_key=True, autoincrement=True),
    Column("quote_id", Integer, nullable=False),
    Column("fee_id", Integer, ForeignKey("vendor_extrafee_fee.entity_id", ondelete="CASCADE"), nullable=False),
    Column("option_id", Integer, ForeignKey("vendor_extrafee_option.entity_id", ondelete="CASCADE"), nullable=True),
    UniqueConstraint("quote_id", "fee_id", "option_id", name="uq_vendor_extrafee_quote_selection"),
    Index("ix_vendor_extrafee_quote_quote_id", "quote_id"),
)
