"""sales: orders with items, addresses, payment and comments; invoices, shipments, credit memos; order numbers; outbox

Revision ID: 0008_sales
Revises: 0007_quote
"""
from alembic import op
import sqlalchemy as sa


revision = '0008_sales'
down_revision = '0007_quote'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('sales_order',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('increment_id', sa.String(length=32), nullable=False),
    sa.Column('state', sa.String(length=32), nullable=False),
    sa.Column('status', sa.String(length=32), nullable=False),
    sa.Column('hold_before_state', sa.String(length=32), nullable=True),
    sa.Column('hold_before_status', sa.String(length=32), nullable=True),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('quote_id', sa.Integer(), nullable=True),
    sa.Column('customer_id', sa.Integer(), nullable=True),
    sa.Column('customer_email', sa.String(length=255), nullable=False),
    sa.Column('customer_firstname', sa.String(length=255), nullable=True),
    sa.Column('customer_lastname', sa.String(length=255), nullable=True),
    sa.Column('customer_is_guest', sa.SmallInteger(), nullable=False),
    sa.Column('customer_group_id', sa.Integer(), nullable=False),
    sa.Column('customer_note', sa.Text(), nullable=True),
    sa.Column('subtotal', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('discount_amount', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('shipping_discount_amount', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('discount_description', sa.String(length=255), nullable=True),
    sa.Column('coupon_code', sa.String(length=255), nullable=True),
    sa.Column('applied_rule_ids', sa.String(length=255), nullable=True),
    sa.Column('shipping_amount', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('shipping_method', sa.String(length=120), nullable=True),
    sa.Column('shipping_description', sa.String(length=255), nullable=True),
    sa.Column('tax_amount', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('grand_total', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('total_paid', sa.Numeric(precision=20, scale=4), nullable=True),
    sa.Column('total_invoiced', sa.Numeric(precision=20, scale=4), nullable=True),
    sa.Column('total_refunded', sa.Numeric(precision=20, scale=4), nullable=True),
    sa.Column('total_canceled', sa.Numeric(precision=20, scale=4), nullable=True),
    sa.Column('total_due', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('shipping_invoiced', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('shipping_refunded', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('total_qty_ordered', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('total_item_count', sa.Integer(), nullable=False),
    sa.Column('weight', sa.Numeric(precision=12, scale=4), nullable=True),
    sa.Column('adjustments', sa.Text(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_sales_order')),
    sa.UniqueConstraint('store_id', 'increment_id', name=op.f('uq_sales_order_store_id_increment_id'))
    )
    with op.batch_alter_table('sales_order', schema=None) as batch_op:
        batch_op.create_index('ix_sales_order_created_at', ['created_at'], unique=False)
        batch_op.create_index('ix_sales_order_customer_email', ['customer_email'], unique=False)
        batch_op.create_index('ix_sales_order_customer_id', ['customer_id'], unique=False)
        batch_op.create_index('ix_sales_order_status', ['status'], unique=False)

    op.create_table('sales_sequence_order',
    sa.Column('store_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('last_value', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('store_id', name=op.f('pk_sales_sequence_order'))
    )
    op.create_table('sales_creditmemo',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('order_id', sa.Integer(), nullable=False),
    sa.Column('total_qty', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('subtotal', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('discount_amount', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('shipping_amount', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('tax_amount', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('adjustment_positive', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('adjustment_negative', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('grand_total', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['order_id'], ['sales_order.entity_id'], name=op.f('fk_sales_creditmemo_order_id_sales_order'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_sales_creditmemo'))
    )
    with op.batch_alter_table('sales_creditmemo', schema=None) as batch_op:
        batch_op.create_index('ix_sales_creditmemo_order_id', ['order_id'], unique=False)

    op.create_table('sales_invoice',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('order_id', sa.Integer(), nullable=False),
    sa.Column('total_qty', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('subtotal', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('discount_amount', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('shipping_amount', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('tax_amount', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('grand_total', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['order_id'], ['sales_order.entity_id'], name=op.f('fk_sales_invoice_order_id_sales_order'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_sales_invoice'))
    )
    with op.batch_alter_table('sales_invoice', schema=None) as batch_op:
        batch_op.create_index('ix_sales_invoice_order_id', ['order_id'], unique=False)

    op.create_table('sales_order_address',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('parent_id', sa.Integer(), nullable=False),
    sa.Column('address_type', sa.String(length=16), nullable=False),
    sa.Column('quote_address_id', sa.Integer(), nullable=True),
    sa.Column('customer_address_id', sa.Integer(), nullable=True),
    sa.Column('firstname', sa.String(length=255), nullable=True),
    sa.Column('lastname', sa.String(length=255), nullable=True),
    sa.Column('company', sa.String(length=255), nullable=True),
    sa.Column('street', sa.Text(), nullable=True),
    sa.Column('city', sa.String(length=255), nullable=True),
    sa.Column('region', sa.String(length=255), nullable=True),
    sa.Column('region_id', sa.Integer(), nullable=True),
    sa.Column('region_code', sa.String(length=32), nullable=True),
    sa.Column('postcode', sa.String(length=255), nullable=True),
    sa.Column('country_id', sa.String(length=2), nullable=True),
    sa.Column('telephone', sa.String(length=255), nullable=True),
    sa.Column('email', sa.String(length=255), nullable=True),
    sa.ForeignKeyConstraint(['parent_id'], ['sales_order.entity_id'], name=op.f('fk_sales_order_address_parent_id_sales_order'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_sales_order_address')),
    sa.UniqueConstraint('parent_id', 'address_type', name=op.f('uq_sales_order_address_parent_id_address_type'))
    )
    op.create_table('sales_order_item',
    sa.Column('item_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('order_id', sa.Integer(), nullable=False),
    sa.Column('quote_item_id', sa.Integer(), nullable=True),
    sa.Column('product_id', sa.Integer(), nullable=True),
    sa.Column('sku', sa.String(length=64), nullable=False),
    sa.Column('name', sa.String(length=255), nullable=False),
    sa.Column('product_type', sa.String(length=32), nullable=False),
    sa.Column('is_virtual', sa.SmallInteger(), nullable=False),
    sa.Column('qty_ordered', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('qty_invoiced', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('qty_shipped', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('qty_refunded', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('qty_canceled', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('price', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('original_price', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('row_total', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('discount_amount', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('discount_percent', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('tax_amount', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('tax_percent', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('row_invoiced', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('discount_invoiced', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('amount_refunded', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('discount_refunded', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('weight', sa.Numeric(precision=12, scale=4), nullable=True),
    sa.Column('applied_rule_ids', sa.String(length=255), nullable=True),
    sa.Column('extension', sa.Text(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['order_id'], ['sales_order.entity_id'], name=op.f('fk_sales_order_item_order_id_sales_order'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('item_id', name=op.f('pk_sales_order_item'))
    )
    with op.batch_alter_table('sales_order_item', schema=None) as batch_op:
        batch_op.create_index('ix_sales_order_item_order_id', ['order_id'], unique=False)

    op.create_table('sales_order_payment',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('parent_id', sa.Integer(), nullable=False),
    sa.Column('method', sa.String(length=128), nullable=False),
    sa.Column('amount_ordered', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('amount_paid', sa.Numeric(precision=20, scale=4), nullable=True),
    sa.Column('amount_refunded', sa.Numeric(precision=20, scale=4), nullable=True),
    sa.Column('po_number', sa.String(length=64), nullable=True),
    sa.Column('additional_information', sa.Text(), nullable=True),
    sa.ForeignKeyConstraint(['parent_id'], ['sales_order.entity_id'], name=op.f('fk_sales_order_payment_parent_id_sales_order'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_sales_order_payment')),
    sa.UniqueConstraint('parent_id', name=op.f('uq_sales_order_payment_parent_id'))
    )
    op.create_table('sales_order_status_history',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('parent_id', sa.Integer(), nullable=False),
    sa.Column('comment', sa.Text(), nullable=True),
    sa.Column('status', sa.String(length=32), nullable=True),
    sa.Column('is_customer_notified', sa.SmallInteger(), nullable=True),
    sa.Column('is_visible_on_front', sa.SmallInteger(), nullable=False),
    sa.Column('entity_name', sa.String(length=32), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['parent_id'], ['sales_order.entity_id'], name=op.f('fk_sales_order_status_history_parent_id_sales_order'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_sales_order_status_history'))
    )
    with op.batch_alter_table('sales_order_status_history', schema=None) as batch_op:
        batch_op.create_index('ix_sales_order_status_history_parent_id', ['parent_id'], unique=False)

    op.create_table('sales_outbox',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('order_id', sa.Integer(), nullable=False),
    sa.Column('template', sa.String(length=32), nullable=False),
    sa.Column('recipient', sa.String(length=255), nullable=False),
    sa.Column('subject', sa.String(length=255), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['order_id'], ['sales_order.entity_id'], name=op.f('fk_sales_outbox_order_id_sales_order'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_sales_outbox'))
    )
    with op.batch_alter_table('sales_outbox', schema=None) as batch_op:
        batch_op.create_index('ix_sales_outbox_order_id', ['order_id'], unique=False)

    op.create_table('sales_shipment',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('order_id', sa.Integer(), nullable=False),
    sa.Column('total_qty', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['order_id'], ['sales_order.entity_id'], name=op.f('fk_sales_shipment_order_id_sales_order'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_sales_shipment'))
    )
    with op.batch_alter_table('sales_shipment', schema=None) as batch_op:
        batch_op.create_index('ix_sales_shipment_order_id', ['order_id'], unique=False)

    op.create_table('sales_creditmemo_item',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('parent_id', sa.Integer(), nullable=False),
    sa.Column('order_item_id', sa.Integer(), nullable=False),
    sa.Column('qty', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('row_total', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('discount_amount', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.ForeignKeyConstraint(['order_item_id'], ['sales_order_item.item_id'], name=op.f('fk_sales_creditmemo_item_order_item_id_sales_order_item'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['parent_id'], ['sales_creditmemo.entity_id'], name=op.f('fk_sales_creditmemo_item_parent_id_sales_creditmemo'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_sales_creditmemo_item'))
    )
    with op.batch_alter_table('sales_creditmemo_item', schema=None) as batch_op:
        batch_op.create_index('ix_sales_creditmemo_item_parent_id', ['parent_id'], unique=False)

    op.create_table('sales_invoice_item',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('parent_id', sa.Integer(), nullable=False),
    sa.Column('order_item_id', sa.Integer(), nullable=False),
    sa.Column('qty', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('row_total', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.Column('discount_amount', sa.Numeric(precision=20, scale=4), nullable=False),
    sa.ForeignKeyConstraint(['order_item_id'], ['sales_order_item.item_id'], name=op.f('fk_sales_invoice_item_order_item_id_sales_order_item'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['parent_id'], ['sales_invoice.entity_id'], name=op.f('fk_sales_invoice_item_parent_id_sales_invoice'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_sales_invoice_item'))
    )
    with op.batch_alter_table('sales_invoice_item', schema=None) as batch_op:
        batch_op.create_index('ix_sales_invoice_item_parent_id', ['parent_id'], unique=False)

    op.create_table('sales_shipment_item',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('parent_id', sa.Integer(), nullable=False),
    sa.Column('order_item_id', sa.Integer(), nullable=False),
    sa.Column('qty', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.ForeignKeyConstraint(['order_item_id'], ['sales_order_item.item_id'], name=op.f('fk_sales_shipment_item_order_item_id_sales_order_item'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['parent_id'], ['sales_shipment.entity_id'], name=op.f('fk_sales_shipment_item_parent_id_sales_shipment'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_sales_shipment_item'))
    )
    with op.batch_alter_table('sales_shipment_item', schema=None) as batch_op:
        batch_op.create_index('ix_sales_shipment_item_parent_id', ['parent_id'], unique=False)

    op.create_table('sales_shipment_track',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('parent_id', sa.Integer(), nullable=False),
    sa.Column('order_id', sa.Integer(), nullable=False),
    sa.Column('track_number', sa.Text(), nullable=False),
    sa.Column('title', sa.String(length=255), nullable=True),
    sa.Column('carrier_code', sa.String(length=32), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['order_id'], ['sales_order.entity_id'], name=op.f('fk_sales_shipment_track_order_id_sales_order'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['parent_id'], ['sales_shipment.entity_id'], name=op.f('fk_sales_shipment_track_parent_id_sales_shipment'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_sales_shipment_track'))
    )
    with op.batch_alter_table('sales_shipment_track', schema=None) as batch_op:
        batch_op.create_index('ix_sales_shipment_track_parent_id', ['parent_id'], unique=False)


def downgrade() -> None:
    op.drop_table('sales_shipment_track')
    op.drop_table('sales_shipment_item')
    op.drop_table('sales_invoice_item')
    op.drop_table('sales_creditmemo_item')
    op.drop_table('sales_shipment')
    op.drop_table('sales_outbox')
    op.drop_table('sales_order_status_history')
    op.drop_table('sales_order_payment')
    op.drop_table('sales_order_item')
    op.drop_table('sales_order_address')
    op.drop_table('sales_invoice')
    op.drop_table('sales_creditmemo')
    op.drop_table('sales_sequence_order')
    op.drop_table('sales_order')
