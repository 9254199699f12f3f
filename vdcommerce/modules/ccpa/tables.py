"""CCPA tables: the customers' deletion requests and the module's action log.

A change here needs a revision: `vdcommerce db revision --package ccpa -m "..."`.
Customer ids carry no foreign key (the customer table is the platform's): the module drops a deleted
customer's requests itself, on the customer package's delete event (observers.py).
"""
from sqlalchemy import Column, DateTime, Index, Integer, SmallInteger, String, Table, Text

from ...framework.db import metadata

delete_request = Table(
    "vendor_ccpa_delete_request", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("created_at", DateTime, nullable=False),
    Column("customer_id", Integer, nullable=False),
    Column("got_from", String(32), nullable=True),
    Column("approved", SmallInteger, nullable=False, default=0),
    Index("ix_vendor_ccpa_delete_request_customer_id", "customer_id"),
    Index("ix_vendor_ccpa_delete_request_approved", "approved"),
)

action_log = Table(
    "vendor_ccpa_action_log", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("customer_id", Integer, nullable=True),
    Column("created_at", DateTime, nullable=False),
    Column("ip", String(45), nullable=True),
    Column("action", String(64), nullable=False),
    Column("comment", Text, nullable=True),
    Index("ix_vendor_ccpa_action_log_customer_id", "customer_id"),
)

privacy_policy = Table(
    "vendor_ccpa_privacy_policy", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("policy_version", String(64), nullable=False, unique=True),
    Column("comment", Text, nullable=True),
    Column("content", Text, nullable=True),
    Column("status", SmallInteger, nullable=False, default=0),
    Column("created_at", DateTime, nullable=True),
    Column("updated_at", DateTime, nullable=True),
)
