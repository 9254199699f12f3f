"""The platform's newsletter subscriber records (``newsletter_subscriber``)."""
from sqlalchemy import Column, DateTime, ForeignKey, Integer, SmallInteger, String, Table, UniqueConstraint

from ...framework.db import metadata

newsletter_subscriber = Table(
    "newsletter_subscriber", metadata,
    Column("subscriber_id", Integer, primary_key=True),
    Column("store_id", Integer, ForeignKey("store.store_id"), nullable=False),
    # a customer has one record; a guest's has none (linked when an account with the address subscribes)
    Column("customer_id", Integer, ForeignKey("customer_entity.id", ondelete="CASCADE"), nullable=True,
           unique=True),
    Column("subscriber_email", String(255), nullable=False),  # kept in lower case
    Column("subscriber_status", SmallInteger, nullable=False),
    Column("change_status_at", DateTime, nullable=True),
    UniqueConstraint("store_id", "subscriber_email"),
)
