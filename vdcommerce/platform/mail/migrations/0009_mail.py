"""mail: the outbox of mail messages; the sales notifications move into it from sales_outbox

Revision ID: 0009_mail
Revises: 0008_sales
"""
from alembic import op
import sqlalchemy as sa


revision = '0009_mail'
down_revision = '0008_sales'
branch_labels = None
depends_on = None

# the sales notifications recorded so far, by their old template name
_SALES_TEMPLATES = {
    'order': 'sales_email_order_template', 'invoice': 'sales_email_invoice_template',
    'shipment': 'sales_email_shipment_template', 'creditmemo': 'sales_email_creditmemo_template',
    'comment': 'sales_email_order_comment_template',
}


def upgrade() -> None:
    op.create_table('mail_message',
    sa.Column('message_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('template_id', sa.String(length=128), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('entity_type', sa.String(length=64), nullable=True),
    sa.Column('entity_id', sa.Integer(), nullable=True),
    sa.Column('from_email', sa.String(length=255), nullable=False),
    sa.Column('from_name', sa.String(length=255), nullable=False),
    sa.Column('to_email', sa.String(length=255), nullable=False),
    sa.Column('to_name', sa.String(length=255), nullable=False),
    sa.Column('subject', sa.String(length=998), nullable=False),
    sa.Column('body_text', sa.Text(), nullable=True),
    sa.Column('body_html', sa.Text(), nullable=True),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('last_error', sa.Text(), nullable=True),
    sa.Column('next_attempt_at', sa.DateTime(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.Column('sent_at', sa.DateTime(), nullable=True),
    sa.PrimaryKeyConstraint('message_id', name=op.f('pk_mail_message'))
    )
    with op.batch_alter_table('mail_message', schema=None) as batch_op:
        batch_op.create_index('ix_mail_message_entity', ['entity_type', 'entity_id'], unique=False)
        batch_op.create_index('ix_mail_message_status_next_attempt_at', ['status', 'next_attempt_at'], unique=False)

    # What sales recorded instead of mailing was never sent: it moves over as skipped, never to be sent now.
    op.execute(
        'INSERT INTO mail_message (template_id, store_id, entity_type, entity_id, from_email, from_name, to_email, '
        'to_name, subject, body_text, body_html, status, attempts, last_error, next_attempt_at, created_at, '
        'updated_at, sent_at) '
        'SELECT CASE o.template ' + ' '.join(f"WHEN '{old}' THEN '{new}'" for old, new in _SALES_TEMPLATES.items())
        + " ELSE o.template END, s.store_id, 'order', o.order_id, '', '', o.recipient, '', o.subject, NULL, NULL, "
        "'skipped', 0, 'Recorded before order e-mails were sent.', NULL, o.created_at, o.created_at, NULL "
        'FROM sales_outbox o JOIN sales_order s ON s.entity_id = o.order_id ORDER BY o.entity_id')
    op.drop_table('sales_outbox')


def downgrade() -> None:
    op.create_table('sales_outbox',
    sa.Column('entity_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('order_id', sa.Integer(), nullable=False),
    sa.Column('template', sa.String(length=32), nullable=False),
    sa.Column('recipient', sa.String(length=255), nullable=False),
    sa.Column('subject', sa.String(length=255), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['order_id'], ['sales_order.entity_id'], name=op.f('fk_sales_outbox_order_id_sales_order'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('entity_id', name=op.f('pk_sales_outbox'))
    )
    with op.batch_alter_table('sales_outbox', schema=None) as batch_op:
        batch_op.create_index('ix_sales_outbox_order_id', ['order_id'], unique=False)
    op.execute(
        'INSERT INTO sales_outbox (order_id, template, recipient, subject, created_at) '
        'SELECT m.entity_id, CASE m.template_id ' + ' '.join(f"WHEN '{new}' THEN '{old}'" for old, new in _SALES_TEMPLATES.items())
        + " END, m.to_email, substr(m.subject, 1, 255), m.created_at FROM mail_message m "
        "JOIN sales_order s ON s.entity_id = m.entity_id WHERE m.entity_type = 'order' "
        "AND m.template_id IN (" + ", ".join(f"'{new}'" for new in _SALES_TEMPLATES.values()) + ') ORDER BY m.message_id')
    with op.batch_alter_table('mail_message', schema=None) as batch_op:
        batch_op.drop_index('ix_mail_message_status_next_attempt_at')
        batch_op.drop_index('ix_mail_message_entity')

    op.drop_table('mail_message')
