"""label: labels, their display parts, store views and customer groups

The first revision of the label module's own branch (label ``label``); its store-view links need the
store scopes of the platform's first revision.

Revision ID: 0001_label
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_label'
down_revision = None
branch_labels = ('label',)
depends_on = '0001_core'


def upgrade() -> None:
    op.create_table('vendor_label',
    sa.Column('label_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('name', sa.String(length=255), nullable=False),
    sa.Column('status', sa.SmallInteger(), nullable=False),
    sa.Column('priority', sa.SmallInteger(), nullable=False),
    sa.Column('is_single', sa.Boolean(), nullable=False),
    sa.Column('use_for_parent', sa.Boolean(), nullable=False),
    sa.Column('conditions_serialized', sa.Text(), nullable=False),
    sa.Column('active_from', sa.DateTime(), nullable=True),
    sa.Column('active_to', sa.DateTime(), nullable=True),
    sa.Column('tooltip_status', sa.SmallInteger(), nullable=False),
    sa.Column('tooltip_color', sa.String(length=30), nullable=False),
    sa.Column('tooltip_text_color', sa.String(length=30), nullable=False),
    sa.Column('tooltip_text', sa.Text(), nullable=False),
    sa.PrimaryKeyConstraint('label_id', name=op.f('pk_vendor_label'))
    )
    with op.batch_alter_table('vendor_label', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_label_status_priority', ['status', 'priority'], unique=False)

    op.create_table('vendor_label_customer_group',
    sa.Column('label_id', sa.Integer(), nullable=False),
    sa.Column('customer_group_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['label_id'], ['vendor_label.label_id'], name=op.f('fk_vendor_label_customer_group_label_id_vendor_label'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('label_id', 'customer_group_id', name=op.f('pk_vendor_label_customer_group'))
    )
    with op.batch_alter_table('vendor_label_customer_group', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_label_customer_group_customer_group_id', ['customer_group_id'], unique=False)

    op.create_table('vendor_label_part',
    sa.Column('label_id', sa.Integer(), nullable=False),
    sa.Column('type', sa.SmallInteger(), nullable=False),
    sa.Column('label_text', sa.Text(), nullable=False),
    sa.Column('image', sa.String(length=255), nullable=True),
    sa.Column('image_size', sa.String(length=32), nullable=True),
    sa.Column('position', sa.SmallInteger(), nullable=False),
    sa.Column('style', sa.Text(), nullable=True),
    sa.ForeignKeyConstraint(['label_id'], ['vendor_label.label_id'], name=op.f('fk_vendor_label_part_label_id_vendor_label'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('label_id', 'type', name=op.f('pk_vendor_label_part'))
    )
    op.create_table('vendor_label_store',
    sa.Column('label_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['label_id'], ['vendor_label.label_id'], name=op.f('fk_vendor_label_store_label_id_vendor_label'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['store_id'], ['store.store_id'], name=op.f('fk_vendor_label_store_store_id_store'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('label_id', 'store_id', name=op.f('pk_vendor_label_store'))
    )
    with op.batch_alter_table('vendor_label_store', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_label_store_store_id', ['store_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('vendor_label_store', schema=None) as batch_op:
        batch_op.drop_index('ix_vendor_label_store_store_id')

    op.drop_table('vendor_label_store')
    op.drop_table('vendor_label_part')
    with op.batch_alter_table('vendor_label_customer_group', schema=None) as batch_op:
        batch_op.drop_index('ix_vendor_label_customer_group_customer_group_id')

    op.drop_table('vendor_label_customer_group')
    with op.batch_alter_table('vendor_label', schema=None) as batch_op:
        batch_op.drop_index('ix_vendor_label_status_priority')

    op.drop_table('vendor_label')
