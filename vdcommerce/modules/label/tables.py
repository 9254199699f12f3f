"""Product label tables: the label, its two display parts, its store views and customer groups.

The tooltip is one per label and lives on the label's row. The display parts (product list, product
page) are rows of their own keyed by the label and the part's type. Store views and customer groups
are link tables.
"""
from sqlalchemy import Boolean, Column, DateTime, ForeignKey, Index, Integer, SmallInteger, String, Table, Text

from ...framework.db import metadata

label = Table(
    "vendor_label", metadata,
    Column("label_id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(255), nullable=False),
    Column("status", SmallInteger, nullable=False, default=0),
    Column("priority", SmallInteger, nullable=False, default=0),
    Column("is_single", Boolean, nullable=False, default=False),
    Column("use_for_parent", Boolean, nullable=False, default=False),
    Column("conditions_serialized", Text, nullable=False, default=""),
    Column("active_from", DateTime, nullable=True),
    Column("active_to", DateTime, nullable=True),
    Column("tooltip_status", SmallInteger, nullable=False, default=1),
    Column("tooltip_color", String(30), nullable=False, default=""),
    Column("tooltip_text_color", String(30), nullable=False, default=""),
    Column("tooltip_text", Text, nullable=False, default=""),
    Index("ix_vendor_label_status_priority", "status", "priority"),
)

label_part = Table(
    "vendor_label_part", metadata,
    Column("label_id", Integer, ForeignKey("vendor_label.label_id", ondelete="CASCADE"), primary_key=True),
    Column("type", SmallInteger, primary_key=True),
    Column("label_text", Text, nullable=False, default=""),
    Column("image", String(255), nullable=True),
    Column("image_size", String(32), nullable=True),
    Column("position", SmallInteger, nullable=False, default=0),
    Column("style", Text, nullable=True),
)

label_store = Table(
    "vendor_label_store", metadata,
    Column("label_id", Integer, ForeignKey("vendor_label.label_id", ondelete="CASCADE"), primary_key=True),
    Column("store_id", Integer, ForeignKey("store.store_id", ondelete="CASCADE"), primary_key=True),
    Index("ix_vendor_label_store_store_id", "store_id"),
)

label_customer_group = Table(
    "vendor_label_customer_group", metadata,
    Column("label_id", Integer, ForeignKey("vendor_label.label_id", ondelete="CASCADE"), primary_key=True),
    Column("customer_group_id", Integer, primary_key=True),
    Index("ix_vendor_label_customer_group_customer_group_id", "customer_group_id"),
)
