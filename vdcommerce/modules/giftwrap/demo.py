"""Demo gift wraps, created through the repository (nothing when there are some already): two enabled
wraps with a translated name for the default store view, and one disabled wrap."""
from sqlalchemy import Connection, select

from ...framework.context import Context
from .api import WrapInterface
from .service import WrapRepository
from .tables import wrap

WRAPS = (
    {"name": "Red paper", "description": "Glossy red paper with a gold ribbon", "status": 1, "image": "red-paper.jpg",
     "price": 4.5, "sort_order": 10},
    {"name": "Kraft paper", "description": "Brown recycled paper with a twine bow", "status": 1,
     "image": "kraft-paper.jpg", "price": 2.95, "sort_order": 20},
    {"name": "Wooden box", "description": "A pine box with a sliding lid (out of season)", "status": 0,
     "price": 12, "sort_order": 30},
)


def load(conn: Connection) -> None:
    if conn.execute(select(wrap.c.entity_id).limit(1)).first() is not None:
        return
    repository = WrapRepository(Context(conn, store_id=0))
    first = repository.save(WrapInterface.model_validate({"store_id": 0, **WRAPS[0]}))
    for values in WRAPS[1:]:
        repository.save(WrapInterface.model_validate({"store_id": 0, **values}))
    WrapRepository(Context(conn, store_id=0)).save(WrapInterface.model_validate(
        {"entity_id": first.entity_id, "store_id": 1, "name": "Red paper (gift ready)"}))
