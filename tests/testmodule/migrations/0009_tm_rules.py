"""testmodule: tables of the rules tests

Revision ID: 0009_tm_rules
Revises: 0008_tm_quote
"""
from alembic import op  # noqa: F401
import sqlalchemy as sa  # noqa: F401


revision = '0009_tm_rules'
down_revision = '0008_tm_quote'
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
