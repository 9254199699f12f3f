"""customer: groups, customers, customer addresses

Revision ID: 0002_customer
Revises: 0001_core
"""
from alembic import op
import sqlalchemy as sa


revision = '0002_customer'
down_revision = '0001_core'
branch_labels = None
depends_on = None


def upgrade() -> None:
    group = op.create_table('customer_group',
    sa.Column('customer_group_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('customer_group_code', sa.String(length=32), nullable=False),
    sa.Column('tax_class_id', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('customer_group_id', name=op.f('pk_customer_group')),
    sa.UniqueConstraint('customer_group_code', name=op.f('uq_customer_group_customer_group_code'))
    )
    op.create_table('customer_entity',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('website_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('group_id', sa.Integer(), nullable=False),
    sa.Column('email', sa.String(length=255), nullable=False),
    sa.Column('firstname', sa.String(length=255), nullable=False),
    sa.Column('lastname', sa.String(length=255), nullable=False),
    sa.Column('middlename', sa.String(length=255), nullable=True),
    sa.Column('prefix', sa.String(length=40), nullable=True),
    sa.Column('suffix', sa.String(length=40), nullable=True),
    sa.Column('dob', sa.Date(), nullable=True),
    sa.Column('gender', sa.SmallInteger(), nullable=True),
    sa.Column('taxvat', sa.String(length=50), nullable=True),
    sa.Column('password_hash', sa.String(length=255), nullable=True),
    sa.Column('confirmation', sa.String(length=64), nullable=True),
    sa.Column('rp_token_hash', sa.String(length=64), nullable=True),
    sa.Column('rp_token_created_at', sa.DateTime(), nullable=True),
    sa.Column('created_in', sa.String(length=255), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.Column('default_billing', sa.Integer(), nullable=True),
    sa.Column('default_shipping', sa.Integer(), nullable=True),
    sa.Column('disable_auto_group_change', sa.SmallInteger(), nullable=False),
    sa.Column('is_subscribed', sa.Boolean(), nullable=False),
    sa.Column('custom_attributes', sa.Text(), nullable=True),
    sa.ForeignKeyConstraint(['group_id'], ['customer_group.customer_group_id'], name=op.f('fk_customer_entity_group_id_customer_group')),
    sa.ForeignKeyConstraint(['store_id'], ['store.store_id'], name=op.f('fk_customer_entity_store_id_store')),
    sa.ForeignKeyConstraint(['website_id'], ['store_website.website_id'], name=op.f('fk_customer_entity_website_id_store_website')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_customer_entity')),
    sa.UniqueConstraint('email', 'website_id', name=op.f('uq_customer_entity_email_website_id'))
    )
    op.create_index('ix_customer_entity_lastname_firstname', 'customer_entity', ['lastname', 'firstname'], unique=False)
    op.create_table('customer_address_entity',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('customer_id', sa.Integer(), nullable=False),
    sa.Column('firstname', sa.String(length=255), nullable=True),
    sa.Column('lastname', sa.String(length=255), nullable=True),
    sa.Column('middlename', sa.String(length=255), nullable=True),
    sa.Column('prefix', sa.String(length=40), nullable=True),
    sa.Column('suffix', sa.String(length=40), nullable=True),
    sa.Column('company', sa.String(length=255), nullable=True),
    sa.Column('street', sa.Text(), nullable=True),
    sa.Column('city', sa.String(length=255), nullable=True),
    sa.Column('region', sa.String(length=255), nullable=True),
    sa.Column('region_code', sa.String(length=32), nullable=True),
    sa.Column('region_id', sa.Integer(), nullable=True),
    sa.Column('country_id', sa.String(length=2), nullable=True),
    sa.Column('postcode', sa.String(length=255), nullable=True),
    sa.Column('telephone', sa.String(length=255), nullable=True),
    sa.Column('fax', sa.String(length=255), nullable=True),
    sa.Column('vat_id', sa.String(length=255), nullable=True),
    sa.Column('custom_attributes', sa.Text(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['customer_id'], ['customer_entity.id'], name=op.f('fk_customer_address_entity_customer_id_customer_entity'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_customer_address_entity'))
    )
    op.create_index(op.f('ix_customer_address_entity_customer_id'), 'customer_address_entity', ['customer_id'], unique=False)
    op.bulk_insert(group, [
        {"customer_group_id": 0, "customer_group_code": "NOT LOGGED IN", "tax_class_id": 3},
        {"customer_group_id": 1, "customer_group_code": "General", "tax_class_id": 3},
        {"customer_group_id": 2, "customer_group_code": "Wholesale", "tax_class_id": 3},
        {"customer_group_id": 3, "customer_group_code": "Retailer", "tax_class_id": 3},
    ])


def downgrade() -> None:
    op.drop_index(op.f('ix_customer_address_entity_customer_id'), table_name='customer_address_entity')
    op.drop_table('customer_address_entity')
    op.drop_index('ix_customer_entity_lastname_firstname', table_name='customer_entity')
    op.drop_table('customer_entity')
    op.drop_table('customer_group')
