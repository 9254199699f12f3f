"""cms: pages and blocks with their store views

Revision ID: 0022_cms
Revises: 0021_customer
"""
from alembic import op
import sqlalchemy as sa


revision = '0022_cms'
down_revision = '0021_customer'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('cms_page',
    sa.Column('page_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('title', sa.String(length=255), nullable=True),
    sa.Column('page_layout', sa.String(length=255), nullable=True),
    sa.Column('meta_title', sa.String(length=255), nullable=True),
    sa.Column('meta_keywords', sa.Text(), nullable=True),
    sa.Column('meta_description', sa.Text(), nullable=True),
    sa.Column('identifier', sa.String(length=100), nullable=False),
    sa.Column('content_heading', sa.String(length=255), nullable=True),
    sa.Column('content', sa.Text(), nullable=True),
    sa.Column('creation_time', sa.DateTime(), nullable=False),
    sa.Column('update_time', sa.DateTime(), nullable=False),
    sa.Column('is_active', sa.Boolean(), nullable=False),
    sa.Column('sort_order', sa.String(length=255), nullable=True),
    sa.Column('layout_update_xml', sa.Text(), nullable=True),
    sa.Column('custom_theme', sa.String(length=100), nullable=True),
    sa.Column('custom_root_template', sa.String(length=255), nullable=True),
    sa.Column('custom_layout_update_xml', sa.Text(), nullable=True),
    sa.Column('custom_theme_from', sa.Date(), nullable=True),
    sa.Column('custom_theme_to', sa.Date(), nullable=True),
    sa.PrimaryKeyConstraint('page_id', name=op.f('pk_cms_page'))
    )
    op.create_index('ix_cms_page_identifier', 'cms_page', ['identifier'], unique=False)
    op.create_table('cms_page_store',
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['page_id'], ['cms_page.page_id'], name=op.f('fk_cms_page_store_page_id_cms_page'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('page_id', 'store_id', name=op.f('pk_cms_page_store'))
    )
    op.create_index('ix_cms_page_store_store_id', 'cms_page_store', ['store_id'], unique=False)
    op.create_table('cms_block',
    sa.Column('block_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('title', sa.String(length=255), nullable=True),
    sa.Column('identifier', sa.String(length=255), nullable=False),
    sa.Column('content', sa.Text(), nullable=True),
    sa.Column('creation_time', sa.DateTime(), nullable=False),
    sa.Column('update_time', sa.DateTime(), nullable=False),
    sa.Column('is_active', sa.Boolean(), nullable=False),
    sa.PrimaryKeyConstraint('block_id', name=op.f('pk_cms_block'))
    )
    op.create_index('ix_cms_block_identifier', 'cms_block', ['identifier'], unique=False)
    op.create_table('cms_block_store',
    sa.Column('block_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['block_id'], ['cms_block.block_id'], name=op.f('fk_cms_block_store_block_id_cms_block'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('block_id', 'store_id', name=op.f('pk_cms_block_store'))
    )
    op.create_index('ix_cms_block_store_store_id', 'cms_block_store', ['store_id'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_cms_block_store_store_id', table_name='cms_block_store')
    op.drop_table('cms_block_store')
    op.drop_index('ix_cms_block_identifier', table_name='cms_block')
    op.drop_table('cms_block')
    op.drop_index('ix_cms_page_store_store_id', table_name='cms_page_store')
    op.drop_table('cms_page_store')
    op.drop_index('ix_cms_page_identifier', table_name='cms_page')
    op.drop_table('cms_page')
