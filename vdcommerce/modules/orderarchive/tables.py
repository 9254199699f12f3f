"""Order archive tables. A change here needs a revision: `vdcommerce db revision --package orderarchive -m "..."`.

One row per archived order. Its invoices, shipments and credit memos follow it through their order
id, so a document written after the order was archived is archived with it."""
from sqlalchemy import Column, DateTime, ForeignKey, Integer, String, Table

from ...framework.db import metadata

archived_order = Table(
    "vendor_orderarchive_order", metadata,
    Column("order_id", Integer, ForeignKey("sales_order.entity_id", ondelete="CASCADE"), primary_key=True,
           autoincrement=False),
    Column("increment_id", String(50), nullable=False),
    Column("archived_at", DateTime, nullable=False),
)
