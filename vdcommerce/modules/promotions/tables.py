"""The module's tables: one settings row per cart price rule for each of the two feature sets.

A change here needs a revision: `vdcommerce db revision --package promotions -m "..."`. Rules are
referred to by id only (they belong to the platform)."""
from sqlalchemy import Column, Integer, Numeric, String, Table, Text

from ...framework.db import metadata

gift_rule = Table(
    "vendor_promo_rule", metadata,
    Column("entity_id", Integer, primary_key=True, autoincrement=True),
    Column("salesrule_id", Integer, nullable=False, unique=True),
    Column("sku", Text, nullable=True),
    Column("type", Integer, nullable=False, default=0),
    Column("items_discount", String(32), nullable=True),
    Column("minimal_items_price", Numeric(20, 4), nullable=True),
    Column("apply_tax", Integer, nullable=False, default=0),
    Column("apply_shipping", Integer, nullable=False, default=0),
    Column("top_banner_show_gift_images", Integer, nullable=False, default=0),
    Column("after_product_banner_show_gift_images", Integer, nullable=False, default=0),
)

rules_rule = Table(
    "vendor_rules_rule", metadata,
    Column("entity_id", Integer, primary_key=True, autoincrement=True),
    Column("salesrule_id", Integer, nullable=False, unique=True),
    Column("promo_skus", Text, nullable=True),
    Column("promo_cats", Text, nullable=True),
    Column("apply_discount_to", String(8), nullable=True),
    Column("eachm", String(32), nullable=True),
    Column("priceselector", Integer, nullable=True),
    Column("nqty", String(32), nullable=True),
    Column("max_discount", String(32), nullable=True),
    Column("skip_rule", Integer, nullable=True),
)
