"""Finder tables: finders, their dropdowns, the values of each dropdown (a tree through ``parent_id``),
the value -> product map, universal products, and the import queue, history and errors.

A change here needs a revision: `vdcommerce db revision --package finder -m "..."`."""
from sqlalchemy import Column, DateTime, Index, Integer, SmallInteger, String, Table, Text, UniqueConstraint

from ...framework.db import metadata

finder = Table(
    "vendor_finder_finder", metadata,
    Column("finder_id", Integer, primary_key=True, autoincrement=True),
    Column("cnt", Integer, nullable=False, default=0),
    Column("name", String(255), nullable=False),
    Column("template", String(64), nullable=False, default="horizontal"),
    Column("meta_title", String(255), nullable=False, default=""),
    Column("meta_descr", Text, nullable=False, default=""),
    Column("custom_url", String(255), nullable=False, default=""),
    Column("default_category", SmallInteger, nullable=False, default=0),
    Column("position", Integer, nullable=False, default=0),
)

dropdown = Table(
    "vendor_finder_dropdown", metadata,
    Column("dropdown_id", Integer, primary_key=True, autoincrement=True),
    # not a foreign key: clients create dropdowns with finder 0 and attach them later
    Column("finder_id", Integer, nullable=False, default=0, index=True),
    Column("pos", Integer, nullable=False, default=0),
    Column("name", String(255), nullable=False),
    Column("sort", SmallInteger, nullable=False, default=0),
    Column("range", SmallInteger, nullable=False, default=0),
    Column("display_type", SmallInteger, nullable=False, default=0),
)

value = Table(
    "vendor_finder_value", metadata,
    Column("value_id", Integer, primary_key=True, autoincrement=True),
    Column("parent_id", Integer, nullable=False, default=0),
    Column("dropdown_id", Integer, nullable=False),
    Column("name", String(255), nullable=False),
    Column("image", String(255), nullable=True),
    UniqueConstraint("dropdown_id", "parent_id", "name", name="uq_vendor_finder_value_chain"),
    Index("ix_vendor_finder_value_parent_id", "parent_id"),
)

value_map = Table(
    "vendor_finder_map", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("value_id", Integer, nullable=False),
    Column("pid", Integer, nullable=False, index=True),
    Column("sku", String(64), nullable=False),
    UniqueConstraint("value_id", "pid", name="uq_vendor_finder_map_value_pid"),
)

universal = Table(
    "vendor_finder_universal", metadata,
    Column("universal_id", Integer, primary_key=True, autoincrement=True),
    Column("finder_id", Integer, nullable=False, index=True),
    Column("sku", String(64), nullable=False),
    Column("pid", Integer, nullable=False, index=True),
)

# an uploaded file waiting for its run (the queue of imports)
import_log = Table(
    "vendor_finder_import_file_log", metadata,
    Column("file_id", Integer, primary_key=True, autoincrement=True),
    Column("file_name", String(255), nullable=False),
    Column("finder_id", Integer, nullable=False, index=True),
    Column("started_at", DateTime, nullable=True),
    Column("updated_at", DateTime, nullable=True),
    Column("ended_at", DateTime, nullable=True),
    Column("count_lines", Integer, nullable=False, default=0),
    Column("count_processing_lines", Integer, nullable=False, default=0),
    Column("last_start_processing_line", Integer, nullable=False, default=0),
    Column("count_processing_rows", Integer, nullable=False, default=0),
    Column("count_errors", Integer, nullable=False, default=0),
    Column("status", SmallInteger, nullable=False, default=0),
    Column("is_locked", SmallInteger, nullable=False, default=0),
    Column("content", Text, nullable=False),
)

# a finished run
import_history = Table(
    "vendor_finder_import_file_log_history", metadata,
    Column("file_id", Integer, primary_key=True, autoincrement=True),
    Column("file_name", String(255), nullable=False),
    Column("finder_id", Integer, nullable=False, index=True),
    Column("started_at", DateTime, nullable=True),
    Column("updated_at", DateTime, nullable=True),
    Column("ended_at", DateTime, nullable=True),
    Column("count_lines", Integer, nullable=False, default=0),
    Column("count_processing_lines", Integer, nullable=False, default=0),
    Column("count_processing_rows", Integer, nullable=False, default=0),
    Column("count_errors", Integer, nullable=False, default=0),
)

import_error = Table(
    "vendor_finder_import_file_log_errors", metadata,
    Column("error_id", Integer, primary_key=True, autoincrement=True),
    Column("import_file_log_id", Integer, nullable=True, index=True),
    Column("import_file_log_history_id", Integer, nullable=True, index=True),
    Column("created_at", DateTime, nullable=True),
    Column("line", Integer, nullable=False, default=0),
    Column("message", Text, nullable=False, default=""),
)
