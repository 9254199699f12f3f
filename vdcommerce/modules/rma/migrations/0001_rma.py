"""the return requests, their items, chat, history and reference data

Revision ID: 0001_rma
Revises: 
"""
from alembic import op
import sqlalchemy as sa


revision = '0001_rma'
down_revision = None
branch_labels = ('rma',)
depends_on = '0018_quote'


def upgrade() -> None:
    op.create_table('vendor_rma_condition',
    sa.Column('condition_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('title', sa.String(length=255), nullable=False),
    sa.Column('status', sa.SmallInteger(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('is_deleted', sa.Boolean(), nullable=False),
    sa.PrimaryKeyConstraint('condition_id', name=op.f('pk_vendor_rma_condition'))
    )
    op.create_table('vendor_rma_order_lock',
    sa.Column('order_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.PrimaryKeyConstraint('order_id', name=op.f('pk_vendor_rma_order_lock'))
    )
    op.create_table('vendor_rma_period_ended',
    sa.Column('order_item_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('resolution_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('ended_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('order_item_id', 'resolution_id', name=op.f('pk_vendor_rma_period_ended'))
    )
    op.create_table('vendor_rma_reason',
    sa.Column('reason_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('title', sa.String(length=255), nullable=False),
    sa.Column('status', sa.SmallInteger(), nullable=False),
    sa.Column('payer', sa.SmallInteger(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('is_deleted', sa.Boolean(), nullable=False),
    sa.PrimaryKeyConstraint('reason_id', name=op.f('pk_vendor_rma_reason'))
    )
    op.create_table('vendor_rma_resolution',
    sa.Column('resolution_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('title', sa.String(length=255), nullable=False),
    sa.Column('status', sa.SmallInteger(), nullable=False),
    sa.Column('action', sa.String(length=32), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('is_deleted', sa.Boolean(), nullable=False),
    sa.PrimaryKeyConstraint('resolution_id', name=op.f('pk_vendor_rma_resolution'))
    )
    op.create_table('vendor_rma_return_rule',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('name', sa.String(length=255), nullable=False),
    sa.Column('status', sa.SmallInteger(), nullable=False),
    sa.Column('priority', sa.Integer(), nullable=False),
    sa.Column('default_resolution', sa.Integer(), nullable=False),
    sa.Column('conditions_serialized', sa.Text(), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_vendor_rma_return_rule'))
    )
    op.create_table('vendor_rma_status',
    sa.Column('status_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('enabled', sa.Boolean(), nullable=False),
    sa.Column('initial', sa.Boolean(), nullable=False),
    sa.Column('auto_event', sa.SmallInteger(), nullable=False),
    sa.Column('state', sa.SmallInteger(), nullable=False),
    sa.Column('grid', sa.SmallInteger(), nullable=False),
    sa.Column('priority', sa.Integer(), nullable=False),
    sa.Column('title', sa.String(length=255), nullable=False),
    sa.Column('color', sa.String(length=16), nullable=False),
    sa.Column('is_deleted', sa.Boolean(), nullable=False),
    sa.PrimaryKeyConstraint('status_id', name=op.f('pk_vendor_rma_status'))
    )
    op.create_table('vendor_rma_condition_store',
    sa.Column('condition_store_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('condition_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('label', sa.String(length=255), nullable=False),
    sa.ForeignKeyConstraint(['condition_id'], ['vendor_rma_condition.condition_id'], name=op.f('fk_vendor_rma_condition_store_condition_id_vendor_rma_condition'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('condition_store_id', name=op.f('pk_vendor_rma_condition_store')),
    sa.UniqueConstraint('condition_id', 'store_id', name=op.f('uq_vendor_rma_condition_store_condition_id_store_id'))
    )
    op.create_table('vendor_rma_reason_store',
    sa.Column('reason_store_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('reason_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('label', sa.String(length=255), nullable=False),
    sa.ForeignKeyConstraint(['reason_id'], ['vendor_rma_reason.reason_id'], name=op.f('fk_vendor_rma_reason_store_reason_id_vendor_rma_reason'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('reason_store_id', name=op.f('pk_vendor_rma_reason_store')),
    sa.UniqueConstraint('reason_id', 'store_id', name=op.f('uq_vendor_rma_reason_store_reason_id_store_id'))
    )
    op.create_table('vendor_rma_request',
    sa.Column('request_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('order_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('modified_at', sa.DateTime(), nullable=False),
    sa.Column('status', sa.Integer(), nullable=False),
    sa.Column('customer_id', sa.Integer(), nullable=False),
    sa.Column('customer_name', sa.String(length=255), nullable=False),
    sa.Column('url_hash', sa.String(length=32), nullable=False),
    sa.Column('manager_id', sa.Integer(), nullable=False),
    sa.Column('custom_fields', sa.Text(), nullable=False),
    sa.Column('rating', sa.SmallInteger(), nullable=False),
    sa.Column('rating_comment', sa.Text(), nullable=False),
    sa.Column('note', sa.Text(), nullable=False),
    sa.Column('shipping_label', sa.String(length=255), nullable=False),
    sa.Column('label_file_id', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['order_id'], ['sales_order.entity_id'], name=op.f('fk_vendor_rma_request_order_id_sales_order'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('request_id', name=op.f('pk_vendor_rma_request')),
    sa.UniqueConstraint('url_hash', name=op.f('uq_vendor_rma_request_url_hash'))
    )
    with op.batch_alter_table('vendor_rma_request', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_vendor_rma_request_customer_id'), ['customer_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_vendor_rma_request_order_id'), ['order_id'], unique=False)

    op.create_table('vendor_rma_resolution_store',
    sa.Column('resolution_store_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('resolution_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('label', sa.String(length=255), nullable=False),
    sa.ForeignKeyConstraint(['resolution_id'], ['vendor_rma_resolution.resolution_id'], name=op.f('fk_vendor_rma_resolution_store_resolution_id_vendor_rma_resolution'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('resolution_store_id', name=op.f('pk_vendor_rma_resolution_store')),
    sa.UniqueConstraint('resolution_id', 'store_id', name=op.f('uq_vendor_rma_resolution_store_resolution_id_store_id'))
    )
    op.create_table('vendor_rma_rule_customer_group',
    sa.Column('rule_customer_group_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('rule_id', sa.Integer(), nullable=False),
    sa.Column('customer_group_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['rule_id'], ['vendor_rma_return_rule.id'], name=op.f('fk_vendor_rma_rule_customer_group_rule_id_vendor_rma_return_rule'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('rule_customer_group_id', name=op.f('pk_vendor_rma_rule_customer_group'))
    )
    op.create_table('vendor_rma_rule_resolution',
    sa.Column('rule_resolution_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('rule_id', sa.Integer(), nullable=False),
    sa.Column('resolution_id', sa.Integer(), nullable=False),
    sa.Column('value', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['rule_id'], ['vendor_rma_return_rule.id'], name=op.f('fk_vendor_rma_rule_resolution_rule_id_vendor_rma_return_rule'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('rule_resolution_id', name=op.f('pk_vendor_rma_rule_resolution'))
    )
    op.create_table('vendor_rma_rule_website',
    sa.Column('rule_website_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('rule_id', sa.Integer(), nullable=False),
    sa.Column('website_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['rule_id'], ['vendor_rma_return_rule.id'], name=op.f('fk_vendor_rma_rule_website_rule_id_vendor_rma_return_rule'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('rule_website_id', name=op.f('pk_vendor_rma_rule_website'))
    )
    op.create_table('vendor_rma_status_store',
    sa.Column('status_store_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('status_id', sa.Integer(), nullable=False),
    sa.Column('store_id', sa.Integer(), nullable=False),
    sa.Column('label', sa.String(length=255), nullable=False),
    sa.Column('description', sa.Text(), nullable=False),
    sa.Column('send_email_to_customer', sa.Boolean(), nullable=False),
    sa.Column('customer_email_template', sa.Integer(), nullable=False),
    sa.Column('customer_custom_text', sa.Text(), nullable=False),
    sa.Column('send_email_to_admin', sa.Boolean(), nullable=False),
    sa.Column('admin_email_template', sa.Integer(), nullable=False),
    sa.Column('admin_custom_text', sa.Text(), nullable=False),
    sa.Column('send_to_chat', sa.Boolean(), nullable=False),
    sa.Column('chat_message', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['status_id'], ['vendor_rma_status.status_id'], name=op.f('fk_vendor_rma_status_store_status_id_vendor_rma_status'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('status_store_id', name=op.f('pk_vendor_rma_status_store')),
    sa.UniqueConstraint('status_id', 'store_id', name=op.f('uq_vendor_rma_status_store_status_id_store_id'))
    )
    op.create_table('vendor_rma_history',
    sa.Column('event_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('request_id', sa.Integer(), nullable=False),
    sa.Column('event_date', sa.DateTime(), nullable=False),
    sa.Column('event_type', sa.SmallInteger(), nullable=False),
    sa.Column('event_data', sa.Text(), nullable=False),
    sa.Column('event_initiator', sa.SmallInteger(), nullable=False),
    sa.Column('event_initiator_name', sa.String(length=255), nullable=False),
    sa.Column('message', sa.String(length=255), nullable=False),
    sa.ForeignKeyConstraint(['request_id'], ['vendor_rma_request.request_id'], name=op.f('fk_vendor_rma_history_request_id_vendor_rma_request'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('event_id', name=op.f('pk_vendor_rma_history'))
    )
    with op.batch_alter_table('vendor_rma_history', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_vendor_rma_history_request_id'), ['request_id'], unique=False)

    op.create_table('vendor_rma_message',
    sa.Column('message_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('request_id', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('message', sa.Text(), nullable=False),
    sa.Column('name', sa.String(length=255), nullable=False),
    sa.Column('customer_id', sa.Integer(), nullable=False),
    sa.Column('manager_id', sa.Integer(), nullable=False),
    sa.Column('system', sa.Boolean(), nullable=False),
    sa.Column('manager', sa.Boolean(), nullable=False),
    sa.Column('read', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['request_id'], ['vendor_rma_request.request_id'], name=op.f('fk_vendor_rma_message_request_id_vendor_rma_request'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('message_id', name=op.f('pk_vendor_rma_message'))
    )
    with op.batch_alter_table('vendor_rma_message', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_vendor_rma_message_request_id'), ['request_id'], unique=False)

    op.create_table('vendor_rma_request_item',
    sa.Column('request_item_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('request_id', sa.Integer(), nullable=False),
    sa.Column('order_item_id', sa.Integer(), nullable=False),
    sa.Column('qty', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('request_qty', sa.Numeric(precision=12, scale=4), nullable=False),
    sa.Column('reason_id', sa.Integer(), nullable=False),
    sa.Column('condition_id', sa.Integer(), nullable=False),
    sa.Column('resolution_id', sa.Integer(), nullable=False),
    sa.Column('item_status', sa.SmallInteger(), nullable=False),
    sa.Column('creditmemo_id', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['request_id'], ['vendor_rma_request.request_id'], name=op.f('fk_vendor_rma_request_item_request_id_vendor_rma_request'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('request_item_id', name=op.f('pk_vendor_rma_request_item'))
    )
    with op.batch_alter_table('vendor_rma_request_item', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_vendor_rma_request_item_order_item_id'), ['order_item_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_vendor_rma_request_item_request_id'), ['request_id'], unique=False)

    op.create_table('vendor_rma_tracking',
    sa.Column('tracking_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('request_id', sa.Integer(), nullable=False),
    sa.Column('tracking_code', sa.String(length=64), nullable=False),
    sa.Column('tracking_number', sa.String(length=255), nullable=False),
    sa.Column('customer', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['request_id'], ['vendor_rma_request.request_id'], name=op.f('fk_vendor_rma_tracking_request_id_vendor_rma_request'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('tracking_id', name=op.f('pk_vendor_rma_tracking'))
    )
    with op.batch_alter_table('vendor_rma_tracking', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_vendor_rma_tracking_request_id'), ['request_id'], unique=False)

    op.create_table('vendor_rma_message_file',
    sa.Column('message_file_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('message_id', sa.Integer(), nullable=False),
    sa.Column('file_id', sa.Integer(), nullable=False),
    sa.Column('filepath', sa.String(length=512), nullable=False),
    sa.Column('filename', sa.String(length=255), nullable=False),
    sa.Column('url_hash', sa.String(length=32), nullable=False),
    sa.ForeignKeyConstraint(['message_id'], ['vendor_rma_message.message_id'], name=op.f('fk_vendor_rma_message_file_message_id_vendor_rma_message'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('message_file_id', name=op.f('pk_vendor_rma_message_file'))
    )
    with op.batch_alter_table('vendor_rma_message_file', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_vendor_rma_message_file_message_id'), ['message_id'], unique=False)
    _initial_data()


def _initial_data() -> None:
    """The statuses, reasons, conditions and resolutions a shop starts with."""
    status = sa.table('vendor_rma_status', *(sa.column(c) for c in (
        'status_id', 'enabled', 'initial', 'auto_event', 'state', 'grid', 'priority', 'title', 'color', 'is_deleted')))
    status_store = sa.table('vendor_rma_status_store', *(sa.column(c) for c in (
        'status_id', 'store_id', 'label', 'description', 'send_email_to_customer', 'customer_email_template',
        'customer_custom_text', 'send_email_to_admin', 'admin_email_template', 'admin_custom_text', 'send_to_chat',
        'chat_message')))
    statuses = [(1, 'Processing', 0, True, 0, 1, 1, '#ff9900'), (2, 'Approved', 1, False, 0, 0, 2, '#2fb100'),
                (3, 'Delivered', 2, False, 0, 0, 3, '#1979c3'), (4, 'Completed', 3, False, 0, 2, 4, '#006400'),
                (5, 'Canceled', 4, False, 3, 2, 5, '#e22626')]
    op.bulk_insert(status, [{'status_id': i, 'enabled': True, 'initial': initial, 'auto_event': event, 'state': state,
                             'grid': grid, 'priority': priority, 'title': title, 'color': color, 'is_deleted': False}
                            for i, title, state, initial, event, grid, priority, color in statuses])
    extras: dict[int, dict[str, object]] = {
        1: {'description': 'We received your return request.'},
        2: {'description': 'We approved your return. Please send the items back.', 'send_email_to_customer': True,
            'customer_custom_text': 'Your return request has been approved.', 'send_to_chat': True,
            'chat_message': 'Your return request has been approved. Please send the items back.'},
        3: {'description': 'We received the items.'},
        4: {'send_email_to_customer': True, 'customer_custom_text': 'Your return request has been completed.'},
    }
    op.bulk_insert(status_store, [{
        'status_id': i, 'store_id': 0, 'label': title, 'description': '', 'send_email_to_customer': False,
        'customer_email_template': 0, 'customer_custom_text': '', 'send_email_to_admin': False,
        'admin_email_template': 0, 'admin_custom_text': '', 'send_to_chat': False, 'chat_message': '',
        **extras.get(i, {})} for i, title, *_ in statuses])
    for kind, rows in (
            ('reason', [(1, 'Wrong size', {'payer': 0}), (2, 'Damaged', {'payer': 1}), (3, 'Other', {'payer': 0})]),
            ('condition', [(1, 'Unopened', {}), (2, 'Opened', {}), (3, 'Damaged', {})]),
            ('resolution', [(1, 'Exchange', {'action': 'exchange'}), (2, 'Return', {'action': 'refund'}),
                            (3, 'Repair', {'action': 'repair'}), (4, 'Store Credit', {'action': 'store_credit'})])):
        extra = sorted({k for _, _, e in rows for k in e})
        main = sa.table(f'vendor_rma_{kind}', *(sa.column(c) for c in (
            f'{kind}_id', 'title', 'status', 'position', 'is_deleted', *extra)))
        labels = sa.table(f'vendor_rma_{kind}_store', sa.column(f'{kind}_id'), sa.column('store_id'), sa.column('label'))
        op.bulk_insert(main, [{f'{kind}_id': i, 'title': title, 'status': 0 if title == 'Store Credit' else 1,
                               'position': i, 'is_deleted': False, **e} for i, title, e in rows])
        op.bulk_insert(labels, [{f'{kind}_id': i, 'store_id': 0,
                                 'label': 'Return (Store Credit)' if title == 'Store Credit' else title}
                                for i, title, _ in rows])
    if op.get_bind().dialect.name == 'postgresql':  # the sequences continue after the ids written above
        for table, key in (('vendor_rma_status', 'status_id'), ('vendor_rma_reason', 'reason_id'),
                           ('vendor_rma_condition', 'condition_id'), ('vendor_rma_resolution', 'resolution_id')):
            op.execute(f"SELECT setval(pg_get_serial_sequence('{table}', '{key}'), (SELECT max({key}) FROM {table}))")

def downgrade() -> None:
    with op.batch_alter_table('vendor_rma_message_file', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_vendor_rma_message_file_message_id'))

    op.drop_table('vendor_rma_message_file')
    with op.batch_alter_table('vendor_rma_tracking', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_vendor_rma_tracking_request_id'))

    op.drop_table('vendor_rma_tracking')
    with op.batch_alter_table('vendor_rma_request_item', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_vendor_rma_request_item_request_id'))
        batch_op.drop_index(batch_op.f('ix_vendor_rma_request_item_order_item_id'))

    op.drop_table('vendor_rma_request_item')
    with op.batch_alter_table('vendor_rma_message', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_vendor_rma_message_request_id'))

    op.drop_table('vendor_rma_message')
    with op.batch_alter_table('vendor_rma_history', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_vendor_rma_history_request_id'))

    op.drop_table('vendor_rma_history')
    op.drop_table('vendor_rma_status_store')
    op.drop_table('vendor_rma_rule_website')
    op.drop_table('vendor_rma_rule_resolution')
    op.drop_table('vendor_rma_rule_customer_group')
    op.drop_table('vendor_rma_resolution_store')
    with op.batch_alter_table('vendor_rma_request', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_vendor_rma_request_order_id'))
        batch_op.drop_index(batch_op.f('ix_vendor_rma_request_customer_id'))

    op.drop_table('vendor_rma_request')
    op.drop_table('vendor_rma_reason_store')
    op.drop_table('vendor_rma_condition_store')
    op.drop_table('vendor_rma_status')
    op.drop_table('vendor_rma_return_rule')
    op.drop_table('vendor_rma_resolution')
    op.drop_table('vendor_rma_reason')
    op.drop_table('vendor_rma_period_ended')
    op.drop_table('vendor_rma_order_lock')
    op.drop_table('vendor_rma_condition')
