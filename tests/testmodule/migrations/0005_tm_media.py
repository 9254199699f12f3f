"""testmodule: tables of the media tests

Revision ID: 0005_tm_media
Revises: 0004_tm_store
"""
from alembic import op  # noqa: F401
import sqlalchemy as sa  # noqa: F401


revision = '0005_tm_media'
down_revision = '0004_tm_store'
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
