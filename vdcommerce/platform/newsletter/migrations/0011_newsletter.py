"""newsletter: subscriber records

Revision ID: 0011_newsletter
Revises: 0010_cron
"""
from alembic import op  # noqa: F401
import sqlalchemy as sa  # noqa: F401


revision = '0011_newsletter'
down_revision = '0010_cron'
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
