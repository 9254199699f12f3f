"""quote: carts, cart items, cart addresses and cart payments

Revision ID: 0007_quote
Revises: 0006_salesrule
"""
from alembic import op
import sqlalchemy as sa


revision = '0007_quote'
down_revision = '0006_salesrule'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('quote',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('masked_id', sa.String(length=32), nullable=True),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('customer_id', sa.Integer(), nullable=True),
    sa.Column('customer_group_id', sa.Integer(), nullable=False),
    sa.Column('customer_is_guest', sa.Boolean(), nullable=False),
    sa.Column('customer_email', sa.String(length=255), nullable=True),
    sa.Column('customer_firstname', sa.String(length=255), nullable=True),
    sa.Column('customer_lastname', sa.String(length=255), nullable=True),
    sa.Column('customer_note', sa.Text(), nullable=True),
    sa.Column('customer_note_notify', sa.Boolean(), nullable=False),
    sa.Column('is_active', sa.Boolean(), nullable=False),
    sa.Column('is_virtual', sa.Boolean(), nullable=False),
    sa.Column('items_count', sa.Integer(), nullable=False),
    sa.Column('items_qty', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('coupon_code', sa.String(length=255), nullable=True),
    sa.Column('shipping_carrier_code', sa.String(length=64), nullable=True),
    sa.Column('shipping_method_code', sa.String(length=64), nullable=True),
    sa.Column('reserved_order_id', sa.String(length=32), nullable=True),
    sa.Column('orig_order_id', sa.Integer(), nullable=True),
    sa.Column('subtotal', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('subtotal_with_discount', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('grand_total', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('applied_rule_ids', sa.String(length=255), nullable=True),
    sa.Column('totals', sa.Text(), nullable=True),
    sa.Column('extension', sa.Text(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.Column('converted_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['customer_id'], ['customer_entity.id'], name=op.f('fk_quote_customer_id_customer_entity'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['store_id'], ['store.store_id'], name=op.f('fk_quote_store_id_store')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_quote')),
    sa.UniqueConstraint('masked_id', name=op.f('uq_quote_masked_id'))
    )
    op.create_index('ix_quote_customer_id_is_active', 'quote', ['customer_id', 'is_active'], unique=False)
    op.create_table('quote_address',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('quote_id', sa.Integer(), nullable=False),
    sa.Column('address_type', sa.String(length=10), nullable=False),
    sa.Column('customer_id', sa.Integer(), nullable=True),
    sa.Column('customer_address_id', sa.Integer(), nullable=True),
    sa.Column('email', sa.String(length=255), nullable=True),
    sa.Column('firstname', sa.String(length=255), nullable=True),
    sa.Column('lastname', sa.String(length=255), nullable=True),
    sa.Column('middlename', sa.String(length=255), nullable=True),
    sa.Column('prefix', sa.String(length=40), nullable=True),
    sa.Column('suffix', sa.String(length=40), nullable=True),
    sa.Column('company', sa.String(length=255), nullable=True),
    sa.Column('street', sa.Text(), nullable=True),
    sa.Column('city', sa.String(length=255), nullable=True),
    sa.Column('region', sa.String(length=255), nullable=True),
    sa.Column('region_id', sa.Integer(), nullable=True),
    sa.Column('region_code', sa.String(length=32), nullable=True),
    sa.Column('postcode', sa.String(length=255), nullable=True),
    sa.Column('country_id', sa.String(length=2), nullable=True),
    sa.Column('telephone', sa.String(length=255), nullable=True),
    sa.Column('fax', sa.String(length=255), nullable=True),
    sa.Column('vat_id', sa.String(length=255), nullable=True),
    sa.Column('same_as_billing', sa.Integer(), nullable=False),
    sa.Column('save_in_address_book', sa.Integer(), nullable=False),
    sa.Column('custom_attributes', sa.Text(), nullable=True),
    sa.ForeignKeyConstraint(['quote_id'], ['quote.id'], name=op.f('fk_quote_address_quote_id_quote'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_quote_address')),
    sa.UniqueConstraint('quote_id', 'address_type', name=op.f('uq_quote_address_quote_id_address_type'))
    )
    op.create_table('quote_item',
    sa.Column('item_id', sa.Integer(), nullable=False),
    sa.Column('quote_id', sa.Integer(), nullable=False),
    sa.Column('product_id', sa.Integer(), nullable=False),
    sa.Column('sku', sa.String(length=64), nullable=False),
    sa.Column('name', sa.String(length=255), nullable=True),
    sa.Column('product_type', sa.String(length=32), nullable=False),
    sa.Column('qty', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('price', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('weight', sa.Numeric(precision=12, scale=4), nullable=True),
    sa.Column('product_option', sa.Text(), nullable=True),
    sa.Column('extension', sa.Text(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['quote_id'], ['quote.id'], name=op.f('fk_quote_item_quote_id_quote'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('item_id', name=op.f('pk_quote_item'))
    )
    op.create_index(op.f('ix_quote_item_quote_id'), 'quote_item', ['quote_id'], unique=False)
    op.create_table('quote_payment',
    sa.Column('payment_id', sa.Integer(), nullable=False),
    sa.Column('quote_id', sa.Integer(), nullable=False),
    sa.Column('method', sa.String(length=255), nullable=True),
    sa.Column('po_number', sa.String(length=255), nullable=True),
    sa.Column('additional_data', sa.Text(), nullable=True),
    sa.ForeignKeyConstraint(['quote_id'], ['quote.id'], name=op.f('fk_quote_payment_quote_id_quote'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('payment_id', name=op.f('pk_quote_payment')),
    sa.UniqueConstraint('quote_id', name=op.f('uq_quote_payment_quote_id'))
    )


def downgrade() -> None:
    op.drop_table('quote_payment')
    op.drop_index(op.f('ix_quote_item_quote_id'), table_name='quote_item')
    op.drop_table('quote_item')
    op.drop_table('quote_address')
    op.drop_index('ix_quote_customer_id_is_active', table_name='quote')
    op.drop_table('quote')
