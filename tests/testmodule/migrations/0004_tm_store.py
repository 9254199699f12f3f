"""testmodule: tables of the store tests

Revision ID: 0004_tm_store
Revises: 0003_tm_cron
"""
from alembic import op  # noqa: F401
import sqlalchemy as sa  # noqa: F401


revision = '0004_tm_store'
down_revision = '0003_tm_cron'
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
