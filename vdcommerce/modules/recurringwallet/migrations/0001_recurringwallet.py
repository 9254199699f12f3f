"""recurringwallet: the billing agreement table

The first revision of the module's own branch (label ``recurringwallet``), on the platform's first revision.

Revision ID: 0001_recurringwallet
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_recurringwallet'
down_revision = None
branch_labels = ('recurringwallet',)
depends_on = '0001_core'


def upgrade() -> None:
    op.create_table('vendor_recurringwallet_agreement',
    sa.Column('agreement_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('customer_id', sa.Integer(), nullable=False),
    sa.Column('method_code', sa.String(length=64), nullable=False),
    sa.Column('reference_id', sa.String(length=64), nullable=False),
    sa.Column('agreement_label', sa.String(length=255), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('agreement_id', name=op.f('pk_vendor_recurringwallet_agreement')),
    sa.UniqueConstraint('customer_id', 'method_code', name=op.f('uq_vendor_recurringwallet_agreement_customer_id_method_code'))
    )


def downgrade() -> None:
    op.drop_table('vendor_recurringwallet_agreement')
