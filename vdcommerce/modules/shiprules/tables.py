"""Shipping rules tables: the rules, their store views, customer groups and weekdays, and the product
attribute codes their condition trees test.

A change here needs a revision: `vdcommerce db revision --package shiprules -m "..."`.
"""
from sqlalchemy import Boolean, Column, ForeignKey, Index, Integer, Numeric, String, Table, Text

from ...framework.db import metadata

_RULE_ID = "vendor_shiprules_rule.rule_id"

rule = Table(
    "vendor_shiprules_rule", metadata,
    Column("rule_id", Integer, primary_key=True, autoincrement=True),
    Column("is_active", Integer, nullable=False, default=0),
    Column("name", String(255), nullable=False),
    Column("pos", Integer, nullable=False, default=0),
    Column("for_admin", Integer, nullable=False, default=0),
    Column("skip_subsequent", Boolean, nullable=False, default=False),
    Column("calc", Integer, nullable=False, default=0),
    Column("ignore_promo", Integer, nullable=False, default=0),
    Column("price_from", Numeric(12, 2), nullable=False, default=0),
    Column("price_to", Numeric(12, 2), nullable=False, default=0),
    Column("weight_from", Numeric(12, 4), nullable=False, default=0),
    Column("weight_to", Numeric(12, 4), nullable=False, default=0),
    Column("qty_from", Integer, nullable=False, default=0),
    Column("qty_to", Integer, nullable=False, default=0),
    Column("rate_base", Numeric(12, 2), nullable=False, default=0),
    Column("rate_fixed", Numeric(12, 2), nullable=False, default=0),
    Column("weight_fixed", Numeric(12, 2), nullable=False, default=0),
    Column("rate_percent", Numeric(12, 2), nullable=False, default=0),
    Column("handling", Numeric(12, 2), nullable=False, default=0),
    Column("rate_min", Numeric(12, 2), nullable=False, default=0),
    Column("rate_max", Numeric(12, 2), nullable=False, default=0),
    Column("ship_min", Numeric(12, 2), nullable=False, default=0),
    Column("ship_max", Numeric(12, 2), nullable=False, default=0),
    Column("time_from", Integer, nullable=True),
    Column("time_to", Integer, nullable=True),
    Column("out_of_stock", Integer, nullable=False, default=0),
    Column("carriers", Text, nullable=True),
    Column("methods", Text, nullable=True),
    Column("coupon", Text, nullable=True),
    Column("discount_id", Text, nullable=False, default=""),
    Column("coupon_disable", Text, nullable=True),
    Column("discount_id_disable", Text, nullable=True),
    Column("conditions_serialized", Text, nullable=True),
    Column("actions_serialized", Text, nullable=True),
    Index("ix_vendor_shiprules_rule_is_active_pos_rule_id", "is_active", "pos", "rule_id"),
)

rule_store = Table(
    "vendor_shiprules_rule_store", metadata,
    Column("rule_id", Integer, ForeignKey(_RULE_ID, ondelete="CASCADE"), primary_key=True),
    Column("store_id", Integer, primary_key=True),
)

rule_customer_group = Table(
    "vendor_shiprules_rule_customer_group", metadata,
    Column("rule_id", Integer, ForeignKey(_RULE_ID, ondelete="CASCADE"), primary_key=True),
    Column("customer_group_id", Integer, primary_key=True),
)

rule_day = Table(
    "vendor_shiprules_rule_day", metadata,
    Column("rule_id", Integer, ForeignKey(_RULE_ID, ondelete="CASCADE"), primary_key=True),
    Column("day", Integer, primary_key=True),
)

attribute = Table(
    "vendor_shiprules_attribute", metadata,
    Column("rule_id", Integer, ForeignKey(_RULE_ID, ondelete="CASCADE"), primary_key=True),
    Column("code", String(255), primary_key=True),
)
