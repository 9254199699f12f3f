"""Catalog tables: products, the websites they are sold in, and their stock.

Product custom attributes (``category_ids`` among them) are one JSON text column: they are stored
and echoed, and read by the cart price rules' product conditions, never filtered in SQL.
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
)
