"""Product attachment tables: the files and their values per store view.

A file's global columns (kind, stored file, link, type, size, key, download count) are in
``vendor_product_attachment_file``; what a store view may change (name, label, customer groups,
visibility, the "include in order" flag, the product and category ids) is in
``vendor_product_attachment_file_store``, store 0 holding the defaults. Customer groups and product
and category ids are comma-separated: they are only read back or matched as sets.
"""
from sqlalchemy import Boolean, Column, DateTime, ForeignKey, Index, Integer, String, Table, Text

from ...framework.db import metadata

attachment_file = Table(
    "vendor_product_attachment_file", metadata,
    Column("file_id", Integer, primary_key=True, autoincrement=True),
    Column("attachment_type", Integer, nullable=False, default=0),
    Column("filepath", String(255), nullable=True),
    Column("link", String(2048), nullable=True),
    Column("extension", String(32), nullable=True),
    Column("mime_type", String(255), nullable=True),
    Column("size", Integer, nullable=True),
    Column("url_hash", String(32), nullable=False),
    Column("media_file_id", Integer, ForeignKey("media_file.file_id", ondelete="SET NULL"), nullable=True),
    Column("downloads", Integer, nullable=False, default=0),
)

attachment_file_store = Table(
    "vendor_product_attachment_file_store", metadata,
    Column("file_id", Integer, ForeignKey("vendor_product_attachment_file.file_id", ondelete="CASCADE",
                                       name="fk_vendor_product_attachment_file_store_file_id"),
           primary_key=True),
    Column("store_id", Integer, ForeignKey("store.store_id", ondelete="CASCADE",
                                                   name="fk_vendor_product_attachment_file_store_store_id"), primary_key=True),
    Column("filename", String(255)),
    Column("label", String(255)),
    Column("customer_groups", String(255)),
    Column("is_visible", Boolean),
    Column("include_in_order", Boolean),
    Column("product_ids", Text),
    Column("category_ids", Text),
)

# uploads waiting to be attached to a file, by their temporary name (removed when attached or expired)
attachment_upload = Table(
    "vendor_product_attachment_upload", metadata,
    Column("temporary_name", String(255), primary_key=True),
    Column("media_file_id", Integer, ForeignKey("media_file.file_id", ondelete="CASCADE"), nullable=False),
    Column("created_at", DateTime, nullable=False),
    Index("ix_vendor_product_attachment_upload_created_at", "created_at"),
)
