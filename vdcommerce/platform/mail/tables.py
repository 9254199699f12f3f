"""The outbox: one row per mail message, written in the request's transaction and delivered later."""
from sqlalchemy import Column, DateTime, Index, Integer, String, Table, Text

from ...framework.db import metadata

# statuses of a message
PENDING, SENDING, SENT, FAILED, SKIPPED = "pending", "sending", "sent", "failed", "skipped"
STATUSES = (PENDING, SENDING, SENT, FAILED, SKIPPED)

mail_message = Table(
    "mail_message", metadata,
    Column("message_id", Integer, primary_key=True, autoincrement=True),
    Column("template_id", String(128), nullable=False),
    Column("store_id", Integer, nullable=False, default=0),
    Column("entity_type", String(64), nullable=True),   # what the message concerns: order, customer, ...
    Column("entity_id", Integer, nullable=True),
    Column("from_email", String(255), nullable=False),
    Column("from_name", String(255), nullable=False, default=""),
    Column("to_email", String(255), nullable=False),
    Column("to_name", String(255), nullable=False, default=""),
    Column("subject", String(998), nullable=False, default=""),
    Column("body_text", Text, nullable=True),
    Column("body_html", Text, nullable=True),
    Column("status", String(16), nullable=False, default=PENDING),
    Column("attempts", Integer, nullable=False, default=0),
    Column("last_error", Text, nullable=True),
    # pending/failed: when the sender may try (null: never again); sending: when the claim lapses
    Column("next_attempt_at", DateTime, nullable=True),
    Column("created_at", DateTime, nullable=False),
    Column("updated_at", DateTime, nullable=False),
    Column("sent_at", DateTime, nullable=True),
    Index("ix_mail_message_status_next_attempt_at", "status", "next_attempt_at"),
    Index("ix_mail_message_entity", "entity_type", "entity_id"),
)
