"""CMS tables, the platform's: pages and blocks, and the store views of each (store 0: every one)."""
from sqlalchemy import Boolean, Column, Date, DateTime, ForeignKey, Index, Integer, String, Table, Text

from ...framework.db import metadata

page = Table(
    "cms_page", metadata,
    Column("page_id", Integer, primary_key=True, autoincrement=True),
    Column("title", String(255), nullable=True),
    Column("page_layout", String(255), nullable=True),
    Column("meta_title", String(255), nullable=True),
    Column("meta_keywords", Text, nullable=True),
    Column("meta_description", Text, nullable=True),
    Column("identifier", String(100), nullable=False),
    Column("content_heading", String(255), nullable=True),
    Column("content", Text, nullable=True),
    Column("creation_time", DateTime, nullable=False),
    Column("update_time", DateTime, nullable=False),
    Column("is_active", Boolean, nullable=False, default=True),
    Column("sort_order", String(255), nullable=True),
    Column("layout_update_xml", Text, nullable=True),
    Column("custom_theme", String(100), nullable=True),
    Column("custom_root_template", String(255), nullable=True),
    Column("custom_layout_update_xml", Text, nullable=True),
    Column("custom_theme_from", Date, nullable=True),
    Column("custom_theme_to", Date, nullable=True),
    Index("ix_cms_page_identifier", "identifier"),
)

page_store = Table(
    "cms_page_store", metadata,
    Column("page_id", Integer, ForeignKey("cms_page.page_id", ondelete="CASCADE"), primary_key=True),
    Column("store_id", Integer, primary_key=True),
    Index("ix_cms_page_store_store_id", "store_id"),
)

block = Table(
    "cms_block", metadata,
    Column("block_id", Integer, primary_key=True, autoincrement=True),
    Column("title", String(255), nullable=True),
    Column("identifier", String(255), nullable=False),
    Column("content", Text, nullable=True),
    Column("creation_time", DateTime, nullable=False),
    Column("update_time", DateTime, nullable=False),
    Column("is_active", Boolean, nullable=False, default=True),
    Index("ix_cms_block_identifier", "identifier"),
)

block_store = Table(
    "cms_block_store", metadata,
    Column("block_id", Integer, ForeignKey("cms_block.block_id", ondelete="CASCADE"), primary_key=True),
    Column("store_id", Integer, primary_key=True),
    Index("ix_cms_block_store_store_id", "store_id"),
)
