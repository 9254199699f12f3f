"""customer: customer groups created through the API, websites excluded from a group

Revision ID: 0021_customer
Revises: 0020_tax
"""
from alembic import op
import sqlalchemy as sa


revision = '0021_customer'
down_revision = '0020_tax'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('customer_group_excluded_website',
    sa.Column('customer_group_id', sa.Integer(), nullable=False),
    sa.Column('website_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['customer_group_id'], ['customer_group.customer_group_id'], name=op.f('fk_customer_group_excluded_website_customer_group_id_customer_group'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['website_id'], ['store_website.website_id'], name=op.f('fk_customer_group_excluded_website_website_id_store_website'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('customer_group_id', 'website_id', name=op.f('pk_customer_group_excluded_website'))
    )
    # new groups take the next id: SQLite's integer primary key does so already, PostgreSQL needs a sequence
    if op.get_bind().dialect.name == 'postgresql':
        op.execute("CREATE SEQUENCE customer_group_customer_group_id_seq OWNED BY customer_group.customer_group_id")
        op.execute("SELECT setval('customer_group_customer_group_id_seq', "
                   "(SELECT GREATEST(max(customer_group_id), 3) FROM customer_group))")
        op.execute("ALTER TABLE customer_group ALTER COLUMN customer_group_id "
                   "SET DEFAULT nextval('customer_group_customer_group_id_seq')")


def downgrade() -> None:
    if op.get_bind().dialect.name == 'postgresql':
        op.execute("ALTER TABLE customer_group ALTER COLUMN customer_group_id DROP DEFAULT")
        op.execute("DROP SEQUENCE customer_group_customer_group_id_seq")
    op.drop_table('customer_group_excluded_website')
