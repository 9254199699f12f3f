"""storecredit: customers' balances, their history, the credit carts use and the credit orders used

The first revision of the module's own branch (label ``storecredit``), on the platform's first revision.

Revision ID: 0001_storecredit
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_storecredit'
down_revision = None
branch_labels = ('storecredit',)
depends_on = '0001_core'

MONEY = sa.Numeric(precision=20, scale=4)


def upgrade() -> None:
    op.create_table('vdstorecredit_balance',
    sa.Column('store_credit_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('customer_id', sa.Integer(), nullable=False),
    sa.Column('store_credit', MONEY, nullable=False),
    sa.PrimaryKeyConstraint('store_credit_id', name=op.f('pk_vdstorecredit_balance')),
    sa.UniqueConstraint('customer_id', name=op.f('uq_vdstorecredit_balance_customer_id'))
    )
    op.create_table('vdstorecredit_history',
    sa.Column('history_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('customer_history_id', sa.Integer(), nullable=False),
    sa.Column('customer_id', sa.Integer(), nullable=False),
    sa.Column('is_deduct', sa.Boolean(), nullable=False),
    sa.Column('difference', MONEY, nullable=False),
    sa.Column('store_credit_balance', MONEY, nullable=False),
    sa.Column('action', sa.Integer(), nullable=False),
    sa.Column('action_data', sa.Text(), nullable=True),
    sa.Column('message', sa.Text(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('is_visible_for_customer', sa.Boolean(), nullable=False),
    sa.Column('admin_name', sa.String(length=255), nullable=True),
    sa.PrimaryKeyConstraint('history_id', name=op.f('pk_vdstorecredit_history'))
    )
    with op.batch_alter_table('vdstorecredit_history', schema=None) as batch_op:
        batch_op.create_index('ix_vdstorecredit_history_customer_id', ['customer_id'], unique=False)

    op.create_table('vdstorecredit_quote',
    sa.Column('quote_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('use_credit', sa.Boolean(), nullable=False),
    sa.Column('requested', MONEY, nullable=False),
    sa.Column('amount', MONEY, nullable=False),
    sa.Column('shipping_amount', MONEY, nullable=False),
    sa.Column('confirmed', MONEY, nullable=False),
    sa.PrimaryKeyConstraint('quote_id', name=op.f('pk_vdstorecredit_quote'))
    )
    op.create_table('vdstorecredit_order',
    sa.Column('order_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('increment_id', sa.String(length=50), nullable=False),
    sa.Column('customer_id', sa.Integer(), nullable=True),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('amount', MONEY, nullable=False),
    sa.Column('shipping_amount', MONEY, nullable=False),
    sa.Column('invoiced_amount', MONEY, nullable=False),
    sa.Column('refunded_amount', MONEY, nullable=False),
    sa.Column('given_back_amount', MONEY, nullable=False),
    sa.PrimaryKeyConstraint('order_id', name=op.f('pk_vdstorecredit_order'))
    )


def downgrade() -> None:
    op.drop_table('vdstorecredit_order')
    op.drop_table('vdstorecredit_quote')
    with op.batch_alter_table('vdstorecredit_history', schema=None) as batch_op:
        batch_op.drop_index('ix_vdstorecredit_history_customer_id')
    op.drop_table('vdstorecredit_history')
    op.drop_table('vdstorecredit_balance')
