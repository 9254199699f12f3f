"""Cancel Order tables. A change here needs a revision: `vdcommerce db revision --package cancelorder -m "..."`.

``vendor_cancelorder`` keeps one record per cancellation (who: ``status`` 0 customer, 1 auto cancel).
``vendor_cancelorder_lock`` holds one row per order the module ever cancelled or tried to: a cancellation
takes its row ``FOR UPDATE`` before it looks at the order, so two cancellations of one order at once
are served one after the other."""
from sqlalchemy import Column, DateTime, ForeignKey, Index, Integer, SmallInteger, Table, Text

from ...framework.db import metadata

cancel_order = Table(
    "vendor_cancelorder", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("order_id", Integer, ForeignKey("sales_order.entity_id", ondelete="CASCADE"), nullable=False),
    Column("reason", Text, nullable=False, default=""),
    Column("comment", Text, nullable=False, default=""),
    Column("status", SmallInteger, nullable=False, default=0),
    Column("created_at", DateTime, nullable=False),
    Index("ix_vendor_cancelorder_order_id", "order_id"),
)

order_lock = Table(
    "vendor_cancelorder_lock", metadata,
    Column("order_id", Integer, ForeignKey("sales_order.entity_id", ondelete="CASCADE"), primary_key=True,
           autoincrement=False),
)
