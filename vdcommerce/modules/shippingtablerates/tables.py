"""Shipping Table Rates tables. A change here needs a revision:
`vdcommerce db revision --package shippingtablerates -m "..."`.

- ``vendor_table_method``: the carrier's shipping methods (one rate each per cart).
- ``vendor_table_method_label``: a method's title and comment per store view.
- ``vendor_table_rate``: the rate rows of a method. ``zip_kind`` says how the postcode condition is
  tested (0: any postcode, 1: numeric range ``num_zip_from``..``num_zip_to``, 2: the normalised postcode
  ``zip_key``); ``conditions_key`` is a digest of the condition columns, unique per method, so that an
  import skips repeated conditions. The index leads with what every estimate filters on (method, type,
  country, region) and ends with the lower postcode bound.
"""
from sqlalchemy import BigInteger, Column, ForeignKey, Index, Integer, Numeric, String, Table, Text

from ...framework.db import metadata

method = Table(
    "vendor_table_method", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("is_active", Integer, nullable=False, default=1),
    Column("name", String(255), nullable=False),
    Column("comment", Text),
    Column("stores", String(255), nullable=False, default=""),
    Column("cust_groups", String(255), nullable=False, default=""),
    Column("select_rate", Integer, nullable=False, default=0),
    Column("min_rate", Numeric(12, 2), nullable=False, default=0),
    Column("max_rate", Numeric(12, 2), nullable=False, default=0),
    Column("free_types", String(255), nullable=False, default=""),
    Column("comment_img", String(255)),
)

method_label = Table(
    "vendor_table_method_label", metadata,
    Column("method_id", Integer, ForeignKey("vendor_table_method.id", ondelete="CASCADE"), primary_key=True),
    Column("store_id", Integer, primary_key=True, autoincrement=False),
    Column("label", String(255)),
    Column("comment", Text),
)

rate = Table(
    "vendor_table_rate", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("method_id", Integer, ForeignKey("vendor_table_method.id", ondelete="CASCADE"), nullable=False),
    Column("country", String(4), nullable=False, default=""),
    Column("state", String(16), nullable=False, default=""),
    Column("city", String(255), nullable=False, default=""),
    Column("city_key", String(255), nullable=False, default=""),
    Column("zip_from", String(32), nullable=False, default=""),
    Column("zip_to", String(32), nullable=False, default=""),
    Column("zip_kind", Integer, nullable=False, default=0),
    Column("zip_key", String(32), nullable=False, default=""),
    Column("num_zip_from", BigInteger, nullable=False, default=0),
    Column("num_zip_to", BigInteger, nullable=False, default=0),
    Column("price_from", Numeric(12, 4), nullable=False, default=0),
    Column("price_to", Numeric(12, 4), nullable=False, default=99999999),
    Column("weight_from", Numeric(12, 4), nullable=False, default=0),
    Column("weight_to", Numeric(12, 4), nullable=False, default=99999999),
    Column("qty_from", Numeric(12, 4), nullable=False, default=0),
    Column("qty_to", Numeric(12, 4), nullable=False, default=99999999),
    Column("shipping_type", String(16), nullable=False, default=""),
    Column("cost_base", Numeric(12, 2), nullable=False, default=0),
    Column("cost_percent", Numeric(12, 4), nullable=False, default=0),
    Column("cost_product", Numeric(12, 2), nullable=False, default=0),
    Column("cost_weight", Numeric(12, 2), nullable=False, default=0),
    Column("time_delivery", String(64), nullable=False, default=""),
    Column("name_delivery", String(255), nullable=False, default=""),
    Column("conditions_key", String(40), nullable=False),
    Index("ix_vendor_table_rate_match", "method_id", "shipping_type", "country", "state", "num_zip_from"),
    Index("ux_vendor_table_rate_conditions", "method_id", "conditions_key", unique=True),
)
