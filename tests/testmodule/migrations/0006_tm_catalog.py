"""testmodule: tables of the catalog tests

Revision ID: 0006_tm_catalog
Revises: 0005_tm_media
"""
from alembic import op  # noqa: F401
import sqlalchemy as sa  # noqa: F401


revision = '0006_tm_catalog'
down_revision = '0005_tm_media'
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
