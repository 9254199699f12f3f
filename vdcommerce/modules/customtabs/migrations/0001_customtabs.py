"""customtabs: product tabs and their values per store view

The first revision of the module's own branch (label ``customtabs``); its tables need the store
views of the platform's first revision.

Revision ID: 0001_customtabs
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_customtabs'
down_revision = None
branch_labels = ('customtabs',)
depends_on = '0001_core'


def upgrade() -> None:
    op.create_table('vendor_customtabs_tabs',
    sa.Column('tab_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('is_active', sa.Integer(), nullable=False),
    sa.Column('conditions_serialized', sa.Text(), nullable=False),
    sa.Column('type', sa.Integer(), nullable=False),
    sa.Column('module_name', sa.String(length=255), nullable=False),
    sa.Column('name_in_layout', sa.String(length=255), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('tab_id', name=op.f('pk_vendor_customtabs_tabs'))
    )
    op.create_table('vendor_customtabs_tabs_content',
    sa.Column('tab_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('status', sa.Integer(), nullable=True),
    sa.Column('tab_name', sa.String(length=255), nullable=True),
    sa.Column('tab_title', sa.String(length=255), nullable=True),
    sa.Column('anchor', sa.String(length=255), nullable=True),
    sa.Column('sort_order', sa.Integer(), nullable=True),
    sa.Column('customer_groups', sa.String(length=255), nullable=True),
    sa.Column('content', sa.Text(), nullable=True),
    sa.Column('related_enabled', sa.Integer(), nullable=True),
    sa.Column('upsell_enabled', sa.Integer(), nullable=True),
    sa.Column('crosssell_enabled', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['store_id'], ['store.store_id'], name=op.f('fk_vendor_customtabs_tabs_content_store_id_store'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['tab_id'], ['vendor_customtabs_tabs.tab_id'], name=op.f('fk_vendor_customtabs_tabs_content_tab_id_vendor_customtabs_tabs'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('tab_id', 'store_id', name=op.f('pk_vendor_customtabs_tabs_content'))
    )
    op.create_index('ix_vendor_customtabs_tabs_content_store_id', 'vendor_customtabs_tabs_content', ['store_id'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_vendor_customtabs_tabs_content_store_id', table_name='vendor_customtabs_tabs_content')
    op.drop_table('vendor_customtabs_tabs_content')
    op.drop_table('vendor_customtabs_tabs')
