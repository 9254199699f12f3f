"""storecredit: the balance keeps the number of its latest history row; a number is unique per customer

The history's running number was the customer's highest number plus one, read in a statement of its
own; it now comes from the balance row, raised by the statement that changes the balance. Existing
balances take their customer's highest number.

Revision ID: 0002_storecredit
Revises: 0001_storecredit
"""
from alembic import op
import sqlalchemy as sa


revision = '0002_storecredit'
down_revision = '0001_storecredit'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('vdstorecredit_balance', schema=None) as batch_op:
        batch_op.add_column(sa.Column('history_number', sa.Integer(), server_default='0', nullable=False))
    op.execute("UPDATE vdstorecredit_balance SET history_number = COALESCE((SELECT MAX(h.customer_history_id) "
               "FROM vdstorecredit_history h WHERE h.customer_id = vdstorecredit_balance.customer_id), 0)")
    with op.batch_alter_table('vdstorecredit_history', schema=None) as batch_op:
        batch_op.create_unique_constraint(
            batch_op.f('uq_vdstorecredit_history_customer_id_customer_history_id'),
            ['customer_id', 'customer_history_id'])


def downgrade() -> None:
    with op.batch_alter_table('vdstorecredit_history', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_vdstorecredit_history_customer_id_customer_history_id'),
                                 type_='unique')
    with op.batch_alter_table('vdstorecredit_balance', schema=None) as batch_op:
        batch_op.drop_column('history_number')
