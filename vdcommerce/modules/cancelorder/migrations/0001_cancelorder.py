"""cancelorder: the cancel records and the per-order lock rows

The first revision of the module's own branch (label ``cancelorder``), after the platform's sales tables.

Revision ID: 0001_cancelorder
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_cancelorder'
down_revision = None
branch_labels = ('cancelorder',)
depends_on = '0008_sales'


def upgrade() -> None:
    op.create_table('vendor_cancelorder',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('order_id', sa.Integer(), nullable=False),
    sa.Column('reason', sa.Text(), nullable=False),
    sa.Column('comment', sa.Text(), nullable=False),
    sa.Column('status', sa.SmallInteger(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['order_id'], ['sales_order.entity_id'],
                            name=op.f('fk_vendor_cancelorder_order_id_sales_order'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_vendor_cancelorder'))
    )
    op.create_index('ix_vendor_cancelorder_order_id', 'vendor_cancelorder', ['order_id'], unique=False)
    op.create_table('vendor_cancelorder_lock',
    sa.Column('order_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.ForeignKeyConstraint(['order_id'], ['sales_order.entity_id'],
                            name=op.f('fk_vendor_cancelorder_lock_order_id_sales_order'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('order_id', name=op.f('pk_vendor_cancelorder_lock'))
    )


def downgrade() -> None:
    op.drop_table('vendor_cancelorder_lock')
    op.drop_index('ix_vendor_cancelorder_order_id', table_name='vendor_cancelorder')
    op.drop_table('vendor_cancelorder')
