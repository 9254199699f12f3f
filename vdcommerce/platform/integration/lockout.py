"""The brute-force lock of the token routes."""
from __future__ import annotations

import time

from sqlalchemy import Connection, bindparam, delete, select

from ...framework import db

from .tables import oauth_token_request_log as log_table

# the lock's own numbering of caller types
LOCK_CUSTOMER, LOCK_ADMIN = 2, 3


def is_locked(conn: Connection, username: str, lock_type: int) -> bool:
    row = conn.execute(select(log_table.c.lock_expires_at).where(
        log_table.c.user_name == username, log_table.c.user_type == lock_type)).first()
    return bool(row and row.lock_expires_at and row.lock_expires_at > time.time())


_NAME_MAX = log_table.c.user_name.type.length or 255
_ROW = select(log_table.c.log_id, log_table.c.failures_count, log_table.c.lock_expires_at).where(
    log_table.c.user_name == bindparam("user_name"), log_table.c.user_type == bindparam("user_type"))


def record_failure(conn: Connection, username: str, lock_type: int, max_failures: int, timeout: int) -> None:
    if len(username) > _NAME_MAX:
        return  # longer than any account's name: nothing to lock (and more than the log's column holds)
    now = int(time.time())
    row = conn.execute(_ROW, {"user_name": username, "user_type": lock_type}).first()
    if row is None:
        first = {"user_name": username, "user_type": lock_type, "failures_count": 1,
                 "lock_expires_at": now + timeout if max_failures <= 1 else None}
        if db.insert_new(conn, log_table, [first], ["user_name", "user_type"]):
            return
        # a failure of the same name counted by another request at the same instant: count on from it
        row = conn.execute(_ROW, {"user_name": username, "user_type": lock_type}).first()
    if row is None:
        count = 1
    elif row.lock_expires_at and row.lock_expires_at <= now:
        count = 1  # an expired lock starts the count afresh
    else:
        count = row.failures_count + 1
    lock = now + timeout if count >= max_failures else None
    if row is None:
        conn.execute(log_table.insert().values(user_name=username, user_type=lock_type, failures_count=count,
                                               lock_expires_at=lock))
    else:
        conn.execute(log_table.update().where(log_table.c.log_id == row.log_id).values(
            failures_count=count, lock_expires_at=lock))


def reset(conn: Connection, username: str, lock_type: int) -> None:
    conn.execute(delete(log_table).where(log_table.c.user_name == username, log_table.c.user_type == lock_type))
