"""orderarchive: the table of archived orders

The first revision of the module's own branch (label ``orderarchive``); it needs the platform's
order table (``0008_sales``).

Revision ID: 0001_orderarchive
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_orderarchive'
down_revision = None
branch_labels = ('orderarchive',)
depends_on = '0008_sales'


def upgrade() -> None:
    op.create_table('vendor_orderarchive_order',
    sa.Column('order_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('increment_id', sa.String(length=50), nullable=False),
    sa.Column('archived_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['order_id'], ['sales_order.entity_id'],
                            name=op.f('fk_vendor_orderarchive_order_order_id_sales_order'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('order_id', name=op.f('pk_vendor_orderarchive_order'))
    )


def downgrade() -> None:
    op.drop_table('vendor_orderarchive_order')
