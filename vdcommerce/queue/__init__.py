"""The message queue that carries async and bulk operations to their consumers.

Two backends share one interface (``Backend``), chosen by ``VDC_QUEUE_BACKEND``:

- ``db`` (default): messages are rows of ``queue_message`` in the service's own database, written in
  the request's transaction, so a request's operations are queued exactly when they are stored.
  Consumers claim them (PostgreSQL ``FOR UPDATE SKIP LOCKED``, SQLite ``BEGIN IMMEDIATE``) under a lease.
- ``amqp``: a RabbitMQ broker (``VDC_AMQP_URL``); messages are published after the request commits.

Either way a message only names an operation; the operation's row decides whether it still has to
run (vdcommerce/queue/consumer.py), so a message delivered twice is harmless.
"""
from __future__ import annotations

import logging
import os
import threading
from dataclasses import dataclass, field
from typing import Callable, Protocol

from sqlalchemy import Connection

log = logging.getLogger("vdcommerce.queue")

#: all async topics are consumed by this consumer
CONSUMER = "async.operations.all"


def topic_name(interface: str, method: str, http_method: str) -> str:
    """``Vendor\\Faq\\Api\\QuestionRepositoryInterface``, ``save``, ``PUT`` ->
    ``async.vendor.faq.api.questionrepositoryinterface.save.put``."""
    return f"async.{interface.lower().replace(chr(92), '.')}.{method.lower()}.{http_method.lower()}"


@dataclass
class Message:
    topic: str
    body: bytes
    #: the database backend's row id (None on AMQP)
    id: int | None = None
    #: set once the message has been removed in the handler's own transaction
    settled: bool = field(default=False, compare=False)
    settle_in: Callable[[Connection, "Message"], None] | None = field(default=None, compare=False, repr=False)

    def settle(self, conn: Connection) -> None:
        """Remove the message within the handler's transaction (database backend; AMQP acks after commit)."""
        if self.settle_in is not None and not self.settled:
            self.settle_in(conn, self)
            self.settled = True


class Retry:
    """A handler's answer: deliver the message again after ``delay`` seconds."""

    def __init__(self, delay: float):
        self.delay = delay


#: a handler's answer: the message is dealt with (ack / delete)
DONE = None

Handler = Callable[[Message], "Retry | None"]


class Backend(Protocol):
    #: True: ``publish`` writes in the caller's transaction; False: call it after the commit
    transactional: bool

    def prepare(self) -> None:
        """Before the first publish (a web worker's start): what publishing needs ready (a connection)."""

    def publish(self, conn: Connection | None, topic: str, bodies: list[bytes]) -> None: ...

    def consume(self, topics: list[str], handle: Handler, max_messages: int | None,
                stopping: Callable[[], bool]) -> int: ...


def backend(settings, topics: list[str]) -> Backend:
    """The configured backend; ``topics`` are every async topic (AMQP declares a queue for each)."""
    kind = settings.queue_backend.strip().lower()
    if kind == "db":
        from .database import DatabaseBackend
        return DatabaseBackend(settings)
    if kind == "amqp":
        from .amqp import AmqpBackend
        return AmqpBackend(settings, topics)
    raise ValueError(f"VDC_QUEUE_BACKEND must be db or amqp, not {settings.queue_backend!r}")


#: the pid of the ``serve`` that started a child process (consumers, the scheduler); the child ends
#: when that process is gone
PARENT_ENV = "VDC_SERVE_PID"


def watch_parent(stop: threading.Event, every: float = 1.0) -> None:
    """A child of ``serve`` (``VDC_SERVE_PID`` set) sets ``stop`` once its parent is gone, whatever
    ended it: the poll behind the death signal, for systems without it or a signal lost to a race."""
    parent = os.environ.get(PARENT_ENV, "")
    if not parent.isdigit():
        return
    expected = int(parent)

    def watch() -> None:
        while not stop.wait(every):
            if os.getppid() != expected:
                log.warning("serve (pid %s) is gone; stopping", expected)
                stop.set()
                return

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()
