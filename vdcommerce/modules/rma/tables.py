"""RMA tables. A change here needs a revision: `vdcommerce db revision --package rma -m "..."`."""
from typing import Any

from sqlalchemy import (Boolean, Column, DateTime, ForeignKey, Integer, Numeric, SmallInteger, String, Table, Text,
                        UniqueConstraint)

from ...framework.db import metadata

QTY = Numeric(12, 4)


def _labelled(kind: str, *extra: Column[Any]) -> tuple[Table, Table]:
    """A reference record (reason, condition, resolution) and its per-store labels."""
    main = Table(
        f"vendor_rma_{kind}", metadata,
        Column(f"{kind}_id", Integer, primary_key=True, autoincrement=True),
        Column("title", String(255), nullable=False),
        Column("status", SmallInteger, nullable=False, default=1),
        *extra,
        Column("position", Integer, nullable=False, default=0),
        Column("is_deleted", Boolean, nullable=False, default=False),
    )
    stores = Table(
        f"vendor_rma_{kind}_store", metadata,
        Column(f"{kind}_store_id", Integer, primary_key=True, autoincrement=True),
        Column(f"{kind}_id", Integer, ForeignKey(f"vendor_rma_{kind}.{kind}_id", ondelete="CASCADE"), nullable=False),
        Column("store_id", Integer, nullable=False),
        Column("label", String(255), nullable=False, default=""),
        UniqueConstraint(f"{kind}_id", "store_id"),
    )
    return main, stores


reason, reason_store = _labelled("reason", Column("payer", SmallInteger, nullable=False, default=0))
condition, condition_store = _labelled("condition")
resolution, resolution_store = _labelled("resolution", Column("action", String(32), nullable=False, default="exchange"))

status = Table(
    "vendor_rma_status", metadata,
    Column("status_id", Integer, primary_key=True, autoincrement=True),
    Column("enabled", Boolean, nullable=False, default=True),
    Column("initial", Boolean, nullable=False, default=False),
    Column("auto_event", SmallInteger, nullable=False, default=0),
    Column("state", SmallInteger, nullable=False),
    Column("grid", SmallInteger, nullable=False, default=0),
    Column("priority", Integer, nullable=False, default=0),
    Column("title", String(255), nullable=False),
    Column("color", String(16), nullable=False, default=""),
    Column("is_deleted", Boolean, nullable=False, default=False),
)

status_store = Table(
    "vendor_rma_status_store", metadata,
    Column("status_store_id", Integer, primary_key=True, autoincrement=True),
    Column("status_id", Integer, ForeignKey("vendor_rma_status.status_id", ondelete="CASCADE"), nullable=False),
    Column("store_id", Integer, nullable=False),
    Column("label", String(255), nullable=False, default=""),
    Column("description", Text, nullable=False, default=""),
    Column("send_email_to_customer", Boolean, nullable=False, default=False),
    Column("customer_email_template", Integer, nullable=False, default=0),
    Column("customer_custom_text", Text, nullable=False, default=""),
    Column("send_email_to_admin", Boolean, nullable=False, default=False),
    Column("admin_email_template", Integer, nullable=False, default=0),
    Column("admin_custom_text", Text, nullable=False, default=""),
    Column("send_to_chat", Boolean, nullable=False, default=False),
    Column("chat_message", Text, nullable=False, default=""),
    UniqueConstraint("status_id", "store_id"),
)

return_rule = Table(
    "vendor_rma_return_rule", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(255), nullable=False),
    Column("status", SmallInteger, nullable=False, default=1),
    Column("priority", Integer, nullable=False, default=0),
    Column("default_resolution", Integer, nullable=False, default=0),
    Column("conditions_serialized", Text, nullable=True),
)

rule_customer_group = Table(
    "vendor_rma_rule_customer_group", metadata,
    Column("rule_customer_group_id", Integer, primary_key=True, autoincrement=True),
    Column("rule_id", Integer, ForeignKey("vendor_rma_return_rule.id", ondelete="CASCADE"), nullable=False),
    Column("customer_group_id", Integer, nullable=False),
)

rule_website = Table(
    "vendor_rma_rule_website", metadata,
    Column("rule_website_id", Integer, primary_key=True, autoincrement=True),
    Column("rule_id", Integer, ForeignKey("vendor_rma_return_rule.id", ondelete="CASCADE"), nullable=False),
    Column("website_id", Integer, nullable=False),
)

rule_resolution = Table(
    "vendor_rma_rule_resolution", metadata,
    Column("rule_resolution_id", Integer, primary_key=True, autoincrement=True),
    Column("rule_id", Integer, ForeignKey("vendor_rma_return_rule.id", ondelete="CASCADE"), nullable=False),
    Column("resolution_id", Integer, nullable=False),
    Column("value", Integer, nullable=True),
)

request = Table(
    "vendor_rma_request", metadata,
    Column("request_id", Integer, primary_key=True, autoincrement=True),
    Column("order_id", Integer, ForeignKey("sales_order.entity_id", ondelete="CASCADE"), nullable=False, index=True),
    Column("store_id", Integer, nullable=False, default=0),
    Column("created_at", DateTime, nullable=False),
    Column("modified_at", DateTime, nullable=False),
    Column("status", Integer, nullable=False),
    Column("customer_id", Integer, nullable=False, index=True),
    Column("customer_name", String(255), nullable=False, default=""),
    Column("url_hash", String(32), nullable=False, unique=True),
    Column("manager_id", Integer, nullable=False, default=0),
    Column("custom_fields", Text, nullable=False, default="[]"),
    Column("rating", SmallInteger, nullable=False, default=0),
    Column("rating_comment", Text, nullable=False, default=""),
    Column("note", Text, nullable=False, default=""),
    Column("shipping_label", String(255), nullable=False, default=""),
    Column("label_file_id", Integer, nullable=True),
)

request_item = Table(
    "vendor_rma_request_item", metadata,
    Column("request_item_id", Integer, primary_key=True, autoincrement=True),
    Column("request_id", Integer, ForeignKey("vendor_rma_request.request_id", ondelete="CASCADE"), nullable=False,
           index=True),
    Column("order_item_id", Integer, nullable=False, index=True),
    Column("qty", QTY, nullable=False),
    Column("request_qty", QTY, nullable=False),
    Column("reason_id", Integer, nullable=False),
    Column("condition_id", Integer, nullable=False),
    Column("resolution_id", Integer, nullable=False),
    Column("item_status", SmallInteger, nullable=False, default=0),
    Column("creditmemo_id", Integer, nullable=True),
)

tracking = Table(
    "vendor_rma_tracking", metadata,
    Column("tracking_id", Integer, primary_key=True, autoincrement=True),
    Column("request_id", Integer, ForeignKey("vendor_rma_request.request_id", ondelete="CASCADE"), nullable=False,
           index=True),
    Column("tracking_code", String(64), nullable=False, default=""),
    Column("tracking_number", String(255), nullable=False),
    Column("customer", Boolean, nullable=False, default=False),
)

message = Table(
    "vendor_rma_message", metadata,
    Column("message_id", Integer, primary_key=True, autoincrement=True),
    Column("request_id", Integer, ForeignKey("vendor_rma_request.request_id", ondelete="CASCADE"), nullable=False,
           index=True),
    Column("created_at", DateTime, nullable=False),
    Column("message", Text, nullable=False, default=""),
    Column("name", String(255), nullable=False, default=""),
    Column("customer_id", Integer, nullable=False, default=0),
    Column("manager_id", Integer, nullable=False, default=0),
    Column("system", Boolean, nullable=False, default=False),
    Column("manager", Boolean, nullable=False, default=False),
    Column("read", Boolean, nullable=False, default=False),
)

message_file = Table(
    "vendor_rma_message_file", metadata,
    Column("message_file_id", Integer, primary_key=True, autoincrement=True),
    Column("message_id", Integer, ForeignKey("vendor_rma_message.message_id", ondelete="CASCADE"), nullable=False,
           index=True),
    Column("file_id", Integer, nullable=False),
    Column("filepath", String(512), nullable=False),
    Column("filename", String(255), nullable=False),
    Column("url_hash", String(32), nullable=False),
)

history = Table(
    "vendor_rma_history", metadata,
    Column("event_id", Integer, primary_key=True, autoincrement=True),
    Column("request_id", Integer, ForeignKey("vendor_rma_request.request_id", ondelete="CASCADE"), nullable=False,
           index=True),
    Column("event_date", DateTime, nullable=False),
    Column("event_type", SmallInteger, nullable=False),
    Column("event_data", Text, nullable=False, default="{}"),
    Column("event_initiator", SmallInteger, nullable=False),
    Column("event_initiator_name", String(255), nullable=False, default=""),
    Column("message", String(255), nullable=False, default=""),
)

#: (order item, resolution) pairs whose return period the return-periods job ended
period_ended = Table(
    "vendor_rma_period_ended", metadata,
    Column("order_item_id", Integer, primary_key=True, autoincrement=False),
    Column("resolution_id", Integer, primary_key=True, autoincrement=False),
    Column("ended_at", DateTime, nullable=False),
)

#: one row per order that ever had a return: creates for one order take turns on it
order_lock = Table(
    "vendor_rma_order_lock", metadata,
    Column("order_id", Integer, primary_key=True, autoincrement=False),
)
