"""async: bulks, operations, database queue messages

Revision ID: 0004_async
Revises: 0002_customer
"""
from alembic import op
import sqlalchemy as sa


revision = '0004_async'
down_revision = '0002_customer'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('magento_bulk',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('uuid', sa.String(length=39), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=True),
    sa.Column('user_type', sa.Integer(), nullable=True),
    sa.Column('description', sa.String(length=255), nullable=True),
    sa.Column('operation_count', sa.Integer(), nullable=False),
    sa.Column('start_time', sa.DateTime(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('website_id', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_magento_bulk')),
    sa.UniqueConstraint('uuid', name=op.f('uq_magento_bulk_uuid'))
    )
    with op.batch_alter_table('magento_bulk', schema=None) as batch_op:
        batch_op.create_index('ix_magento_bulk_user_type_user_id', ['user_type', 'user_id'], unique=False)

    op.create_table('magento_operation',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('bulk_uuid', sa.String(length=39), nullable=False),
    sa.Column('operation_key', sa.Integer(), nullable=False),
    sa.Column('topic_name', sa.String(length=255), nullable=False),
    sa.Column('route', sa.String(length=255), nullable=False),
    sa.Column('serialized_data', sa.Text(), nullable=False),
    sa.Column('result_serialized_data', sa.Text(), nullable=True),
    sa.Column('status', sa.Integer(), nullable=False),
    sa.Column('error_code', sa.Integer(), nullable=True),
    sa.Column('result_message', sa.Text(), nullable=True),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('started_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['bulk_uuid'], ['magento_bulk.uuid'],
                            name=op.f('fk_magento_operation_bulk_uuid_magento_bulk'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_magento_operation')),
    sa.UniqueConstraint('bulk_uuid', 'operation_key', name=op.f('uq_magento_operation_bulk_uuid_operation_key'))
    )
    with op.batch_alter_table('magento_operation', schema=None) as batch_op:
        batch_op.create_index('ix_magento_operation_bulk_uuid_status', ['bulk_uuid', 'status'], unique=False)

    op.create_table('queue_message',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('topic_name', sa.String(length=255), nullable=False),
    sa.Column('body', sa.Text(), nullable=False),
    sa.Column('available_at', sa.Float(), nullable=False),
    sa.Column('claimed_by', sa.String(length=255), nullable=True),
    sa.Column('claimed_until', sa.Float(), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_queue_message'))
    )
    with op.batch_alter_table('queue_message', schema=None) as batch_op:
        batch_op.create_index('ix_queue_message_topic_name_available_at', ['topic_name', 'available_at'],
                              unique=False)


def downgrade() -> None:
    op.drop_table('queue_message')
    op.drop_table('magento_operation')
    op.drop_table('magento_bulk')
