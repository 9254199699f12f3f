"""one step checkout: cart fields, gift messages and wrap fee, delivery wishes, bundle asset names

The first revision of the module's own branch (label ``onestepcheckout``); its rows hang on carts, so
it needs the platform's cart tables.

Revision ID: 0001_onestepcheckout
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_onestepcheckout'
down_revision = None
branch_labels = ('onestepcheckout',)
depends_on = '0007_quote'


def upgrade() -> None:
    op.create_table('vendor_checkout_js_bundle',
    sa.Column('file_name', sa.String(length=255), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('file_name', name=op.f('pk_vendor_checkout_js_bundle'))
    )
    op.create_table('vendor_checkout_delivery',
    sa.Column('delivery_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('quote_id', sa.Integer(), nullable=True),
    sa.Column('order_id', sa.Integer(), nullable=True),
    sa.Column('date', sa.BigInteger(), nullable=True),
    sa.Column('time', sa.Integer(), nullable=True),
    sa.Column('comment', sa.Text(), nullable=True),
    sa.ForeignKeyConstraint(['quote_id'], ['quote.id'], name=op.f('fk_vendor_checkout_delivery_quote_id_quote'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('delivery_id', name=op.f('pk_vendor_checkout_delivery')),
    sa.UniqueConstraint('order_id', name=op.f('uq_vendor_checkout_delivery_order_id')),
    sa.UniqueConstraint('quote_id', name=op.f('uq_vendor_checkout_delivery_quote_id'))
    )
    op.create_table('vendor_checkout_gift_message',
    sa.Column('message_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('quote_id', sa.Integer(), nullable=False),
    sa.Column('item_id', sa.Integer(), nullable=False),
    sa.Column('sender', sa.String(length=255), nullable=False),
    sa.Column('recipient', sa.String(length=255), nullable=False),
    sa.Column('message', sa.Text(), nullable=False),
    sa.Column('order_id', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['quote_id'], ['quote.id'], name=op.f('fk_vendor_checkout_gift_message_quote_id_quote'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('message_id', name=op.f('pk_vendor_checkout_gift_message')),
    sa.UniqueConstraint('quote_id', 'item_id', name='uq_vendor_checkout_gift_message_quote_item')
    )
    with op.batch_alter_table('vendor_checkout_gift_message', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_checkout_gift_message_order_id', ['order_id'], unique=False)

    op.create_table('vendor_checkout_gift_wrap_fee',
    sa.Column('quote_id', sa.Integer(), nullable=False),
    sa.Column('base_amount', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('amount', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.ForeignKeyConstraint(['quote_id'], ['quote.id'], name=op.f('fk_vendor_checkout_gift_wrap_fee_quote_id_quote'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('quote_id', name=op.f('pk_vendor_checkout_gift_wrap_fee'))
    )
    op.create_table('vendor_checkout_quote_fields',
    sa.Column('quote_id', sa.Integer(), nullable=False),
    sa.Column('comment', sa.Text(), nullable=True),
    sa.Column('is_subscribe', sa.Boolean(), nullable=True),
    sa.Column('is_register', sa.Boolean(), nullable=True),
    sa.Column('register_dob', sa.String(length=10), nullable=True),
    sa.Column('password_hash', sa.String(length=255), nullable=True),
    sa.Column('inserted_info', sa.Text(), nullable=True),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['quote_id'], ['quote.id'], name=op.f('fk_vendor_checkout_quote_fields_quote_id_quote'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('quote_id', name=op.f('pk_vendor_checkout_quote_fields'))
    )


def downgrade() -> None:
    op.drop_table('vendor_checkout_quote_fields')
    op.drop_table('vendor_checkout_gift_wrap_fee')
    with op.batch_alter_table('vendor_checkout_gift_message', schema=None) as batch_op:
        batch_op.drop_index('ix_vendor_checkout_gift_message_order_id')

    op.drop_table('vendor_checkout_gift_message')
    op.drop_table('vendor_checkout_delivery')
    op.drop_table('vendor_checkout_js_bundle')
