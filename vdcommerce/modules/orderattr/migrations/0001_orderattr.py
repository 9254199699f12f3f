"""orderattr: order attribute definitions, their options and store-view labels, the value holders of
orders and carts and their values

The first revision of the module's own branch (label ``orderattr``), on the platform's first
revision (its store views).

Revision ID: 0001_orderattr
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_orderattr'
down_revision = None
branch_labels = ('orderattr',)
depends_on = '0001_core'


def upgrade() -> None:
    op.create_table('vendor_orderattr_attribute',
    sa.Column('attribute_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('attribute_code', sa.String(length=60), nullable=False),
    sa.Column('frontend_label', sa.String(length=255), nullable=False),
    sa.Column('frontend_input', sa.String(length=32), nullable=False),
    sa.Column('is_required', sa.Boolean(), nullable=False),
    sa.Column('sort_order', sa.Integer(), nullable=False),
    sa.Column('store_ids', sa.Text(), nullable=False),
    sa.Column('customer_group_ids', sa.Text(), nullable=False),
    sa.Column('shipping_methods', sa.Text(), nullable=False),
    sa.Column('form_codes', sa.Text(), nullable=False),
    sa.PrimaryKeyConstraint('attribute_id', name=op.f('pk_vendor_orderattr_attribute')),
    sa.UniqueConstraint('attribute_code', name=op.f('uq_vendor_orderattr_attribute_attribute_code'))
    )
    op.create_table('vendor_orderattr_entity',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('parent_id', sa.Integer(), nullable=False),
    sa.Column('parent_entity_type', sa.SmallInteger(), nullable=False),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_vendor_orderattr_entity')),
    sa.UniqueConstraint('parent_id', 'parent_entity_type', name='uq_vendor_orderattr_entity_parent')
    )
    op.create_table('vendor_orderattr_attribute_option',
    sa.Column('attribute_id', sa.Integer(), nullable=False),
    sa.Column('value', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('label', sa.String(length=255), nullable=False),
    sa.Column('sort_order', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['attribute_id'], ['vendor_orderattr_attribute.attribute_id'], name=op.f('fk_vendor_orderattr_attribute_option_attribute_id_vendor_orderattr_attribute'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('attribute_id', 'value', name=op.f('pk_vendor_orderattr_attribute_option'))
    )
    op.create_table('vendor_orderattr_value',
    sa.Column('entity_id', sa.Integer(), nullable=False),
    sa.Column('attribute_id', sa.Integer(), nullable=False),
    sa.Column('value', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['attribute_id'], ['vendor_orderattr_attribute.attribute_id'], name=op.f('fk_vendor_orderattr_value_attribute_id_vendor_orderattr_attribute'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['entity_id'], ['vendor_orderattr_entity.entity_id'], name=op.f('fk_vendor_orderattr_value_entity_id_vendor_orderattr_entity'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('entity_id', 'attribute_id', name=op.f('pk_vendor_orderattr_value'))
    )
    with op.batch_alter_table('vendor_orderattr_value', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_orderattr_value_attribute_id', ['attribute_id'], unique=False)

    op.create_table('vendor_orderattr_attribute_label',
    sa.Column('attribute_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('label', sa.String(length=255), nullable=False),
    sa.ForeignKeyConstraint(['attribute_id'], ['vendor_orderattr_attribute.attribute_id'], name=op.f('fk_vendor_orderattr_attribute_label_attribute_id_vendor_orderattr_attribute'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['store_id'], ['store.store_id'], name=op.f('fk_vendor_orderattr_attribute_label_store_id_store'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('attribute_id', 'store_id', name=op.f('pk_vendor_orderattr_attribute_label'))
    )


def downgrade() -> None:
    op.drop_table('vendor_orderattr_attribute_label')
    with op.batch_alter_table('vendor_orderattr_value', schema=None) as batch_op:
        batch_op.drop_index('ix_vendor_orderattr_value_attribute_id')

    op.drop_table('vendor_orderattr_value')
    op.drop_table('vendor_orderattr_attribute_option')
    op.drop_table('vendor_orderattr_entity')
    op.drop_table('vendor_orderattr_attribute')
