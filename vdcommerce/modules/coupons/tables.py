"""Multiple Coupons tables. A change here needs a revision: `vdcommerce db revision --package coupons -m "..."`."""
from sqlalchemy import Boolean, Column, Integer, SmallInteger, Table

from ...framework.db import metadata

# the module's setting of a cart price rule (``rule.extension_attributes.vdcoupons``), one row at most per rule
rule = Table(
    "vendor_coupons_rule", metadata,
    Column("entity_id", Integer, primary_key=True, autoincrement=True),
    Column("rule_id", Integer, nullable=False, unique=True),
    Column("allow_coupons_same_rule", Boolean, nullable=False, default=False),
    Column("use_config_value", SmallInteger, nullable=False, default=1),
)
