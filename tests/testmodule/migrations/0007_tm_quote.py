"""testmodule: tables of the quote tests

Revision ID: 0007_tm_quote
Revises: 0006_tm_sales
"""
from alembic import op  # noqa: F401
import sqlalchemy as sa  # noqa: F401


revision = '0007_tm_quote'
down_revision = '0006_tm_sales'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('vendor_testmodule_cart_fee',
    sa.Column('quote_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('amount', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('label', sa.String(length=255), nullable=False),
    sa.PrimaryKeyConstraint('quote_id', name=op.f('pk_vendor_testmodule_cart_fee'))
    )


def downgrade() -> None:
    op.drop_table('vendor_testmodule_cart_fee')
