"""Cart price rules, their coupons and the usage counters.

A rule is one row: its condition trees, store labels and extension attributes are JSON text (they are
only ever read whole), its websites and customer groups comma-separated id lists (read whole by the
engine, matched with LIKE by searchCriteria). Coupon codes are unique case-insensitively through
``code_key``, the lower-cased code. Usage per customer is counted per rule and per coupon.
"""
from sqlalchemy import (Boolean, Column, Date, DateTime, ForeignKey, Index, Integer, Numeric, SmallInteger, String,
                        Table, Text)

from ...framework.db import metadata

rule = Table(
    "salesrule", metadata,
    Column("rule_id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(255), nullable=False),
    Column("description", Text, nullable=True),
    Column("store_labels", Text, nullable=False, default="[]"),           # JSON [{store_id, store_label}]
    Column("website_ids", String(255), nullable=False, default=""),
    Column("customer_group_ids", String(255), nullable=False, default=""),
    Column("from_date", Date, nullable=True),
    Column("to_date", Date, nullable=True),
    Column("uses_per_customer", Integer, nullable=False, default=0),
    Column("is_active", Boolean, nullable=False, default=False),
    Column("conditions", Text, nullable=True),                           # JSON condition tree
    Column("actions", Text, nullable=True),                              # JSON action_condition tree
    Column("stop_rules_processing", Boolean, nullable=False, default=True),
    Column("is_advanced", Boolean, nullable=False, default=True),
    Column("product_ids", Text, nullable=True),                          # comma-separated
    Column("sort_order", Integer, nullable=False, default=0),
    Column("simple_action", String(64), nullable=False, default="by_percent"),
    Column("discount_amount", Numeric(12, 4), nullable=False, default=0),
    Column("discount_qty", Numeric(12, 4), nullable=True),
    Column("discount_step", Integer, nullable=False, default=0),
    Column("apply_to_shipping", Boolean, nullable=False, default=False),
    Column("times_used", Integer, nullable=False, default=0),
    Column("is_rss", Boolean, nullable=False, default=True),
    Column("coupon_type", String(32), nullable=False, default="NO_COUPON"),
    Column("use_auto_generation", Boolean, nullable=False, default=False),
    Column("uses_per_coupon", Integer, nullable=False, default=0),
    Column("simple_free_shipping", String(32), nullable=False, default="NONE"),
    Column("extension_attributes", Text, nullable=True),                 # JSON object
    Column("created_at", DateTime, nullable=False),
    Column("updated_at", DateTime, nullable=False),                      # with microseconds: the engine's cache key
    Index("ix_salesrule_is_active_sort_order_rule_id", "is_active", "sort_order", "rule_id"),
)

coupon = Table(
    "salesrule_coupon", metadata,
    Column("coupon_id", Integer, primary_key=True, autoincrement=True),
    Column("rule_id", Integer, ForeignKey("salesrule.rule_id", ondelete="CASCADE"), nullable=False, index=True),
    Column("code", String(255), nullable=False),
    Column("code_key", String(255), nullable=False, unique=True),       # lower(code)
    Column("usage_limit", Integer, nullable=True),
    Column("usage_per_customer", Integer, nullable=True),
    Column("times_used", Integer, nullable=False, default=0),
    Column("expiration_date", Date, nullable=True),
    Column("is_primary", Boolean, nullable=False, default=False),
    Column("created_at", DateTime, nullable=False),
    Column("type", SmallInteger, nullable=False, default=0),
)

rule_customer = Table(
    "salesrule_customer", metadata,
    Column("rule_id", Integer, ForeignKey("salesrule.rule_id", ondelete="CASCADE"), primary_key=True),
    Column("customer_id", Integer, primary_key=True),
    Column("times_used", Integer, nullable=False, default=0),
)

coupon_usage = Table(
    "salesrule_coupon_usage", metadata,
    Column("coupon_id", Integer, ForeignKey("salesrule_coupon.coupon_id", ondelete="CASCADE"), primary_key=True),
    Column("customer_id", Integer, primary_key=True),
    Column("times_used", Integer, nullable=False, default=0),
)
