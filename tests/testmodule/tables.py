"""The test module's tables: things, and the notes it keeps for carts and orders."""
from sqlalchemy import Boolean, Column, Integer, Numeric, String, Table, Text

from vdcommerce.framework.db import metadata

thing = Table(
    "vendor_testmodule_thing", metadata,
    Column("thing_id", Integer, primary_key=True, autoincrement=True),
    Column("title", String(255), nullable=False),
    Column("qty", Integer, nullable=False, default=0),
    Column("is_active", Boolean, nullable=False, default=True),
    Column("note", String(255), nullable=True),
)

cart_note = Table(
    "vendor_testmodule_cart_note", metadata,
    Column("record_id", Integer, primary_key=True, autoincrement=False),
    Column("note", String(255), nullable=False),
)

order_note = Table(
    "vendor_testmodule_order_note", metadata,
    Column("record_id", Integer, primary_key=True, autoincrement=False),
    Column("note", String(255), nullable=False),
)

rate_rule = Table(
    "vendor_testmodule_rate_rule", metadata,
    Column("rule_id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(255), nullable=False),
    Column("is_active", Boolean, nullable=False, default=True),
    Column("sort_order", Integer, nullable=False, default=0),
    Column("carrier_code", String(64), nullable=False),
    Column("action", String(16), nullable=False),
    Column("amount", Numeric(12, 4), nullable=False, default=0),
    Column("error_message", String(255), nullable=True),
    Column("conditions_serialized", Text, nullable=True),
)

cron_run = Table(
    "vendor_testmodule_cron_run", metadata,
    Column("run_id", Integer, primary_key=True, autoincrement=True),
    Column("job_code", String(255), nullable=False),
)
