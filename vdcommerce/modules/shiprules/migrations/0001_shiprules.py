"""shiprules: the rules, their store views, customer groups and weekdays, and the attribute codes
their condition trees test

The first revision of the module's own branch (label ``shiprules``), on the platform's first revision.

Revision ID: 0001_shiprules
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_shiprules'
down_revision = None
branch_labels = ('shiprules',)
depends_on = '0001_core'


def upgrade() -> None:
    op.create_table('vendor_shiprules_rule',
    sa.Column('rule_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('is_active', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=255), nullable=False),
    sa.Column('pos', sa.Integer(), nullable=False),
    sa.Column('for_admin', sa.Integer(), nullable=False),
    sa.Column('skip_subsequent', sa.Boolean(), nullable=False),
    sa.Column('calc', sa.Integer(), nullable=False),
    sa.Column('ignore_promo', sa.Integer(), nullable=False),
    sa.Column('price_from', sa.Numeric(precision=12, scale=2), nullable=False),
    sa.Column('price_to', sa.Numeric(precision=12, scale=2), nullable=False),
    sa.Column('weight_from', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('weight_to', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('qty_from', sa.Integer(), nullable=False),
    sa.Column('qty_to', sa.Integer(), nullable=False),
    sa.Column('rate_base', sa.Numeric(precision=12, scale=2), nullable=False),
    sa.Column('rate_fixed', sa.Numeric(precision=12, scale=2), nullable=False),
    sa.Column('weight_fixed', sa.Numeric(precision=12, scale=2), nullable=False),
    sa.Column('rate_percent', sa.Numeric(precision=12, scale=2), nullable=False),
    sa.Column('handling', sa.Numeric(precision=12, scale=2), nullable=False),
    sa.Column('rate_min', sa.Numeric(precision=12, scale=2), nullable=False),
    sa.Column('rate_max', sa.Numeric(precision=12, scale=2), nullable=False),
    sa.Column('ship_min', sa.Numeric(precision=12, scale=2), nullable=False),
    sa.Column('ship_max', sa.Numeric(precision=12, scale=2), nullable=False),
    sa.Column('time_from', sa.Integer(), nullable=True),
    sa.Column('time_to', sa.Integer(), nullable=True),
    sa.Column('out_of_stock', sa.Integer(), nullable=False),
    sa.Column('carriers', sa.Text(), nullable=True),
    sa.Column('methods', sa.Text(), nullable=True),
    sa.Column('coupon', sa.Text(), nullable=True),
    sa.Column('discount_id', sa.Text(), nullable=False),
    sa.Column('coupon_disable', sa.Text(), nullable=True),
    sa.Column('discount_id_disable', sa.Text(), nullable=True),
    sa.Column('conditions_serialized', sa.Text(), nullable=True),
    sa.Column('actions_serialized', sa.Text(), nullable=True),
    sa.PrimaryKeyConstraint('rule_id', name=op.f('pk_vendor_shiprules_rule'))
    )
    with op.batch_alter_table('vendor_shiprules_rule', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_shiprules_rule_is_active_pos_rule_id', ['is_active', 'pos', 'rule_id'], unique=False)

    op.create_table('vendor_shiprules_attribute',
    sa.Column('rule_id', sa.Integer(), nullable=False),
    sa.Column('code', sa.String(length=255), nullable=False),
    sa.ForeignKeyConstraint(['rule_id'], ['vendor_shiprules_rule.rule_id'], name=op.f('fk_vendor_shiprules_attribute_rule_id_vendor_shiprules_rule'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('rule_id', 'code', name=op.f('pk_vendor_shiprules_attribute'))
    )
    op.create_table('vendor_shiprules_rule_customer_group',
    sa.Column('rule_id', sa.Integer(), nullable=False),
    sa.Column('customer_group_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['rule_id'], ['vendor_shiprules_rule.rule_id'], name=op.f('fk_vendor_shiprules_rule_customer_group_rule_id_vendor_shiprules_rule'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('rule_id', 'customer_group_id', name=op.f('pk_vendor_shiprules_rule_customer_group'))
    )
    op.create_table('vendor_shiprules_rule_day',
    sa.Column('rule_id', sa.Integer(), nullable=False),
    sa.Column('day', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['rule_id'], ['vendor_shiprules_rule.rule_id'], name=op.f('fk_vendor_shiprules_rule_day_rule_id_vendor_shiprules_rule'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('rule_id', 'day', name=op.f('pk_vendor_shiprules_rule_day'))
    )
    op.create_table('vendor_shiprules_rule_store',
    sa.Column('rule_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['rule_id'], ['vendor_shiprules_rule.rule_id'], name=op.f('fk_vendor_shiprules_rule_store_rule_id_vendor_shiprules_rule'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('rule_id', 'store_id', name=op.f('pk_vendor_shiprules_rule_store'))
    )


def downgrade() -> None:
    op.drop_table('vendor_shiprules_rule_store')
    op.drop_table('vendor_shiprules_rule_day')
    op.drop_table('vendor_shiprules_rule_customer_group')
    op.drop_table('vendor_shiprules_attribute')
    with op.batch_alter_table('vendor_shiprules_rule', schema=None) as batch_op:
        batch_op.drop_index('ix_vendor_shiprules_rule_is_active_pos_rule_id')

    op.drop_table('vendor_shiprules_rule')
