"""rewards: balances, history, earning rules, the points carts spend and what orders spent and earn

The first revision of the module's own branch (label ``rewards``), on the platform's first revision.

Revision ID: 0001_rewards
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_rewards'
down_revision = None
branch_labels = ('rewards',)
depends_on = '0001_core'

POINTS = sa.Numeric(precision=20, scale=4)


def upgrade() -> None:
    op.create_table('vdrewards_balance',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('customer_id', sa.Integer(), nullable=False),
    sa.Column('balance', POINTS, nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_vdrewards_balance')),
    sa.UniqueConstraint('customer_id', name=op.f('uq_vdrewards_balance_customer_id'))
    )
    op.create_table('vdrewards_history',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('customer_id', sa.Integer(), nullable=False),
    sa.Column('action_date', sa.DateTime(), nullable=False),
    sa.Column('amount', POINTS, nullable=False),
    sa.Column('comment', sa.Text(), nullable=True),
    sa.Column('action', sa.String(length=255), nullable=False),
    sa.Column('points_left', POINTS, nullable=False),
    sa.Column('visible_for_customer', sa.Boolean(), nullable=False),
    sa.Column('admin_name', sa.String(length=255), nullable=True),
    sa.Column('expiration_date', sa.Date(), nullable=True),
    sa.Column('expiring_amount', POINTS, nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_vdrewards_history'))
    )
    with op.batch_alter_table('vdrewards_history', schema=None) as batch_op:
        batch_op.create_index('ix_vdrewards_history_customer_id', ['customer_id'], unique=False)

    op.create_table('vdrewards_rule',
    sa.Column('rule_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('name', sa.String(length=255), nullable=False),
    sa.Column('is_active', sa.Boolean(), nullable=False),
    sa.Column('action', sa.String(length=32), nullable=False),
    sa.Column('amount', POINTS, nullable=False),
    sa.Column('spent_amount', POINTS, nullable=False),
    sa.Column('website_ids', sa.Text(), nullable=False),
    sa.Column('customer_group_ids', sa.Text(), nullable=False),
    sa.Column('conditions_serialized', sa.Text(), nullable=False),
    sa.Column('expiration_behavior', sa.Integer(), nullable=False),
    sa.Column('expiration_period', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('rule_id', name=op.f('pk_vdrewards_rule'))
    )
    op.create_table('vdrewards_quote',
    sa.Column('quote_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('requested', POINTS, nullable=False),
    sa.Column('allowed', POINTS, nullable=False),
    sa.PrimaryKeyConstraint('quote_id', name=op.f('pk_vdrewards_quote'))
    )
    op.create_table('vdrewards_order',
    sa.Column('order_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('increment_id', sa.String(length=50), nullable=False),
    sa.Column('customer_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('website_id', sa.Integer(), nullable=False),
    sa.Column('customer_group_id', sa.Integer(), nullable=False),
    sa.Column('subtotal', POINTS, nullable=False),
    sa.Column('spent', POINTS, nullable=False),
    sa.Column('given_back', sa.Boolean(), nullable=False),
    sa.Column('matched_rule_ids', sa.Text(), nullable=False),
    sa.Column('earned', sa.Boolean(), nullable=False),
    sa.PrimaryKeyConstraint('order_id', name=op.f('pk_vdrewards_order'))
    )


def downgrade() -> None:
    op.drop_table('vdrewards_order')
    op.drop_table('vdrewards_quote')
    op.drop_table('vdrewards_rule')
    with op.batch_alter_table('vdrewards_history', schema=None) as batch_op:
        batch_op.drop_index('ix_vdrewards_history_customer_id')
    op.drop_table('vdrewards_history')
    op.drop_table('vdrewards_balance')
