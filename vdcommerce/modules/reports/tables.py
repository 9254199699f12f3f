"""Advanced Reports tables: report rules and the rule -> product index.

A change here needs a revision: `vdcommerce db revision --package reports -m "..."`.
The index holds product ids without a foreign key to the catalog (the catalog is another package's);
the module removes a deleted product's rows itself, on the catalog's delete event.
"""
from sqlalchemy import Column, DateTime, ForeignKey, Index, Integer, String, Table, Text

from ...framework.db import metadata

rule = Table(
    "vendor_reports_rule", metadata,
    Column("entity_id", Integer, primary_key=True, autoincrement=True),
    Column("title", String(255), nullable=False),
    Column("status", Integer, nullable=False, default=0),
    Column("updated_at", DateTime, nullable=True),
    Column("conditions_serialized", Text, nullable=True),
    Column("pin", Integer, nullable=False, default=0),
    Index("ix_vendor_reports_rule_status", "status"),
)

rule_index = Table(
    "vendor_reports_rule_index", metadata,
    Column("rule_id", Integer, ForeignKey("vendor_reports_rule.entity_id", ondelete="CASCADE"), primary_key=True),
    Column("product_id", Integer, primary_key=True),
    Index("ix_vendor_reports_rule_index_product_id", "product_id"),
)
