"""catalog: categories, attribute options, special prices, stock

Revision ID: 0014_catalog
Revises: 0013_media
"""
import datetime as dt
import json

from alembic import op
import sqlalchemy as sa


revision = '0014_catalog'
down_revision = '0013_media'
branch_labels = None
depends_on = None


_SETTINGS = (("min_qty", sa.Numeric(precision=20, scale=4), "0"),
             ("min_sale_qty", sa.Numeric(precision=20, scale=4), "1"),
             ("max_sale_qty", sa.Numeric(precision=20, scale=4), "10000"),
             ("backorders", sa.Integer(), "0"),
             ("notify_stock_qty", sa.Numeric(precision=20, scale=4), "1"),
             ("manage_stock", sa.Boolean(), sa.true()))


def upgrade() -> None:
    category = op.create_table('catalog_category_entity',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('parent_id', sa.Integer(), nullable=False),
    sa.Column('path', sa.String(length=255), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('level', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=255), nullable=False),
    sa.Column('is_active', sa.Boolean(), nullable=False),
    sa.Column('include_in_menu', sa.Boolean(), nullable=False),
    sa.Column('available_sort_by', sa.Text(), nullable=True),
    sa.Column('custom_attributes', sa.Text(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_catalog_category_entity'))
    )
    with op.batch_alter_table('catalog_category_entity', schema=None) as batch_op:
        batch_op.create_index('ix_catalog_category_entity_parent_id', ['parent_id'], unique=False)
        batch_op.create_index('ix_catalog_category_entity_path', ['path'], unique=False)

    link = op.create_table('catalog_category_product',
    sa.Column('category_id', sa.Integer(), nullable=False),
    sa.Column('product_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['product_id'], ['catalog_product_entity.entity_id'],
                            name=op.f('fk_catalog_category_product_product_id_catalog_product_entity'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('category_id', 'product_id', name=op.f('pk_catalog_category_product'))
    )
    with op.batch_alter_table('catalog_category_product', schema=None) as batch_op:
        batch_op.create_index('ix_catalog_category_product_product_id', ['product_id'], unique=False)

    op.create_table('eav_attribute_option',
    sa.Column('option_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('attribute_code', sa.String(length=64), nullable=False),
    sa.Column('sort_order', sa.Integer(), nullable=False),
    sa.Column('is_default', sa.Boolean(), nullable=False),
    sa.PrimaryKeyConstraint('option_id', name=op.f('pk_eav_attribute_option'))
    )
    with op.batch_alter_table('eav_attribute_option', schema=None) as batch_op:
        batch_op.create_index('ix_eav_attribute_option_attribute_code', ['attribute_code'], unique=False)

    op.create_table('eav_attribute_option_value',
    sa.Column('option_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('value', sa.String(length=255), nullable=False),
    sa.ForeignKeyConstraint(['option_id'], ['eav_attribute_option.option_id'],
                            name=op.f('fk_eav_attribute_option_value_option_id_eav_attribute_option'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('option_id', 'store_id', name=op.f('pk_eav_attribute_option_value'))
    )
    op.create_table('catalog_product_special_price',
    sa.Column('product_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('price', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('price_from', sa.DateTime(), nullable=True),
    sa.Column('price_to', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['product_id'], ['catalog_product_entity.entity_id'],
                            name=op.f('fk_catalog_product_special_price_product_id_catalog_product_entity'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('product_id', 'store_id', name=op.f('pk_catalog_product_special_price'))
    )
    with op.batch_alter_table('cataloginventory_stock_item', schema=None) as batch_op:
        for name, type_, default in _SETTINGS:
            batch_op.add_column(sa.Column('use_config_' + name, sa.Boolean(), nullable=False,
                                          server_default=sa.true()))
            batch_op.add_column(sa.Column(name, type_, nullable=False, server_default=default))
    with op.batch_alter_table('cataloginventory_stock_item', schema=None) as batch_op:
        for name, _type, _default in _SETTINGS:
            batch_op.alter_column('use_config_' + name, server_default=None)
            batch_op.alter_column(name, server_default=None)

    # the platform's roots: id 1 holds every tree, id 2 is the store's root category
    now = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None, microsecond=0)
    common = dict(is_active=True, include_in_menu=True, available_sort_by=None, created_at=now, updated_at=now)
    op.bulk_insert(category, [
        dict(entity_id=1, parent_id=0, path="1", position=0, level=0, name="Root Catalog",
             custom_attributes=json.dumps([{"attribute_code": "url_key", "value": "root-catalog"}]), **common),
        dict(entity_id=2, parent_id=1, path="1/2", position=1, level=1, name="Default Category",
             custom_attributes=json.dumps([{"attribute_code": "url_key", "value": "default-category"}]), **common),
    ])
    bind = op.get_bind()
    if bind.dialect.name == "postgresql":
        bind.exec_driver_sql("SELECT setval(pg_get_serial_sequence('catalog_category_entity', 'entity_id'), 2)")

    # a product's category_ids move from its custom attributes to the link table
    product = sa.table('catalog_product_entity', sa.column('entity_id', sa.Integer()),
                       sa.column('custom_attributes', sa.Text()))
    for pid, text in bind.execute(sa.select(product.c.entity_id, product.c.custom_attributes)).all():
        attributes = json.loads(text or "[]")
        ids = [a.get("value") for a in attributes if a.get("attribute_code") == "category_ids"]
        if not ids:
            continue
        value = ids[0]
        values = value.split(",") if isinstance(value, str) else value if isinstance(value, list) else [value]
        found = sorted({int(str(v).strip()) for v in values if str(v).strip().isdigit()})
        if found:
            bind.execute(sa.insert(link), [{"category_id": c, "product_id": pid, "position": 0} for c in found])
        kept = [a for a in attributes if a.get("attribute_code") != "category_ids"]
        bind.execute(sa.update(product).where(product.c.entity_id == pid).values(custom_attributes=json.dumps(kept)))


def downgrade() -> None:
    bind = op.get_bind()
    product = sa.table('catalog_product_entity', sa.column('entity_id', sa.Integer()),
                       sa.column('custom_attributes', sa.Text()))
    link = sa.table('catalog_category_product', sa.column('category_id', sa.Integer()),
                    sa.column('product_id', sa.Integer()))
    links: dict[int, list[str]] = {}
    for cid, pid in bind.execute(sa.select(link.c.category_id, link.c.product_id)
                                 .order_by(link.c.product_id, link.c.category_id)).all():
        links.setdefault(pid, []).append(str(cid))
    for pid, ids in links.items():
        text = bind.execute(sa.select(product.c.custom_attributes).where(product.c.entity_id == pid)).scalar()
        attributes = [*json.loads(text or "[]"), {"attribute_code": "category_ids", "value": ids}]
        bind.execute(sa.update(product).where(product.c.entity_id == pid)
                     .values(custom_attributes=json.dumps(attributes)))
    with op.batch_alter_table('cataloginventory_stock_item', schema=None) as batch_op:
        for name, _type, _default in reversed(_SETTINGS):
            batch_op.drop_column(name)
            batch_op.drop_column('use_config_' + name)
    op.drop_table('catalog_product_special_price')
    op.drop_table('eav_attribute_option_value')
    with op.batch_alter_table('eav_attribute_option', schema=None) as batch_op:
        batch_op.drop_index('ix_eav_attribute_option_attribute_code')
    op.drop_table('eav_attribute_option')
    with op.batch_alter_table('catalog_category_product', schema=None) as batch_op:
        batch_op.drop_index('ix_catalog_category_product_product_id')
    op.drop_table('catalog_category_product')
    with op.batch_alter_table('catalog_category_entity', schema=None) as batch_op:
        batch_op.drop_index('ix_catalog_category_entity_path')
        batch_op.drop_index('ix_catalog_category_entity_parent_id')
    op.drop_table('catalog_category_entity')
