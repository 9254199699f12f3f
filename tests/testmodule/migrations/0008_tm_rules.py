"""testmodule: tables of the rules tests

Revision ID: 0008_tm_rules
Revises: 0007_tm_quote
"""
from alembic import op  # noqa: F401
import sqlalchemy as sa  # noqa: F401


revision = '0008_tm_rules'
down_revision = '0007_tm_quote'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('vendor_testmodule_rate_rule',
    sa.Column('rule_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('name', sa.String(length=255), nullable=False),
    sa.Column('is_active', sa.Boolean(), nullable=False),
    sa.Column('sort_order', sa.Integer(), nullable=False),
    sa.Column('carrier_code', sa.String(length=64), nullable=False),
    sa.Column('action', sa.String(length=16), nullable=False),
    sa.Column('amount', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('error_message', sa.String(length=255), nullable=True),
    sa.Column('conditions_serialized', sa.Text(), nullable=True),
    sa.PrimaryKeyConstraint('rule_id', name=op.f('pk_vendor_testmodule_rate_rule'))
    )


def downgrade() -> None:
    op.drop_table('vendor_testmodule_rate_rule')
