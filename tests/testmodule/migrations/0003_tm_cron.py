"""testmodule: tables of the cron tests

Revision ID: 0003_tm_cron
Revises: 0002_tm_mail
"""
from alembic import op  # noqa: F401
import sqlalchemy as sa  # noqa: F401


revision = '0003_tm_cron'
down_revision = '0002_tm_mail'
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
