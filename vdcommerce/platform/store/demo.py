"""Demo data: a second store view, `de` ("German Store View"), in the main website's store group, so
that store-scoped values have a view to differ in (`/rest/de/V1/...`)."""
from sqlalchemy import Connection

from .service import create_store_view, store_view_by_code


def load(conn: Connection) -> None:
    if store_view_by_code(conn, "de") is None:
        create_store_view(conn, "de", "German Store View")
