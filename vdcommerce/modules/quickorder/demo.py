"""Demo Quickorder data, created through the repository (nothing when there is some already)."""
from sqlalchemy import Connection, select

from ...framework.context import Context
from .api import EntityInterface
from .service import EntityRepository
from .tables import entity


def load(conn: Connection) -> None:
    if conn.execute(select(entity.c.entity_id).limit(1)).first() is not None:
        return
    repository = EntityRepository(Context(conn, store_id=0))
    for position, title in enumerate(("First Quickorder entity", "Second Quickorder entity"), start=1):
        repository.save(EntityInterface.model_validate({"title": title, "sort_order": position}))
