"""Alembic environment: one history for the tables of every package."""
from alembic import context

from vdcommerce.framework.db import metadata
from vdcommerce.framework.packages import load_packages

load_packages()  # every package declares its tables on the shared metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through `vdcommerce db upgrade`")
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True, compare_type=True)
with context.begin_transaction():
    context.run_migrations()
