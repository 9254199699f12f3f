"""cron: a job run by name at a given time may run again, each run recorded

Revision ID: 0019_cron
Revises: 0018_quote
"""
from alembic import op
import sqlalchemy as sa  # noqa: F401


revision = '0019_cron'
down_revision = '0018_quote'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('cron_schedule', schema=None) as batch_op:
        batch_op.drop_constraint('uq_cron_schedule_job_code_scheduled_at', type_='unique')
        batch_op.create_index('ix_cron_schedule_job_code_scheduled_at', ['job_code', 'scheduled_at'], unique=False)


def downgrade() -> None:
    # repeated runs of one time would break the unique key: keep the first of each
    op.execute("DELETE FROM cron_schedule WHERE schedule_id NOT IN (SELECT min(schedule_id) FROM cron_schedule "
               "GROUP BY job_code, scheduled_at)")
    with op.batch_alter_table('cron_schedule', schema=None) as batch_op:
        batch_op.drop_index('ix_cron_schedule_job_code_scheduled_at')
        batch_op.create_unique_constraint('uq_cron_schedule_job_code_scheduled_at', ['job_code', 'scheduled_at'])
