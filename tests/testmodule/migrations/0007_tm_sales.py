"""testmodule: tables of the sales tests

Revision ID: 0007_tm_sales
Revises: 0006_tm_catalog
"""
from alembic import op  # noqa: F401
import sqlalchemy as sa  # noqa: F401


revision = '0007_tm_sales'
down_revision = '0006_tm_catalog'
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
