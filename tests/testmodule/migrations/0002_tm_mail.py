"""testmodule: tables of the mail tests

Revision ID: 0002_tm_mail
Revises: 0001_testmodule
"""
from alembic import op  # noqa: F401
import sqlalchemy as sa  # noqa: F401


revision = '0002_tm_mail'
down_revision = '0001_testmodule'
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
