"""A worker is never held: a statement past ``VDC_DB_STATEMENT_TIMEOUT`` or a lock wait past
``VDC_DB_LOCK_TIMEOUT`` ends the request with a 503 and a rollback, and a mail server that accepts and
never answers delays no request (mail goes through the outbox; the consumer's attempt fails and is
tried again later).

No assertion times anything to the second: a lower bound (it did wait for the limit), a generous upper
bound, and the order of events."""
from __future__ import annotations

import socket
import sqlite3
import time

import httpx
import pytest
import sqlalchemy as sa

from tests.helpers import at_once, new_customer, unique
from tests.helpers.harness import Database, Server
from tests.helpers.mail import SilentServer, outbox, wait_for

STATEMENT, LOCK, SMTP_TIMEOUT, PUBLISH = 2, 1, 6, 1
TOO_LONG = {"message": "The request took longer than %seconds seconds and was stopped; nothing of it was saved.",
            "parameters": {"seconds": str(STATEMENT)}}
BROKER = {"message": "The message broker did not answer in time; the request was not queued. Try again."}
LOCKED = {"message": "The database was busy with other requests; nothing of this one was saved. Try again."}


@pytest.fixture(scope="module")
def hung(tmp_path_factory):
    """A server with short database limits whose consumer delivers mail to a server that never answers,
    and whose message broker accepts connections and never answers either."""
    silent, broker = SilentServer().start(), SilentServer().start()
    tmp = tmp_path_factory.mktemp("timeouts")
    db = Database(tmp)
    srv = Server(tmp, db, extra_env={
        "VDC_TESTMODULE_SLOW": "1",  # the slow route runs until the statement limit ends it
        "VDC_DB_STATEMENT_TIMEOUT": str(STATEMENT), "VDC_DB_LOCK_TIMEOUT": str(LOCK),
        "VDC_SMTP_HOST": "127.0.0.1", "VDC_SMTP_PORT": str(silent.port), "VDC_SMTP_TIMEOUT": str(SMTP_TIMEOUT),
        "VDC_MAIL_POLL_SECONDS": "0.2", "VDC_MAIL_RETRY_DELAYS": "4",
        "VDC_QUEUE_BACKEND": "amqp", "VDC_AMQP_URL": f"amqp://guest:guest@127.0.0.1:{broker.port}/%2F",
        "VDC_AMQP_PUBLISH_TIMEOUT": str(PUBLISH)})
    yield srv, silent
    srv.stop()
    db.drop()
    silent.stop()
    broker.stop()


@pytest.fixture(scope="module")
def admin(hung):
    srv, _ = hung
    with srv.client(srv.token()) as client:
        yield client


def _things(admin, title: str) -> list[dict]:
    r = admin.get("/V1/vdtest/thing/search", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "title",
        "searchCriteria[filter_groups][0][filters][0][value]": title})
    assert r.status_code == 200, r.text
    return r.json()["items"]


def test_a_statement_past_the_limit_ends_with_503_and_a_rollback(hung, admin):
    title = unique("slow-")
    started = time.monotonic()
    r = admin.post("/V1/vdtest/slow", json={"title": title})
    took = time.monotonic() - started
    assert (r.status_code, r.json()) == (503, TOO_LONG), r.text
    assert r.headers["retry-after"] == "1"
    assert STATEMENT <= took < STATEMENT + 20  # it ran into the limit, and the limit ended it
    assert _things(admin, title) == []  # the thing it stored first was rolled back
    # the worker is free: the next request on it answers, and writes
    made = admin.post("/V1/vdtest/thing", json={"thing": {"title": title}})
    assert made.status_code == 200, made.text
    assert [t["thing_id"] for t in _things(admin, title)] == [made.json()["thing_id"]]


def _hold_lock(srv: Server, thing_id: int):
    """A connection of the test's own holding the lock a write of ``thing_id`` needs: SQLite's write lock
    (an open write transaction), PostgreSQL's row lock (SELECT ... FOR UPDATE). Returns its release."""
    if srv.db.kind == "postgresql":
        engine = sa.create_engine(srv.db.url)
        conn = engine.connect()
        conn.begin()
        conn.execute(sa.text("SELECT thing_id FROM vendor_testmodule_thing WHERE thing_id = :i FOR UPDATE"),
                     {"i": thing_id})

        def release() -> None:
            conn.rollback()
            conn.close()
            engine.dispose()
        return release
    raw = sqlite3.connect(srv.db.path, isolation_level=None)
    raw.execute("BEGIN IMMEDIATE")

    def release_sqlite() -> None:
        raw.rollback()
        raw.close()
    return release_sqlite


def test_a_lock_wait_past_the_limit_ends_with_503_and_the_same_request_succeeds_once_it_is_free(hung, admin):
    srv, _ = hung
    thing = admin.post("/V1/vdtest/thing", json={"thing": {"title": unique("locked-")}}).json()
    renamed = unique("renamed-")
    release = _hold_lock(srv, thing["thing_id"])
    try:
        started = time.monotonic()
        r = admin.put(f"/V1/vdtest/thing/{thing['thing_id']}", json={"thing": {"title": renamed}})
        took = time.monotonic() - started
        assert (r.status_code, r.json()) == (503, LOCKED), r.text
        assert LOCK * 0.9 <= took < LOCK + 20
        # reads do not wait for the writer's lock
        assert admin.get(f"/V1/vdtest/thing/{thing['thing_id']}").json()["title"] == thing["title"]
    finally:
        release()
    r = admin.put(f"/V1/vdtest/thing/{thing['thing_id']}", json={"thing": {"title": renamed}})
    assert r.status_code == 200, r.text
    assert admin.get(f"/V1/vdtest/thing/{thing['thing_id']}").json()["title"] == renamed


def _still_open(conn: socket.socket) -> bool:
    """The client end of a connection the silent server holds has not given up (no EOF, no reset)."""
    conn.setblocking(False)
    try:
        return conn.recv(1, socket.MSG_PEEK) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False


def _message(admin, message_id: int) -> dict:
    r = admin.get(f"/V1/vdcommerce/mail/messages/{message_id}")
    assert r.status_code == 200, r.text
    return r.json()


def test_a_hung_mail_server_delays_no_request_and_the_delivery_is_tried_again(hung, admin):
    srv, silent = hung
    customer, _ = new_customer(srv)
    held_before = len(silent.held)
    r = httpx.put(srv.url + "/rest/V1/customers/password", json={"email": customer["email"], "template": "email_reset"},
                  timeout=30)
    assert r.status_code == 200 and r.json() is True, r.text
    (queued,) = outbox(admin, entity_type="customer", entity_id=customer["id"])
    # the request did not wait for the mail server: no attempt of this message has failed yet
    assert queued["status"] in ("pending", "sending") and queued["last_error"] is None, queued

    wait_for(lambda: len(silent.held) > held_before, what="the consumer to connect to the mail server")
    hung_conn = silent.held[held_before]
    assert _message(admin, queued["message_id"])["status"] == "sending"

    # while the consumer hangs on the mail server: unrelated writes and a read on the same worker, at once;
    # all answer while that connection is still open
    title = unique("meanwhile-")
    answers = at_once(
        lambda: httpx.post(srv.url + "/rest/V1/customers", timeout=30, json={
            "customer": {"email": f"{title}@example.com", "firstname": "Al", "lastname": "Lee"},
            "password": "Secret-123"}),
        lambda: admin.post("/V1/vdtest/thing", json={"thing": {"title": title}}),
        lambda: admin.get("/V1/store/storeViews"))
    assert [a.status_code for a in answers] == [200, 200, 200], [a.text for a in answers]
    assert _still_open(hung_conn)
    assert _message(admin, queued["message_id"])["status"] == "sending"
    assert len(_things(admin, title)) == 1

    # the attempt times out; the message is kept, failed with a next attempt, and tried again
    failed = wait_for(lambda: (m := _message(admin, queued["message_id"]))["status"] == "failed" and m,
                      timeout=SMTP_TIMEOUT + 30, what="the first attempt to fail")
    assert failed["attempts"] == 1 and "timed out" in failed["last_error"]
    assert failed["next_attempt_at"] is not None and failed["sent_at"] is None
    wait_for(lambda: _message(admin, queued["message_id"])["attempts"] >= 2, timeout=SMTP_TIMEOUT + 30,
             what="the second attempt")


def test_a_hung_broker_ends_an_async_request_with_503_and_rejects_its_operations(hung, admin):
    started = time.monotonic()
    r = admin.post("/async/bulk/V1/vendor_faq/tag", json=[{"tag": {"title": unique("hung-")}}] * 2)
    took = time.monotonic() - started
    assert (r.status_code, r.json()) == (503, BROKER), r.text
    assert PUBLISH * 0.9 <= took < PUBLISH + 20
    # the publish still hangs: the next async request is told so without waiting; sync requests go on
    again = admin.post("/async/V1/vendor_faq/tag", json={"tag": {"title": unique("hung-")}})
    assert (again.status_code, again.json()) == (503, BROKER), again.text
    assert admin.post("/V1/vdtest/thing", json={"thing": {"title": unique("sync-")}}).status_code == 200
    listed = admin.get("/V1/bulk?searchCriteria=").json()["items"]
    assert [(o["status"], o["result_message"]) for o in listed] == [(5, BROKER["message"])] * 3
