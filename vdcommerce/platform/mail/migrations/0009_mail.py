"""mail: the outbox of mail messages

Revision ID: 0009_mail
Revises: 0008_sales
"""
from alembic import op  # noqa: F401
import sqlalchemy as sa  # noqa: F401


revision = '0009_mail'
down_revision = '0008_sales'
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
