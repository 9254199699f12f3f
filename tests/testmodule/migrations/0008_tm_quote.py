"""testmodule: tables of the quote tests

Revision ID: 0008_tm_quote
Revises: 0007_tm_sales
"""
from alembic import op  # noqa: F401
import sqlalchemy as sa  # noqa: F401


revision = '0008_tm_quote'
down_revision = '0007_tm_sales'
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
