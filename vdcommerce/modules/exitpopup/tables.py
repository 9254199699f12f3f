"""Exit popup tables. A change here needs a revision: `vdcommerce db revision --package exitpopup -m "..."`."""
from sqlalchemy import Column, DateTime, Integer, String, Table

from ...framework.db import metadata

log = Table(
    "vendor_exitpopup_log", metadata,
    Column("entity_id", Integer, primary_key=True, autoincrement=True),
    Column("email", String(255), nullable=False),
    Column("store_id", Integer, nullable=False),
    Column("customer_id", Integer, nullable=True),
    Column("subscriber_id", Integer, nullable=False),
    Column("promo_type", String(16), nullable=False),
    Column("freebie", String(255), nullable=False, default=""),
    Column("message_id", Integer, nullable=True),
    Column("created_at", DateTime, nullable=False),
)
