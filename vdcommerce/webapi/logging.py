"""Process logging and the one line logged per request.

``VDC_LOG_FORMAT=json`` (the default in production) writes one JSON object a line; ``text`` (the
default in development) a readable line. Every request gets an id: the caller's ``X-Request-Id``
when it is a plain token of at most 64 characters (a load balancer's), else a new one. The id is
sent back in ``X-Request-Id``, is the report id of a 500 body, and is on the request's log line
with the route template, the caller type, the status and the duration.
"""
from __future__ import annotations

import logging
import os
import re
import random
import sys
import time
from typing import Any

import orjson

from ..framework.context import ADMIN, CUSTOMER, GUEST, INTEGRATION
from ..settings import Settings

access_log = logging.getLogger("vdcommerce.access")
_root = logging.getLogger()

CALLER_TYPES = {INTEGRATION: "integration", ADMIN: "admin", CUSTOMER: "customer", GUEST: "guest"}
_REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{1,64}\Z")
_random = random.Random()  # its own generator, seeded from the system's (again in a forked child)
_random_bits = _random.getrandbits
os.register_at_fork(after_in_child=_random.seed)
_FIELDS = ("request_id", "method", "path", "route", "caller", "status", "duration_ms", "client")


class JsonFormatter(logging.Formatter):
    _second: int = -1
    _stamp: str = ""

    def format(self, record: logging.LogRecord) -> str:
        fields = {name: getattr(record, name) for name in _FIELDS if hasattr(record, name)}
        if record.exc_info:
            fields["exception"] = self.formatException(record.exc_info)
        return self.line(record.created, record.levelname.lower(), record.name, record.getMessage(), fields)

    def line(self, created: float, level: str, logger: str, message: str, fields: dict[str, Any]) -> str:
        second = int(created)
        if second != self._second:  # the date and time to the second, formatted once a second
            self._stamp, self._second = time.strftime("%Y-%m-%dT%H:%M:%S", self.converter(created)), second
        msecs = int((created - second) * 1000)
        return orjson.dumps({"time": f"{self._stamp}.{msecs:03d}Z", "level": level, "logger": logger,
                             "message": message, **fields}).decode()


class TextFormatter(logging.Formatter):
    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s %(message)s")


def log_format(settings: Settings) -> str:
    return settings.log_format or ("json" if settings.env == "production" else "text")


def configure(settings: Settings) -> None:
    """The root logger of a process: one handler on stderr, in the configured format, in UTC."""
    handler = logging.StreamHandler(sys.stderr)
    formatter: logging.Formatter = JsonFormatter() if log_format(settings) == "json" else TextFormatter()
    formatter.converter = time.gmtime
    handler.setFormatter(formatter)
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(logging.INFO if settings.env != "production" else logging.WARNING)
    access_log.setLevel(logging.INFO)  # one line a request, in production too
    global _json_handler
    _json_handler = handler if isinstance(formatter, JsonFormatter) else None


#: the JSON handler ``configure`` installed: while it is the only one, the request line is written to
#: it directly (the same line ``JsonFormatter.format`` makes of a record) without building a record
_json_handler: logging.StreamHandler[Any] | None = None


def request_id(headers: dict[str, str]) -> str:
    given = headers.get("x-request-id")
    if given and _REQUEST_ID.match(given):
        return given
    # 16 hex digits: an id to find a request by, not a secret, so the process's random generator
    # (seeded from the system's at start-up) serves without a system call per request
    return f"{_random_bits(64):016x}"


def log_request(rid: str, method: str, path: str, route: str, caller: int | None, status: int, seconds: float,
                client: str) -> None:
    if not access_log.isEnabledFor(logging.INFO):
        return
    caller_type = CALLER_TYPES.get(caller, "guest") if caller is not None else "-"
    ms = round(seconds * 1000, 2)
    handler = _json_handler
    if handler is not None and not access_log.handlers and len(_root.handlers) == 1 and _root.handlers[0] is handler:
        formatter: JsonFormatter = handler.formatter  # type: ignore[assignment]  # configure() set it
        line = formatter.line(time.time(), "info", access_log.name,
                              f"{method} {path} {status} {ms:.2f}ms route={route} caller={caller_type} id={rid}",
                              {"request_id": rid, "method": method, "path": path, "route": route,
                               "caller": caller_type, "status": status, "duration_ms": ms, "client": client})
        with handler.lock:  # type: ignore[union-attr]  # a StreamHandler has its lock
            handler.stream.write(line + "\n")
            handler.stream.flush()
        return
    # the record made here rather than by ``access_log.info``: the same record and handlers, without
    # the search of the call stack for the caller's source line, which no format prints
    record = access_log.makeRecord(
        access_log.name, logging.INFO, __file__, 0, "%s %s %s %.2fms route=%s caller=%s id=%s",
        (method, path, status, ms, route, caller_type, rid), None, "log_request",
        {"request_id": rid, "method": method, "path": path, "route": route, "caller": caller_type,
         "status": status, "duration_ms": ms, "client": client})
    access_log.handle(record)
