"""giftwrap: wraps and message cards with their values per store view, the wraps chosen on cart items,
the wraps of orders

The first revision of the module's own branch (label ``giftwrap``), on the platform's first revision
(the store views).

Revision ID: 0001_giftwrap
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_giftwrap'
down_revision = None
branch_labels = ('giftwrap',)
depends_on = '0001_core'


def upgrade() -> None:
    op.create_table('vendor_giftwrap_message_card',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=True),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_vendor_giftwrap_message_card'))
    )
    op.create_table('vendor_giftwrap_order_wrap',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('order_id', sa.Integer(), nullable=False),
    sa.Column('order_item_sku', sa.String(length=255), nullable=False),
    sa.Column('quote_item_id', sa.Integer(), nullable=False),
    sa.Column('wrap_id', sa.Integer(), nullable=False),
    sa.Column('wrap_name', sa.String(length=255), nullable=True),
    sa.Column('qty', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('card_id', sa.Integer(), nullable=True),
    sa.Column('card_name', sa.String(length=255), nullable=True),
    sa.Column('gift_message', sa.Text(), nullable=True),
    sa.Column('is_receipt_hidden', sa.Integer(), nullable=False),
    sa.Column('price', sa.Numeric(precision=12, scale=2), nullable=False),
    sa.Column('base_price', sa.Numeric(precision=12, scale=2), nullable=False),
    sa.Column('card_price', sa.Numeric(precision=12, scale=2), nullable=True),
    sa.Column('base_card_price', sa.Numeric(precision=12, scale=2), nullable=True),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_vendor_giftwrap_order_wrap'))
    )
    with op.batch_alter_table('vendor_giftwrap_order_wrap', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_giftwrap_order_wrap_order_id', ['order_id'], unique=False)

    op.create_table('vendor_giftwrap_wrap',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=True),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_vendor_giftwrap_wrap'))
    )
    op.create_table('vendor_giftwrap_quote_wrap',
    sa.Column('quote_item_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('quote_id', sa.Integer(), nullable=False),
    sa.Column('sku', sa.String(length=255), nullable=False),
    sa.Column('wrap_id', sa.Integer(), nullable=False),
    sa.Column('card_id', sa.Integer(), nullable=True),
    sa.Column('gift_message', sa.Text(), nullable=True),
    sa.Column('is_receipt_hidden', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['card_id'], ['vendor_giftwrap_message_card.entity_id'], name=op.f('fk_vendor_giftwrap_quote_wrap_card_id_vendor_giftwrap_message_card'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['wrap_id'], ['vendor_giftwrap_wrap.entity_id'], name=op.f('fk_vendor_giftwrap_quote_wrap_wrap_id_vendor_giftwrap_wrap'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('quote_item_id', name=op.f('pk_vendor_giftwrap_quote_wrap'))
    )
    with op.batch_alter_table('vendor_giftwrap_quote_wrap', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_giftwrap_quote_wrap_quote_id', ['quote_id'], unique=False)

    op.create_table('vendor_giftwrap_message_card_store',
    sa.Column('message_card_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=255), nullable=True),
    sa.Column('status', sa.Integer(), nullable=True),
    sa.Column('image', sa.String(length=255), nullable=True),
    sa.Column('price', sa.Numeric(precision=12, scale=2), nullable=True),
    sa.Column('sort_order', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['message_card_id'], ['vendor_giftwrap_message_card.entity_id'], name=op.f('fk_vendor_giftwrap_message_card_store_message_card_id_vendor_giftwrap_message_card'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['store_id'], ['store.store_id'], name=op.f('fk_vendor_giftwrap_message_card_store_store_id_store'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('message_card_id', 'store_id', name=op.f('pk_vendor_giftwrap_message_card_store'))
    )
    op.create_table('vendor_giftwrap_wrap_store',
    sa.Column('wrap_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=255), nullable=True),
    sa.Column('description', sa.Text(), nullable=True),
    sa.Column('status', sa.Integer(), nullable=True),
    sa.Column('image', sa.String(length=255), nullable=True),
    sa.Column('price', sa.Numeric(precision=12, scale=2), nullable=True),
    sa.Column('sort_order', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['store_id'], ['store.store_id'], name=op.f('fk_vendor_giftwrap_wrap_store_store_id_store'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['wrap_id'], ['vendor_giftwrap_wrap.entity_id'], name=op.f('fk_vendor_giftwrap_wrap_store_wrap_id_vendor_giftwrap_wrap'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('wrap_id', 'store_id', name=op.f('pk_vendor_giftwrap_wrap_store'))
    )


def downgrade() -> None:
    op.drop_table('vendor_giftwrap_wrap_store')
    op.drop_table('vendor_giftwrap_message_card_store')
    with op.batch_alter_table('vendor_giftwrap_quote_wrap', schema=None) as batch_op:
        batch_op.drop_index('ix_vendor_giftwrap_quote_wrap_quote_id')

    op.drop_table('vendor_giftwrap_quote_wrap')
    op.drop_table('vendor_giftwrap_wrap')
    with op.batch_alter_table('vendor_giftwrap_order_wrap', schema=None) as batch_op:
        batch_op.drop_index('ix_vendor_giftwrap_order_wrap_order_id')

    op.drop_table('vendor_giftwrap_order_wrap')
    op.drop_table('vendor_giftwrap_message_card')
