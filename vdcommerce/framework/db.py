"""The database: one SQLAlchemy engine per process, one metadata for every package's tables.

Each package (platform or module) declares its tables on ``metadata`` in its own ``tables.py``;
Alembic keeps one migration history for all of them (vdcommerce/migrations). Requests run in one
transaction each (``transaction``).
"""
from __future__ import annotations

from contextlib import contextmanager

from sqlalchemy import Connection, Engine, MetaData, create_engine, event

NAMING = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
metadata = MetaData(naming_convention=NAMING)

_engine: Engine | None = None


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, pool_size=8, max_overflow=16)

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn, _record):
            dbapi_conn.isolation_level = None  # we emit BEGIN ourselves
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=10000")
            cur.close()

        @event.listens_for(engine, "begin")
        def _sqlite_begin(conn):
            # writers take the write lock up front, so two writers never deadlock on upgrade
            conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.info.get("write") else "BEGIN")
        return engine
    return create_engine(url, pool_size=8, max_overflow=16, pool_pre_ping=True)


def get_engine() -> Engine:
    global _engine
    if _engine is None:
        from ..settings import get_settings
        _engine = make_engine(get_settings().resolved_database_url())
    return _engine


def reset_engine() -> None:
    """Forget the engine (after fork, or when settings change in the CLI)."""
    global _engine
    if _engine is not None:
        _engine.dispose(close=False)
    _engine = None


@contextmanager
def transaction(write: bool = True):
    """One unit of work: commit on success, roll back on any error."""
    with get_engine().connect() as conn:
        conn.info["write"] = write
        with conn.begin():
            yield conn
