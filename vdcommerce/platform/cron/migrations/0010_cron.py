"""cron: the record of scheduled job runs

Revision ID: 0010_cron
Revises: 0009_mail
"""
from alembic import op  # noqa: F401
import sqlalchemy as sa  # noqa: F401


revision = '0010_cron'
down_revision = '0009_mail'
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
