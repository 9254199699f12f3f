"""media: stored files, and the product images that use them

Revision ID: 0013_media
Revises: 0012_store
"""
from alembic import op
import sqlalchemy as sa


revision = '0013_media'
down_revision = '0012_store'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('media_file',
    sa.Column('file_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('area', sa.String(length=16), nullable=False),
    sa.Column('path', sa.String(length=255), nullable=False),
    sa.Column('mime_type', sa.String(length=100), nullable=False),
    sa.Column('size', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('file_id', name=op.f('pk_media_file')),
    sa.UniqueConstraint('area', 'path', name=op.f('uq_media_file_area_path'))
    )
    op.create_table('catalog_product_entity_media_gallery',
    sa.Column('value_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('product_id', sa.Integer(), nullable=False),
    sa.Column('file_id', sa.Integer(), nullable=False),
    sa.Column('media_type', sa.String(length=32), nullable=False),
    sa.Column('label', sa.String(length=255), nullable=True),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('disabled', sa.Boolean(), nullable=False),
    sa.Column('types', sa.String(length=255), nullable=False),
    sa.ForeignKeyConstraint(['file_id'], ['media_file.file_id'],
                            name=op.f('fk_catalog_product_entity_media_gallery_file_id_media_file')),
    sa.ForeignKeyConstraint(['product_id'], ['catalog_product_entity.entity_id'],
                            name=op.f('fk_catalog_product_entity_media_gallery_product_id_catalog_product_entity'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('value_id', name=op.f('pk_catalog_product_entity_media_gallery'))
    )
    with op.batch_alter_table('catalog_product_entity_media_gallery', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_catalog_product_entity_media_gallery_product_id'), ['product_id'],
                              unique=False)


def downgrade() -> None:
    with op.batch_alter_table('catalog_product_entity_media_gallery', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_catalog_product_entity_media_gallery_product_id'))
    op.drop_table('catalog_product_entity_media_gallery')
    op.drop_table('media_file')
