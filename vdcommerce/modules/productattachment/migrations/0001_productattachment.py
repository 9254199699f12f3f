"""productattachment: attachment files and their values per store view

The product attachments module's own branch (label ``productattachment``); its tables need the store
scopes of the platform's first revision and the media file records.

Revision ID: 0001_productattachment
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_productattachment'
down_revision = None
branch_labels = ('productattachment',)
depends_on = '0013_media'


def upgrade() -> None:
    op.create_table('vendor_product_attachment_file',
    sa.Column('file_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('attachment_type', sa.Integer(), nullable=False),
    sa.Column('filepath', sa.String(length=255), nullable=True),
    sa.Column('link', sa.String(length=2048), nullable=True),
    sa.Column('extension', sa.String(length=32), nullable=True),
    sa.Column('mime_type', sa.String(length=255), nullable=True),
    sa.Column('size', sa.Integer(), nullable=True),
    sa.Column('url_hash', sa.String(length=32), nullable=False),
    sa.Column('media_file_id', sa.Integer(), nullable=True),
    sa.Column('downloads', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['media_file_id'], ['media_file.file_id'],
                            name=op.f('fk_vendor_product_attachment_file_media_file_id_media_file'),
                            ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('file_id', name=op.f('pk_vendor_product_attachment_file'))
    )
    op.create_table('vendor_product_attachment_file_store',
    sa.Column('file_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('filename', sa.String(length=255), nullable=True),
    sa.Column('label', sa.String(length=255), nullable=True),
    sa.Column('customer_groups', sa.String(length=255), nullable=True),
    sa.Column('is_visible', sa.Boolean(), nullable=True),
    sa.Column('include_in_order', sa.Boolean(), nullable=True),
    sa.Column('product_ids', sa.Text(), nullable=True),
    sa.Column('category_ids', sa.Text(), nullable=True),
    sa.ForeignKeyConstraint(['file_id'], ['vendor_product_attachment_file.file_id'],
                            name='fk_vendor_product_attachment_file_store_file_id',
                            ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['store_id'], ['store.store_id'],
                            name='fk_vendor_product_attachment_file_store_store_id', ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('file_id', 'store_id', name=op.f('pk_vendor_product_attachment_file_store'))
    )
    op.create_table('vendor_product_attachment_upload',
    sa.Column('temporary_name', sa.String(length=255), nullable=False),
    sa.Column('media_file_id', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['media_file_id'], ['media_file.file_id'],
                            name=op.f('fk_vendor_product_attachment_upload_media_file_id_media_file'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('temporary_name', name=op.f('pk_vendor_product_attachment_upload'))
    )
    with op.batch_alter_table('vendor_product_attachment_upload', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_product_attachment_upload_created_at', ['created_at'], unique=False)


def downgrade() -> None:
    op.drop_table('vendor_product_attachment_upload')
    op.drop_table('vendor_product_attachment_file_store')
    op.drop_table('vendor_product_attachment_file')
