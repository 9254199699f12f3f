"""reports: report rules and their rule -> product index

The Advanced Reports module's own branch (label ``reports``), on the platform's first revision.

Revision ID: 0001_reports
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_reports'
down_revision = None
branch_labels = ('reports',)
depends_on = '0001_core'


def upgrade() -> None:
    op.create_table('vendor_reports_rule',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('title', sa.String(length=255), nullable=False),
    sa.Column('status', sa.Integer(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=True),
    sa.Column('conditions_serialized', sa.Text(), nullable=True),
    sa.Column('pin', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_vendor_reports_rule'))
    )
    with op.batch_alter_table('vendor_reports_rule', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_reports_rule_status', ['status'], unique=False)

    op.create_table('vendor_reports_rule_index',
    sa.Column('rule_id', sa.Integer(), nullable=False),
    sa.Column('product_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['rule_id'], ['vendor_reports_rule.entity_id'],
                            name=op.f('fk_vendor_reports_rule_index_rule_id_vendor_reports_rule'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('rule_id', 'product_id', name=op.f('pk_vendor_reports_rule_index'))
    )
    with op.batch_alter_table('vendor_reports_rule_index', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_reports_rule_index_product_id', ['product_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('vendor_reports_rule_index', schema=None) as batch_op:
        batch_op.drop_index('ix_vendor_reports_rule_index_product_id')
    op.drop_table('vendor_reports_rule_index')
    with op.batch_alter_table('vendor_reports_rule', schema=None) as batch_op:
        batch_op.drop_index('ix_vendor_reports_rule_status')
    op.drop_table('vendor_reports_rule')
