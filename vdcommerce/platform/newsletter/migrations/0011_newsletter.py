"""newsletter: subscriber records

The customer's is_subscribed flag moves out of customer_entity into a subscriber record (status 1,
subscribed, in the customer's store view) for every customer that had it set.

Revision ID: 0011_newsletter
Revises: 0010_cron
"""
from alembic import op
import sqlalchemy as sa


revision = '0011_newsletter'
down_revision = '0010_cron'
branch_labels = None
depends_on = None


def upgrade() -> None:
    subscriber = op.create_table('newsletter_subscriber',
    sa.Column('subscriber_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('customer_id', sa.Integer(), nullable=True),
    sa.Column('subscriber_email', sa.String(length=255), nullable=False),
    sa.Column('subscriber_status', sa.SmallInteger(), nullable=False),
    sa.Column('change_status_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['customer_id'], ['customer_entity.id'], name=op.f('fk_newsletter_subscriber_customer_id_customer_entity'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['store_id'], ['store.store_id'], name=op.f('fk_newsletter_subscriber_store_id_store')),
    sa.PrimaryKeyConstraint('subscriber_id', name=op.f('pk_newsletter_subscriber')),
    sa.UniqueConstraint('customer_id', name=op.f('uq_newsletter_subscriber_customer_id')),
    sa.UniqueConstraint('store_id', 'subscriber_email', name=op.f('uq_newsletter_subscriber_store_id_subscriber_email'))
    )
    customer = sa.table('customer_entity', sa.column('id', sa.Integer()), sa.column('store_id', sa.Integer()),
                        sa.column('email', sa.String()), sa.column('is_subscribed', sa.Boolean()),
                        sa.column('updated_at', sa.DateTime()))
    op.execute(subscriber.insert().from_select(
        ['store_id', 'customer_id', 'subscriber_email', 'subscriber_status', 'change_status_at'],
        sa.select(customer.c.store_id, customer.c.id, customer.c.email, sa.literal(1, sa.SmallInteger()),
                  customer.c.updated_at).where(customer.c.is_subscribed == sa.true())))
    # a plain ALTER TABLE ... DROP COLUMN (SQLite 3.35+ has it): copying customer_entity into a new table,
    # as a batch operation would, drops the old one and so fires the cascades of the tables that refer to it
    op.drop_column('customer_entity', 'is_subscribed')


def downgrade() -> None:
    op.add_column('customer_entity', sa.Column('is_subscribed', sa.Boolean(), nullable=False,
                                               server_default=sa.false()))
    customer = sa.table('customer_entity', sa.column('id', sa.Integer()), sa.column('is_subscribed', sa.Boolean()))
    subscriber = sa.table('newsletter_subscriber', sa.column('customer_id', sa.Integer()),
                          sa.column('subscriber_status', sa.SmallInteger()))
    op.execute(customer.update().values(is_subscribed=True).where(customer.c.id.in_(
        sa.select(subscriber.c.customer_id).where(subscriber.c.subscriber_status == 1))))
    op.drop_table('newsletter_subscriber')
