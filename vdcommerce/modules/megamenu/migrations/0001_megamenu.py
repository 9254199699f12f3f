"""megamenu: custom links, node content per store view and node positions

The first revision of the module's own branch (label ``megamenu``); the content rows need the store
views of the platform's first revision.

Revision ID: 0001_megamenu
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_megamenu'
down_revision = None
branch_labels = ('megamenu',)
depends_on = '0001_core'


def upgrade() -> None:
    op.create_table('vendor_menu_link',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('parent_id', sa.Integer(), nullable=False),
    sa.Column('path', sa.String(length=255), nullable=True),
    sa.Column('level', sa.Integer(), nullable=False),
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_vendor_menu_link'))
    )
    op.create_table('vendor_menu_item_content',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('entity_id', sa.Integer(), nullable=False),
    sa.Column('type', sa.String(length=16), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=255), nullable=False),
    sa.Column('label', sa.String(length=255), nullable=False),
    sa.Column('label_text_color', sa.String(length=255), nullable=False),
    sa.Column('label_background_color', sa.String(length=255), nullable=False),
    sa.Column('status', sa.Integer(), nullable=True),
    sa.Column('link', sa.String(length=255), nullable=False),
    sa.Column('link_type', sa.Integer(), nullable=False),
    sa.Column('use_default', sa.String(length=255), nullable=True),
    sa.Column('content', sa.Text(), nullable=True),
    sa.Column('width', sa.Integer(), nullable=True),
    sa.Column('width_value', sa.Integer(), nullable=True),
    sa.Column('column_count', sa.Integer(), nullable=True),
    sa.Column('icon', sa.String(length=255), nullable=True),
    sa.Column('submenu_type', sa.Integer(), nullable=True),
    sa.Column('subcategories_position', sa.Integer(), nullable=True),
    sa.Column('hide_content', sa.Boolean(), nullable=True),
    sa.Column('desktop_font', sa.Integer(), nullable=True),
    sa.Column('mobile_font', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['store_id'], ['store.store_id'],
                            name=op.f('fk_vendor_menu_item_content_store_id_store'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_vendor_menu_item_content')),
    sa.UniqueConstraint('type', 'entity_id', 'store_id', name=op.f('uq_vendor_menu_item_content_type_entity_id_store_id'))
    )
    with op.batch_alter_table('vendor_menu_item_content', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_menu_item_content_store_id', ['store_id'], unique=False)

    op.create_table('vendor_menu_position',
    sa.Column('type', sa.String(length=16), nullable=False),
    sa.Column('entity_id', sa.Integer(), nullable=False),
    sa.Column('parent_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('type', 'entity_id', name=op.f('pk_vendor_menu_position'))
    )
    with op.batch_alter_table('vendor_menu_position', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_menu_position_parent_id', ['parent_id'], unique=False)


def downgrade() -> None:
    op.drop_table('vendor_menu_position')
    op.drop_table('vendor_menu_item_content')
    op.drop_table('vendor_menu_link')
