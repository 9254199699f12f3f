"""Bulks, their operations, and the database queue's messages.

A bulk is one async or bulk request; each element is one operation. The operation's row is the
source of truth for its outcome: a consumer runs the service call and marks the operation complete
in one transaction, so a message delivered twice runs once. ``queue_message`` holds the messages of
the database queue backend (vdcommerce/queue/database.py); the AMQP backend does not use it.
``queue_outbox`` is the AMQP backend's outbox: a row per message, written in the request's transaction,
marked published once the broker has it; the relay (vdcommerce/queue/relay.py) publishes the rows whose
publish did not happen (the process died between the commit and the publish).
"""
from sqlalchemy import Column, DateTime, Float, ForeignKey, Index, Integer, String, Table, Text, UniqueConstraint

from ...framework.db import metadata

# operation status codes
COMPLETE, RETRIABLY_FAILED, NOT_RETRIABLY_FAILED, OPEN, REJECTED = 1, 2, 3, 4, 5

bulk = Table(
    "magento_bulk", metadata,
    Column("id", Integer, primary_key=True),
    Column("uuid", String(39), nullable=False, unique=True),
    Column("user_id", Integer, nullable=True),
    Column("user_type", Integer, nullable=True),
    Column("description", String(255), nullable=True),
    Column("operation_count", Integer, nullable=False),
    Column("start_time", DateTime, nullable=False),
    Column("store_id", Integer, nullable=False),    # the request's store scope, which the operations run in
    Column("website_id", Integer, nullable=False),
    Index("ix_magento_bulk_user_type_user_id", "user_type", "user_id"),
)

operation = Table(
    "magento_operation", metadata,
    Column("id", Integer, primary_key=True),
    Column("bulk_uuid", String(39), ForeignKey("magento_bulk.uuid", ondelete="CASCADE"), nullable=False),
    Column("operation_key", Integer, nullable=False),   # the element's position in the request
    Column("topic_name", String(255), nullable=False),
    Column("route", String(255), nullable=False),       # "PUT /V1/vendor_faq/question/:questionId": whose binding runs it
    Column("serialized_data", Text, nullable=False),     # JSON of the bound input map
    Column("result_serialized_data", Text, nullable=True),
    Column("status", Integer, nullable=False, default=OPEN),
    Column("error_code", Integer, nullable=True),
    Column("result_message", Text, nullable=True),
    Column("attempts", Integer, nullable=False, default=0),  # retriable failures so far
    Column("started_at", DateTime, nullable=True),
    UniqueConstraint("bulk_uuid", "operation_key"),
    Index("ix_magento_operation_bulk_uuid_status", "bulk_uuid", "status"),
)

queue_message = Table(
    "queue_message", metadata,
    Column("id", Integer, primary_key=True),
    Column("topic_name", String(255), nullable=False),
    Column("body", Text, nullable=False),
    Column("available_at", Float, nullable=False),   # epoch seconds; later for a retry
    Column("claimed_by", String(255), nullable=True),  # "<host>:<pid>" of the consumer holding it
    Column("claimed_until", Float, nullable=True),     # the claim's lease; claimable again after it
    Index("ix_queue_message_topic_name_available_at", "topic_name", "available_at"),
)

queue_outbox = Table(
    "queue_outbox", metadata,
    Column("id", Integer, primary_key=True),           # the order messages are published in
    Column("bulk_uuid", String(39), nullable=False),
    Column("topic_name", String(255), nullable=False),
    Column("body", Text, nullable=False),
    Column("created_at", Float, nullable=False),       # epoch seconds
    Column("published_at", Float, nullable=True),      # epoch seconds; None: not yet with the broker
    Index("ix_queue_outbox_published_at_id", "published_at", "id"),
    Index("ix_queue_outbox_bulk_uuid", "bulk_uuid"),
)
