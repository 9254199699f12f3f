"""Shop-by-page tables: the page and the store views it is shown in.

``categories`` keeps the page's category ids comma-joined (null or ``0``: every category) and
``conditions`` the filter combination as JSON text, as the module has always stored them; the store
views are a link table (store 0: every store view). A change here needs a revision:
`vdcommerce db revision --package shopbypage -m "..."`.
"""
from sqlalchemy import Column, ForeignKey, Index, Integer, String, Table, Text

from ...framework.db import metadata

page = Table(
    "vendor_shopbypage_page", metadata,
    Column("page_id", Integer, primary_key=True, autoincrement=True),
    Column("position", String(16), nullable=False, default="replace"),
    Column("url", String(255), nullable=True),
    Column("title", Text, nullable=True),
    Column("description", Text, nullable=True),
    Column("meta_title", Text, nullable=True),
    Column("meta_keywords", Text, nullable=True),
    Column("meta_description", Text, nullable=True),
    Column("conditions", Text, nullable=True),
    Column("categories", Text, nullable=True),
    Column("top_block_id", String(64), nullable=True),
    Column("bottom_block_id", String(64), nullable=True),
    Column("image", String(255), nullable=True),
    Column("tag_robots", String(32), nullable=True),
)

page_store = Table(
    "vendor_shopbypage_page_store", metadata,
    Column("page_id", Integer, ForeignKey("vendor_shopbypage_page.page_id", ondelete="CASCADE"), primary_key=True),
    Column("store_id", Integer, ForeignKey("store.store_id", ondelete="CASCADE"), primary_key=True),
    Index("ix_vendor_shopbypage_page_store_store_id", "store_id"),
)
