"""The database: one SQLAlchemy engine per process, one metadata for every package's tables.

Each package (platform or module) declares its tables on ``metadata`` in its own ``tables.py`` and
keeps their migrations beside them, in its ``migrations/`` folder (framework/migrate.py). Requests
run in one transaction each (``transaction``).
"""
from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
from collections import namedtuple
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Mapping

from sqlalchemy import (Boolean, BindParameter, ColumnElement, Connection, Dialect, Engine, Integer, MetaData, Numeric,
                        Select, String, Table, TypeDecorator, bindparam, create_engine, event)
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.dml import Delete, Insert, Update
from sqlalchemy.sql.visitors import InternalTraversal
from sqlalchemy.types import TypeEngine

from .exceptions import AlreadyExistsException, CouldNotDeleteException, LocalizedException, NoSuchEntityException
from .library_adapter import bind_processor, result_processor
from .limits import check_write

NAMING = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
metadata = MetaData(naming_convention=NAMING)

_engine: Engine | None = None


@dataclass(frozen=True)
class Limits:
    """How long a process's database work may take, in seconds (0: no limit): a statement (SQLite: a
    transaction), a lock wait, and (PostgreSQL) a session idle inside a transaction."""
    statement: float
    lock: float
    idle: float = 0.0


def request_limits() -> Limits:
    """The web workers' limits: a stuck request ends, it never holds its worker."""
    from ..settings import get_settings
    s = get_settings()
    return Limits(s.db_statement_timeout, s.db_lock_timeout, s.db_idle_in_transaction_timeout)


def background_limits() -> Limits:
    """The limits of every other process (the CLI, the queue consumers, the scheduler): long imports,
    migrations and bulk operations are not cut by the requests' limit."""
    from ..settings import get_settings
    s = get_settings()
    return Limits(s.db_background_statement_timeout, s.db_background_lock_timeout)


_limits: Limits | None = None


def use_limits(limits: Limits) -> None:
    """The limits of this process's connections from now on (a web worker sets ``request_limits()``
    before its first request; any other process keeps ``background_limits()``)."""
    global _limits
    if limits != _limits:
        reset_engine()
        _limits = limits


#: where a SQLite connection keeps the deadline of its transaction (``time.monotonic()``; 0: none)
_DEADLINE = "vdc.deadline"
#: SQLite virtual machine steps between two looks at the deadline
_PROGRESS_STEPS = 10_000


#: statements run since the last ``take_statement_count()``; counted only once ``count_statements()``
#: is called (the web workers do when metrics are on), so that nothing is added to a statement otherwise
_statements = 0
_counting = False


def count_statements() -> None:
    """From now on, count every statement this process runs: those SQLAlchemy sends (an executemany is
    one), counted by a listener on the engine, and those ``Query`` and ``Write`` run on the driver's
    cursor, counted where they take the cursor (``_driver_cursor``). Transaction control (BEGIN, COMMIT,
    ROLLBACK) and the per-connection settings sent once at connect are not counted. Called at start-up;
    until then a statement costs one test of a flag."""
    global _counting
    if _counting:
        return
    _counting = True
    if _engine is not None:
        _listen_for_statements(_engine)


def _driver_cursor(conn: Connection) -> Any:
    """A cursor of the connection's driver connection, for one statement of ``Query`` or ``Write`` (the
    transaction is open): the statement is counted here, the one way both count."""
    global _statements
    if _counting:
        _statements += 1
    return conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]  # open in a transaction


def take_statement_count() -> int:
    """The statements counted since the last call (0 when not counting)."""
    global _statements
    n, _statements = _statements, 0
    return n


def _listen_for_statements(engine: Engine) -> None:
    @event.listens_for(engine, "before_cursor_execute")
    def _count(*_args: Any) -> None:
        global _statements
        _statements += 1


#: table name -> what to run when a unit of work that changed the table commits (``on_commit_of_writes``)
_write_hooks: dict[str, tuple[Callable[[], None], ...]] = {}
_WROTE = "vdc.wrote"


def on_commit_of_writes(tables: Iterable[str], hook: Callable[[], None]) -> None:
    """Run ``hook`` when a unit of work that ran an UPDATE or DELETE on one of ``tables`` commits, in
    any process of this code base (web workers, consumers, the CLI): for caches of those rows that
    other processes must drop. It runs just before the commit and, in a ``transaction()``, once more
    just after it, so that a process that re-read the rows in between does not keep the old ones.
    Statements written as SQL text are not seen."""
    for name in tables:
        _write_hooks[name] = (*_write_hooks.get(name, ()), hook)


def _note_write(conn: Connection, statement: Any) -> None:
    if isinstance(statement, (Update, Delete)):
        hooks = _write_hooks.get(statement.table.name)  # type: ignore[union-attr]  # a DML statement's table
        if hooks:
            conn.info.setdefault(_WROTE, set()).update(hooks)


def _run_write_hooks(conn: Connection) -> None:
    hooks = conn.info.pop(_WROTE, None)
    if hooks:
        conn.info[_WROTE + ".done"] = hooks
        for hook in hooks:
            hook()


def make_engine(url: str, limits: Limits | None = None) -> Engine:
    engine = _make_engine(url, limits or background_limits())

    @event.listens_for(engine, "before_execute")
    def _check_write(conn: Connection, statement: Any, multiparams: Any, params: Any, _options: Any) -> None:
        check_write(statement, multiparams, params)  # what PostgreSQL would refuse, refused alike everywhere
        if _write_hooks:
            _note_write(conn, statement)

    @event.listens_for(engine, "commit")
    def _before_commit(conn: Connection) -> None:
        _run_write_hooks(conn)

    @event.listens_for(engine, "rollback")
    def _rolled_back(conn: Connection) -> None:
        conn.info.pop(_WROTE, None)
    if _counting:
        _listen_for_statements(engine)
    return engine


def _make_engine(url: str, limits: Limits) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, pool_size=8, max_overflow=16)

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn: Any, record: Any) -> None:
            dbapi_conn.isolation_level = None  # we emit BEGIN ourselves
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute(f"PRAGMA busy_timeout={int(limits.lock * 1000)}")
            cur.close()
            if limits.statement:
                deadline = record.info[_DEADLINE] = [0.0]
                clock = time.monotonic

                def past_deadline() -> int:  # nonzero interrupts the statement ("interrupted")
                    return deadline[0] != 0.0 and clock() > deadline[0]

                dbapi_conn.set_progress_handler(past_deadline, _PROGRESS_STEPS)

        @event.listens_for(engine, "begin")
        def _sqlite_begin(conn: Connection) -> None:
            # writers take the write lock up front, so two writers never deadlock on upgrade
            conn.connection.dbapi_connection.execute(  # type: ignore[union-attr]  # open: BEGIN runs on it
               "BEGIN IMMEDIATE" if conn.info.get("write") else "BEGIN")
            if limits.statement:  # the transaction's work counts from here (the lock wait has its own limit)
                conn.connection.info[_DEADLINE][0] = time.monotonic() + limits.statement

        if limits.statement:
            @event.listens_for(engine, "commit")
            @event.listens_for(engine, "rollback")
            def _sqlite_end(conn: Connection) -> None:
                # never interrupt the COMMIT or ROLLBACK itself
                box = conn.connection.info.get(_DEADLINE)
                if box is not None:
                    box[0] = 0.0
        return engine
    engine = create_engine(url, pool_size=8, max_overflow=16, pool_pre_ping=True)
    timeouts = [(name, int(seconds * 1000)) for name, seconds in (
        ("statement_timeout", limits.statement), ("lock_timeout", limits.lock),
        ("idle_in_transaction_session_timeout", limits.idle)) if seconds]
    if timeouts:
        @event.listens_for(engine, "connect")
        def _pg_timeouts(dbapi_conn: Any, _record: Any) -> None:
            # once per connection (they are kept), committed so that the session keeps them
            with dbapi_conn.cursor() as cur:
                for name, ms in timeouts:
                    cur.execute(f"SET {name} = {ms}")
            dbapi_conn.commit()
    return engine


def get_engine() -> Engine:
    global _engine
    if _engine is None:
        from ..settings import get_settings
        _engine = make_engine(get_settings().resolved_database_url(), _limits or background_limits())
    return _engine


def reset_engine() -> None:
    """Forget the engine (after fork, or when settings change in the CLI)."""
    global _engine
    conn = getattr(_local, "conn", None)
    if conn is not None:
        conn.close()
        _local.conn = None
    if _engine is not None:
        _engine.dispose(close=False)
    _engine = None


_local = threading.local()


@contextmanager
def transaction(write: bool = True) -> Iterator[Connection]:
    """One unit of work: commit on success, roll back on any error.

    A worker handles one request at a time, so each thread keeps one connection open across
    units of work instead of taking it from the pool (and resetting it) every time. A unit of
    work opened inside another one gets a connection of its own."""
    kept = getattr(_local, "conn", None)
    if kept is not None and (kept.closed or kept.invalidated):
        kept.close()
        kept = _local.conn = None
    temporary = kept is not None and kept.in_transaction()
    if temporary:
        conn = get_engine().connect()
    elif kept is None:
        conn = _local.conn = get_engine().connect()
    else:
        conn = kept
    try:
        conn.info["write"] = write
        conn.info[_AFTER_COMMIT], conn.info[_AFTER_ROLLBACK] = [], []
        conn.info.pop(_WROTE + ".done", None)
        try:
            with conn.begin():
                yield conn
        except BaseException:
            conn.info[_AFTER_COMMIT] = []
            _run_hooks(conn, _AFTER_ROLLBACK)
            raise
        conn.info[_AFTER_ROLLBACK] = []
        for hook in conn.info.pop(_WROTE + ".done", ()):  # once more, now that the change is visible
            hook()
        _run_hooks(conn, _AFTER_COMMIT)
    finally:
        if temporary:
            conn.close()


#: what ended a unit of work that took too long: its statement (or SQLite transaction) ran past the
#: statement limit, or it waited for a lock past the lock limit
TOO_LONG, LOCKED = "too_long", "locked"
_PG_STATES = {"57014": TOO_LONG,  # query_canceled: statement_timeout
              "25P03": TOO_LONG,  # idle_in_transaction_session_timeout
              "55P03": LOCKED}  # lock_not_available: lock_timeout


def out_of_time(exc: BaseException) -> str | None:
    """``TOO_LONG`` or ``LOCKED`` when ``exc`` (a driver error, or SQLAlchemy's wrapper of one) is a
    database limit of this module ending the work; else None."""
    orig = getattr(exc, "orig", None) or exc
    state = getattr(orig, "sqlstate", None)
    if state is not None:
        return _PG_STATES.get(state)
    if isinstance(orig, sqlite3.OperationalError):
        text = str(orig)
        if text == "interrupted":
            return TOO_LONG
        if text.startswith(("database is locked", "database table is locked")):
            return LOCKED
    return None


_AFTER_COMMIT, _AFTER_ROLLBACK = "vdc.after_commit", "vdc.after_rollback"


def after_commit(conn: Connection, hook: Callable[[], None]) -> None:
    """Run ``hook`` once the unit of work ``conn`` is in commits (file system work that must happen
    only when the rows describing it are stored: a media file moved into place). Hooks follow the
    outermost transaction: a savepoint rolled back inside it does not drop them."""
    conn.info.setdefault(_AFTER_COMMIT, []).append(hook)


def after_rollback(conn: Connection, hook: Callable[[], None]) -> None:
    """Run ``hook`` when the unit of work ``conn`` is in rolls back (undo what was prepared for it)."""
    conn.info.setdefault(_AFTER_ROLLBACK, []).append(hook)


def _run_hooks(conn: Connection, key: str) -> None:
    """Every hook runs, in order; one that fails is logged, never turned into the request's error: the
    transaction's outcome is already decided."""
    hooks, conn.info[key] = conn.info.get(key) or [], []
    for hook in hooks:
        try:
            hook()
        except Exception:  # noqa: BLE001 - the outcome is decided; report and go on
            logging.getLogger("vdcommerce.db").exception("after-%s hook failed", key.rsplit("_", 1)[-1])


def _result_processor(type_: TypeEngine[Any], dialect: Dialect) -> Processor | None:
    """The column's result conversion. Numeric columns need none: psycopg returns ``Decimal`` for
    NUMERIC itself, and SQLite's is taken as the type's own (float -> Decimal)."""
    if isinstance(type_, Numeric) and dialect.name == "postgresql":
        return None
    return result_processor(type_, dialect)


Processor = Callable[[Any], Any]
# SQL, parameter defaults, parameter conversions, positional order, column conversions, row maker
_QueryPlan = tuple[str, dict[str, Any], dict[str, Processor], tuple[str, ...] | None,
                   tuple[Processor | None, ...] | None, Callable[[Any], Any]]


class Query:
    """A SELECT built once, compiled once per database dialect, and run on the driver's cursor.

    For the statements on a request's hot path (the token lookup, a record by id): SQLAlchemy's
    per-execution machinery costs about 35 us a statement on SQLite, the driver about 2 us. The SQL,
    the parameter order and the type conversions of each column are worked out on first use; an
    execution then only binds values, runs the SQL in the request's transaction and converts the
    columns that need it (SQLite dates and booleans). Rows are named tuples.
    """

    __slots__ = ("stmt", "_plans")

    def __init__(self, stmt: Select[Any]) -> None:
        self.stmt = stmt
        self._plans: dict[str, _QueryPlan] = {}

    def _plan(self, dialect: Dialect) -> _QueryPlan:
        plan = self._plans.get(dialect.name)
        if plan is None:
            compiled = self.stmt.compile(dialect=dialect)
            if any(b.expanding or b.literal_execute for b in compiled.binds.values()):
                raise TypeError("Query does not take expanding IN or literal-execute parameters; use conn.execute")
            defaults: dict[str, Any] = {
                name: b.effective_value for b, name in compiled.bind_names.items() if not b.required}
            found = {name: bind_processor(b.type, dialect) for b, name in compiled.bind_names.items()}
            bind_procs = {k: v for k, v in found.items() if v is not None}
            order = tuple(compiled.positiontup or ()) if dialect.positional else None
            columns = list(self.stmt.selected_columns)
            procs = tuple(_result_processor(c.type, dialect) for c in columns)
            row = namedtuple("Row", [c.key for c in columns], rename=True)  # type: ignore[misc]  # names known at run time
            plan = self._plans[dialect.name] = (
                str(compiled), defaults, bind_procs, order, procs if any(procs) else None, row._make)
        return plan

    def all(self, conn: Connection, **params: Any) -> list[Any]:
        sql, defaults, bind_procs, order, procs, make = self._plan(conn.dialect)
        values = {**defaults, **params} if defaults else params
        for name, proc in bind_procs.items():
            values[name] = proc(values[name])
        cursor = _driver_cursor(conn)
        try:
            cursor.execute(sql, tuple(values[n] for n in order) if order is not None else values)
            rows = cursor.fetchall()
        finally:
            cursor.close()
        if procs is None:
            return [make(r) for r in rows]
        return [make([v if p is None else p(v) for p, v in zip(procs, r)]) for r in rows]

    def first(self, conn: Connection, **params: Any) -> Any:
        rows = self.all(conn, **params)
        return rows[0] if rows else None


class _Ids(TypeDecorator[list[int]]):
    """A list of integer ids bound as one parameter: JSON text on SQLite (read by ``json_each``), an
    array on PostgreSQL."""
    impl = String
    cache_ok = True

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        if dialect.name == "postgresql":
            from sqlalchemy.dialects.postgresql import ARRAY
            return dialect.type_descriptor(ARRAY(Integer))
        return dialect.type_descriptor(String())

    def process_bind_param(self, value: Any, dialect: Dialect) -> Any:
        ids = [int(v) for v in value]
        return ids if dialect.name == "postgresql" else json.dumps(ids)


class _InIds(ColumnElement[bool]):
    """``column IN`` the ids of one list parameter (``in_ids``)."""
    __visit_name__ = "vdc_in_ids"
    inherit_cache = True
    _is_implicitly_boolean = True  # a comparison: no "= 1" after it
    type = Boolean()
    _traverse_internals = [("column", InternalTraversal.dp_clauseelement),
                           ("param", InternalTraversal.dp_clauseelement)]

    def __init__(self, column: ColumnElement[Any], name: str) -> None:
        self.column = column
        self.param: BindParameter[Any] = bindparam(name, type_=_Ids())


@compiles(_InIds)
def _in_ids_sqlite(element: _InIds, compiler: Any, **kw: Any) -> str:
    return (f"{compiler.process(element.column, **kw)} IN "
            f"(SELECT value FROM json_each({compiler.process(element.param, **kw)}))")


@compiles(_InIds, "postgresql")
def _in_ids_postgresql(element: _InIds, compiler: Any, **kw: Any) -> str:
    return f"{compiler.process(element.column, **kw)} = ANY({compiler.process(element.param, **kw)})"


def in_ids(column: ColumnElement[Any], name: str) -> ColumnElement[bool]:
    """``column`` is one of the integer ids given as the list parameter ``name``: for a ``Query``, whose
    SQL does not change with the list's length (an expanding IN would be compiled per length).
    ``IN (SELECT value FROM json_each(:name))`` on SQLite, ``= ANY(:name)`` (an integer array) on
    PostgreSQL; both look each id up in the column's index."""
    return _InIds(column, name)


_WritePlan = tuple[str, dict[str, Processor], tuple[str, ...] | None, dict[str, Any]]


class Write:
    """An INSERT, UPDATE or DELETE built once and run on the driver's cursor: what ``Query`` is for a
    SELECT, for the writes of every save (a record's row, its link sets).

    The SQL is compiled once per dialect and set of parameter names. The statement gets what the engine
    gives one it runs itself: the column check (``limits.check_write``), the statement count, the
    commit hooks of ``on_commit_of_writes``, and a driver error raised as SQLAlchemy's (an
    ``IntegrityError`` for a unique or foreign key conflict). Columns an INSERT leaves out get their
    constant Python-side defaults, as SQLAlchemy fills them; a default computed per row sends the
    statement through ``conn.execute``.
    """

    __slots__ = ("stmt", "_plans")

    def __init__(self, stmt: Insert | Update | Delete) -> None:
        self.stmt = stmt
        self._plans: dict[tuple[str, frozenset[str], bool], _WritePlan | None] = {}

    def _plan(self, dialect: Dialect, keys: frozenset[str], returning: bool) -> _WritePlan | None:
        try:
            return self._plans[(dialect.name, keys, returning)]
        except KeyError:
            pass
        stmt: Any = self.stmt
        if returning:
            stmt = stmt.returning(*stmt.table.primary_key.columns)
        compiled = stmt.compile(dialect=dialect, column_keys=sorted(keys))
        filled: dict[str, Any] = {}
        plan: _WritePlan | None = None
        for column in getattr(compiled, "insert_prefetch", None) or ():
            default = column.default
            if default is None or not default.is_scalar:
                break  # a default computed per row: SQLAlchemy's own path
            filled[column.key] = default.arg
        else:
            procs = {name: bind_processor(b.type, dialect) for b, name in compiled.bind_names.items()}
            plan = (str(compiled), {k: v for k, v in procs.items() if v is not None},
                    tuple(compiled.positiontup or ()) if dialect.positional else None, filled)
        self._plans[(dialect.name, keys, returning)] = plan
        return plan

    @staticmethod
    def _values(plan: _WritePlan, params: Mapping[str, Any]) -> Any:
        _sql, procs, order, filled = plan
        values = {**filled, **params}
        for name, proc in procs.items():
            values[name] = proc(values[name])
        return tuple(values[n] for n in order) if order is not None else values

    def _execute(self, conn: Connection, sql: str, values: Any, many: bool = False) -> Any:
        if _write_hooks:
            _note_write(conn, self.stmt)
        dbapi = conn.dialect.loaded_dbapi
        cursor = _driver_cursor(conn)
        try:
            if many:
                cursor.executemany(sql, values)
            else:
                cursor.execute(sql, values)
        except dbapi.Error as e:
            cursor.close()
            raise DBAPIError.instance(sql, values, e, dbapi.Error) from e
        return cursor

    def run(self, conn: Connection, params: Mapping[str, Any]) -> Any:
        """Run it with ``params``: an INSERT answers the new row's primary key (a single-column one), an
        UPDATE or DELETE the number of rows it matched."""
        insert = isinstance(self.stmt, Insert)
        returning = insert and conn.dialect.name == "postgresql"
        plan = self._plan(conn.dialect, frozenset(params), returning)
        if plan is None:
            result = conn.execute(self.stmt, params)
            return result.inserted_primary_key[0] if insert else result.rowcount  # type: ignore[index]
        check_write(self.stmt, None, params)
        cursor = self._execute(conn, plan[0], self._values(plan, params))
        try:
            if not insert:
                return cursor.rowcount
            if returning:
                return cursor.fetchone()[0]
            return cursor.lastrowid
        finally:
            cursor.close()

    def many(self, conn: Connection, rows: list[dict[str, Any]]) -> None:
        """Run it once per row in one driver call; every row has the same keys."""
        if not rows:
            return
        plan = self._plan(conn.dialect, frozenset(rows[0]), False)
        if plan is None:
            conn.execute(self.stmt, rows)
            return
        for row in rows:
            check_write(self.stmt, None, row)
        self._execute(conn, plan[0], [self._values(plan, row) for row in rows], many=True).close()


# --------------------------------------------------------------------------- conflicts

UNIQUE_CONFLICT = "Unique constraint violation found"
MISSING_REFERENCE = "The entity that was requested doesn't exist. Verify the entity and try again."
STILL_REFERENCED = "The entity is still in use and cannot be deleted."


def conflict_of(exc: BaseException) -> LocalizedException | None:
    """A unique or foreign key violation that escaped a service, as the client's error: two requests
    racing for one unique key (the loser is told it exists), a reference to a record that is not there
    (or is gone meanwhile: 404), a delete of a record others still refer to. ``None`` for anything else
    (a NOT NULL or CHECK violation is a bug: it stays a 500)."""
    if not isinstance(exc, IntegrityError):
        return None
    state = getattr(exc.orig, "sqlstate", None)
    text = str(exc.orig)
    if state == "23505" or text.startswith("UNIQUE constraint failed"):
        return AlreadyExistsException(UNIQUE_CONFLICT)
    if state == "23503" or text.startswith("FOREIGN KEY constraint failed"):
        if (exc.statement or "").lstrip().upper().startswith("DELETE"):
            return CouldNotDeleteException(STILL_REFERENCED)
        return NoSuchEntityException(MISSING_REFERENCE)
    return None


def insert_new(conn: Connection, table: Table, rows: list[dict[str, Any]], keys: list[str]) -> int:
    """INSERT the rows whose unique ``keys`` are not taken yet (``ON CONFLICT (keys) DO NOTHING`` on
    both databases), so that two requests writing the same row at once both succeed, one of them
    writing nothing. The rows written."""
    if not rows:
        return 0
    if conn.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as dialect_insert
    else:
        from sqlalchemy.dialects.sqlite import insert as dialect_insert  # type: ignore[assignment]
    return conn.execute(dialect_insert(table).on_conflict_do_nothing(index_elements=keys), rows).rowcount


def add_or_insert(conn: Connection, table: Table, key: dict[str, Any], amounts: dict[str, Any]) -> None:
    """Add ``amounts`` to the columns of the row ``key`` names, creating it with them when there is none
    (``ON CONFLICT (key) DO UPDATE SET c = c + excluded.c``): a balance two requests open at once."""
    if conn.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as dialect_insert
    else:
        from sqlalchemy.dialects.sqlite import insert as dialect_insert  # type: ignore[assignment]
    stmt = dialect_insert(table).values(**key, **amounts)
    conn.execute(stmt.on_conflict_do_update(index_elements=list(key), set_={
        name: table.c[name] + stmt.excluded[name] for name in amounts}))
