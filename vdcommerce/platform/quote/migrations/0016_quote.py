"""quote: module totals on the order, cart lines added by collectors

Revision ID: 0016_quote
Revises: 0015_sales
"""
from alembic import op  # noqa: F401
import sqlalchemy as sa  # noqa: F401


revision = '0016_quote'
down_revision = '0015_sales'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('quote', schema=None) as batch_op:
        batch_op.add_column(sa.Column('declined_lines', sa.Text(), nullable=True))
    with op.batch_alter_table('quote_item', schema=None) as batch_op:
        batch_op.add_column(sa.Column('added_by', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('added_key', sa.String(length=255), nullable=True))
    with op.batch_alter_table('sales_order', schema=None) as batch_op:
        batch_op.add_column(sa.Column('extension', sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('sales_order', schema=None) as batch_op:
        batch_op.drop_column('extension')
    with op.batch_alter_table('quote_item', schema=None) as batch_op:
        batch_op.drop_column('added_key')
        batch_op.drop_column('added_by')
    with op.batch_alter_table('quote', schema=None) as batch_op:
        batch_op.drop_column('declined_lines')
