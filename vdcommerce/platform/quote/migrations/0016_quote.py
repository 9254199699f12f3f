"""quote: module totals on the order, cart lines added by collectors

Revision ID: 0016_quote
Revises: 0015_sales
"""
from alembic import op  # noqa: F401
import sqlalchemy as sa  # noqa: F401


revision = '0016_quote'
down_revision = '0015_sales'
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
