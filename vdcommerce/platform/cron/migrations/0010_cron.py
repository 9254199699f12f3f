"""cron: the record of scheduled job runs

Revision ID: 0010_cron
Revises: 0009_mail
"""
from alembic import op
import sqlalchemy as sa


revision = '0010_cron'
down_revision = '0009_mail'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('cron_schedule',
    sa.Column('schedule_id', sa.Integer(), nullable=False),
    sa.Column('job_code', sa.String(length=255), nullable=False),
    sa.Column('status', sa.String(length=7), nullable=False),
    sa.Column('messages', sa.Text(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('scheduled_at', sa.DateTime(), nullable=False),
    sa.Column('executed_at', sa.DateTime(), nullable=True),
    sa.Column('finished_at', sa.DateTime(), nullable=True),
    sa.PrimaryKeyConstraint('schedule_id', name=op.f('pk_cron_schedule')),
    sa.UniqueConstraint('job_code', 'scheduled_at', name=op.f('uq_cron_schedule_job_code_scheduled_at'))
    )
    op.create_index('ix_cron_schedule_status_scheduled_at', 'cron_schedule', ['status', 'scheduled_at'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_cron_schedule_status_scheduled_at', table_name='cron_schedule')
    op.drop_table('cron_schedule')
