"""Landing page tables: the page, its store views, its product index, its URL rewrites and the
category listings that dynamic pages replace.

A change here needs a revision: `vdcommerce db revision --package xlanding -m "..."`.
Product and category ids are kept without a foreign key to the catalog (another package's tables):
the module drops a deleted product's rows itself, on the catalog's delete event.
"""
from sqlalchemy import (Column, DateTime, ForeignKey, Index, Integer, SmallInteger, String, Table, Text,
                        UniqueConstraint)

from ...framework.db import metadata

page = Table(
    "vendor_xlanding_page", metadata,
    Column("page_id", Integer, primary_key=True, autoincrement=True),
    Column("title", String(255), nullable=True),
    Column("identifier", String(255), nullable=True),
    Column("is_active", SmallInteger, nullable=False, default=1),
    Column("dynamic_category_id", String(32), nullable=False, default=""),
    Column("sort_order", Integer, nullable=False, default=0),
    Column("creation_time", DateTime, nullable=True),
    Column("update_time", DateTime, nullable=True),
    Column("page_layout", String(64), nullable=True),
    Column("layout_columns_count", String(16), nullable=True),
    Column("layout_include_navigation", SmallInteger, nullable=False, default=1),
    Column("layout_heading", String(255), nullable=True),
    Column("layout_file", String(255), nullable=True),
    Column("layout_file_alt", String(255), nullable=True),
    Column("layout_top_description", Text, nullable=True),
    Column("layout_bottom_description", Text, nullable=True),
    Column("layout_static_top", String(255), nullable=True),
    Column("layout_static_bottom", String(255), nullable=True),
    Column("default_sort_by", String(64), nullable=True),
    Column("layout_update_xml", Text, nullable=True),
    Column("conditions_serialized", Text, nullable=True),
    Column("meta_data", Text, nullable=True),
    Index("ix_vendor_xlanding_page_identifier", "identifier"),
    Index("ix_vendor_xlanding_page_dynamic", "is_active", "dynamic_category_id"),
)

page_store = Table(
    "vendor_xlanding_page_store", metadata,
    Column("page_id", Integer, ForeignKey("vendor_xlanding_page.page_id", ondelete="CASCADE"), primary_key=True),
    Column("store_id", Integer, ForeignKey("store.store_id", ondelete="CASCADE"), primary_key=True),
    Index("ix_vendor_xlanding_page_store_store_id", "store_id"),
)

page_product = Table(
    "vendor_xlanding_page_product", metadata,
    Column("page_id", Integer, ForeignKey("vendor_xlanding_page.page_id", ondelete="CASCADE"), primary_key=True),
    Column("product_id", Integer, primary_key=True),
    Column("position", Integer, nullable=False, default=0),
    Index("ix_vendor_xlanding_page_product_product_id", "product_id"),
)

url_rewrite = Table(
    "vendor_xlanding_url_rewrite", metadata,
    Column("url_rewrite_id", Integer, primary_key=True, autoincrement=True),
    Column("page_id", Integer, ForeignKey("vendor_xlanding_page.page_id", ondelete="CASCADE"), nullable=False),
    Column("store_id", Integer, ForeignKey("store.store_id", ondelete="CASCADE"), nullable=False),
    Column("request_path", String(255), nullable=False),
    Column("target_path", String(255), nullable=False),
    UniqueConstraint("request_path", "store_id", name="uq_vendor_xlanding_url_rewrite_path_store"),
    Index("ix_vendor_xlanding_url_rewrite_page_id", "page_id"),
)

category_product = Table(
    "vendor_xlanding_category_product", metadata,
    Column("category_id", Integer, primary_key=True),
    Column("product_id", Integer, primary_key=True),
    Column("page_id", Integer, ForeignKey("vendor_xlanding_page.page_id", ondelete="CASCADE"), nullable=False),
    Column("position", Integer, nullable=False, default=0),
    Index("ix_vendor_xlanding_category_product_page_id", "page_id"),
    Index("ix_vendor_xlanding_category_product_product_id", "product_id"),
)
