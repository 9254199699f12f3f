"""Faults: the server killed under write load, ``serve`` stopped by its pid alone, and the AMQP broker
restarted under a bulk. (A consumer killed mid-bulk, on every backend: test_bulk_queue.py.)

The broker test runs a RabbitMQ node of its own (its own node name, ports, data and cookie under the
test's temp dir) and restarts that one, never the machine's shared broker.
"""
from __future__ import annotations

import os
import shutil
import signal
import time

import pytest
import sqlalchemy as sa

from tests.helpers import unique
from tests.helpers.harness import Database, Server, server_fixture
from tests.helpers.processes import Broker, WriteLoad, children, ended
from tests.helpers.queue import Consumer, wait_for

pytestmark = pytest.mark.long_file(130)  # seconds on a busy machine: handed out early (tests/helpers/order.py)

def poll(check, what: str, timeout: float = 60, every: float = 0.05):
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        assert time.monotonic() < deadline, f"still waiting for {what}"
        time.sleep(every)


def question(title: str) -> dict:
    return {"question": {"title": title, "email": "a@b.c", "stores": "1"}}


def rows_of(db: Database, titles: list[str]) -> dict[str, tuple[int, int]]:
    """title -> (question rows, store links) for the titles present."""
    with db.engine.connect() as c:
        rows = c.execute(sa.text(
            "SELECT q.title, count(DISTINCT q.question_id), count(s.store_id) FROM vendor_faq_question q "
            "LEFT JOIN vendor_faq_question_store s ON s.question_id = q.question_id "
            "WHERE q.title IN :titles GROUP BY q.title").bindparams(sa.bindparam("titles", expanding=True)),
            {"titles": titles}).all()
    return {r[0]: (r[1], r[2]) for r in rows}


# --------------------------------------------------------------------------- the server killed


# one server (with its consumer) for the tests that kill it: each starts it again when done
own = server_fixture("faults", extra_env={"VDC_QUEUE_CONSUMERS": "1"})


def test_acknowledged_writes_survive_a_sigkill_of_the_server(own):
    """Four clients create questions; the server's whole process group is killed mid-load. On a
    server started again on the same database every write answered 200 is there exactly once, with its
    store link; a write that got no answer is there whole or not at all."""
    srv, db = own, own.db
    token = srv.token()
    load = WriteLoad(srv.url, token, "/V1/vendor_faq/question", question, 200, "kill9-")
    try:
        load.start()
        poll(lambda: len(load.acked) >= 40, "40 acknowledged writes")
        os.killpg(srv.proc.pid, signal.SIGKILL)
        srv.proc.wait()
        load.join()
    finally:
        load.stop.set()
    acked = {title: answer["question_id"] for title, answer in load.acked.items()}
    unanswered = load.unanswered
    assert unanswered, "no write was cut off by the kill"

    srv.start()  # the same database and port
    with srv.client(srv.token()) as admin:
        for title, qid in list(acked.items())[:: max(1, len(acked) // 10)]:
            got = admin.get("/V1/vendor_faq/question", params={"questionId": qid})
            assert got.status_code == 200 and got.json()["title"] == title
    present = rows_of(db, list(acked) + unanswered)
    assert {t: present.get(t) for t in acked} == {t: (1, 1) for t in acked}  # exactly once, whole
    assert all(present.get(t, (1, 1)) == (1, 1) for t in unanswered)  # whole or absent


# --------------------------------------------------------------------------- serve stopped by its pid


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["sigterm", "sigkill"])
def test_the_consumers_end_with_serve_whatever_stops_it(own, sig):
    """The signal goes to serve's pid alone, not its group: its consumer still ends (SIGTERM: serve
    stops it; SIGKILL: the consumer sees its parent gone)."""
    srv = own
    [consumer] = poll(lambda: children(srv.proc.pid, "queue consume"), "the consumer")
    poll(lambda: f"(pid {consumer})" in srv.log.read_text(), "the consumer's start")
    os.kill(srv.proc.pid, sig)
    srv.proc.wait(30)
    poll(lambda: ended(consumer), "the consumer's end")  # the default minute: a loaded machine is slow
    srv.start()


# --------------------------------------------------------------------------- the broker restarted


def test_a_broker_restart_under_a_bulk_loses_and_repeats_nothing(tmp_path):
    """Bulks accepted (202) before the broker stops all run, exactly once, once it is back: the
    consumer and the server's publisher connect again. A bulk sent while it is down is refused with a
    503 in the error body and leaves nothing behind."""
    broker = Broker(tmp_path / "rabbitmq")
    db = Database(tmp_path)
    srv = consumer = None
    try:
        srv = Server(tmp_path, db, extra_env={"VDC_QUEUE_BACKEND": "amqp", "VDC_QUEUE_CONSUMERS": "0",
                                              "VDC_AMQP_URL": broker.url, "VDC_AMQP_PREFIX": "vdc-test."})
        consumer = Consumer(srv)
        with srv.client(srv.token()) as admin:
            n = 300
            marker = unique("broker-")
            titles = [f"{marker} {i}" for i in range(n)]
            r = admin.post("/async/bulk/V1/vendor_faq/question", json=[question(t) for t in titles])
            assert r.status_code == 202, r.text
            first = r.json()["bulk_uuid"]
            poll(lambda: admin.get(f"/V1/bulk/{first}/operation-status/1").json() > 0, "the first operations")

            broker.ctl("stop_app")  # every connection drops; durable queues and persistent messages stay
            refused = unique("refused-")
            r = admin.post("/async/bulk/V1/vendor_faq/question", json=[question(refused)])
            assert r.status_code == 503
            assert r.json() == {"message": "The message queue is not available now. Nothing was accepted; "
                                           "try again later."}
            assert r.json()["message"] and "bulk_uuid" not in r.json()
            broker.ctl("start_app")
            broker.wait_up()

            later = [f"{marker} later {i}" for i in range(20)]
            r = admin.post("/async/bulk/V1/vendor_faq/question", json=[question(t) for t in later])
            assert r.status_code == 202, r.text  # the publisher connects again
            second = r.json()["bulk_uuid"]
            wait_for(first, admin, n)  # the consumer connects again
            wait_for(second, admin, len(later))
            assert admin.get("/V1/bulk?searchCriteria=").json()["total_count"] == n + len(later)

        present = rows_of(db, titles + later + [refused])
        assert present == {t: (1, 1) for t in titles + later}  # each once; the refused one nowhere
        with db.engine.connect() as c:
            assert c.execute(sa.text("SELECT count(*) FROM magento_bulk")).scalar() == 2
            assert dict(c.execute(sa.text("SELECT status, count(*) FROM magento_operation GROUP BY status")).all()) \
                == {1: n + len(later)}
        consumer.stop()
        assert consumer.proc.returncode == 0
    finally:
        if consumer is not None:
            consumer.stop()
        if srv is not None:
            srv.stop()
        db.drop()
        broker.stop()
        shutil.rmtree(tmp_path / "rabbitmq", ignore_errors=True)
