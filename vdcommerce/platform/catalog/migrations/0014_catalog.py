"""catalog: categories, attribute options, special prices, stock

Revision ID: 0014_catalog
Revises: 0013_media
"""
from alembic import op  # noqa: F401
import sqlalchemy as sa  # noqa: F401


revision = '0014_catalog'
down_revision = '0013_media'
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
