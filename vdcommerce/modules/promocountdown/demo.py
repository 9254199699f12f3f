"""Promo Countdown keeps no data: the countdown works as soon as the module is installed, so there is
nothing to load (the widget sends each promotion's own start and end)."""
from sqlalchemy import Connection


def load(conn: Connection) -> None:
    return None
