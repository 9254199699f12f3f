"""store: store groups get their code and root category

Revision ID: 0012_store
Revises: 0011_newsletter
"""
from alembic import op
import sqlalchemy as sa


revision = '0012_store'
down_revision = '0011_newsletter'
branch_labels = None
depends_on = None

# group id -> (code, root category id) of the groups the first revision created
_GROUPS = {0: ("default", 0), 1: ("main_website_store", 2)}


def upgrade() -> None:
    # plain ALTER TABLE (no table copy): the store views and websites refer to store_group
    op.add_column('store_group', sa.Column('code', sa.String(length=32), server_default='', nullable=False))
    op.add_column('store_group', sa.Column('root_category_id', sa.Integer(), server_default='0', nullable=False))
    group = sa.table('store_group', sa.column('group_id', sa.Integer), sa.column('code', sa.String),
                     sa.column('root_category_id', sa.Integer))
    conn = op.get_bind()
    for group_id, in conn.execute(sa.select(group.c.group_id)).all():
        code, root = _GROUPS.get(group_id, (f"group_{group_id}", 2))
        conn.execute(group.update().where(group.c.group_id == group_id).values(code=code, root_category_id=root))
    op.create_index(op.f('ix_store_group_code'), 'store_group', ['code'], unique=True)


def downgrade() -> None:
    op.drop_index(op.f('ix_store_group_code'), table_name='store_group')
    with op.batch_alter_table('store_group', schema=None) as batch_op:
        batch_op.drop_column('root_category_id')
        batch_op.drop_column('code')
