"""Store pickup tables: the pickup methods, the store views each is offered in, and its per-store-view
title and comment. A change here needs a revision: `vdcommerce db revision --package storepickup -m "..."`."""
from sqlalchemy import Boolean, Column, ForeignKey, Index, Integer, Numeric, String, Table, Text

from ...framework.db import metadata

method = Table(
    "vendor_storepick_method", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(255), nullable=False),
    Column("is_active", Boolean, nullable=False, default=True),
    Column("price", Numeric(12, 4), nullable=False, default=0),
    Column("comment", Text, nullable=False, default=""),
    Column("comment_image", String(255), nullable=True),
)

method_store = Table(
    "vendor_storepick_store", metadata,
    Column("method_id", Integer, ForeignKey("vendor_storepick_method.id", ondelete="CASCADE"), primary_key=True),
    Column("store_id", Integer, ForeignKey("store.store_id", ondelete="CASCADE"), primary_key=True),
    Index("ix_vendor_storepick_store_store_id", "store_id"),
)

method_label = Table(
    "vendor_storepick_label", metadata,
    Column("method_id", Integer, ForeignKey("vendor_storepick_method.id", ondelete="CASCADE"), primary_key=True),
    Column("store_id", Integer, ForeignKey("store.store_id", ondelete="CASCADE"), primary_key=True),
    Column("label", String(255), nullable=False, default=""),
    Column("comment", Text, nullable=False, default=""),
)
