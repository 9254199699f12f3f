"""shippingtablerates: methods, their labels and rate rows

The first revision of the module's own branch (label ``shippingtablerates``), on the platform's first
revision.

Revision ID: 0001_shippingtablerates
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_shippingtablerates'
down_revision = None
branch_labels = ('shippingtablerates',)
depends_on = '0001_core'


def upgrade() -> None:
    op.create_table('vendor_table_method',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('is_active', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=255), nullable=False),
    sa.Column('comment', sa.Text(), nullable=True),
    sa.Column('stores', sa.String(length=255), nullable=False),
    sa.Column('cust_groups', sa.String(length=255), nullable=False),
    sa.Column('select_rate', sa.Integer(), nullable=False),
    sa.Column('min_rate', sa.Numeric(precision=12, scale=2), nullable=False),
    sa.Column('max_rate', sa.Numeric(precision=12, scale=2), nullable=False),
    sa.Column('free_types', sa.String(length=255), nullable=False),
    sa.Column('comment_img', sa.String(length=255), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_vendor_table_method'))
    )
    op.create_table('vendor_table_method_label',
    sa.Column('method_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('label', sa.String(length=255), nullable=True),
    sa.Column('comment', sa.Text(), nullable=True),
    sa.ForeignKeyConstraint(['method_id'], ['vendor_table_method.id'], name=op.f('fk_vendor_table_method_label_method_id_vendor_table_method'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('method_id', 'store_id', name=op.f('pk_vendor_table_method_label'))
    )
    op.create_table('vendor_table_rate',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('method_id', sa.Integer(), nullable=False),
    sa.Column('country', sa.String(length=4), nullable=False),
    sa.Column('state', sa.String(length=16), nullable=False),
    sa.Column('city', sa.String(length=255), nullable=False),
    sa.Column('city_key', sa.String(length=255), nullable=False),
    sa.Column('zip_from', sa.String(length=32), nullable=False),
    sa.Column('zip_to', sa.String(length=32), nullable=False),
    sa.Column('zip_kind', sa.Integer(), nullable=False),
    sa.Column('zip_key', sa.String(length=32), nullable=False),
    sa.Column('num_zip_from', sa.BigInteger(), nullable=False),
    sa.Column('num_zip_to', sa.BigInteger(), nullable=False),
    sa.Column('price_from', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('price_to', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('weight_from', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('weight_to', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('qty_from', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('qty_to', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('shipping_type', sa.String(length=16), nullable=False),
    sa.Column('cost_base', sa.Numeric(precision=12, scale=2), nullable=False),
    sa.Column('cost_percent', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('cost_product', sa.Numeric(precision=12, scale=2), nullable=False),
    sa.Column('cost_weight', sa.Numeric(precision=12, scale=2), nullable=False),
    sa.Column('time_delivery', sa.String(length=64), nullable=False),
    sa.Column('name_delivery', sa.String(length=255), nullable=False),
    sa.Column('conditions_key', sa.String(length=40), nullable=False),
    sa.ForeignKeyConstraint(['method_id'], ['vendor_table_method.id'], name=op.f('fk_vendor_table_rate_method_id_vendor_table_method'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_vendor_table_rate'))
    )
    with op.batch_alter_table('vendor_table_rate', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_table_rate_match', ['method_id', 'shipping_type', 'country', 'state', 'num_zip_from'], unique=False)
        batch_op.create_index('ux_vendor_table_rate_conditions', ['method_id', 'conditions_key'], unique=True)



def downgrade() -> None:
    with op.batch_alter_table('vendor_table_rate', schema=None) as batch_op:
        batch_op.drop_index('ux_vendor_table_rate_conditions')
        batch_op.drop_index('ix_vendor_table_rate_match')

    op.drop_table('vendor_table_rate')
    op.drop_table('vendor_table_method_label')
    op.drop_table('vendor_table_method')
