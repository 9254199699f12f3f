"""The limiter: how many requests of a kind one caller may send per period.

A kind of request (``quote-order``, ``oauth-token``) is limited by the package that owns it: it reads
its own settings into a ``Limit`` and runs the work inside ``limited(ctx, kind, limit)``. Per limited
request there is one statement, a conditional upsert of the caller's row; nothing at all when the
limit is off (``limit`` is None).

Counting follows the platform's back-pressure: time is cut into fixed periods (``slot`` = the start of
the current one); a request counts in its period, and while the count is within the limit the count
of the period before is added, weighted by the part of the current period still to come, so that a
burst across a period boundary is not let through twice. A request beyond the limit is refused with
``TooManyRequestsException`` (429) and still counts.

Every request counts, the refused and the failed ones too (a carding script fails most of its
attempts): the count is written in the request's transaction, and the work runs in a savepoint that a
failure rolls back, keeping the count; the failure is then committed (``commit``), its own writes gone.
"""
from __future__ import annotations

import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator

from sqlalchemy import bindparam, case, delete
from sqlalchemy.dialects import postgresql, sqlite

from ...framework.context import ADMIN, CUSTOMER, GUEST, INTEGRATION, Context
from ...framework.exceptions import LocalizedException, TooManyRequestsException
from .tables import backpressure_counter as counter


@dataclass(frozen=True)
class Limit:
    limit: int     # requests per period
    period: int    # seconds


def limit_of(config: Any, prefix: str, limit_key: str, store_id: int | None) -> Limit | None:
    """``<prefix>/enabled``, ``<prefix>/<limit_key>`` and ``<prefix>/period`` as a Limit; None when off
    or not a usable limit (a limit or a period below 1)."""
    if config is None or not config.flag(prefix + "/enabled", store_id):
        return None
    limit = int(config.number(f"{prefix}/{limit_key}", store_id, 0))
    period = int(config.number(prefix + "/period", store_id, 0))
    return Limit(limit, period) if limit >= 1 and period >= 1 else None


_PREFIX = {CUSTOMER: "customer:", ADMIN: "admin:", INTEGRATION: "integration:"}


def identity(ctx: Context, by_ip: bool = False) -> str | None:
    """Who is counted: a signed-in caller by its id, a guest (or any caller when ``by_ip``) by its IP
    address; None outside an HTTP request."""
    caller = ctx.caller
    if not by_ip and caller.user_type != GUEST and caller.user_id is not None:
        return _PREFIX[caller.user_type] + str(caller.user_id)
    return "ip:" + ctx.client_ip[:61] if ctx.client_ip else None


def _upsert(insert: Any) -> Any:
    stmt = insert(counter).values(request_type=bindparam("kind"), identity=bindparam("who"), slot=bindparam("slot"),
                                  hits=1, previous=0, expires_at=bindparam("expires"))
    c = counter.c
    return stmt.on_conflict_do_update(index_elements=[c.request_type, c.identity], set_={
        # every right-hand side reads the row as it was
        "previous": case((c.slot == stmt.excluded.slot, c.previous), (c.slot == bindparam("before"), c.hits), else_=0),
        "hits": case((c.slot == stmt.excluded.slot, c.hits + 1), else_=1),
        "slot": stmt.excluded.slot,
        "expires_at": stmt.excluded.expires_at,
    }).returning(c.hits, c.previous)


_UPSERT = {"postgresql": _upsert(postgresql.insert), "sqlite": _upsert(sqlite.insert)}


def count(ctx: Context, kind: str, who: str, limit: Limit, now: float | None = None) -> None:
    """Count one request of ``kind`` by ``who``; raise TooManyRequestsException beyond the limit."""
    now_s = int(time.time() if now is None else now)
    remainder = now_s % limit.period
    slot = now_s - remainder
    hits, previous = ctx.conn.execute(_UPSERT[ctx.conn.dialect.name], {
        "kind": kind, "who": who, "slot": slot, "before": slot - limit.period,
        "expires": slot + 2 * limit.period}).one()
    estimate = float(hits)
    if hits <= limit.limit and previous:
        estimate += previous * (1 - remainder / limit.period)
    if estimate > limit.limit:
        raise TooManyRequestsException(retry_after=limit.period - remainder)


@contextmanager
def limited(ctx: Context, kind: str, limit: Limit | None, by_ip: bool = False) -> Iterator[None]:
    """Count the request, then run the block; a domain failure of the block keeps the count (module doc)."""
    who = identity(ctx, by_ip) if limit is not None else None
    if limit is None or who is None:
        yield
        return
    count(ctx, kind, who, limit)
    savepoint = ctx.conn.begin_nested()
    try:
        yield
    except LocalizedException as e:
        if e.commit:
            savepoint.commit()  # the failure keeps its own writes (a sign-in failure count)
        else:
            savepoint.rollback()
            e.commit = True
        raise
    except BaseException:
        savepoint.rollback()
        raise
    savepoint.commit()


def purge(ctx: Context, now: float | None = None) -> int:
    """Drop the rows no limit reads any more; answers how many."""
    return ctx.conn.execute(delete(counter).where(
        counter.c.expires_at < int(time.time() if now is None else now))).rowcount


class Purge:
    """The scheduled job that keeps the counter table small (``etc/crontab.xml``)."""

    def execute(self, ctx: Context) -> None:
        purge(ctx)
