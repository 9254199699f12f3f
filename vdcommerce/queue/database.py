"""The database queue: messages are rows of ``queue_message`` in the service's database.

Publishing inserts the rows in the request's transaction. A consumer claims a batch in a short
write transaction (PostgreSQL: ``FOR UPDATE SKIP LOCKED``, so consumers never wait for each other;
SQLite: the transaction's ``BEGIN IMMEDIATE`` serialises claims), marking the rows with its
``<host>:<pid>`` and a lease. The handler deletes a message in the same transaction that finishes its
operation (``Message.settle``). A claim that is never finished (the consumer crashed) becomes
claimable again when its lease runs out, or as soon as another consumer on the same host sees that
the claiming process is gone.
"""
from __future__ import annotations

import logging
import os
import socket
import time
from typing import Callable

from sqlalchemy import Connection, bindparam, delete, insert, select, update
from sqlalchemy.exc import DBAPIError

from ..framework import db
from ..platform.asyncoperations.tables import queue_message as q
from . import Handler, Message, Retry

log = logging.getLogger("vdcommerce.queue")

_INSERT = insert(q)
_DELETE = delete(q).where(q.c.id == bindparam("message_id"))
_RELEASE = (update(q).where(q.c.id == bindparam("message_id"))
            .values(claimed_by=None, claimed_until=None, available_at=bindparam("at")))
_DEAD_CHECK_SECONDS = 2.0


def _claimable(topics: list[str], now: float):
    return (q.c.topic_name.in_(topics), q.c.available_at <= now,
            (q.c.claimed_until.is_(None)) | (q.c.claimed_until < now))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class DatabaseBackend:
    transactional = True

    def __init__(self, settings):
        self.lease = settings.queue_lease_seconds
        self.poll = settings.queue_poll_seconds
        self.batch = max(1, settings.queue_batch)
        self.host = socket.gethostname()
        self.me = f"{self.host}:{os.getpid()}"

    def prepare(self) -> None:
        """Nothing: messages are rows of the request's transaction."""

    def publish(self, conn: Connection | None, topic: str, bodies: list[bytes]) -> None:
        if bodies:
            at = time.time()
            conn.execute(_INSERT, [{"topic_name": topic, "body": b.decode(), "available_at": at} for b in bodies])

    # ------------------------------------------------------------------ consuming

    def consume(self, topics: list[str], handle: Handler, max_messages: int | None,
                stopping: Callable[[], bool]) -> int:
        done = 0
        next_dead_check = 0.0
        while not stopping() and (max_messages is None or done < max_messages):
            try:
                if time.monotonic() >= next_dead_check:
                    self._release_dead(topics)
                    next_dead_check = time.monotonic() + _DEAD_CHECK_SECONDS
                want = self.batch if max_messages is None else min(self.batch, max_messages - done)
                batch = self._claim(topics, want)
            except DBAPIError:
                log.exception("queue: cannot claim messages; trying again")
                time.sleep(max(self.poll, 1.0))
                continue
            if not batch:
                time.sleep(self.poll)
                continue
            for message in batch:
                self._settle(message, handle(message))
                done += 1
        return done

    def _claim(self, topics: list[str], limit: int) -> list[Message]:
        now = time.time()
        with db.transaction(write=False) as conn:  # a read first: an idle queue takes no write lock
            if conn.execute(select(q.c.id).where(*_claimable(topics, now)).limit(1)).first() is None:
                return []
        with db.transaction() as conn:
            ids = list(conn.execute(select(q.c.id).where(*_claimable(topics, now)).order_by(q.c.id).limit(limit)
                                    .with_for_update(skip_locked=True)).scalars())
            if not ids:
                return []
            conn.execute(update(q).where(q.c.id.in_(ids)).values(claimed_by=self.me, claimed_until=now + self.lease))
            rows = conn.execute(select(q.c.id, q.c.topic_name, q.c.body).where(q.c.id.in_(ids)).order_by(q.c.id)).all()
        return [Message(r.topic_name, r.body.encode(), r.id, settle_in=_delete) for r in rows]

    def _settle(self, message: Message, outcome: Retry | None) -> None:
        """After the handler: a retry makes the message claimable again later; otherwise it is removed
        (unless the handler already did so in its own transaction)."""
        if message.settled and not isinstance(outcome, Retry):
            return
        try:
            with db.transaction() as conn:
                if isinstance(outcome, Retry):
                    conn.execute(_RELEASE, {"message_id": message.id, "at": time.time() + outcome.delay})
                else:
                    _delete(conn, message)
        except DBAPIError:
            log.exception("queue: cannot settle message %s; its lease will free it", message.id)

    def _release_dead(self, topics: list[str]) -> None:
        """Free the claims of consumers on this host whose process has ended."""
        prefix = self.host + ":"
        with db.transaction(write=False) as conn:
            owners = set(conn.execute(select(q.c.claimed_by).where(q.c.claimed_by.like(prefix + "%"),
                                                                   q.c.topic_name.in_(topics))
                                      .distinct()).scalars())
        dead = [o for o in owners if o != self.me and o[len(prefix):].isdigit() and not _alive(int(o[len(prefix):]))]
        if dead:
            with db.transaction() as conn:
                conn.execute(update(q).where(q.c.claimed_by.in_(dead)).values(claimed_by=None, claimed_until=None))
            log.warning("queue: released the claims of ended consumers %s", ", ".join(sorted(dead)))


def _delete(conn: Connection, message: Message) -> None:
    conn.execute(_DELETE, {"message_id": message.id})
