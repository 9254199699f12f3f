"""Writing bulks and operations: scheduling at request time, locking and finishing in the consumer.

The consumer's protocol (vdcommerce/queue/consumer.py): ``lock`` the operation's row (only an open or
retriable one is returned), run the service call, and ``finish`` the row, all in one transaction. A
second delivery of the same message finds the row finished and runs nothing.
"""
from __future__ import annotations

import datetime as dt
import time
import uuid
from typing import Any, NamedTuple

import orjson
from sqlalchemy import Connection, bindparam, delete, insert, select, update

from ...framework.context import Caller
from .tables import COMPLETE, NOT_RETRIABLY_FAILED, OPEN, REJECTED, RETRIABLY_FAILED, bulk, operation, queue_outbox


class Scheduled(NamedTuple):
    bulk_uuid: str
    operation_ids: list[int]
    serialized: list[str]


def now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc).replace(tzinfo=None, microsecond=0)


_INSERT_BULK = insert(bulk)
_INSERT_OPERATIONS = insert(operation).returning(operation.c.id, sort_by_parameter_order=True)


def schedule(conn: Connection, caller: Caller, store_id: int, website_id: int, topic: str, route: str,
             inputs: list[dict[str, Any]]) -> Scheduled:
    """One bulk with one open operation per bound input map, in the request's transaction."""
    bulk_uuid = str(uuid.uuid4())
    serialized = [orjson.dumps(m).decode() for m in inputs]
    conn.execute(_INSERT_BULK, {"uuid": bulk_uuid, "user_id": caller.user_id, "user_type": caller.user_type,
                                "description": f"Topic {topic}", "operation_count": len(inputs),
                                "start_time": now(), "store_id": store_id, "website_id": website_id})
    ids: list[int] = []
    if serialized:
        ids = list(conn.execute(_INSERT_OPERATIONS, [
            {"bulk_uuid": bulk_uuid, "operation_key": i, "topic_name": topic, "route": route, "serialized_data": s,
             "status": OPEN, "attempts": 0} for i, s in enumerate(serialized)]).scalars())
    return Scheduled(bulk_uuid, ids, serialized)


_REJECT = (update(operation).where(operation.c.bulk_uuid == bindparam("u"), operation.c.status == OPEN)
           .values(status=REJECTED, result_message=bindparam("message"), error_code=0))


def reject_open(conn: Connection, bulk_uuid: str, message: str) -> None:
    """Mark the bulk's operations that are still open rejected (they could not be queued); their outbox
    rows go (a consumer skips a rejected operation whatever reaches it)."""
    conn.execute(_REJECT, {"u": bulk_uuid, "message": message})
    conn.execute(delete(queue_outbox).where(queue_outbox.c.bulk_uuid == bulk_uuid))


def discard(conn: Connection, bulk_uuid: str) -> None:
    """Remove a bulk whose messages could not be queued, with its operations: nothing of it was
    accepted, so nothing of it is kept."""
    conn.execute(delete(queue_outbox).where(queue_outbox.c.bulk_uuid == bulk_uuid))
    conn.execute(delete(operation).where(operation.c.bulk_uuid == bulk_uuid))
    conn.execute(delete(bulk).where(bulk.c.uuid == bulk_uuid))


# --------------------------------------------------------------------------- the outbox (AMQP)

_INSERT_OUTBOX = insert(queue_outbox).returning(queue_outbox.c.id, sort_by_parameter_order=True)
_MARK = update(queue_outbox).where(queue_outbox.c.id.in_(bindparam("ids", expanding=True)))


def to_outbox(conn: Connection, bulk_uuid: str, topic: str, bodies: list[bytes]) -> list[int]:
    """The bulk's messages as outbox rows, in the request's transaction; their ids, in order."""
    if not bodies:
        return []
    at = time.time()
    return list(conn.execute(_INSERT_OUTBOX, [{"bulk_uuid": bulk_uuid, "topic_name": topic, "body": b.decode(),
                                               "created_at": at} for b in bodies]).scalars())


def mark_published(conn: Connection, ids: list[int]) -> None:
    if ids:
        conn.execute(_MARK, {"ids": ids, "published_at": time.time()})


# --------------------------------------------------------------------------- the consumer's side

_LOCK = (select(operation.c.id, operation.c.route, operation.c.serialized_data, operation.c.attempts,
                bulk.c.user_type, bulk.c.user_id, bulk.c.store_id, bulk.c.website_id)
         .select_from(operation.join(bulk, bulk.c.uuid == operation.c.bulk_uuid))
         .where(operation.c.id == bindparam("id"), operation.c.status.in_((OPEN, RETRIABLY_FAILED)))
         .with_for_update(of=operation))


def lock(conn: Connection, operation_id: int):
    """The operation with what running it needs, row-locked until the transaction ends; None when it
    is finished (or gone): then there is nothing to run."""
    return conn.execute(_LOCK, {"id": operation_id}).first()


_FINISH = update(operation).where(operation.c.id == bindparam("op_id"))


def complete(conn: Connection, operation_id: int, interface: str, method: str, output: Any) -> None:
    conn.execute(_FINISH, {"op_id": operation_id, "status": COMPLETE, "error_code": 0, "started_at": now(),
                           "result_message": f"Service execution success {interface}::{method}",
                           "result_serialized_data": orjson.dumps(output).decode()})


def fail(conn: Connection, operation_id: int, message: str, code: int, retriable: bool = False,
         attempts: int | None = None) -> None:
    values = {"op_id": operation_id, "status": RETRIABLY_FAILED if retriable else NOT_RETRIABLY_FAILED,
              "result_message": message, "error_code": code, "started_at": now()}
    if attempts is not None:
        values["attempts"] = attempts
    conn.execute(_FINISH, values)
