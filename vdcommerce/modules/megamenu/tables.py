"""The mega menu tables: custom links, the content of menu nodes per store view, node positions."""
from sqlalchemy import Boolean, Column, ForeignKey, Index, Integer, String, Table, Text, UniqueConstraint

from ...framework.db import metadata

link = Table(
    "vendor_menu_link", metadata,
    Column("entity_id", Integer, primary_key=True, autoincrement=True),
    Column("parent_id", Integer, nullable=False, default=0),
    Column("path", String(255), nullable=True, default="0/"),
    Column("level", Integer, nullable=False, default=0),
    Column("page_id", Integer, nullable=False, default=0),
)

#: one row per menu node (``type`` category or custom, ``entity_id``) and store view; store 0: defaults
item = Table(
    "vendor_menu_item_content", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("entity_id", Integer, nullable=False),
    Column("type", String(16), nullable=False),
    Column("store_id", Integer, ForeignKey("store.store_id", ondelete="CASCADE"), nullable=False, default=0),
    Column("name", String(255), nullable=False, default=""),
    Column("label", String(255), nullable=False, default=""),
    Column("label_text_color", String(255), nullable=False, default=""),
    Column("label_background_color", String(255), nullable=False, default=""),
    Column("status", Integer, nullable=True),
    Column("link", String(255), nullable=False, default=""),
    Column("link_type", Integer, nullable=False, default=0),
    Column("use_default", String(255), nullable=True),
    Column("content", Text, nullable=True),
    Column("width", Integer, nullable=True),
    Column("width_value", Integer, nullable=True),
    Column("column_count", Integer, nullable=True),
    Column("icon", String(255), nullable=True),
    Column("submenu_type", Integer, nullable=True),
    Column("subcategories_position", Integer, nullable=True),
    Column("hide_content", Boolean, nullable=True),
    Column("desktop_font", Integer, nullable=True),
    Column("mobile_font", Integer, nullable=True),
    UniqueConstraint("type", "entity_id", "store_id"),
    Index("ix_vendor_menu_item_content_store_id", "store_id"),
)

#: where a custom link sits among its parent's children (the storefront's order)
position = Table(
    "vendor_menu_position", metadata,
    Column("type", String(16), primary_key=True),
    Column("entity_id", Integer, primary_key=True),
    Column("parent_id", Integer, nullable=False),
    Column("position", Integer, nullable=False),
    Index("ix_vendor_menu_position_parent_id", "parent_id"),
)
