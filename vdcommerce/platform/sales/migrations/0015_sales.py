"""sales: module refunds and order list filters

What modules gave back on each credit memo, the invoice a credit memo refunds, the document a comment was
added with, and the documents' increment ids (existing ones numbered from their entity ids).

Revision ID: 0015_sales
Revises: 0014_catalog
"""
from alembic import op
import sqlalchemy as sa


revision = '0015_sales'
down_revision = '0014_catalog'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('sales_creditmemo', schema=None) as batch_op:
        batch_op.add_column(sa.Column('invoice_id', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('module_refunds', sa.Text(), nullable=True))
        batch_op.create_foreign_key(batch_op.f('fk_sales_creditmemo_invoice_id_sales_invoice'), 'sales_invoice', ['invoice_id'], ['entity_id'], ondelete='SET NULL')

    with op.batch_alter_table('sales_order_status_history', schema=None) as batch_op:
        batch_op.add_column(sa.Column('document_id', sa.Integer(), nullable=True))
        batch_op.create_index('ix_sales_order_status_history_document', ['entity_name', 'document_id'], unique=False)

    padded = "lpad(CAST(entity_id AS TEXT), 9, '0')" if op.get_bind().dialect.name == "postgresql" \
        else "printf('%09d', entity_id)"
    for table in ('sales_invoice', 'sales_shipment', 'sales_creditmemo'):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column('increment_id', sa.String(length=32), nullable=True))
            batch_op.create_index(f'ix_{table}_increment_id', ['increment_id'], unique=False)
        op.execute(f"UPDATE {table} SET increment_id = {padded}")


def downgrade() -> None:
    for table in ('sales_creditmemo', 'sales_shipment', 'sales_invoice'):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_index(f'ix_{table}_increment_id')
            batch_op.drop_column('increment_id')

    with op.batch_alter_table('sales_order_status_history', schema=None) as batch_op:
        batch_op.drop_index('ix_sales_order_status_history_document')
        batch_op.drop_column('document_id')

    with op.batch_alter_table('sales_creditmemo', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_sales_creditmemo_invoice_id_sales_invoice'), type_='foreignkey')
        batch_op.drop_column('module_refunds')
        batch_op.drop_column('invoice_id')
