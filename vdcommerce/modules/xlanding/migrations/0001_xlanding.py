"""xlanding: landing pages, their store views, product index, URL rewrites and category listings

The Landing Pages module's own branch (label ``xlanding``), on the platform's first revision.

Revision ID: 0001_xlanding
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_xlanding'
down_revision = None
branch_labels = ('xlanding',)
depends_on = '0001_core'


def upgrade() -> None:
    op.create_table('vendor_xlanding_page',
    sa.Column('page_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('title', sa.String(length=255), nullable=True),
    sa.Column('identifier', sa.String(length=255), nullable=True),
    sa.Column('is_active', sa.SmallInteger(), nullable=False),
    sa.Column('dynamic_category_id', sa.String(length=32), nullable=False),
    sa.Column('sort_order', sa.Integer(), nullable=False),
    sa.Column('creation_time', sa.DateTime(), nullable=True),
    sa.Column('update_time', sa.DateTime(), nullable=True),
    sa.Column('page_layout', sa.String(length=64), nullable=True),
    sa.Column('layout_columns_count', sa.String(length=16), nullable=True),
    sa.Column('layout_include_navigation', sa.SmallInteger(), nullable=False),
    sa.Column('layout_heading', sa.String(length=255), nullable=True),
    sa.Column('layout_file', sa.String(length=255), nullable=True),
    sa.Column('layout_file_alt', sa.String(length=255), nullable=True),
    sa.Column('layout_top_description', sa.Text(), nullable=True),
    sa.Column('layout_bottom_description', sa.Text(), nullable=True),
    sa.Column('layout_static_top', sa.String(length=255), nullable=True),
    sa.Column('layout_static_bottom', sa.String(length=255), nullable=True),
    sa.Column('default_sort_by', sa.String(length=64), nullable=True),
    sa.Column('layout_update_xml', sa.Text(), nullable=True),
    sa.Column('conditions_serialized', sa.Text(), nullable=True),
    sa.Column('meta_data', sa.Text(), nullable=True),
    sa.PrimaryKeyConstraint('page_id', name=op.f('pk_vendor_xlanding_page'))
    )
    with op.batch_alter_table('vendor_xlanding_page', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_xlanding_page_dynamic', ['is_active', 'dynamic_category_id'], unique=False)
        batch_op.create_index('ix_vendor_xlanding_page_identifier', ['identifier'], unique=False)

    op.create_table('vendor_xlanding_category_product',
    sa.Column('category_id', sa.Integer(), nullable=False),
    sa.Column('product_id', sa.Integer(), nullable=False),
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['page_id'], ['vendor_xlanding_page.page_id'],
                            name=op.f('fk_vendor_xlanding_category_product_page_id_vendor_xlanding_page'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('category_id', 'product_id', name=op.f('pk_vendor_xlanding_category_product'))
    )
    with op.batch_alter_table('vendor_xlanding_category_product', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_xlanding_category_product_page_id', ['page_id'], unique=False)
        batch_op.create_index('ix_vendor_xlanding_category_product_product_id', ['product_id'], unique=False)

    op.create_table('vendor_xlanding_page_product',
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('product_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['page_id'], ['vendor_xlanding_page.page_id'],
                            name=op.f('fk_vendor_xlanding_page_product_page_id_vendor_xlanding_page'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('page_id', 'product_id', name=op.f('pk_vendor_xlanding_page_product'))
    )
    with op.batch_alter_table('vendor_xlanding_page_product', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_xlanding_page_product_product_id', ['product_id'], unique=False)

    op.create_table('vendor_xlanding_page_store',
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['page_id'], ['vendor_xlanding_page.page_id'],
                            name=op.f('fk_vendor_xlanding_page_store_page_id_vendor_xlanding_page'),
                            ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['store_id'], ['store.store_id'],
                            name=op.f('fk_vendor_xlanding_page_store_store_id_store'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('page_id', 'store_id', name=op.f('pk_vendor_xlanding_page_store'))
    )
    with op.batch_alter_table('vendor_xlanding_page_store', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_xlanding_page_store_store_id', ['store_id'], unique=False)

    op.create_table('vendor_xlanding_url_rewrite',
    sa.Column('url_rewrite_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('request_path', sa.String(length=255), nullable=False),
    sa.Column('target_path', sa.String(length=255), nullable=False),
    sa.ForeignKeyConstraint(['page_id'], ['vendor_xlanding_page.page_id'],
                            name=op.f('fk_vendor_xlanding_url_rewrite_page_id_vendor_xlanding_page'),
                            ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['store_id'], ['store.store_id'],
                            name=op.f('fk_vendor_xlanding_url_rewrite_store_id_store'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('url_rewrite_id', name=op.f('pk_vendor_xlanding_url_rewrite')),
    sa.UniqueConstraint('request_path', 'store_id', name='uq_vendor_xlanding_url_rewrite_path_store')
    )
    with op.batch_alter_table('vendor_xlanding_url_rewrite', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_xlanding_url_rewrite_page_id', ['page_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('vendor_xlanding_url_rewrite', schema=None) as batch_op:
        batch_op.drop_index('ix_vendor_xlanding_url_rewrite_page_id')
    op.drop_table('vendor_xlanding_url_rewrite')
    with op.batch_alter_table('vendor_xlanding_page_store', schema=None) as batch_op:
        batch_op.drop_index('ix_vendor_xlanding_page_store_store_id')
    op.drop_table('vendor_xlanding_page_store')
    with op.batch_alter_table('vendor_xlanding_page_product', schema=None) as batch_op:
        batch_op.drop_index('ix_vendor_xlanding_page_product_product_id')
    op.drop_table('vendor_xlanding_page_product')
    with op.batch_alter_table('vendor_xlanding_category_product', schema=None) as batch_op:
        batch_op.drop_index('ix_vendor_xlanding_category_product_product_id')
        batch_op.drop_index('ix_vendor_xlanding_category_product_page_id')
    op.drop_table('vendor_xlanding_category_product')
    with op.batch_alter_table('vendor_xlanding_page', schema=None) as batch_op:
        batch_op.drop_index('ix_vendor_xlanding_page_identifier')
        batch_op.drop_index('ix_vendor_xlanding_page_dynamic')
    op.drop_table('vendor_xlanding_page')
