"""Product option template tables. A change here needs a revision:
`vdcommerce db revision --package prot -m "..."`.

A template holds custom options; each option holds its choices (the values of the select types).
The two relation tables record which product option or value was copied from which template option
or value when a template is applied to products.
"""
from sqlalchemy import Boolean, Column, ForeignKey, Integer, Numeric, String, Table, Text

from ...framework.db import metadata

template = Table(
    "vendor_prot_template", metadata,
    Column("template_id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(255), nullable=False),
)

# a template's custom option: the platform's option fields and the template's own ones
option = Table(
    "vendor_prot_template_option", metadata,
    Column("option_id", Integer, primary_key=True, autoincrement=True),
    Column("template_id", Integer,
           ForeignKey("vendor_prot_template.template_id", ondelete="CASCADE", name="fk_vendor_prot_option_template"),
           nullable=False, index=True),
    Column("title", Text, nullable=False),
    Column("type", String(32), nullable=False),
    Column("is_require", Boolean, nullable=False, default=False),
    Column("sort_order", Integer, nullable=False, default=0),
    Column("price", Numeric(20, 6), nullable=True),
    Column("price_type", String(16), nullable=True),
    Column("sku", String(64), nullable=True),
    Column("max_characters", Integer, nullable=True),
    Column("file_extension", String(255), nullable=True),
    Column("image_size_x", Integer, nullable=True),
    Column("image_size_y", Integer, nullable=True),
    Column("dependency", Text, nullable=True),
    Column("font_color", String(64), nullable=True),
    Column("font_size", Integer, nullable=True),
    Column("option_list_type", Integer, nullable=True),
    Column("use_swatches", Integer, nullable=False, default=0),
)

# a choice of a select option; ``id`` is the value's ``option_type_id``
option_value = Table(
    "vendor_prot_template_option_value", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("template_option_id", Integer,
           ForeignKey("vendor_prot_template_option.option_id", ondelete="CASCADE",
                      name="fk_vendor_prot_value_option"), nullable=False, index=True),
    Column("title", Text, nullable=False),
    Column("price", Numeric(20, 6), nullable=False, default=0),
    Column("price_type", String(16), nullable=False, default="fixed"),
    Column("sku", String(64), nullable=True),
    Column("sort_order", Integer, nullable=False, default=0),
    Column("swatch_value", Text, nullable=True),
)

# product option <- the template option it was copied from
option_relation = Table(
    "vendor_prot_option_relation", metadata,
    Column("option_id", Integer, primary_key=True, autoincrement=False),
    Column("parent_option_id", Integer, nullable=False, index=True),
)

# product option value <- the template value it was copied from
option_value_relation = Table(
    "vendor_prot_option_value_relation", metadata,
    Column("value_id", Integer, primary_key=True, autoincrement=False),
    Column("parent_value_id", Integer, nullable=False, index=True),
)
