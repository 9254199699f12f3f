"""Catalog tables: products, the websites they are sold in, their stock, categories, the options of
select attributes and special prices.

Product custom attributes are one JSON text column: they are stored and echoed, and read by the cart
price rules' product conditions, never filtered in SQL. A product's ``category_ids`` are the rows of
``catalog_category_product`` (shown among the custom attributes).
"""
from sqlalchemy import Boolean, Column, DateTime, ForeignKey, Index, Integer, Numeric, String, Table, Text

from ...framework.db import metadata

product = Table(
    "catalog_product_entity", metadata,
    Column("entity_id", Integer, primary_key=True, autoincrement=True),
    Column("sku", String(64), nullable=False, unique=True),
    Column("name", String(255), nullable=False),
    Column("attribute_set_id", Integer, nullable=False, default=4),
    Column("type_id", String(32), nullable=False, default="simple"),
    Column("price", Numeric(20, 4), nullable=False),
    Column("status", Integer, nullable=False, default=1),
    Column("visibility", Integer, nullable=False, default=4),
    Column("weight", Numeric(12, 4), nullable=True),
    Column("custom_attributes", Text, nullable=False, default="[]"),
    Column("created_at", DateTime, nullable=False),
    Column("updated_at", DateTime, nullable=False),
    Index("ix_catalog_product_entity_name", "name"),
)

product_website = Table(
    "catalog_product_website", metadata,
    Column("product_id", Integer, ForeignKey("catalog_product_entity.entity_id", ondelete="CASCADE"),
           primary_key=True),
    Column("website_id", Integer, primary_key=True),
)

stock_item = Table(
    "cataloginventory_stock_item", metadata,
    Column("product_id", Integer, ForeignKey("catalog_product_entity.entity_id", ondelete="CASCADE"),
           primary_key=True),
    Column("qty", Numeric(20, 4), nullable=False, default=0),
    Column("is_in_stock", Boolean, nullable=False, default=True),
    # each setting applies when its use_config_* flag is off; otherwise the configuration's value does
    Column("use_config_min_qty", Boolean, nullable=False, default=True),
    Column("min_qty", Numeric(20, 4), nullable=False, default=0),
    Column("use_config_min_sale_qty", Boolean, nullable=False, default=True),
    Column("min_sale_qty", Numeric(20, 4), nullable=False, default=1),
    Column("use_config_max_sale_qty", Boolean, nullable=False, default=True),
    Column("max_sale_qty", Numeric(20, 4), nullable=False, default=10000),
    Column("use_config_backorders", Boolean, nullable=False, default=True),
    Column("backorders", Integer, nullable=False, default=0),
    Column("use_config_notify_stock_qty", Boolean, nullable=False, default=True),
    Column("notify_stock_qty", Numeric(20, 4), nullable=False, default=1),
    Column("use_config_manage_stock", Boolean, nullable=False, default=True),
    Column("manage_stock", Boolean, nullable=False, default=True),
)

# --- categories: a tree kept as materialised paths ("1/2/5"); id 1 is the root of every tree, id 2 the
# store's root ("Default Category"), both seeded by the revision.
category = Table(
    "catalog_category_entity", metadata,
    Column("entity_id", Integer, primary_key=True, autoincrement=True),
    Column("parent_id", Integer, nullable=False, default=0),
    Column("path", String(255), nullable=False, default=""),
    Column("position", Integer, nullable=False, default=0),
    Column("level", Integer, nullable=False, default=0),
    Column("name", String(255), nullable=False),
    Column("is_active", Boolean, nullable=False, default=True),
    Column("include_in_menu", Boolean, nullable=False, default=True),
    Column("available_sort_by", Text, nullable=True),
    Column("custom_attributes", Text, nullable=False, default="[]"),
    Column("created_at", DateTime, nullable=False),
    Column("updated_at", DateTime, nullable=False),
    Index("ix_catalog_category_entity_parent_id", "parent_id"),
    Index("ix_catalog_category_entity_path", "path"),
)

# A product's categories. ``category_id`` has no foreign key: a product's ``category_ids`` attribute may
# name a category that does not exist (yet); deleting a category removes its links itself.
category_product = Table(
    "catalog_category_product", metadata,
    Column("category_id", Integer, primary_key=True),
    Column("product_id", Integer, ForeignKey("catalog_product_entity.entity_id", ondelete="CASCADE"),
           primary_key=True),
    Column("position", Integer, nullable=False, default=0),
    Index("ix_catalog_category_product_product_id", "product_id"),
)

# --- options of the select attributes (color, size, manufacturer, ...), with a label per store view
attribute_option = Table(
    "eav_attribute_option", metadata,
    Column("option_id", Integer, primary_key=True, autoincrement=True),
    Column("attribute_code", String(64), nullable=False),
    Column("sort_order", Integer, nullable=False, default=0),
    Column("is_default", Boolean, nullable=False, default=False),
    Index("ix_eav_attribute_option_attribute_code", "attribute_code"),
)

attribute_option_value = Table(
    "eav_attribute_option_value", metadata,
    Column("option_id", Integer, ForeignKey("eav_attribute_option.option_id", ondelete="CASCADE"),
           primary_key=True),
    Column("store_id", Integer, primary_key=True),
    Column("value", String(255), nullable=False),
)

# --- special prices: one per product and store view (0: every store view), active between two dates
special_price = Table(
    "catalog_product_special_price", metadata,
    Column("product_id", Integer, ForeignKey("catalog_product_entity.entity_id", ondelete="CASCADE"),
           primary_key=True),
    Column("store_id", Integer, primary_key=True),
    Column("price", Numeric(20, 4), nullable=False),
    Column("price_from", DateTime, nullable=True),
    Column("price_to", DateTime, nullable=True),
)
