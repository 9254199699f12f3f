"""testmodule: tables of the catalog tests

Revision ID: 0005_tm_catalog
Revises: 0004_tm_media
"""
from alembic import op
import sqlalchemy as sa


revision = '0005_tm_catalog'
down_revision = '0004_tm_media'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('vendor_testmodule_category_event',
    sa.Column('event_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('what', sa.String(length=64), nullable=False),
    sa.PrimaryKeyConstraint('event_id', name=op.f('pk_vendor_testmodule_category_event'))
    )


def downgrade() -> None:
    op.drop_table('vendor_testmodule_category_event')
