"""testmodule: things, cart notes and order notes

The test module's own branch (label ``testmodule``), on the platform's first revision.

Revision ID: 0001_testmodule
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_testmodule'
down_revision = None
branch_labels = ('testmodule',)
depends_on = '0001_core'


def upgrade() -> None:
    op.create_table('vendor_testmodule_thing',
    sa.Column('thing_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('title', sa.String(length=255), nullable=False),
    sa.Column('qty', sa.Integer(), nullable=False),
    sa.Column('is_active', sa.Boolean(), nullable=False),
    sa.Column('note', sa.String(length=255), nullable=True),
    sa.PrimaryKeyConstraint('thing_id', name=op.f('pk_vendor_testmodule_thing'))
    )
    op.create_table('vendor_testmodule_cart_note',
    sa.Column('record_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('note', sa.String(length=255), nullable=False),
    sa.PrimaryKeyConstraint('record_id', name=op.f('pk_vendor_testmodule_cart_note'))
    )
    op.create_table('vendor_testmodule_order_note',
    sa.Column('record_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('note', sa.String(length=255), nullable=False),
    sa.PrimaryKeyConstraint('record_id', name=op.f('pk_vendor_testmodule_order_note'))
    )


def downgrade() -> None:
    op.drop_table('vendor_testmodule_order_note')
    op.drop_table('vendor_testmodule_cart_note')
    op.drop_table('vendor_testmodule_thing')
