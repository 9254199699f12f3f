"""requestquote: quote requests and the quote data of their lines

The first revision of the module's own branch (label ``requestquote``), on the platform revision that
creates the carts.

Revision ID: 0001_requestquote
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_requestquote'
down_revision = None
branch_labels = ('requestquote',)
depends_on = '0007_quote'


def upgrade() -> None:
    op.create_table('vendor_quote',
    sa.Column('quote_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('customer_name', sa.String(length=255), nullable=True),
    sa.Column('increment_id', sa.String(length=255), nullable=True),
    sa.Column('status', sa.SmallInteger(), nullable=False),
    sa.Column('remarks', sa.Text(), nullable=True),
    sa.Column('expired_date', sa.DateTime(), nullable=True),
    sa.Column('reminder_date', sa.DateTime(), nullable=True),
    sa.Column('submited_date', sa.DateTime(), nullable=True),
    sa.Column('admin_notification_send', sa.Integer(), nullable=False),
    sa.Column('discount', sa.Numeric(precision=12, scale=4), nullable=True),
    sa.Column('surcharge', sa.Numeric(precision=12, scale=4), nullable=True),
    sa.Column('reminder_send', sa.Integer(), nullable=False),
    sa.Column('shipping_can_modified', sa.Integer(), nullable=False),
    sa.Column('shipping_configured', sa.Integer(), nullable=False),
    sa.Column('custom_fee', sa.Numeric(precision=12, scale=4), nullable=True),
    sa.Column('custom_method_enabled', sa.Integer(), nullable=False),
    sa.Column('sum_original_price', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['quote_id'], ['quote.id'], name=op.f('fk_vendor_quote_quote_id_quote'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('quote_id', name=op.f('pk_vendor_quote'))
    )
    op.create_index(op.f('ix_vendor_quote_increment_id'), 'vendor_quote', ['increment_id'], unique=False)
    op.create_index(op.f('ix_vendor_quote_status'), 'vendor_quote', ['status'], unique=False)
    op.create_table('vendor_quote_item',
    sa.Column('item_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('quote_id', sa.Integer(), nullable=False),
    sa.Column('additional_data', sa.Text(), nullable=True),
    sa.ForeignKeyConstraint(['item_id'], ['quote_item.item_id'], name=op.f('fk_vendor_quote_item_item_id_quote_item'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['quote_id'], ['quote.id'], name=op.f('fk_vendor_quote_item_quote_id_quote'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('item_id', name=op.f('pk_vendor_quote_item'))
    )
    op.create_index(op.f('ix_vendor_quote_item_quote_id'), 'vendor_quote_item', ['quote_id'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_vendor_quote_item_quote_id'), table_name='vendor_quote_item')
    op.drop_table('vendor_quote_item')
    op.drop_index(op.f('ix_vendor_quote_status'), table_name='vendor_quote')
    op.drop_index(op.f('ix_vendor_quote_increment_id'), table_name='vendor_quote')
    op.drop_table('vendor_quote')
