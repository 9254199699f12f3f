"""promotions: the Free Gift and Special Promotions settings of cart price rules

The first revision of the module's own branch (label ``promotions``), on the platform's first revision.

Revision ID: 0001_promotions
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_promotions'
down_revision = None
branch_labels = ('promotions',)
depends_on = '0001_core'


def upgrade() -> None:
    op.create_table('vendor_promo_rule',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('salesrule_id', sa.Integer(), nullable=False),
    sa.Column('sku', sa.Text(), nullable=True),
    sa.Column('type', sa.Integer(), nullable=False),
    sa.Column('items_discount', sa.String(length=32), nullable=True),
    sa.Column('minimal_items_price', sa.Numeric(precision=20, scale=4), nullable=True),
    sa.Column('apply_tax', sa.Integer(), nullable=False),
    sa.Column('apply_shipping', sa.Integer(), nullable=False),
    sa.Column('top_banner_show_gift_images', sa.Integer(), nullable=False),
    sa.Column('after_product_banner_show_gift_images', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_vendor_promo_rule')),
    sa.UniqueConstraint('salesrule_id', name=op.f('uq_vendor_promo_rule_salesrule_id'))
    )
    op.create_table('vendor_rules_rule',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('salesrule_id', sa.Integer(), nullable=False),
    sa.Column('promo_skus', sa.Text(), nullable=True),
    sa.Column('promo_cats', sa.Text(), nullable=True),
    sa.Column('apply_discount_to', sa.String(length=8), nullable=True),
    sa.Column('eachm', sa.String(length=32), nullable=True),
    sa.Column('priceselector', sa.Integer(), nullable=True),
    sa.Column('nqty', sa.String(length=32), nullable=True),
    sa.Column('max_discount', sa.String(length=32), nullable=True),
    sa.Column('skip_rule', sa.Integer(), nullable=True),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_vendor_rules_rule')),
    sa.UniqueConstraint('salesrule_id', name=op.f('uq_vendor_rules_rule_salesrule_id'))
    )


def downgrade() -> None:
    op.drop_table('vendor_rules_rule')
    op.drop_table('vendor_promo_rule')
