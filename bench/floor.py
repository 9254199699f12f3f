"""The floor: the least an HTTP service can do to answer the benchmarked FAQ calls.

A bare ASGI application (no framework, no validation layer, no ORM) served by the same server
as the real service (uvicorn, uvloop + httptools, same worker count). Each worker opens one
connection at start-up -- stdlib ``sqlite3`` with the same pragmas the service uses, or ``psycopg``
(the service's driver) on PostgreSQL -- and runs exactly the SQL a call needs:

- ``GET  /floor/question?questionId=N`` -- one row by primary key;
- ``GET  /floor/list?searchCriteria[...]`` -- a filtered, sorted, offset page and a ``COUNT``
  (same query string as the service's ``question/all``, one equality filter, one sort order);
- ``POST /floor/question`` with ``{"question": {...}}`` -- insert one row (and its store links)
  and return it.

Responses are encoded with orjson. Run it with ``python -m bench.floor --port N --workers W``;
the database comes from ``VDC_DATABASE_URL`` (``sqlite:////abs/path.db`` or
``postgresql+psycopg://user@host:port/name``).
"""
from __future__ import annotations

import argparse
import datetime as _dt
import os
import sqlite3
from urllib.parse import parse_qsl, unquote

import orjson

QUESTION_TABLE = "vendor_faq_question"
STORE_TABLE = "vendor_faq_question_store"

_JSON_HEADERS = [(b"content-type", b"application/json; charset=utf-8")]


def sqlite_path(url: str) -> str:
    """The file path of a ``sqlite:///...`` SQLAlchemy URL (``sqlite:////abs`` -> ``/abs``)."""
    if not url.startswith("sqlite"):
        raise SystemExit(f"the floor runs on SQLite only, got {url!r}")
    rest = url.split(":///", 1)[1] if ":///" in url else ""
    rest = rest.split("?", 1)[0]
    if not rest or rest == ":memory:":
        raise SystemExit(f"the floor needs a database file, got {url!r}")
    return unquote(rest)


def postgresql_conninfo(url: str) -> str:
    """The libpq URL of a ``postgresql+psycopg://`` SQLAlchemy URL."""
    return "postgresql://" + url.split("://", 1)[1]


def _type_default(decl: str, postgresql: bool = False):
    decl = (decl or "").upper()
    if "BOOL" in decl and postgresql:
        return False
    if "INT" in decl or "BOOL" in decl:
        return 0
    if any(t in decl for t in ("REAL", "FLOA", "DOUB", "NUMERIC", "DECIMAL")):
        return 0
    if "DATE" in decl or "TIME" in decl:
        return _now()
    return ""


def _now() -> str:
    # the text form SQLAlchemy's SQLite DateTime type stores
    return _dt.datetime.now(_dt.timezone.utc).replace(tzinfo=None).isoformat(" ")


class Floor:
    """The three calls on SQLite (``path`` a file) or PostgreSQL (``url`` a libpq URL)."""

    def __init__(self, path: str = "", url: str = ""):
        self.path, self.url = path, url
        self.conn = None
        self.ph = "?"

    def open(self) -> None:
        if self.url:
            self._open_postgresql()
            return
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        # the service's pragmas (vdcommerce.framework.db): journal mode WAL is a property of the
        # file and is already set by the service; the rest are per connection
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("PRAGMA busy_timeout=10000")
        info = conn.execute(f"PRAGMA table_info({QUESTION_TABLE})").fetchall()
        if not info:
            raise RuntimeError(f"table {QUESTION_TABLE} not found in {self.path}")
        self.columns = [row[1] for row in info]
        self.column_set = frozenset(self.columns)
        self.pk = next((row[1] for row in info if row[5]), "question_id")
        # what an insert must fill itself: NOT NULL columns that have no default in the schema
        self.required = {row[1]: _type_default(row[2]) for row in info
                         if row[3] and row[4] is None and not row[5]}
        self.datetime_columns = [c for c in ("created_at", "updated_at") if c in self.column_set]
        cols = ", ".join(self.columns)
        self.sql_get = f"SELECT {cols} FROM {QUESTION_TABLE} WHERE {self.pk} = ?"
        self.sql_store = f"INSERT INTO {STORE_TABLE} (question_id, store_id) VALUES (?, ?)"
        self.cols = cols
        self.conn = conn

    def _open_postgresql(self) -> None:
        import psycopg

        conn = psycopg.connect(self.url, autocommit=True)  # BEGIN and COMMIT are sent as the SQLite floor does
        info = conn.execute("SELECT column_name, data_type, is_nullable, column_default FROM "
                            "information_schema.columns WHERE table_name = %s ORDER BY ordinal_position",
                            (QUESTION_TABLE,)).fetchall()
        if not info:
            raise RuntimeError(f"table {QUESTION_TABLE} not found in {self.url}")
        self.ph = "%s"
        self.columns = [row[0] for row in info]
        self.column_set = frozenset(self.columns)
        self.pk = "question_id"
        self.required = {row[0]: _type_default(row[1], postgresql=True) for row in info
                         if row[2] == "NO" and row[3] is None and row[0] != self.pk}
        self.datetime_columns = [c for c in ("created_at", "updated_at") if c in self.column_set]
        cols = ", ".join(self.columns)
        self.sql_get = f"SELECT {cols} FROM {QUESTION_TABLE} WHERE {self.pk} = %s"
        self.sql_store = f"INSERT INTO {STORE_TABLE} (question_id, store_id) VALUES (%s, %s)"
        self.cols = cols
        self.conn = conn

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    # -- the three calls ---------------------------------------------------------------------

    def get(self, qs: bytes):
        params = dict(parse_qsl(qs.decode("latin-1")))
        try:
            qid = int(params["questionId"])
        except (KeyError, ValueError):
            return 400, {"message": "questionId is required."}
        row = self.conn.execute(self.sql_get, (qid,)).fetchone()
        if row is None:
            return 404, {"message": f"Question with id \"{qid}\" does not exist."}
        return 200, dict(zip(self.columns, row))

    def list(self, qs: bytes):
        p = dict(parse_qsl(qs.decode("latin-1")))
        f = "searchCriteria[filter_groups][0][filters][0]"
        s = "searchCriteria[sort_orders][0]"
        field = p.get(f + "[field]")
        value = p.get(f + "[value]")
        sort = p.get(s + "[field]")
        direction = "DESC" if p.get(s + "[direction]", "ASC").upper() == "DESC" else "ASC"
        try:
            size = int(p.get("searchCriteria[pageSize]", 20))
            page = max(int(p.get("searchCriteria[currentPage]", 1)), 1)
        except ValueError:
            return 400, {"message": "pageSize and currentPage must be integers."}
        where, args = "", ()
        if field is not None:
            if field not in self.column_set:
                return 400, {"message": f"Unknown filter field {field!r}."}
            where, args = f" WHERE {field} = {self.ph}", (value,)
        order = ""
        if sort is not None:
            if sort not in self.column_set:
                return 400, {"message": f"Unknown sort field {sort!r}."}
            order = f" ORDER BY {sort} {direction}"
        conn = self.conn
        conn.execute("BEGIN")
        try:
            rows = conn.execute(f"SELECT {self.cols} FROM {QUESTION_TABLE}{where}{order} LIMIT {self.ph} "
                                f"OFFSET {self.ph}",
                                args + (size, (page - 1) * size)).fetchall()
            total = conn.execute(f"SELECT COUNT(*) FROM {QUESTION_TABLE}{where}", args).fetchone()[0]
        finally:
            conn.execute("COMMIT")
        cols = self.columns
        criteria = {"sort_orders": [{"field": sort, "direction": direction}] if sort else [],
                    "page_size": size, "current_page": page}
        if field is not None:
            criteria["filter_groups"] = [{"filters": [{"field": field, "value": value, "condition_type": "eq"}]}]
        return 200, {"items": [dict(zip(cols, r)) for r in rows], "search_criteria": criteria,
                     "total_count": total}

    def create(self, body: bytes):
        try:
            data = orjson.loads(body)["question"]
            if not isinstance(data, dict):
                raise TypeError
        except (orjson.JSONDecodeError, KeyError, TypeError):
            return 400, {"message": "\"question\" is required."}
        values = dict(self.required)
        now = _now()
        for c in self.datetime_columns:
            values[c] = now
        for key, val in data.items():
            if key in self.column_set and key != self.pk:
                values[key] = int(val) if isinstance(val, bool) else val
        if not values.get("title"):
            return 400, {"message": "\"title\" is required."}
        stores = [int(s) for s in str(data.get("stores", "")).split(",") if s.strip()]
        names = list(values)
        sql = (f"INSERT INTO {QUESTION_TABLE} ({', '.join(names)}) VALUES ({', '.join([self.ph] * len(names))}) "
               f"RETURNING {self.cols}")
        conn = self.conn
        conn.execute("BEGIN" if self.url else "BEGIN IMMEDIATE")
        try:
            row = conn.execute(sql, [values[n] for n in names]).fetchone()
            qid = row[self.columns.index(self.pk)]
            if stores:
                conn.cursor().executemany(self.sql_store, [(qid, s) for s in stores])
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
        out = dict(zip(self.columns, row))
        out["stores"] = ",".join(map(str, stores))
        return 200, out


def _database_url() -> str:
    url = os.environ.get("VDC_DATABASE_URL", "")
    if not url:
        raise SystemExit("VDC_DATABASE_URL is not set")
    return url


_floor: Floor | None = None


def _get_floor() -> Floor:
    global _floor
    if _floor is None or _floor.conn is None:
        url = _database_url()
        _floor = Floor(url=postgresql_conninfo(url)) if url.startswith("postgresql") else Floor(sqlite_path(url))
        _floor.open()
    return _floor


async def _read_body(receive) -> bytes:
    chunks = []
    while True:
        msg = await receive()
        if msg["type"] == "http.disconnect":
            break
        chunks.append(msg.get("body", b""))
        if not msg.get("more_body"):
            break
    return b"".join(chunks)


async def app(scope, receive, send):
    kind = scope["type"]
    if kind == "lifespan":
        while True:
            msg = await receive()
            if msg["type"] == "lifespan.startup":
                try:
                    _get_floor()
                except Exception as exc:  # noqa: BLE001 - reported to the server
                    await send({"type": "lifespan.startup.failed", "message": str(exc)})
                    return
                await send({"type": "lifespan.startup.complete"})
            elif msg["type"] == "lifespan.shutdown":
                if _floor is not None:
                    _floor.close()
                await send({"type": "lifespan.shutdown.complete"})
                return
    if kind != "http":
        return
    floor = _get_floor()
    path, method = scope["path"], scope["method"]
    if path == "/floor/question" and method == "GET":
        status, payload = floor.get(scope["query_string"])
    elif path == "/floor/list" and method == "GET":
        status, payload = floor.list(scope["query_string"])
    elif path == "/floor/question" and method == "POST":
        status, payload = floor.create(await _read_body(receive))
    else:
        status, payload = 404, {"message": "Request does not match any route."}
    body = orjson.dumps(payload, default=str)  # PostgreSQL's NUMERIC columns come as Decimal
    await send({"type": "http.response.start", "status": status,
                "headers": _JSON_HEADERS + [(b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def main(argv: list[str] | None = None) -> None:
    import uvicorn

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8090)
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args(argv)
    _database_url()
    uvicorn.run("bench.floor:app", host=args.host, port=args.port, workers=args.workers,
                loop="uvloop", http="httptools", lifespan="on", interface="asgi3",
                access_log=False, log_level="warning", server_header=False)


if __name__ == "__main__":
    main()
