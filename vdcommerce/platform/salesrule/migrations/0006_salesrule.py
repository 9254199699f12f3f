"""salesrule: cart price rules, coupons and their usage counters

Revision ID: 0006_salesrule
Revises: 0005_catalog
"""
from alembic import op
import sqlalchemy as sa


revision = '0006_salesrule'
down_revision = '0005_catalog'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('salesrule',
    sa.Column('rule_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('name', sa.String(length=255), nullable=False),
    sa.Column('description', sa.Text(), nullable=True),
    sa.Column('store_labels', sa.Text(), nullable=False),
    sa.Column('website_ids', sa.String(length=255), nullable=False),
    sa.Column('customer_group_ids', sa.String(length=255), nullable=False),
    sa.Column('from_date', sa.Date(), nullable=True),
    sa.Column('to_date', sa.Date(), nullable=True),
    sa.Column('uses_per_customer', sa.Integer(), nullable=False),
    sa.Column('is_active', sa.Boolean(), nullable=False),
    sa.Column('conditions', sa.Text(), nullable=True),
    sa.Column('actions', sa.Text(), nullable=True),
    sa.Column('stop_rules_processing', sa.Boolean(), nullable=False),
    sa.Column('is_advanced', sa.Boolean(), nullable=False),
    sa.Column('product_ids', sa.Text(), nullable=True),
    sa.Column('sort_order', sa.Integer(), nullable=False),
    sa.Column('simple_action', sa.String(length=64), nullable=False),
    sa.Column('discount_amount', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('discount_qty', sa.Numeric(precision=12, scale=4), nullable=True),
    sa.Column('discount_step', sa.Integer(), nullable=False),
    sa.Column('apply_to_shipping', sa.Boolean(), nullable=False),
    sa.Column('times_used', sa.Integer(), nullable=False),
    sa.Column('is_rss', sa.Boolean(), nullable=False),
    sa.Column('coupon_type', sa.String(length=32), nullable=False),
    sa.Column('use_auto_generation', sa.Boolean(), nullable=False),
    sa.Column('uses_per_coupon', sa.Integer(), nullable=False),
    sa.Column('simple_free_shipping', sa.String(length=32), nullable=False),
    sa.Column('extension_attributes', sa.Text(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('rule_id', name=op.f('pk_salesrule'))
    )
    with op.batch_alter_table('salesrule', schema=None) as batch_op:
        batch_op.create_index('ix_salesrule_is_active_sort_order_rule_id', ['is_active', 'sort_order', 'rule_id'],
                              unique=False)

    op.create_table('salesrule_coupon',
    sa.Column('coupon_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('rule_id', sa.Integer(), nullable=False),
    sa.Column('code', sa.String(length=255), nullable=False),
    sa.Column('code_key', sa.String(length=255), nullable=False),
    sa.Column('usage_limit', sa.Integer(), nullable=True),
    sa.Column('usage_per_customer', sa.Integer(), nullable=True),
    sa.Column('times_used', sa.Integer(), nullable=False),
    sa.Column('expiration_date', sa.Date(), nullable=True),
    sa.Column('is_primary', sa.Boolean(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('type', sa.SmallInteger(), nullable=False),
    sa.ForeignKeyConstraint(['rule_id'], ['salesrule.rule_id'],
                            name=op.f('fk_salesrule_coupon_rule_id_salesrule'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('coupon_id', name=op.f('pk_salesrule_coupon')),
    sa.UniqueConstraint('code_key', name=op.f('uq_salesrule_coupon_code_key'))
    )
    with op.batch_alter_table('salesrule_coupon', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_salesrule_coupon_rule_id'), ['rule_id'], unique=False)

    op.create_table('salesrule_customer',
    sa.Column('rule_id', sa.Integer(), nullable=False),
    sa.Column('customer_id', sa.Integer(), nullable=False),
    sa.Column('times_used', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['rule_id'], ['salesrule.rule_id'],
                            name=op.f('fk_salesrule_customer_rule_id_salesrule'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('rule_id', 'customer_id', name=op.f('pk_salesrule_customer'))
    )

    op.create_table('salesrule_coupon_usage',
    sa.Column('coupon_id', sa.Integer(), nullable=False),
    sa.Column('customer_id', sa.Integer(), nullable=False),
    sa.Column('times_used', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['coupon_id'], ['salesrule_coupon.coupon_id'],
                            name=op.f('fk_salesrule_coupon_usage_coupon_id_salesrule_coupon'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('coupon_id', 'customer_id', name=op.f('pk_salesrule_coupon_usage'))
    )


def downgrade() -> None:
    op.drop_table('salesrule_coupon_usage')
    op.drop_table('salesrule_customer')
    op.drop_table('salesrule_coupon')
    op.drop_table('salesrule')
