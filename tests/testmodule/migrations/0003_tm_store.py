"""testmodule: tables of the store tests

Revision ID: 0003_tm_store
Revises: 0002_tm_cron
"""
from alembic import op
import sqlalchemy as sa


revision = '0003_tm_store'
down_revision = '0002_tm_cron'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('vendor_testmodule_sign',
    sa.Column('sign_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('code', sa.String(length=64), nullable=False),
    sa.PrimaryKeyConstraint('sign_id', name=op.f('pk_vendor_testmodule_sign'))
    )
    op.create_table('vendor_testmodule_sign_store',
    sa.Column('sign_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('title', sa.String(length=255), nullable=True),
    sa.Column('is_visible', sa.Boolean(), nullable=True),
    sa.Column('price', sa.Numeric(precision=12, scale=2), nullable=True),
    sa.ForeignKeyConstraint(['sign_id'], ['vendor_testmodule_sign.sign_id'], name=op.f('fk_vendor_testmodule_sign_store_sign_id_vendor_testmodule_sign'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['store_id'], ['store.store_id'], name=op.f('fk_vendor_testmodule_sign_store_store_id_store'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('sign_id', 'store_id', name=op.f('pk_vendor_testmodule_sign_store'))
    )


def downgrade() -> None:
    op.drop_table('vendor_testmodule_sign_store')
    op.drop_table('vendor_testmodule_sign')
