"""faq: an index of questions by status alone, for the count of a list filtered on status

The count of a list filtered on ``status`` reads every matching entry of an index: on the narrow
index (status) that is a fraction of the pages of (status, position, question_id), which keeps
serving the sorted page. A SQLite database that keeps planner statistics gets them for the new
index too: with statistics for the older indexes only, SQLite would take the new one for the sorted
page as well and sort every match.

Revision ID: 0004_faq
Revises: 0003_faq
"""
from alembic import op


revision = '0004_faq'
down_revision = '0003_faq'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('vendor_faq_question', schema=None) as batch_op:
        batch_op.create_index('ix_vendor_faq_question_status', ['status'], unique=False)
    bind = op.get_bind()
    if bind.dialect.name == 'sqlite' and bind.exec_driver_sql(
            "SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").first() is not None:
        op.execute('ANALYZE vendor_faq_question')


def downgrade() -> None:
    with op.batch_alter_table('vendor_faq_question', schema=None) as batch_op:
        batch_op.drop_index('ix_vendor_faq_question_status')
