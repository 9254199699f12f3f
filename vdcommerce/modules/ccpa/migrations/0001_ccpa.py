"""ccpa: deletion requests, the action log and privacy policies

The first revision of the CCPA module's own branch (label ``ccpa``), on the platform's first revision.

Revision ID: 0001_ccpa
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_ccpa'
down_revision = None
branch_labels = ('ccpa',)
depends_on = '0001_core'


def upgrade() -> None:
    op.create_table('vendor_ccpa_action_log',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('customer_id', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('ip', sa.String(length=45), nullable=True),
    sa.Column('action', sa.String(length=64), nullable=False),
    sa.Column('comment', sa.Text(), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_vendor_ccpa_action_log'))
    )
    with op.batch_alter_table('vendor_ccpa_action_log', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_ccpa_action_log_customer_id', ['customer_id'], unique=False)

    op.create_table('vendor_ccpa_delete_request',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('customer_id', sa.Integer(), nullable=False),
    sa.Column('got_from', sa.String(length=32), nullable=True),
    sa.Column('approved', sa.SmallInteger(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_vendor_ccpa_delete_request'))
    )
    with op.batch_alter_table('vendor_ccpa_delete_request', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_ccpa_delete_request_approved', ['approved'], unique=False)
        batch_op.create_index('ix_vendor_ccpa_delete_request_customer_id', ['customer_id'], unique=False)

    op.create_table('vendor_ccpa_privacy_policy',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('policy_version', sa.String(length=64), nullable=False),
    sa.Column('comment', sa.Text(), nullable=True),
    sa.Column('content', sa.Text(), nullable=True),
    sa.Column('status', sa.SmallInteger(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=True),
    sa.Column('updated_at', sa.DateTime(), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_vendor_ccpa_privacy_policy')),
    sa.UniqueConstraint('policy_version', name=op.f('uq_vendor_ccpa_privacy_policy_policy_version'))
    )


def downgrade() -> None:
    op.drop_table('vendor_ccpa_privacy_policy')
    with op.batch_alter_table('vendor_ccpa_delete_request', schema=None) as batch_op:
        batch_op.drop_index('ix_vendor_ccpa_delete_request_customer_id')
        batch_op.drop_index('ix_vendor_ccpa_delete_request_approved')

    op.drop_table('vendor_ccpa_delete_request')
    with op.batch_alter_table('vendor_ccpa_action_log', schema=None) as batch_op:
        batch_op.drop_index('ix_vendor_ccpa_action_log_customer_id')

    op.drop_table('vendor_ccpa_action_log')
