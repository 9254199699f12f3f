"""``/health/live`` and ``/health/ready`` for load balancers and orchestrators.

live: the worker answers (no I/O). ready: the database answers, its migrations are the ones this
code expects, and the queue's broker accepts a connection (``amqp`` backend; the ``db`` backend is
the database). 200 when all pass, else 503; the body names each check. It also tells the scheduler's
standing (platform/cron/state.py): its last finished tick (UTC), whether it is stalled and which jobs
it left overdue; that does not change the status (a worker serves requests either way).

The Alembic heads the code expects are read once, at the first readiness check rather than at
start-up: importing Alembic adds over a second to each worker's start on a busy machine, and a
worker that is slow to start is killed by uvicorn's supervisor.
"""
from __future__ import annotations

import datetime as dt
import logging
import socket
from urllib.parse import urlsplit

import orjson
from sqlalchemy import text

from ..framework import db
from ..platform.cron.state import scheduler_state
from ..settings import Settings

log = logging.getLogger("vdcommerce.health")

Response = tuple[int, bytes, list[tuple[bytes, bytes]]]

_JSON = [(b"content-type", b"application/json; charset=utf-8"), (b"cache-control", b"no-store")]
_TIMEOUT = 2.0


class Health:
    def __init__(self, settings: Settings) -> None:
        self._heads: frozenset[str] | None = None
        self.broker: tuple[str, int] | None = None
        if settings.queue_backend == "amqp":
            url = urlsplit(settings.amqp_url)
            self.broker = (url.hostname or "127.0.0.1", url.port or 5672)

    def heads(self) -> frozenset[str]:
        if self._heads is None:
            from alembic.script import ScriptDirectory

            from ..framework.migrate import alembic_config
            self._heads = frozenset(ScriptDirectory.from_config(alembic_config()).get_heads())
        return self._heads

    def handles(self, path: str) -> bool:
        return path in ("/health/live", "/health/ready")

    def answer(self, path: str) -> Response:
        if path == "/health/live":
            return 200, b'{"status":"ok"}', _JSON
        checks = {"database": "ok", "migrations": "ok", "queue": "ok"}
        scheduler: dict[str, object] = {"last_tick": None, "stalled": False, "overdue": []}
        try:
            with db.transaction(write=False) as conn:
                current = frozenset(r[0] for r in conn.execute(text("SELECT version_num FROM alembic_version")))
                if current == self.heads():
                    state = scheduler_state(conn, dt.datetime.now(dt.timezone.utc).replace(tzinfo=None))
                    scheduler = {"last_tick": f"{state.last_tick_at:%Y-%m-%d %H:%M:%S}" if state.last_tick_at
                                 else None, "stalled": state.stalled, "overdue": list(state.overdue)}
            if current != self.heads():
                checks["migrations"] = "not current: run `vdcommerce db upgrade`"
        except Exception as e:  # noqa: BLE001 - any failure to reach the database makes the worker unready
            log.warning("readiness: database check failed: %s", e)
            checks["database"] = checks["migrations"] = "unreachable"
        if self.broker is not None:
            try:
                socket.create_connection(self.broker, timeout=_TIMEOUT).close()
            except OSError as e:
                checks["queue"] = f"unreachable: {e.strerror or e}"
        elif checks["database"] != "ok":
            checks["queue"] = "unreachable"
        ok = all(v == "ok" for v in checks.values())
        # the scheduler's standing is told, not judged: a worker serves requests whether it runs or not
        body = orjson.dumps({"status": "ok" if ok else "unavailable", "checks": checks, "scheduler": scheduler})
        return (200 if ok else 503), body, _JSON
