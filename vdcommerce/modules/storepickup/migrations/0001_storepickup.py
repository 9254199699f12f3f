"""storepickup: the pickup method tables

The first revision of the module's own branch (label ``storepickup``), on the platform's first revision.

Revision ID: 0001_storepickup
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_storepickup'
down_revision = None
branch_labels = ('storepickup',)
depends_on = '0001_core'


def upgrade() -> None:
    op.create_table('vendor_storepick_method',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('name', sa.String(length=255), nullable=False),
    sa.Column('is_active', sa.Boolean(), nullable=False),
    sa.Column('price', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('comment', sa.Text(), nullable=False),
    sa.Column('comment_image', sa.String(length=255), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_vendor_storepick_method'))
    )
    op.create_table('vendor_storepick_label',
    sa.Column('method_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('label', sa.String(length=255), nullable=False),
    sa.Column('comment', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['method_id'], ['vendor_storepick_method.id'], name=op.f('fk_vendor_storepick_label_method_id_vendor_storepick_method'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['store_id'], ['store.store_id'], name=op.f('fk_vendor_storepick_label_store_id_store'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('method_id', 'store_id', name=op.f('pk_vendor_storepick_label'))
    )
    op.create_table('vendor_storepick_store',
    sa.Column('method_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['method_id'], ['vendor_storepick_method.id'], name=op.f('fk_vendor_storepick_store_method_id_vendor_storepick_method'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['store_id'], ['store.store_id'], name=op.f('fk_vendor_storepick_store_store_id_store'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('method_id', 'store_id', name=op.f('pk_vendor_storepick_store'))
    )
    op.create_index('ix_vendor_storepick_store_store_id', 'vendor_storepick_store', ['store_id'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_vendor_storepick_store_store_id', table_name='vendor_storepick_store')
    op.drop_table('vendor_storepick_store')
    op.drop_table('vendor_storepick_label')
    op.drop_table('vendor_storepick_method')
