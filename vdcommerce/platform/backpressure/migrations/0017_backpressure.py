"""backpressure: request counters shared by the workers

Revision ID: 0017_backpressure
Revises: 0016_quote
"""
from alembic import op
import sqlalchemy as sa


revision = '0017_backpressure'
down_revision = '0016_quote'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('backpressure_counter',
    sa.Column('request_type', sa.String(length=32), nullable=False),
    sa.Column('identity', sa.String(length=64), nullable=False),
    sa.Column('slot', sa.BigInteger(), nullable=False),
    sa.Column('hits', sa.Integer(), nullable=False),
    sa.Column('previous', sa.Integer(), nullable=False),
    sa.Column('expires_at', sa.BigInteger(), nullable=False),
    sa.PrimaryKeyConstraint('request_type', 'identity', name=op.f('pk_backpressure_counter'))
    )
    op.create_index('ix_backpressure_counter_expires_at', 'backpressure_counter', ['expires_at'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_backpressure_counter_expires_at', table_name='backpressure_counter')
    op.drop_table('backpressure_counter')
