"""giftcard: images, code pools and codes, accounts, and the cards of carts and orders

The first revision of the module's own branch (label ``giftcard``), on the platform's first revision.

Revision ID: 0001_giftcard
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_giftcard'
down_revision = None
branch_labels = ('giftcard',)
depends_on = '0001_core'


def upgrade() -> None:
    op.create_table('vendor_gcard_account',
    sa.Column('account_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('code_id', sa.Integer(), nullable=False),
    sa.Column('image_id', sa.Integer(), nullable=True),
    sa.Column('order_item_id', sa.Integer(), nullable=False),
    sa.Column('website_id', sa.Integer(), nullable=False),
    sa.Column('store', sa.Integer(), nullable=True),
    sa.Column('status', sa.Integer(), nullable=False),
    sa.Column('initial_value', sa.Numeric(precision=12, scale=2), nullable=False),
    sa.Column('current_value', sa.Numeric(precision=12, scale=2), nullable=False),
    sa.Column('expired_date', sa.Date(), nullable=True),
    sa.Column('comment', sa.Text(), nullable=True),
    sa.Column('date_delivery', sa.DateTime(), nullable=True),
    sa.Column('sent', sa.Boolean(), nullable=False),
    sa.Column('redeemable', sa.Boolean(), nullable=True),
    sa.Column('image_generated', sa.Boolean(), nullable=False),
    sa.Column('customer_created_id', sa.Integer(), nullable=True),
    sa.Column('recipient_email', sa.String(length=255), nullable=True),
    sa.Column('mobilenumber', sa.String(length=64), nullable=True),
    sa.Column('usage', sa.String(length=16), nullable=False),
    sa.PrimaryKeyConstraint('account_id', name=op.f('pk_vendor_gcard_account')),
    sa.UniqueConstraint('code_id', name=op.f('uq_vendor_gcard_account_code_id'))
    )
    with op.batch_alter_table('vendor_gcard_account', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_gcard_account_order_item_id', ['order_item_id'], unique=False)

    op.create_table('vendor_gcard_code',
    sa.Column('code_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('code', sa.String(length=255), nullable=False),
    sa.Column('code_pool_id', sa.Integer(), nullable=False),
    sa.Column('status', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('code_id', name=op.f('pk_vendor_gcard_code')),
    sa.UniqueConstraint('code', name=op.f('uq_vendor_gcard_code_code'))
    )
    with op.batch_alter_table('vendor_gcard_code', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_gcard_code_pool_status', ['code_pool_id', 'status'], unique=False)

    op.create_table('vendor_gcard_code_pool',
    sa.Column('pool_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('title', sa.String(length=255), nullable=False),
    sa.Column('template', sa.String(length=255), nullable=False),
    sa.Column('qty', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('pool_id', name=op.f('pk_vendor_gcard_code_pool'))
    )
    op.create_table('vendor_gcard_image',
    sa.Column('image_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('title', sa.String(length=255), nullable=False),
    sa.Column('gcard_title', sa.String(length=255), nullable=True),
    sa.Column('status', sa.Integer(), nullable=False),
    sa.Column('width', sa.Integer(), nullable=False),
    sa.Column('height', sa.Integer(), nullable=False),
    sa.Column('image_path', sa.String(length=255), nullable=True),
    sa.Column('user_upload', sa.Boolean(), nullable=False),
    sa.PrimaryKeyConstraint('image_id', name=op.f('pk_vendor_gcard_image'))
    )
    op.create_table('vendor_gcard_order_card',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('order_id', sa.Integer(), nullable=False),
    sa.Column('account_id', sa.Integer(), nullable=False),
    sa.Column('code', sa.String(length=255), nullable=False),
    sa.Column('amount', sa.Numeric(precision=12, scale=2), nullable=False),
    sa.Column('returned', sa.Numeric(precision=12, scale=2), nullable=False),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_vendor_gcard_order_card'))
    )
    with op.batch_alter_table('vendor_gcard_order_card', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_gcard_order_card_order_id', ['order_id'], unique=False)

    op.create_table('vendor_gcard_code_pool_rule',
    sa.Column('rule_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('pool_id', sa.Integer(), nullable=False),
    sa.Column('conditions_serialized', sa.Text(), nullable=True),
    sa.ForeignKeyConstraint(['pool_id'], ['vendor_gcard_code_pool.pool_id'], name=op.f('fk_vendor_gcard_code_pool_rule_pool_id_vendor_gcard_code_pool'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('rule_id', name=op.f('pk_vendor_gcard_code_pool_rule')),
    sa.UniqueConstraint('pool_id', name=op.f('uq_vendor_gcard_code_pool_rule_pool_id'))
    )
    op.create_table('vendor_gcard_image_element',
    sa.Column('element_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('image_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=64), nullable=True),
    sa.Column('width', sa.Integer(), nullable=True),
    sa.Column('height', sa.Integer(), nullable=True),
    sa.Column('pos_x', sa.Integer(), nullable=True),
    sa.Column('pos_y', sa.Integer(), nullable=True),
    sa.Column('custom_css', sa.Text(), nullable=True),
    sa.ForeignKeyConstraint(['image_id'], ['vendor_gcard_image.image_id'], name=op.f('fk_vendor_gcard_image_element_image_id_vendor_gcard_image'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('element_id', name=op.f('pk_vendor_gcard_image_element'))
    )
    with op.batch_alter_table('vendor_gcard_image_element', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_gcard_image_element_image_id', ['image_id'], unique=False)

    op.create_table('vendor_gcard_quote_card',
    sa.Column('quote_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('account_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('code', sa.String(length=255), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['account_id'], ['vendor_gcard_account.account_id'], name=op.f('fk_vendor_gcard_quote_card_account_id_vendor_gcard_account'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('quote_id', 'account_id', name=op.f('pk_vendor_gcard_quote_card'))
    )


def downgrade() -> None:
    op.drop_table('vendor_gcard_quote_card')
    with op.batch_alter_table('vendor_gcard_image_element', schema=None) as batch_op:
        batch_op.drop_index('ix_vendor_gcard_image_element_image_id')

    op.drop_table('vendor_gcard_image_element')
    op.drop_table('vendor_gcard_code_pool_rule')
    with op.batch_alter_table('vendor_gcard_order_card', schema=None) as batch_op:
        batch_op.drop_index('ix_vendor_gcard_order_card_order_id')

    op.drop_table('vendor_gcard_order_card')
    op.drop_table('vendor_gcard_image')
    op.drop_table('vendor_gcard_code_pool')
    with op.batch_alter_table('vendor_gcard_code', schema=None) as batch_op:
        batch_op.drop_index('ix_vendor_gcard_code_pool_status')

    op.drop_table('vendor_gcard_code')
    with op.batch_alter_table('vendor_gcard_account', schema=None) as batch_op:
        batch_op.drop_index('ix_vendor_gcard_account_order_item_id')

    op.drop_table('vendor_gcard_account')
