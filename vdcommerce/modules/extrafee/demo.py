"""Demo extra fees, created through the repository (nothing when there is a fee already): an optional
gift-packing fee with two options, offered to every cart."""
from sqlalchemy import Connection, select

from ...framework.context import Context
from .api import FeeInterface
from .service import FeeRepository
from .tables import fee


def load(conn: Connection) -> None:
    if conn.execute(select(fee.c.entity_id).limit(1)).first() is not None:
        return
    repository = FeeRepository(Context(conn, store_id=0))
    repository.save(FeeInterface.model_validate({
        "name": "Gift packing", "description": "Have your order packed as a gift.", "frontend_type": "radio",
        "group_id": [0, 1, 2, 3], "store_id": [0], "sort_order": 1,
        "options": [{"admin": "Gift box", "price": 7.5, "price_type": "fixed", "order": 1, "options": {"1": "Gift box"}},
                    {"admin": "Premium wrapping", "price": 5, "price_type": "percent", "order": 2,
                     "options": {"1": "Premium wrapping (5%)"}}]}))
