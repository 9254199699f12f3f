"""customerlogin: the login log

The first revision of the module's own branch (label ``customerlogin``); its references need the
admin users (0001_core) and the customers (0002_customer) of the platform.

Revision ID: 0001_customerlogin
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_customerlogin'
down_revision = None
branch_labels = ('customerlogin',)
depends_on = '0002_customer'


def upgrade() -> None:
    op.create_table('vendor_customer_login_log',
    sa.Column('logged_in_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('logged_in_time', sa.DateTime(), nullable=False),
    sa.Column('admin_id', sa.Integer(), nullable=True),
    sa.Column('admin_username', sa.String(length=40), nullable=True),
    sa.Column('admin_email', sa.String(length=128), nullable=True),
    sa.Column('customer_id', sa.Integer(), nullable=True),
    sa.Column('customer_name', sa.String(length=255), nullable=True),
    sa.Column('customer_lastname', sa.String(length=255), nullable=True),
    sa.Column('customer_email', sa.String(length=255), nullable=True),
    sa.Column('website_id', sa.Integer(), nullable=True),
    sa.Column('website_code', sa.String(length=32), nullable=True),
    sa.Column('store_id', sa.SmallInteger(), nullable=True),
    sa.Column('secret_key', sa.String(length=32), nullable=False),
    sa.ForeignKeyConstraint(['admin_id'], ['admin_user.user_id'],
                            name=op.f('fk_vendor_customer_login_log_admin_id_admin_user'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['customer_id'], ['customer_entity.id'],
                            name=op.f('fk_vendor_customer_login_log_customer_id_customer_entity'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['website_id'], ['store_website.website_id'],
                            name=op.f('fk_vendor_customer_login_log_website_id_store_website'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('logged_in_id', name=op.f('pk_vendor_customer_login_log'))
    )
    op.create_index('ix_vendor_customer_login_log_admin_id', 'vendor_customer_login_log', ['admin_id'], unique=False)
    op.create_index('ix_vendor_customer_login_log_customer_id', 'vendor_customer_login_log', ['customer_id'], unique=False)
    op.create_index('ix_vendor_customer_login_log_secret_key', 'vendor_customer_login_log', ['secret_key'], unique=False)
    op.create_index('ix_vendor_customer_login_log_website_id', 'vendor_customer_login_log', ['website_id'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_vendor_customer_login_log_website_id', table_name='vendor_customer_login_log')
    op.drop_index('ix_vendor_customer_login_log_secret_key', table_name='vendor_customer_login_log')
    op.drop_index('ix_vendor_customer_login_log_customer_id', table_name='vendor_customer_login_log')
    op.drop_index('ix_vendor_customer_login_log_admin_id', table_name='vendor_customer_login_log')
    op.drop_table('vendor_customer_login_log')
