"""Tax classes, rates, their titles per store view, and tax rules with their classes and rates.

The platform's tables: ``tax_class`` (product and customer classes), ``tax_calculation_rate`` (a rate
for a country, a region or every region, and a postcode: one, a wildcard, or a numeric range),
``tax_calculation_rate_title`` (a rate's title per store view) and ``tax_calculation_rule``. A rule's
customer classes, product classes and rates are three link sets of their own (the platform keeps
their cross product in one table; three lists say the same and are what the wire carries).
"""
from sqlalchemy import (Boolean, Column, ForeignKey, Index, Integer, Numeric, SmallInteger, String, Table, Text,
                        UniqueConstraint)

from ...framework.db import metadata

tax_class = Table(
    "tax_class", metadata,
    Column("class_id", Integer, primary_key=True, autoincrement=True),
    Column("class_name", String(255), nullable=False),
    Column("class_type", String(8), nullable=False, default="CUSTOMER"),
    UniqueConstraint("class_type", "class_name", name="uq_tax_class_type_name"),
)

#: the classes a new installation has (the platform's defaults)
DEFAULT_CLASSES = [
    {"class_id": 2, "class_name": "Taxable Goods", "class_type": "PRODUCT"},
    {"class_id": 3, "class_name": "Retail Customer", "class_type": "CUSTOMER"},
]

rate = Table(
    "tax_calculation_rate", metadata,
    Column("tax_calculation_rate_id", Integer, primary_key=True, autoincrement=True),
    Column("tax_country_id", String(2), nullable=False),
    Column("tax_region_id", Integer, nullable=False, default=0),
    Column("tax_postcode", String(21), nullable=True),
    Column("code", String(255), nullable=False, unique=True),
    Column("rate", Numeric(12, 4), nullable=False),
    Column("zip_is_range", SmallInteger, nullable=True),
    Column("zip_from", Integer, nullable=True),
    Column("zip_to", Integer, nullable=True),
    Index("ix_tax_calculation_rate_country_region_postcode", "tax_country_id", "tax_region_id", "tax_postcode"),
)

#: the rates a new installation has (no rule uses them: no tax until one does)
DEFAULT_RATES = [
    {"tax_calculation_rate_id": 1, "tax_country_id": "US", "tax_region_id": 12, "tax_postcode": "*",
     "code": "US-CA-*-Rate 1", "rate": 8.25},
    {"tax_calculation_rate_id": 2, "tax_country_id": "US", "tax_region_id": 43, "tax_postcode": "*",
     "code": "US-NY-*-Rate 1", "rate": 8.375},
]

rate_title = Table(
    "tax_calculation_rate_title", metadata,
    Column("tax_calculation_rate_title_id", Integer, primary_key=True, autoincrement=True),
    Column("tax_calculation_rate_id", Integer,
           ForeignKey("tax_calculation_rate.tax_calculation_rate_id", ondelete="CASCADE"), nullable=False),
    Column("store_id", Integer, nullable=False),
    Column("value", String(255), nullable=False),
    UniqueConstraint("tax_calculation_rate_id", "store_id", name="uq_tax_calculation_rate_title_rate_store"),
)

rule = Table(
    "tax_calculation_rule", metadata,
    Column("tax_calculation_rule_id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(255), nullable=False, unique=True),
    Column("priority", Integer, nullable=False, default=0),
    Column("position", Integer, nullable=False, default=0),
    Column("calculate_subtotal", Boolean, nullable=False, default=False),
)


def _rule_link(name: str, target: str, target_column: str) -> Table:
    return Table(
        name, metadata,
        Column("tax_calculation_rule_id", Integer,
               ForeignKey("tax_calculation_rule.tax_calculation_rule_id", ondelete="CASCADE"), primary_key=True),
        Column(target_column, Integer, ForeignKey(target), primary_key=True),
        Index(f"ix_{name}_{target_column}", target_column),
    )


rule_customer_class = _rule_link("tax_calculation_rule_customer_class", "tax_class.class_id", "customer_tax_class_id")
rule_product_class = _rule_link("tax_calculation_rule_product_class", "tax_class.class_id", "product_tax_class_id")
rule_rate = _rule_link("tax_calculation_rule_rate", "tax_calculation_rate.tax_calculation_rate_id",
                       "tax_calculation_rate_id")

#: an order's taxes per line (``item_applied_taxes`` of the order), written when the order is placed
order_item_taxes = Table(
    "sales_order_tax_item_details", metadata,
    Column("order_id", Integer, ForeignKey("sales_order.entity_id", ondelete="CASCADE"), primary_key=True),
    Column("details", Text, nullable=False),   # JSON list of OrderTaxDetailsItemInterface objects
)
