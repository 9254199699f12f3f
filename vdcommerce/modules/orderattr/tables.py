"""Order attribute tables. A change here needs a revision: `vdcommerce db revision --package orderattr -m "..."`.

- ``vendor_orderattr_attribute``: the definitions; the lists that restrict where an attribute applies
  (store views, customer groups, shipping methods, checkout forms) are JSON lists on its row;
- ``vendor_orderattr_attribute_option`` and ``vendor_orderattr_attribute_label``: an attribute's options
  (value unique per attribute) and its labels per store view;
- ``vendor_orderattr_entity``: one value holder per order (parent type 1) or cart (parent type 2);
- ``vendor_orderattr_value``: the values, one row per entity and attribute, all as text.
"""
from sqlalchemy import (Boolean, Column, ForeignKey, Index, Integer, SmallInteger, String, Table, Text,
                        UniqueConstraint)

from ...framework.db import metadata

attribute = Table(
    "vendor_orderattr_attribute", metadata,
    Column("attribute_id", Integer, primary_key=True, autoincrement=True),
    Column("attribute_code", String(60), nullable=False, unique=True),
    Column("frontend_label", String(255), nullable=False),
    Column("frontend_input", String(32), nullable=False),
    Column("is_required", Boolean, nullable=False, default=False),
    Column("sort_order", Integer, nullable=False, default=0),
    Column("store_ids", Text, nullable=False, default="[]"),
    Column("customer_group_ids", Text, nullable=False, default="[]"),
    Column("shipping_methods", Text, nullable=False, default="[]"),
    Column("form_codes", Text, nullable=False, default="[]"),
)

attribute_option = Table(
    "vendor_orderattr_attribute_option", metadata,
    Column("attribute_id", Integer, ForeignKey("vendor_orderattr_attribute.attribute_id", ondelete="CASCADE"),
           primary_key=True),
    Column("value", Integer, primary_key=True, autoincrement=False),
    Column("label", String(255), nullable=False),
    Column("sort_order", Integer, nullable=False, default=0),
)

attribute_label = Table(
    "vendor_orderattr_attribute_label", metadata,
    Column("attribute_id", Integer, ForeignKey("vendor_orderattr_attribute.attribute_id", ondelete="CASCADE"),
           primary_key=True),
    Column("store_id", Integer, ForeignKey("store.store_id", ondelete="CASCADE"), primary_key=True),
    Column("label", String(255), nullable=False),
)

entity = Table(
    "vendor_orderattr_entity", metadata,
    Column("entity_id", Integer, primary_key=True, autoincrement=True),
    Column("parent_id", Integer, nullable=False),
    Column("parent_entity_type", SmallInteger, nullable=False),
    UniqueConstraint("parent_id", "parent_entity_type", name="uq_vendor_orderattr_entity_parent"),
)

value = Table(
    "vendor_orderattr_value", metadata,
    Column("entity_id", Integer, ForeignKey("vendor_orderattr_entity.entity_id", ondelete="CASCADE"),
           primary_key=True),
    Column("attribute_id", Integer, ForeignKey("vendor_orderattr_attribute.attribute_id", ondelete="CASCADE"),
           primary_key=True),
    Column("value", Text, nullable=False),
    Index("ix_vendor_orderattr_value_attribute_id", "attribute_id"),
)
