"""testmodule: tables of the media tests

Revision ID: 0004_tm_media
Revises: 0003_tm_store
"""
from alembic import op
import sqlalchemy as sa


revision = '0004_tm_media'
down_revision = '0003_tm_store'
branch_labels = None
depends_on = '0013_media'  # its documents refer to stored media files


def upgrade() -> None:
    op.create_table('vendor_testmodule_document',
    sa.Column('document_id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('customer_id', sa.Integer(), nullable=False),
    sa.Column('file_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['file_id'], ['media_file.file_id'],
                            name=op.f('fk_vendor_testmodule_document_file_id_media_file')),
    sa.PrimaryKeyConstraint('document_id', name=op.f('pk_vendor_testmodule_document'))
    )
    with op.batch_alter_table('vendor_testmodule_document', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_vendor_testmodule_document_customer_id'), ['customer_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('vendor_testmodule_document', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_vendor_testmodule_document_customer_id'))
    op.drop_table('vendor_testmodule_document')
