"""shopbypage: the page and its store views

The first revision of the module's own branch (label ``shopbypage``), on the platform's first revision.

Revision ID: 0001_shopbypage
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_shopbypage'
down_revision = None
branch_labels = ('shopbypage',)
depends_on = '0001_core'


def upgrade() -> None:
    op.create_table('vendor_shopbypage_page',
    sa.Column('page_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('position', sa.String(length=16), nullable=False),
    sa.Column('url', sa.String(length=255), nullable=True),
    sa.Column('title', sa.Text(), nullable=True),
    sa.Column('description', sa.Text(), nullable=True),
    sa.Column('meta_title', sa.Text(), nullable=True),
    sa.Column('meta_keywords', sa.Text(), nullable=True),
    sa.Column('meta_description', sa.Text(), nullable=True),
    sa.Column('conditions', sa.Text(), nullable=True),
    sa.Column('categories', sa.Text(), nullable=True),
    sa.Column('top_block_id', sa.String(length=64), nullable=True),
    sa.Column('bottom_block_id', sa.String(length=64), nullable=True),
    sa.Column('image', sa.String(length=255), nullable=True),
    sa.Column('tag_robots', sa.String(length=32), nullable=True),
    sa.PrimaryKeyConstraint('page_id', name=op.f('pk_vendor_shopbypage_page'))
    )
    op.create_table('vendor_shopbypage_page_store',
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['page_id'], ['vendor_shopbypage_page.page_id'],
                            name=op.f('fk_vendor_shopbypage_page_store_page_id_vendor_shopbypage_page'),
                            ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['store_id'], ['store.store_id'],
                            name=op.f('fk_vendor_shopbypage_page_store_store_id_store'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('page_id', 'store_id', name=op.f('pk_vendor_shopbypage_page_store'))
    )
    op.create_index('ix_vendor_shopbypage_page_store_store_id', 'vendor_shopbypage_page_store', ['store_id'],
                    unique=False)


def downgrade() -> None:
    op.drop_index('ix_vendor_shopbypage_page_store_store_id', table_name='vendor_shopbypage_page_store')
    op.drop_table('vendor_shopbypage_page_store')
    op.drop_table('vendor_shopbypage_page')
