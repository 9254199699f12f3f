"""Demo quote data: nothing here, since a quote request needs a customer's cart with products, which the
demo catalog and customers may not hold; `make serve` shows the routes working on carts made there."""
from sqlalchemy import Connection


def load(conn: Connection) -> None:
    return None
