"""media: stored files

Revision ID: 0013_media
Revises: 0012_store
"""
from alembic import op  # noqa: F401
import sqlalchemy as sa  # noqa: F401


revision = '0013_media'
down_revision = '0012_store'
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
