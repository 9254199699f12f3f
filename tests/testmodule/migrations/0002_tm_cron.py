"""testmodule: tables of the cron tests

Revision ID: 0002_tm_cron
Revises: 0001_testmodule
"""
from alembic import op
import sqlalchemy as sa


revision = '0002_tm_cron'
down_revision = '0001_testmodule'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('vendor_testmodule_cron_run',
    sa.Column('run_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('job_code', sa.String(length=255), nullable=False),
    sa.PrimaryKeyConstraint('run_id', name=op.f('pk_vendor_testmodule_cron_run'))
    )


def downgrade() -> None:
    op.drop_table('vendor_testmodule_cron_run')
