"""quote: the modules that keep rows of their own for a cart

Revision ID: 0018_quote
Revises: 0017_backpressure
"""
from alembic import op  # noqa: F401
import sqlalchemy as sa  # noqa: F401


revision = '0018_quote'
down_revision = '0017_backpressure'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # existing carts keep NULL (not known): every module reads its rows for them, as before
    with op.batch_alter_table('quote', schema=None) as batch_op:
        batch_op.add_column(sa.Column('module_state', sa.String(length=255), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('quote', schema=None) as batch_op:
        batch_op.drop_column('module_state')
