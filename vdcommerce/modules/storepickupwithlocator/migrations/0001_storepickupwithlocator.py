"""storepickupwithlocator: pickup locations with their store views, the pickup chosen for carts, the
pickup of orders

The first revision of the module's own branch (label ``storepickupwithlocator``), on the platform's first
revision (the store views).

Revision ID: 0001_storepickupwithlocator
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_storepickupwithlocator'
down_revision = None
branch_labels = ('storepickupwithlocator',)
depends_on = '0001_core'


def upgrade() -> None:
    op.create_table('vendor_storepickup_location',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('name', sa.String(length=255), nullable=False),
    sa.Column('is_active', sa.Boolean(), nullable=False),
    sa.Column('curbside_enabled', sa.Boolean(), nullable=False),
    sa.Column('schedule', sa.Text(), nullable=True),
    sa.Column('country_id', sa.String(length=2), nullable=True),
    sa.Column('region_id', sa.Integer(), nullable=True),
    sa.Column('city', sa.String(length=255), nullable=True),
    sa.Column('street', sa.String(length=255), nullable=True),
    sa.Column('postcode', sa.String(length=32), nullable=True),
    sa.Column('lat', sa.Numeric(precision=10, scale=7), nullable=True),
    sa.Column('lng', sa.Numeric(precision=10, scale=7), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_vendor_storepickup_location'))
    )
    op.create_table('vendor_storepickup_order',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('order_id', sa.Integer(), nullable=False),
    sa.Column('location_id', sa.Integer(), nullable=False),
    sa.Column('location_name', sa.String(length=255), nullable=True),
    sa.Column('date', sa.String(length=10), nullable=True),
    sa.Column('time_from', sa.BigInteger(), nullable=True),
    sa.Column('time_to', sa.BigInteger(), nullable=True),
    sa.Column('is_curbside_pickup', sa.Boolean(), nullable=False),
    sa.Column('curbside_pickup_comment', sa.String(length=300), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_vendor_storepickup_order')),
    sa.UniqueConstraint('order_id', name=op.f('uq_vendor_storepickup_order_order_id'))
    )
    op.create_table('vendor_storepickup_quote',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('quote_id', sa.Integer(), nullable=False),
    sa.Column('address_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('date', sa.String(length=10), nullable=True),
    sa.Column('time_from', sa.BigInteger(), nullable=True),
    sa.Column('time_to', sa.BigInteger(), nullable=True),
    sa.Column('is_curbside_pickup', sa.Boolean(), nullable=False),
    sa.Column('curbside_pickup_comment', sa.String(length=300), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_vendor_storepickup_quote')),
    sa.UniqueConstraint('quote_id', 'address_id', name='uq_vendor_storepickup_quote_quote_id_address_id')
    )
    op.create_table('vendor_storepickup_location_store',
    sa.Column('location_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['location_id'], ['vendor_storepickup_location.id'], name=op.f('fk_vendor_storepickup_location_store_location_id_vendor_storepickup_location'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['store_id'], ['store.store_id'], name=op.f('fk_vendor_storepickup_location_store_store_id_store'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('location_id', 'store_id', name=op.f('pk_vendor_storepickup_location_store'))
    )


def downgrade() -> None:
    op.drop_table('vendor_storepickup_location_store')
    op.drop_table('vendor_storepickup_quote')
    op.drop_table('vendor_storepickup_order')
    op.drop_table('vendor_storepickup_location')
