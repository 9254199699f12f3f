"""Accepted async work is never lost: the process that accepted a bulk dies between the commit and the
publish (the fault point ``async.after_commit``, armed through ``VDC_FAULT_POINTS``); once a consumer
runs again, every operation of the bulk runs, each exactly once. AMQP: the bulk's messages wait in the
outbox and the consumer's relay publishes them; the database queue: the messages were rows of the
request's own transaction. On SQLite the database queue; on PostgreSQL both backends.

Then the durability probe for async writes: clients send async writes, the whole server (its web
worker and consumer) is killed mid-load and started again; every write answered 202 runs, none twice."""
from __future__ import annotations

import os
import signal
import time

import httpx
import pytest
import sqlalchemy as sa

from tests.helpers import unique
from tests.helpers.harness import Database
from tests.helpers.processes import WriteLoad
from tests.helpers.queue import BACKENDS, Consumer, QueueServer

pytestmark = pytest.mark.long_file(120)  # seconds on a busy machine: handed out early (tests/helpers/order.py)


def question(title: str) -> dict:
    return {"question": {"title": title, "email": "a@b.c", "stores": "1"}}


def poll(check, what: str, timeout: float = 90):
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        assert time.monotonic() < deadline, f"still waiting for {what}"
        time.sleep(0.1)


def scalar(db: Database, sql: str, **params) -> int:
    with db.engine.connect() as c:
        return c.execute(sa.text(sql), params).scalar_one()


def copies(db: Database, titles: list[str]) -> dict[str, int]:
    """title -> question rows with it, for the titles present."""
    with db.engine.connect() as c:
        return dict(c.execute(sa.text("SELECT title, count(*) FROM vendor_faq_question WHERE title IN :t "
                                      "GROUP BY title").bindparams(sa.bindparam("t", expanding=True)),
                              {"t": titles}).all())


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_bulk_committed_by_a_process_killed_before_its_publish_runs_once(tmp_path, backend):
    db = Database(tmp_path)
    srv = QueueServer(tmp_path, db, backend, extra_env={"VDC_FAULT_POINTS": "async.after_commit",
                                                        "VDC_QUEUE_RELAY_SECONDS": "1"})
    try:
        marker = unique("relay-")
        titles = [f"{marker} {i}" for i in range(20)]
        with srv.client(srv.token()) as admin:
            with pytest.raises(httpx.TransportError):  # the process died before it could answer
                admin.post("/async/bulk/V1/vendor_faq/question", json=[question(t) for t in titles])
        assert srv.proc.wait(30) == -signal.SIGKILL
        # committed: the bulk's operations are open; with AMQP their messages never left the outbox
        assert scalar(db, "SELECT count(*) FROM magento_operation WHERE status = 4") == len(titles)
        if backend == "amqp":
            assert scalar(db, "SELECT count(*) FROM queue_outbox WHERE published_at IS NULL") == len(titles)

        del srv.env["VDC_FAULT_POINTS"]
        srv.start()
        srv.consumer()
        srv.consumer()  # two consumers, two relays: still once each
        poll(lambda: scalar(db, "SELECT count(*) FROM magento_operation WHERE status = 1") == len(titles),
             "every operation complete")
        assert copies(db, titles) == {t: 1 for t in titles}
        assert scalar(db, "SELECT count(*) FROM queue_outbox WHERE published_at IS NULL") == 0
        # a request that is not cut short publishes and marks its own messages
        with srv.client(srv.token()) as admin:
            r = admin.post("/async/V1/vendor_faq/question", json=question(marker + " later"))
            assert r.status_code == 202, r.text
        poll(lambda: copies(db, [marker + " later"]) == {marker + " later": 1}, "the later operation")
        assert scalar(db, "SELECT count(*) FROM queue_outbox WHERE published_at IS NULL") == 0
    finally:
        srv.stop()
        db.drop()


@pytest.mark.parametrize("backend", BACKENDS)
def test_async_writes_answered_202_survive_a_sigkill_of_the_server_and_its_consumer(tmp_path, backend):
    """Four clients send async writes; the server and its consumer are killed mid-load; started again,
    every write answered 202 runs exactly once; one that got no answer runs at most once."""
    db = Database(tmp_path)
    srv = QueueServer(tmp_path, db, backend, extra_env={"VDC_QUEUE_RELAY_SECONDS": "1"})
    consumer = srv.consumer()
    token = srv.token()
    load = WriteLoad(srv.url, token, "/async/V1/vendor_faq/question", question, 202, "probe-")
    try:
        load.start()
        poll(lambda: len(load.acked) >= 40, "40 accepted writes")
        os.killpg(srv.proc.pid, signal.SIGKILL)
        consumer.kill()
        srv.proc.wait()
        load.join()
        load.stop.set()
        acked, unanswered = list(load.acked), load.unanswered
        srv.start()
        srv.consumer()
        poll(lambda: len(copies(db, acked)) == len(acked), "every accepted write", timeout=120)
        present = copies(db, acked + unanswered)
        twice = [t for t, n in present.items() if n > 1]
        lost = [t for t in acked if t not in present]
        print(f"async durability ({backend}): {len(acked)} acknowledged, {len(lost)} lost, {len(twice)} run twice, "
              f"{len(unanswered)} unanswered ({sum(1 for t in unanswered if t in present)} of them ran)")
        assert not lost and not twice
    finally:
        load.stop.set()
        srv.stop()
        db.drop()
