"""asyncoperations: the AMQP outbox (queue_outbox); the runner lock's and scheduler's row (cron_runner)

Revision ID: 0025_asyncoperations
Revises: 0022_cms
"""
from alembic import op
import sqlalchemy as sa


revision = '0025_asyncoperations'
down_revision = '0022_cms'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('queue_outbox',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('bulk_uuid', sa.String(length=39), nullable=False),
    sa.Column('topic_name', sa.String(length=255), nullable=False),
    sa.Column('body', sa.Text(), nullable=False),
    sa.Column('created_at', sa.Float(), nullable=False),
    sa.Column('published_at', sa.Float(), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_queue_outbox'))
    )
    with op.batch_alter_table('queue_outbox', schema=None) as batch_op:
        batch_op.create_index('ix_queue_outbox_bulk_uuid', ['bulk_uuid'], unique=False)
        batch_op.create_index('ix_queue_outbox_published_at_id', ['published_at', 'id'], unique=False)

    op.create_table('cron_runner',
    sa.Column('name', sa.String(length=32), nullable=False),
    sa.Column('holder', sa.String(length=255), nullable=True),
    sa.Column('holder_started', sa.String(length=64), nullable=True),
    sa.Column('acquired_at', sa.DateTime(), nullable=True),
    sa.Column('last_tick_at', sa.DateTime(), nullable=True),
    sa.Column('tick_seconds', sa.Float(), nullable=True),
    sa.Column('next_runs', sa.Text(), nullable=True),
    sa.PrimaryKeyConstraint('name', name=op.f('pk_cron_runner'))
    )


def downgrade() -> None:
    op.drop_table('cron_runner')
    with op.batch_alter_table('queue_outbox', schema=None) as batch_op:
        batch_op.drop_index('ix_queue_outbox_published_at_id')
        batch_op.drop_index('ix_queue_outbox_bulk_uuid')
    op.drop_table('queue_outbox')
