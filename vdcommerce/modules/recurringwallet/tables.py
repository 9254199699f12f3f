"""Recurring wallet tables. A change here needs a revision: `vdcommerce db revision --package recurringwallet -m "..."`."""
from sqlalchemy import Column, DateTime, Integer, String, Table, UniqueConstraint

from ...framework.db import metadata

agreement = Table(
    "vendor_recurringwallet_agreement", metadata,
    Column("agreement_id", Integer, primary_key=True, autoincrement=True),
    Column("customer_id", Integer, nullable=False),
    Column("method_code", String(64), nullable=False),
    Column("reference_id", String(64), nullable=False),
    Column("agreement_label", String(255), nullable=False),
    Column("status", String(16), nullable=False, default="active"),
    Column("store_id", Integer, nullable=False),
    Column("created_at", DateTime, nullable=False),
    Column("updated_at", DateTime, nullable=False),
    # one agreement per customer and wallet method: saving again updates it in place
    UniqueConstraint("customer_id", "method_code"),
)
