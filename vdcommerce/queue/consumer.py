"""The consumer of async operations (``vdcommerce queue consume``) and the consumers ``serve`` starts.

Each message names an operation. In one transaction the consumer locks the operation's row (a
finished one is skipped), rebuilds the scheduling caller as it is now (an admin user or integration
that is gone or inactive fails the operation with the route's ACL error), binds the stored input map
with the route's compiled plan in the bulk's store scope, runs the service exactly as the
synchronous call does (``webapi.app.run_service``), and marks the operation complete with its result;
the database queue's message is deleted in that same transaction. So an operation completes at most
once whatever happens to the consumer, and a message delivered again after a crash runs only what
had not committed.

Failures: a domain error (the 4xx family) rolls the service's writes back and records status 3 with
the rendered message and the error's code; a temporary database failure (lock timeout, deadlock, lost
connection) records status 2 and the message is delivered again after a pause, up to
``VDC_QUEUE_RETRY_LIMIT`` attempts, then status 3; anything else is logged with a report id, as a 500
would be, and recorded as status 3.
"""
from __future__ import annotations

import functools
import logging
import os
import signal
import subprocess
import sys
import threading
import time

import orjson
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError

from ..framework import db
from ..framework.context import Context
from ..framework.exceptions import AuthorizationException, LocalizedException
from ..platform.asyncoperations import operations
from ..platform.integration.auth import caller_by_id
from ..platform.mail import sender as mail_sender
from ..webapi.app import Application, run_service
from ..webapi.bulk import async_allowed, route_key
from ..webapi.errors import internal_error, not_found_route
from . import relay
from . import backend as make_backend
from . import DONE, PARENT_ENV, Message, Retry, set_death_signal, stop_on_signals, watch_parent

log = logging.getLogger("vdcommerce.queue")


def temporary(e: BaseException) -> bool:
    """A failure worth retrying: the database was busy or the connection went away."""
    return isinstance(e, (OperationalError, InterfaceError)) or (isinstance(e, DBAPIError) and e.connection_invalidated)


class OperationRunner:
    """Runs the operation a message names (the message handler of every backend)."""

    def __init__(self, app: Application, retry_limit: int):
        self.app = app
        self.retry_limit = max(1, retry_limit)
        self.routes = {route_key(r): r for r in app.bulk.routes}

    def __call__(self, message: Message) -> Retry | None:
        try:
            operation_id = int(orjson.loads(message.body)["operation_id"])
        except (ValueError, TypeError, KeyError):
            log.error("queue: dropping a message that names no operation: %r", message.body[:200])
            return DONE
        try:
            with db.transaction() as conn:
                op = operations.lock(conn, operation_id)
                if op is None:  # finished already (a second delivery), or gone
                    message.settle(conn)
                    return DONE
                route = self.routes.get(op.route)
                try:
                    output = self._run(conn, op, route)
                except LocalizedException as e:
                    if not e.commit:
                        raise
                    operations.fail(conn, operation_id, e.rendered(), e.code)  # keeps its writes, as sync does
                else:
                    operations.complete(conn, operation_id, route.decl.interface, route.decl.service_method, output)
                message.settle(conn)
            return DONE
        except LocalizedException as e:
            message.settled = False  # its deletion was rolled back with the rest
            return self._failed(message, operation_id, e.rendered(), e.code)
        except Exception as e:  # noqa: BLE001 - every outcome is recorded on the operation
            message.settled = False
            if temporary(e):
                return self._temporary(message, operation_id, e)
            conflict = db.conflict_of(e)  # as the synchronous call answers it
            if conflict is not None:
                return self._failed(message, operation_id, conflict.rendered(), conflict.code)
            _, body = internal_error(e)
            return self._failed(message, operation_id, body["message"], 0)

    def _run(self, conn, op, route):
        """The operation as its synchronous call: caller, ACL, binding, service, output."""
        if route is None:
            raise not_found_route()
        caller = caller_by_id(conn, op.user_type, op.user_id)
        if caller is None or not async_allowed(self.app.acl, caller, route.resources):
            raise AuthorizationException.for_resources(list(route.resources))
        state = self.app.config.current()
        ctx = Context(conn, op.store_id, op.website_id, caller, state)
        data = orjson.loads(op.serialized_data)
        path_values = {name: data[name] for name in route.plan.path_params}
        args = route.plan.bind(ctx, data, {}, path_values, self.app.bulk.array_limit(route, state, op.store_id))
        return run_service(route.plan, ctx, args)

    def _failed(self, message: Message, operation_id: int, text: str, code: int) -> Retry | None:
        """Status 3, in a transaction of its own (the service's writes were rolled back)."""
        try:
            with db.transaction() as conn:
                if operations.lock(conn, operation_id) is not None:
                    operations.fail(conn, operation_id, text, code or 0)
                message.settle(conn)
        except DBAPIError as e:
            return self._temporary(message, operation_id, e)
        return DONE

    def _temporary(self, message: Message, operation_id: int, error: Exception) -> Retry | None:
        """Status 2 and another delivery later; status 3 once the attempts are used up."""
        _, body = internal_error(error)
        try:
            with db.transaction() as conn:
                op = operations.lock(conn, operation_id)
                if op is None:
                    message.settle(conn)
                    return DONE
                attempts = op.attempts + 1
                last = attempts >= self.retry_limit
                operations.fail(conn, operation_id, body["message"], 0, retriable=not last, attempts=attempts)
                if last:
                    message.settle(conn)
                    return DONE
        except DBAPIError:
            log.exception("queue: cannot record the failure of operation %s; it will be delivered again",
                          operation_id)
            attempts = 1
        return Retry(min(2.0 ** attempts, 60.0))


# --------------------------------------------------------------------------- the consumer process

def consume(topics: list[str] | None = None, max_messages: int | None = None) -> int:
    """Consume until stopped (SIGTERM, SIGINT) or after ``max_messages``; returns how many were handled.
    Several consumers may run at once, on one machine or several. Each also runs the mail sender
    (platform/mail/sender.py), which delivers the outbox in a thread of its own."""
    app = Application()
    known = app.bulk.topics
    unknown = sorted(set(topics or ()) - set(known))
    if unknown:
        raise ValueError(f"not an async topic: {', '.join(unknown)}")
    stop = threading.Event()
    stop_on_signals(stop)
    watch_parent(stop)
    runner = OperationRunner(app, app.settings.queue_retry_limit)
    chosen = list(topics) if topics else known
    log.info("queue: consumer %s (pid %s) on %d topic(s), %s backend", "async.operations.all", os.getpid(),
             len(chosen), app.settings.queue_backend)
    mail = mail_sender.start(stop)  # the outbox's deliveries, beside the operations
    if not app.bulk.backend.transactional:  # AMQP: publish what a dead request process did not
        relay.start(make_backend(app.settings, known), app.settings.queue_relay_seconds, stop)
    try:
        return app.bulk.backend.consume(chosen, runner, max_messages, stop.is_set)
    finally:
        stop.set()
        mail.join(timeout=1.0)


class Consumers:
    """The consumer processes ``vdcommerce serve`` runs beside the web server (``VDC_QUEUE_CONSUMERS``),
    or another long-running command of its (``command``: the scheduler's ``cron start``).
    One that exits is started again after a pause; ``stop`` ends them all."""

    def __init__(self, count: int, command: tuple[str, ...] = ("queue", "consume")):
        self.count = count
        self.command = command
        self.procs: list[subprocess.Popen | None] = [None] * count
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._watch, name=" ".join(self.command), daemon=True)

    def start(self) -> "Consumers":
        if self.count > 0:
            for i in range(self.count):
                self.procs[i] = self._spawn()
            self.thread.start()
        return self

    def _spawn(self) -> subprocess.Popen:
        me = os.getpid()
        return subprocess.Popen([sys.executable, "-m", "vdcommerce", *self.command], stdin=subprocess.DEVNULL,
                                env={**os.environ, PARENT_ENV: str(me)},
                                preexec_fn=functools.partial(_end_with_parent, me))

    def _watch(self) -> None:
        while not self.stopping.wait(1.0):
            for i, proc in enumerate(self.procs):
                if proc is not None and proc.poll() is not None and not self.stopping.is_set():
                    log.warning("%s: pid %s exited with %s; starting another", " ".join(self.command), proc.pid,
                                proc.returncode)
                    time.sleep(1.0)
                    if not self.stopping.is_set():
                        self.procs[i] = self._spawn()

    def stop(self) -> None:
        self.stopping.set()
        for proc in self.procs:
            if proc is not None and proc.poll() is None:
                proc.terminate()
        for proc in self.procs:
            if proc is not None:
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()


def _end_with_parent(parent: int) -> None:
    """In the child between fork and exec: Linux sends it SIGTERM when ``serve`` ends, even if ``serve``
    was killed (PR_SET_PDEATHSIG). If ``serve`` ended before this ran, the child ends at once."""
    set_death_signal()
    if os.getppid() != parent:
        os.kill(os.getpid(), signal.SIGTERM)
