from sqlalchemy import Column, Integer, String, Table, Text, UniqueConstraint

from ...framework.db import metadata

config_data = Table(
    "core_config_data", metadata,
    Column("config_id", Integer, primary_key=True),
    Column("scope", String(8), nullable=False, default="default"),
    Column("scope_id", Integer, nullable=False, default=0),
    Column("path", String(255), nullable=False),
    Column("value", Text, nullable=True),
    UniqueConstraint("scope", "scope_id", "path"),
)
