"""sales: module refunds and order list filters

Revision ID: 0015_sales
Revises: 0014_catalog
"""
from alembic import op  # noqa: F401
import sqlalchemy as sa  # noqa: F401


revision = '0015_sales'
down_revision = '0014_catalog'
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
