"""Queue servers per backend (on SQLite the database queue; on PostgreSQL also AMQP), their clients, and
consumers that end with their test. The classes are in ``tests.helpers.queue``."""
from __future__ import annotations

import pytest

from tests.helpers.harness import Database
from tests.helpers.queue import BACKENDS, QueueServer


@pytest.fixture(scope="session", params=BACKENDS)
def qserver(request, tmp_path_factory):
    tmp = tmp_path_factory.mktemp(f"vdc-queue-{request.param}")
    db = Database(tmp)
    srv = QueueServer(tmp, db, request.param)
    yield srv
    srv.stop()
    db.drop()


@pytest.fixture(autouse=True)
def _consumers_end_with_their_test(request):
    yield
    if "qserver" in request.fixturenames:
        request.getfixturevalue("qserver").stop_consumers()


@pytest.fixture
def qadmin(qserver):
    with qserver.client(qserver.token()) as c:
        yield c
