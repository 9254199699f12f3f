"""Quickorder tables. A change here needs a revision: `vdcommerce db revision --package quickorder -m "..."`."""
from sqlalchemy import Boolean, Column, Integer, String, Table

from ...framework.db import metadata

entity = Table(
    "vendor_quickorder_entity", metadata,
    Column("entity_id", Integer, primary_key=True, autoincrement=True),
    Column("title", String(255), nullable=False),
    Column("is_active", Boolean, nullable=False, default=True),
    Column("sort_order", Integer, nullable=False, default=0),
)
