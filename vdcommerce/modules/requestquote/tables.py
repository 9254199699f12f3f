"""Request-a-quote tables: one row per quote request (keyed by its cart) and the per-line quote data.

A change here needs a revision: `vdcommerce db revision --package requestquote -m "..."`."""
from sqlalchemy import Column, DateTime, ForeignKey, Integer, Numeric, SmallInteger, String, Table, Text

from ...framework.db import metadata

vendor_quote = Table(
    "vendor_quote", metadata,
    Column("quote_id", Integer, ForeignKey("quote.id", ondelete="CASCADE"), primary_key=True, autoincrement=False),
    Column("customer_name", String(255), nullable=True),
    Column("increment_id", String(255), nullable=True, index=True),
    Column("status", SmallInteger, nullable=False, default=0, index=True),
    Column("remarks", Text, nullable=True),            # JSON {"customer_note": ..., "admin_note": ...}
    Column("expired_date", DateTime, nullable=True),
    Column("reminder_date", DateTime, nullable=True),
    Column("submited_date", DateTime, nullable=True),
    Column("admin_notification_send", Integer, nullable=False, default=0),
    Column("discount", Numeric(12, 4), nullable=True),
    Column("surcharge", Numeric(12, 4), nullable=True),
    Column("reminder_send", Integer, nullable=False, default=0),
    Column("shipping_can_modified", Integer, nullable=False, default=1),
    Column("shipping_configured", Integer, nullable=False, default=0),
    Column("custom_fee", Numeric(12, 4), nullable=True),
    Column("custom_method_enabled", Integer, nullable=False, default=0),
    Column("sum_original_price", Integer, nullable=True),
)

# The quote data of a cart line (notes, requested and negotiated prices): the line's additional data.
vendor_quote_item = Table(
    "vendor_quote_item", metadata,
    Column("item_id", Integer, ForeignKey("quote_item.item_id", ondelete="CASCADE"), primary_key=True,
           autoincrement=False),
    Column("quote_id", Integer, ForeignKey("quote.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("additional_data", Text, nullable=True),    # JSON object
)
