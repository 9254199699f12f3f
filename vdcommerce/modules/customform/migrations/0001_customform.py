"""customform: the form and answer tables

The first revision of the module's own branch (label ``customform``), on the platform's first revision.

Revision ID: 0001_customform
Revises:
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_customform'
down_revision = None
branch_labels = ('customform',)
depends_on = '0001_core'


def upgrade() -> None:
    op.create_table('vendor_customform_answer',
    sa.Column('answer_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('form_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.String(length=32), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('ip', sa.String(length=64), nullable=False),
    sa.Column('response_json', sa.Text(), nullable=False),
    sa.Column('customer_id', sa.Integer(), nullable=False),
    sa.Column('admin_response_email', sa.String(length=255), nullable=True),
    sa.Column('admin_response_message', sa.Text(), nullable=True),
    sa.Column('admin_response_status', sa.String(length=8), nullable=True),
    sa.Column('referer_url', sa.Text(), nullable=True),
    sa.Column('updated_at', sa.DateTime(), nullable=True),
    sa.Column('form_name', sa.String(length=255), nullable=True),
    sa.Column('form_code', sa.String(length=255), nullable=True),
    sa.PrimaryKeyConstraint('answer_id', name=op.f('pk_vendor_customform_answer')),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('vendor_customform_answer', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_customform_answer_customer_id', ['customer_id'], unique=False)
        batch_op.create_index('ix_vendor_customform_answer_form_id', ['form_id'], unique=False)

    op.create_table('vendor_customform_form',
    sa.Column('form_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('code', sa.String(length=255), nullable=False),
    sa.Column('title', sa.String(length=255), nullable=False),
    sa.Column('success_url', sa.Text(), nullable=False),
    sa.Column('status', sa.SmallInteger(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('customer_group', sa.String(length=255), nullable=False),
    sa.Column('store_id', sa.String(length=255), nullable=False),
    sa.Column('send_notification', sa.SmallInteger(), nullable=False),
    sa.Column('send_to', sa.Text(), nullable=False),
    sa.Column('email_template', sa.String(length=255), nullable=False),
    sa.Column('submit_button', sa.String(length=255), nullable=False),
    sa.Column('success_message', sa.Text(), nullable=False),
    sa.Column('form_json', sa.Text(), nullable=False),
    sa.Column('email_field', sa.String(length=255), nullable=False),
    sa.Column('email_field_hide', sa.Boolean(), nullable=False),
    sa.Column('popup_show', sa.Boolean(), nullable=False),
    sa.Column('popup_button', sa.String(length=255), nullable=False),
    sa.Column('form_title', sa.Text(), nullable=False),
    sa.Column('auto_reply_template', sa.String(length=255), nullable=False),
    sa.Column('auto_reply_enabled', sa.Boolean(), nullable=False),
    sa.Column('survey_mode_enabled', sa.Boolean(), nullable=False),
    sa.Column('form_contains_sensitive_data', sa.Boolean(), nullable=False),
    sa.Column('scheduled_from', sa.DateTime(), nullable=True),
    sa.Column('scheduled_to', sa.DateTime(), nullable=True),
    sa.Column('is_visible', sa.Boolean(), nullable=False),
    sa.PrimaryKeyConstraint('form_id', name=op.f('pk_vendor_customform_form')),
    sa.UniqueConstraint('code', name=op.f('uq_vendor_customform_form_code')),
    sqlite_autoincrement=True
    )


def downgrade() -> None:
    op.drop_table('vendor_customform_form')
    with op.batch_alter_table('vendor_customform_answer', schema=None) as batch_op:
        batch_op.drop_index('ix_vendor_customform_answer_form_id')
        batch_op.drop_index('ix_vendor_customform_answer_customer_id')

    op.drop_table('vendor_customform_answer')
