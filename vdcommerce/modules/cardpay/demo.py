"""Demo settings: the platform's free-shipping carrier switched on from a 100.00 subtotal, so that a
wallet estimate for a full cart lists two carriers. Nothing is changed where a setting was stored
already."""
from sqlalchemy import Connection

from ...platform.config.service import get_value, set_value

SETTINGS = {
    "carriers/freeshipping/active": "1",
    "carriers/freeshipping/free_shipping_subtotal": "100",
}


def load(conn: Connection) -> None:
    for path, value in SETTINGS.items():
        if get_value(conn, {}, path) is None:
            set_value(conn, path, value)
