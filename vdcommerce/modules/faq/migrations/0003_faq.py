"""faq: questions, categories, tags and their links

The FAQ module's own branch (label ``faq``); its tables need the store scopes of the
platform's first revision.

Revision ID: 0003_faq
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0003_faq'
down_revision = None
branch_labels = ('faq',)
depends_on = '0001_core'


def upgrade() -> None:
    op.create_table('vendor_faq_question',
    sa.Column('question_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('title', sa.Text(), nullable=False),
    sa.Column('short_answer', sa.Text(), nullable=True),
    sa.Column('answer', sa.Text(), nullable=True),
    sa.Column('visibility', sa.Integer(), nullable=False),
    sa.Column('status', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=255), nullable=True),
    sa.Column('email', sa.String(length=255), nullable=False),
    sa.Column('url_key', sa.String(length=255), nullable=True),
    sa.Column('positive_rating', sa.Integer(), nullable=False),
    sa.Column('negative_rating', sa.Integer(), nullable=False),
    sa.Column('total_rating', sa.Integer(), nullable=False),
    sa.Column('visit_count', sa.Integer(), nullable=False),
    sa.Column('exclude_sitemap', sa.Boolean(), nullable=False),
    sa.Column('is_show_full_answer', sa.Boolean(), nullable=False),
    sa.Column('product_ids', sa.String(length=1024), nullable=False),
    sa.Column('customer_groups', sa.String(length=255), nullable=False),
    sa.Column('canonical_url', sa.String(length=255), nullable=False),
    sa.Column('meta_title', sa.String(length=255), nullable=True),
    sa.Column('meta_description', sa.Text(), nullable=True),
    sa.Column('meta_robots', sa.String(length=255), nullable=True),
    sa.Column('asked_from_store', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('question_id', name=op.f('pk_vendor_faq_question'))
    )
    with op.batch_alter_table('vendor_faq_question', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_faq_question_status_position_question_id',
                              ['status', 'position', 'question_id'], unique=False)
        batch_op.create_index('ix_vendor_faq_question_visibility_position_question_id',
                              ['visibility', 'position', 'question_id'], unique=False)
        batch_op.create_index('ix_vendor_faq_question_url_key', ['url_key'], unique=False)

    op.create_table('vendor_faq_category',
    sa.Column('category_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('title', sa.String(length=255), nullable=False),
    sa.Column('position', sa.Integer(), nullable=True),
    sa.Column('url_key', sa.String(length=255), nullable=True),
    sa.Column('status', sa.Integer(), nullable=False),
    sa.Column('meta_title', sa.String(length=255), nullable=True),
    sa.Column('meta_description', sa.Text(), nullable=True),
    sa.Column('visit_count', sa.Integer(), nullable=False),
    sa.Column('exclude_sitemap', sa.Boolean(), nullable=False),
    sa.Column('canonical_url', sa.String(length=255), nullable=False),
    sa.Column('description', sa.Text(), nullable=True),
    sa.Column('icon', sa.String(length=255), nullable=True),
    sa.Column('customer_groups', sa.String(length=255), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('category_id', name=op.f('pk_vendor_faq_category'))
    )
    with op.batch_alter_table('vendor_faq_category', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_faq_category_url_key', ['url_key'], unique=False)

    op.create_table('vendor_faq_tag',
    sa.Column('tag_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('title', sa.String(length=255), nullable=False),
    sa.PrimaryKeyConstraint('tag_id', name=op.f('pk_vendor_faq_tag')),
    sa.UniqueConstraint('title', name=op.f('uq_vendor_faq_tag_title'))
    )

    op.create_table('vendor_faq_question_store',
    sa.Column('question_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['question_id'], ['vendor_faq_question.question_id'],
                            name=op.f('fk_vendor_faq_question_store_question_id_vendor_faq_question'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('question_id', 'store_id', name=op.f('pk_vendor_faq_question_store'))
    )
    with op.batch_alter_table('vendor_faq_question_store', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_faq_question_store_store_id', ['store_id'], unique=False)

    op.create_table('vendor_faq_category_store',
    sa.Column('category_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['category_id'], ['vendor_faq_category.category_id'],
                            name=op.f('fk_vendor_faq_category_store_category_id_vendor_faq_category'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('category_id', 'store_id', name=op.f('pk_vendor_faq_category_store'))
    )
    with op.batch_alter_table('vendor_faq_category_store', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_faq_category_store_store_id', ['store_id'], unique=False)

    op.create_table('vendor_faq_question_category',
    sa.Column('question_id', sa.Integer(), nullable=False),
    sa.Column('category_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['category_id'], ['vendor_faq_category.category_id'],
                            name=op.f('fk_vendor_faq_question_category_category_id_vendor_faq_category'),
                            ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['question_id'], ['vendor_faq_question.question_id'],
                            name=op.f('fk_vendor_faq_question_category_question_id_vendor_faq_question'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('question_id', 'category_id', name=op.f('pk_vendor_faq_question_category'))
    )
    with op.batch_alter_table('vendor_faq_question_category', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_faq_question_category_category_id', ['category_id'], unique=False)

    op.create_table('vendor_faq_question_tag',
    sa.Column('question_id', sa.Integer(), nullable=False),
    sa.Column('tag_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['question_id'], ['vendor_faq_question.question_id'],
                            name=op.f('fk_vendor_faq_question_tag_question_id_vendor_faq_question'),
                            ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['tag_id'], ['vendor_faq_tag.tag_id'],
                            name=op.f('fk_vendor_faq_question_tag_tag_id_vendor_faq_tag'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('question_id', 'tag_id', name=op.f('pk_vendor_faq_question_tag'))
    )
    with op.batch_alter_table('vendor_faq_question_tag', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_faq_question_tag_tag_id', ['tag_id'], unique=False)


def downgrade() -> None:
    op.drop_table('vendor_faq_question_tag')
    op.drop_table('vendor_faq_question_category')
    op.drop_table('vendor_faq_category_store')
    op.drop_table('vendor_faq_question_store')
    op.drop_table('vendor_faq_tag')
    op.drop_table('vendor_faq_category')
    op.drop_table('vendor_faq_question')
