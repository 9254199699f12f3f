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
import signal
import threading
import time
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


#: the pid of the ``serve`` that started a child process (consumers, the scheduler, web workers); the
#: child ends when that process is gone
PARENT_ENV = "VDC_SERVE_PID"

_STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


def _noted(_signum: int, _frame: object) -> None:
    """The Python-level handler of SIGTERM/SIGINT: nothing at all. Python's C-level handler has already
    written the signal's number to the wake-up pipe (``stop_on_signals``); anything more here (setting
    a ``threading.Event``, logging, I/O) could wait on a lock the interrupted main thread holds."""


def stop_on_signals(stop: threading.Event) -> None:
    """SIGTERM or SIGINT sets ``stop``, however many arrive and whenever they do, without the signal
    handler taking any lock: the interpreter writes each signal's number to a pipe (``signal.set_wakeup_fd``,
    async-signal-safe) and a thread of its own reads the pipe and sets the event, as any thread may.
    Call it from the main thread, once."""
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)  # a full pipe drops a byte, never blocks the handler
    signal.set_wakeup_fd(write_end, warn_on_full_buffer=False)
    wanted = {int(s) for s in _STOP_SIGNALS}
    for sig in _STOP_SIGNALS:
        signal.signal(sig, _noted)

    def relay() -> None:
        while True:
            try:
                data = os.read(read_end, 64)
            except InterruptedError:
                continue
            if not data:
                return
            if wanted.intersection(data):
                stop.set()

    threading.Thread(target=relay, name="stop-signals", daemon=True).start()


def parent_alive(expected: int) -> bool:
    return os.getppid() == expected


def watch_parent(stop: threading.Event, every: float = 1.0) -> None:
    """A child of ``serve`` (``VDC_SERVE_PID`` set) sets ``stop`` once its parent is gone, whatever
    ended it: the poll behind the death signal, for systems without it or a signal lost to a race."""
    parent = os.environ.get(PARENT_ENV, "")
    if not parent.isdigit() or int(parent) == os.getpid():
        return
    expected = int(parent)

    def watch() -> None:
        while not stop.wait(every):
            if not parent_alive(expected):
                log.warning("serve (pid %s) is gone; stopping", expected)
                stop.set()
                return

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def end_with_serve() -> None:
    """In a web worker of ``serve --workers N`` (a process the web server's supervisor started): when
    ``serve`` is gone, even killed, the worker gets SIGTERM (Linux's parent-death signal, then a poll
    for systems without it) and stops as on any SIGTERM. Nothing in ``serve``'s own process."""
    parent = os.environ.get(PARENT_ENV, "")
    if not parent.isdigit() or int(parent) == os.getpid():
        return
    expected = int(parent)
    set_death_signal()
    if not parent_alive(expected):
        os.kill(os.getpid(), signal.SIGTERM)
        return

    def watch() -> None:
        while parent_alive(expected):
            time.sleep(1.0)
        log.warning("serve (pid %s) is gone; stopping", expected)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def set_death_signal() -> None:
    """Linux: this process gets SIGTERM when its parent ends (PR_SET_PDEATHSIG); elsewhere nothing."""
    try:
        import ctypes
        ctypes.CDLL(None).prctl(1, int(signal.SIGTERM))  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
