"""Demo settings: Quick Order switched on for every store view, so that the demo catalogue can be
searched, pasted and added to carts (``/V1/vendor_quickorder/search?searchTerm=bag``). Nothing is changed
where a setting was stored already."""
from sqlalchemy import Connection

from ...platform.config.service import get_value, set_value

SETTINGS = {"vendor_quickorder/general/enabled": "1"}


def load(conn: Connection) -> None:
    for path, value in SETTINGS.items():
        if get_value(conn, {}, path) is None:
            set_value(conn, path, value)
