"""Demo gift wraps and message cards, created through the repositories (nothing when there are wraps
already): two enabled wraps, one of them with a name of its own for the default store view, one
disabled wrap, and two message cards."""
from sqlalchemy import Connection, select

from ...framework.context import Context
from .api import MessageCardInterface, WrapInterface
from .service import MessageCardRepository, WrapRepository
from .tables import wrap

WRAPS = (
    {"name": "Red paper", "description": "Glossy red paper with a gold ribbon", "status": 1, "image": "red-paper.jpg",
     "price": 4.5, "sort_order": 10},
    {"name": "Kraft paper", "description": "Brown recycled paper with a twine bow", "status": 1,
     "image": "kraft-paper.jpg", "price": 2.95, "sort_order": 20},
    {"name": "Wooden box", "description": "A pine box with a sliding lid (out of season)", "status": 0,
     "price": 12, "sort_order": 30},
)

CARDS = (
    {"name": "Birthday card", "status": 1, "image": "birthday-card.png", "price": 0.99, "sort_order": 1},
    {"name": "Plain card", "status": 1, "price": 0, "sort_order": 2},
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
    cards = MessageCardRepository(Context(conn, store_id=0))
    for values in CARDS:
        cards.save(MessageCardInterface.model_validate({"store_id": 0, **values}))
