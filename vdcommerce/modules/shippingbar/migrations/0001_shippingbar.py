"""shippingbar: the free shipping bar profiles and their texts per store view

The first revision of the module's own branch (label ``shippingbar``), on the platform's first revision.

Revision ID: 0001_shippingbar
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_shippingbar'
down_revision = None
branch_labels = ('shippingbar',)
depends_on = '0001_core'


def upgrade() -> None:
    op.create_table('vendor_shipbar_profile',
    sa.Column('profile_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('name', sa.String(length=255), nullable=False),
    sa.Column('status', sa.Integer(), nullable=False),
    sa.Column('goal', sa.Numeric(precision=12, scale=2), nullable=False),
    sa.Column('goal_source', sa.Integer(), nullable=False),
    sa.Column('priority', sa.Integer(), nullable=False),
    sa.Column('stores', sa.String(length=255), nullable=True),
    sa.Column('customer_groups', sa.String(length=255), nullable=True),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('pages', sa.String(length=255), nullable=False),
    sa.Column('action_clickable', sa.Integer(), nullable=False),
    sa.Column('action_link', sa.String(length=1024), nullable=True),
    sa.Column('closeable', sa.Integer(), nullable=False),
    sa.Column('car_icon_visible', sa.Integer(), nullable=False),
    sa.Column('text_font', sa.Integer(), nullable=False),
    sa.Column('text_size', sa.Integer(), nullable=False),
    sa.Column('text_color', sa.String(length=64), nullable=False),
    sa.Column('extra_color', sa.String(length=64), nullable=False),
    sa.Column('background_color', sa.String(length=64), nullable=False),
    sa.Column('custom_style', sa.Text(), nullable=True),
    sa.PrimaryKeyConstraint('profile_id', name=op.f('pk_vendor_shipbar_profile'))
    )
    op.create_table('vendor_shipbar_profile_label',
    sa.Column('profile_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('init_message', sa.Text(), nullable=True),
    sa.Column('progress_message', sa.Text(), nullable=True),
    sa.Column('achieved_message', sa.Text(), nullable=True),
    sa.Column('terms_message', sa.Text(), nullable=True),
    sa.ForeignKeyConstraint(['profile_id'], ['vendor_shipbar_profile.profile_id'],
                            name=op.f('fk_vendor_shipbar_profile_label_profile_id_vendor_shipbar_profile'),
                            ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['store_id'], ['store.store_id'],
                            name=op.f('fk_vendor_shipbar_profile_label_store_id_store'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('profile_id', 'store_id', name=op.f('pk_vendor_shipbar_profile_label'))
    )


def downgrade() -> None:
    op.drop_table('vendor_shipbar_profile_label')
    op.drop_table('vendor_shipbar_profile')
