"""catalog: products, their websites and stock

Revision ID: 0005_catalog
Revises: 0004_async
"""
from alembic import op
import sqlalchemy as sa


revision = '0005_catalog'
down_revision = '0004_async'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('catalog_product_entity',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('sku', sa.String(length=64), nullable=False),
    sa.Column('name', sa.String(length=255), nullable=False),
    sa.Column('attribute_set_id', sa.Integer(), nullable=False),
    sa.Column('type_id', sa.String(length=32), nullable=False),
    sa.Column('price', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('status', sa.Integer(), nullable=False),
    sa.Column('visibility', sa.Integer(), nullable=False),
    sa.Column('weight', sa.Numeric(precision=12, scale=4), nullable=True),
    sa.Column('custom_attributes', sa.Text(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_catalog_product_entity')),
    sa.UniqueConstraint('sku', name=op.f('uq_catalog_product_entity_sku'))
    )
    with op.batch_alter_table('catalog_product_entity', schema=None) as batch_op:
        batch_op.create_index('ix_catalog_product_entity_name', ['name'], unique=False)

    op.create_table('catalog_product_website',
    sa.Column('product_id', sa.Integer(), nullable=False),
    sa.Column('website_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['product_id'], ['catalog_product_entity.entity_id'],
                            name=op.f('fk_catalog_product_website_product_id_catalog_product_entity'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('product_id', 'website_id', name=op.f('pk_catalog_product_website'))
    )
    op.create_table('cataloginventory_stock_item',
    sa.Column('product_id', sa.Integer(), nullable=False),
    sa.Column('qty', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('is_in_stock', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['product_id'], ['catalog_product_entity.entity_id'],
                            name=op.f('fk_cataloginventory_stock_item_product_id_catalog_product_entity'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('product_id', name=op.f('pk_cataloginventory_stock_item'))
    )


def downgrade() -> None:
    op.drop_table('cataloginventory_stock_item')
    op.drop_table('catalog_product_website')
    with op.batch_alter_table('catalog_product_entity', schema=None) as batch_op:
        batch_op.drop_index('ix_catalog_product_entity_name')
    op.drop_table('catalog_product_entity')
