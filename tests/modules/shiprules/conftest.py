"""Shipping rules change the rates of every cart on their server, so each test file of this folder runs
on a server and database of its own (module scope), never on the shared one."""
from __future__ import annotations

import pytest

from tests.helpers.harness import server_fixture


srv = server_fixture("shiprules")


@pytest.fixture(scope="module")
def token(srv) -> str:
    return srv.token()


@pytest.fixture
def admin(srv, token):
    with srv.client(token) as c:
        yield c


@pytest.fixture
def guest(srv):
    with srv.client() as c:
        yield c
