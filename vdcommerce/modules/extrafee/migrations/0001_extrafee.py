"""extrafee: fees, their customer groups, store views and options, and the options carts selected

The first revision of the module's own branch (label ``extrafee``), on the platform's first revision.

Revision ID: 0001_extrafee
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_extrafee'
down_revision = None
branch_labels = ('extrafee',)
depends_on = '0001_core'


def upgrade() -> None:
    op.create_table('vendor_extrafee_fee',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('enabled', sa.Boolean(), nullable=False),
    sa.Column('name', sa.String(length=255), nullable=False),
    sa.Column('description', sa.Text(), nullable=False),
    sa.Column('frontend_type', sa.String(length=16), nullable=False),
    sa.Column('discount_in_subtotal', sa.Integer(), nullable=False),
    sa.Column('shipping_in_subtotal', sa.Integer(), nullable=False),
    sa.Column('conditions_serialized', sa.Text(), nullable=False),
    sa.Column('sort_order', sa.Integer(), nullable=False),
    sa.Column('required', sa.Boolean(), nullable=False),
    sa.Column('per_product', sa.Boolean(), nullable=False),
    sa.Column('product_conditions_serialized', sa.Text(), nullable=False),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_vendor_extrafee_fee'))
    )
    op.create_table('vendor_extrafee_fee_group',
    sa.Column('fee_id', sa.Integer(), nullable=False),
    sa.Column('group_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.ForeignKeyConstraint(['fee_id'], ['vendor_extrafee_fee.entity_id'],
                            name=op.f('fk_vendor_extrafee_fee_group_fee_id_vendor_extrafee_fee'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('fee_id', 'group_id', name=op.f('pk_vendor_extrafee_fee_group'))
    )
    op.create_table('vendor_extrafee_fee_store',
    sa.Column('fee_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.ForeignKeyConstraint(['fee_id'], ['vendor_extrafee_fee.entity_id'],
                            name=op.f('fk_vendor_extrafee_fee_store_fee_id_vendor_extrafee_fee'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('fee_id', 'store_id', name=op.f('pk_vendor_extrafee_fee_store'))
    )
    op.create_table('vendor_extrafee_option',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('fee_id', sa.Integer(), nullable=False),
    sa.Column('price', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('sort_order', sa.Integer(), nullable=False),
    sa.Column('price_type', sa.String(length=16), nullable=False),
    sa.Column('is_default', sa.Boolean(), nullable=False),
    sa.Column('admin', sa.String(length=255), nullable=False),
    sa.Column('labels', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['fee_id'], ['vendor_extrafee_fee.entity_id'],
                            name=op.f('fk_vendor_extrafee_option_fee_id_vendor_extrafee_fee'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_vendor_extrafee_option'))
    )
    with op.batch_alter_table('vendor_extrafee_option', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_extrafee_option_fee_id', ['fee_id'], unique=False)

    op.create_table('vendor_extrafee_quote',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('quote_id', sa.Integer(), nullable=False),
    sa.Column('fee_id', sa.Integer(), nullable=False),
    sa.Column('option_id', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['fee_id'], ['vendor_extrafee_fee.entity_id'],
                            name=op.f('fk_vendor_extrafee_quote_fee_id_vendor_extrafee_fee'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['option_id'], ['vendor_extrafee_option.entity_id'],
                            name=op.f('fk_vendor_extrafee_quote_option_id_vendor_extrafee_option'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_vendor_extrafee_quote')),
    sa.UniqueConstraint('quote_id', 'fee_id', 'option_id', name='uq_vendor_extrafee_quote_selection')
    )
    with op.batch_alter_table('vendor_extrafee_quote', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_extrafee_quote_quote_id', ['quote_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('vendor_extrafee_quote', schema=None) as batch_op:
        batch_op.drop_index('ix_vendor_extrafee_quote_quote_id')
    op.drop_table('vendor_extrafee_quote')
    with op.batch_alter_table('vendor_extrafee_option', schema=None) as batch_op:
        batch_op.drop_index('ix_vendor_extrafee_option_fee_id')
    op.drop_table('vendor_extrafee_option')
    op.drop_table('vendor_extrafee_fee_store')
    op.drop_table('vendor_extrafee_fee_group')
    op.drop_table('vendor_extrafee_fee')
