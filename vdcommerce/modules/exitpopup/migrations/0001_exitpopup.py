"""exitpopup: the popup log

The first revision of the module's own branch (label ``exitpopup``), on the platform's first revision.

Revision ID: 0001_exitpopup
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_exitpopup'
down_revision = None
branch_labels = ('exitpopup',)
depends_on = '0001_core'


def upgrade() -> None:
    op.create_table('vendor_exitpopup_log',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('email', sa.String(length=255), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('customer_id', sa.Integer(), nullable=True),
    sa.Column('subscriber_id', sa.Integer(), nullable=False),
    sa.Column('promo_type', sa.String(length=16), nullable=False),
    sa.Column('freebie', sa.String(length=255), nullable=False),
    sa.Column('message_id', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_vendor_exitpopup_log'))
    )


def downgrade() -> None:
    op.drop_table('vendor_exitpopup_log')
