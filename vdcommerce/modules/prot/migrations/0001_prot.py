"""prot: option templates, their options and values, and what was copied from them

The first revision of the module's own branch (label ``prot``), on the platform's first revision.

Revision ID: 0001_prot
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_prot'
down_revision = None
branch_labels = ('prot',)
depends_on = '0001_core'


def upgrade() -> None:
    op.create_table('vendor_prot_template',
    sa.Column('template_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('name', sa.String(length=255), nullable=False),
    sa.PrimaryKeyConstraint('template_id', name=op.f('pk_vendor_prot_template'))
    )
    op.create_table('vendor_prot_template_option',
    sa.Column('option_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('template_id', sa.Integer(), nullable=False),
    sa.Column('title', sa.Text(), nullable=False),
    sa.Column('type', sa.String(length=32), nullable=False),
    sa.Column('is_require', sa.Boolean(), nullable=False),
    sa.Column('sort_order', sa.Integer(), nullable=False),
    sa.Column('price', sa.Numeric(precision=20, scale=6), nullable=True),
    sa.Column('price_type', sa.String(length=16), nullable=True),
    sa.Column('sku', sa.String(length=64), nullable=True),
    sa.Column('max_characters', sa.Integer(), nullable=True),
    sa.Column('file_extension', sa.String(length=255), nullable=True),
    sa.Column('image_size_x', sa.Integer(), nullable=True),
    sa.Column('image_size_y', sa.Integer(), nullable=True),
    sa.Column('dependency', sa.Text(), nullable=True),
    sa.Column('font_color', sa.String(length=64), nullable=True),
    sa.Column('font_size', sa.Integer(), nullable=True),
    sa.Column('option_list_type', sa.Integer(), nullable=True),
    sa.Column('use_swatches', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['template_id'], ['vendor_prot_template.template_id'],
                            name='fk_vendor_prot_option_template', ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('option_id', name=op.f('pk_vendor_prot_template_option'))
    )
    with op.batch_alter_table('vendor_prot_template_option', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_prot_template_option_template_id', ['template_id'], unique=False)

    op.create_table('vendor_prot_template_option_value',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('template_option_id', sa.Integer(), nullable=False),
    sa.Column('title', sa.Text(), nullable=False),
    sa.Column('price', sa.Numeric(precision=20, scale=6), nullable=False),
    sa.Column('price_type', sa.String(length=16), nullable=False),
    sa.Column('sku', sa.String(length=64), nullable=True),
    sa.Column('sort_order', sa.Integer(), nullable=False),
    sa.Column('swatch_value', sa.Text(), nullable=True),
    sa.ForeignKeyConstraint(['template_option_id'], ['vendor_prot_template_option.option_id'],
                            name='fk_vendor_prot_value_option', ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_vendor_prot_template_option_value'))
    )
    with op.batch_alter_table('vendor_prot_template_option_value', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_prot_template_option_value_template_option_id', ['template_option_id'],
                              unique=False)

    op.create_table('vendor_prot_option_relation',
    sa.Column('option_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('parent_option_id', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('option_id', name=op.f('pk_vendor_prot_option_relation'))
    )
    with op.batch_alter_table('vendor_prot_option_relation', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_prot_option_relation_parent_option_id', ['parent_option_id'], unique=False)

    op.create_table('vendor_prot_option_value_relation',
    sa.Column('value_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('parent_value_id', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('value_id', name=op.f('pk_vendor_prot_option_value_relation'))
    )
    with op.batch_alter_table('vendor_prot_option_value_relation', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_prot_option_value_relation_parent_value_id', ['parent_value_id'],
                              unique=False)


def downgrade() -> None:
    op.drop_table('vendor_prot_option_value_relation')
    op.drop_table('vendor_prot_option_relation')
    op.drop_table('vendor_prot_template_option_value')
    op.drop_table('vendor_prot_template_option')
    op.drop_table('vendor_prot_template')
