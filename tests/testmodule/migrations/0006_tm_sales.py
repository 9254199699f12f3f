"""testmodule: tables of the sales tests

Refunds to the test wallet and the orders the test module hides from the lists.

Revision ID: 0006_tm_sales
Revises: 0005_tm_catalog
"""
from alembic import op
import sqlalchemy as sa


revision = '0006_tm_sales'
down_revision = '0005_tm_catalog'
branch_labels = None
depends_on = '0015_sales'


def upgrade() -> None:
    op.create_table('vendor_testmodule_wallet_refund',
    sa.Column('creditmemo_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('customer_id', sa.Integer(), nullable=False),
    sa.Column('amount', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.ForeignKeyConstraint(['creditmemo_id'], ['sales_creditmemo.entity_id'], name=op.f('fk_vendor_testmodule_wallet_refund_creditmemo_id_sales_creditmemo'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('creditmemo_id', name=op.f('pk_vendor_testmodule_wallet_refund'))
    )
    op.create_table('vendor_testmodule_hidden_order',
    sa.Column('order_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.ForeignKeyConstraint(['order_id'], ['sales_order.entity_id'], name=op.f('fk_vendor_testmodule_hidden_order_order_id_sales_order'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('order_id', name=op.f('pk_vendor_testmodule_hidden_order'))
    )


def downgrade() -> None:
    op.drop_table('vendor_testmodule_hidden_order')
    op.drop_table('vendor_testmodule_wallet_refund')
