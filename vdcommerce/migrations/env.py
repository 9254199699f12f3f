"""Alembic environment: the revisions of every package, over the tables of every package.

``vdcommerce db revision --package`` passes the names of that package's tables as the ``tables``
attribute, so that autogenerate compares those tables only.
"""
from alembic import context

from vdcommerce.framework.db import metadata
from vdcommerce.framework.packages import load_packages

load_packages()  # every package declares its tables on the shared metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through `vdcommerce db upgrade`")
only: set[str] | None = context.config.attributes.get("tables")


def include_object(obj: object, name: str | None, type_: str, reflected: bool, compare_to: object) -> bool:
    if only is None:
        return True
    table = obj if type_ == "table" else getattr(obj, "table", None)
    return table is not None and table.name in only


context.configure(connection=connection, target_metadata=metadata, render_as_batch=True, compare_type=True,
                  include_object=include_object)
with context.begin_transaction():
    context.run_migrations()
