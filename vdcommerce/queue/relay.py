"""The publish relay of the AMQP backend: accepted operations whose publish did not happen are published.

An async or bulk request writes its messages to ``queue_outbox`` in its own transaction and, once the
broker has them, marks them published (webapi/bulk.py). A process that dies between the commit and the
publish (or the mark) leaves rows unpublished. Every consumer process runs this relay in a thread of
its own: every few seconds it takes the unpublished rows older than ``VDC_QUEUE_RELAY_SECONDS``, in the
order they were written, publishes them and marks them published, in one transaction (PostgreSQL:
``FOR UPDATE SKIP LOCKED``, so two relays never take the same rows; SQLite runs one write transaction
at a time). A row published twice (the request's own publish was slow, or the mark did not commit)
costs nothing: a consumer runs an operation only while its row is open, at most once by its id.
Published rows are kept a day, then deleted.
"""
from __future__ import annotations

import logging
import threading
import time

from sqlalchemy import delete, select

from ..framework import db
from ..platform.asyncoperations import operations
from ..platform.asyncoperations.tables import queue_outbox as o
from . import Backend

log = logging.getLogger("vdcommerce.queue")

BATCH = 500
KEEP_SECONDS = 86400.0


def relay_once(backend: Backend, older_than: float) -> int:
    """Publish the unpublished rows older than ``older_than`` seconds, in order; how many were."""
    now = time.time()
    sent = 0
    due = (o.c.published_at.is_(None), o.c.created_at < now - older_than)
    with db.transaction(write=False) as conn:  # a read first: an idle relay takes no write lock
        if conn.execute(select(o.c.id).where(*due).limit(1)).first() is None:
            return 0
    while True:
        with db.transaction() as conn:
            rows = conn.execute(select(o.c.id, o.c.topic_name, o.c.body)
                                .where(*due)
                                .order_by(o.c.id).limit(BATCH).with_for_update(skip_locked=True)).all()
            if not rows:
                conn.execute(delete(o).where(o.c.published_at < now - KEEP_SECONDS))
                return sent
            run: list = []
            for row in rows:  # consecutive rows of one topic go in one publish, the order kept
                if run and run[-1].topic_name != row.topic_name:
                    backend.publish(None, run[0].topic_name, [r.body.encode() for r in run])
                    run = []
                run.append(row)
            backend.publish(None, run[0].topic_name, [r.body.encode() for r in run])
            operations.mark_published(conn, [r.id for r in rows])
        sent += len(rows)
        log.warning("queue: relay published %d message(s) whose publish had not happened", len(rows))


def start(backend: Backend, older_than: float, stop: threading.Event, every: float = 2.0) -> threading.Thread:
    """The relay's thread, until ``stop`` is set; a failure (broker or database away) is tried again."""

    def run() -> None:
        while not stop.wait(every):
            try:
                relay_once(backend, older_than)
            except Exception:  # noqa: BLE001 - the rows stay unpublished until the next round
                log.exception("queue: the publish relay failed; trying again")
                close = getattr(backend, "close", None)
                if close is not None:
                    close()

    thread = threading.Thread(target=run, name="publish-relay", daemon=True)
    thread.start()
    return thread
