"""Product tab tables. A change here needs a revision: `vdcommerce db revision --package customtabs -m "..."`.

A tab's global columns live in ``vendor_customtabs_tabs``; what a store view may set for itself (name,
title, anchor, position, status, customer groups, content, the product blocks) lives in
``vendor_customtabs_tabs_content``: store 0 holds the defaults, a store view's row only what it sets
itself (NULL: use the default).
"""
from sqlalchemy import Column, DateTime, ForeignKey, Index, Integer, String, Table, Text

from ...framework.db import metadata

tabs = Table(
    "vendor_customtabs_tabs", metadata,
    Column("tab_id", Integer, primary_key=True, autoincrement=True),
    Column("is_active", Integer, nullable=False, default=1),
    Column("conditions_serialized", Text, nullable=False, default=""),
    Column("type", Integer, nullable=False, default=0),
    Column("module_name", String(255), nullable=False, default=""),
    Column("name_in_layout", String(255), nullable=False, default=""),
    Column("created_at", DateTime, nullable=False),
    Column("updated_at", DateTime, nullable=False),
)

tabs_content = Table(
    "vendor_customtabs_tabs_content", metadata,
    Column("tab_id", Integer, ForeignKey("vendor_customtabs_tabs.tab_id", ondelete="CASCADE"), primary_key=True),
    Column("store_id", Integer, ForeignKey("store.store_id", ondelete="CASCADE"), primary_key=True),
    Column("status", Integer),
    Column("tab_name", String(255)),
    Column("tab_title", String(255)),
    Column("anchor", String(255)),
    Column("sort_order", Integer),
    Column("customer_groups", String(255)),
    Column("content", Text),
    Column("related_enabled", Integer),
    Column("upsell_enabled", Integer),
    Column("crosssell_enabled", Integer),
    Index("ix_vendor_customtabs_tabs_content_store_id", "store_id"),
)
