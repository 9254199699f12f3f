"""quickorder: the entity table

The first revision of the module's own branch (label ``quickorder``), on the platform's first revision.

Revision ID: 0001_quickorder
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_quickorder'
down_revision = None
branch_labels = ('quickorder',)
depends_on = '0001_core'


def upgrade() -> None:
    op.create_table('vendor_quickorder_entity',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('title', sa.String(length=255), nullable=False),
    sa.Column('is_active', sa.Boolean(), nullable=False),
    sa.Column('sort_order', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_vendor_quickorder_entity'))
    )


def downgrade() -> None:
    op.drop_table('vendor_quickorder_entity')
