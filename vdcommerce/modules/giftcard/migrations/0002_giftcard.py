"""giftcard: the balance history of the cards, and the increment id of the orders the cards paid for

Revision ID: 0002_giftcard
Revises: 0001_giftcard
"""
from alembic import op
import sqlalchemy as sa


revision = '0002_giftcard'
down_revision = '0001_giftcard'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('vendor_gcard_account_history',
    sa.Column('history_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('account_id', sa.Integer(), nullable=False),
    sa.Column('action', sa.Integer(), nullable=False),
    sa.Column('difference', sa.Numeric(precision=12, scale=2), nullable=False),
    sa.Column('is_deduct', sa.Boolean(), nullable=False),
    sa.Column('balance', sa.Numeric(precision=12, scale=2), nullable=False),
    sa.Column('order_increment_id', sa.String(length=50), nullable=True),
    sa.Column('action_data', sa.Text(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('history_id', name=op.f('pk_vendor_gcard_account_history'))
    )
    with op.batch_alter_table('vendor_gcard_account_history', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_gcard_account_history_account_id', ['account_id'], unique=False)

    with op.batch_alter_table('vendor_gcard_order_card', schema=None) as batch_op:
        batch_op.add_column(sa.Column('increment_id', sa.String(length=50), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('vendor_gcard_order_card', schema=None) as batch_op:
        batch_op.drop_column('increment_id')

    with op.batch_alter_table('vendor_gcard_account_history', schema=None) as batch_op:
        batch_op.drop_index('ix_vendor_gcard_account_history_account_id')

    op.drop_table('vendor_gcard_account_history')
