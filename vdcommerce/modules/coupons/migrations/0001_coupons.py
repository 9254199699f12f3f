"""coupons: the per-rule setting of Multiple Coupons

The first revision of the module's own branch (label ``coupons``), on the platform's first revision.

Revision ID: 0001_coupons
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_coupons'
down_revision = None
branch_labels = ('coupons',)
depends_on = '0001_core'


def upgrade() -> None:
    op.create_table('vendor_coupons_rule',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('rule_id', sa.Integer(), nullable=False),
    sa.Column('allow_coupons_same_rule', sa.Boolean(), nullable=False),
    sa.Column('use_config_value', sa.SmallInteger(), nullable=False),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_vendor_coupons_rule')),
    sa.UniqueConstraint('rule_id', name=op.f('uq_vendor_coupons_rule_rule_id'))
    )


def downgrade() -> None:
    op.drop_table('vendor_coupons_rule')
