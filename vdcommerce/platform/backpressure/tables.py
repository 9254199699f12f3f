from sqlalchemy import BigInteger, Column, Index, Integer, String, Table

from ...framework.db import metadata

# one row per limited kind of request and caller: the hits of the caller's current period and of the one
# before it (the limiter weighs those in), and when the row stops mattering
backpressure_counter = Table(
    "backpressure_counter", metadata,
    Column("request_type", String(32), primary_key=True),
    Column("identity", String(64), primary_key=True),  # customer:<id>, admin:<id>, integration:<id>, ip:<address>
    Column("slot", BigInteger, nullable=False),          # start of the current period (Unix seconds)
    Column("hits", Integer, nullable=False),
    Column("previous", Integer, nullable=False),         # hits of the period before
    Column("expires_at", BigInteger, nullable=False),
    Index("ix_backpressure_counter_expires_at", "expires_at"),
)
