"""The suite's fixtures: one server per session (per xdist worker), clients on it, its database.

The harness itself lives in ``tests.helpers.harness``; ``make test`` runs the suite on SQLite, then on
PostgreSQL (``VDC_TEST_DB``).
"""
from __future__ import annotations

import pytest
import sqlalchemy as sa

from tests.helpers.harness import server_fixture, serving

pytest_plugins = ["tests.helpers.order"]  # the longest files are handed out first

server = server_fixture("vdc", scope="session")


@pytest.fixture
def own_server(tmp_path):
    """A server on a database of its own, for a test whose data (demo data, say) others must not see."""
    with serving(tmp_path) as srv:
        yield srv


@pytest.fixture(scope="session")
def admin_token(server) -> str:
    return server.token()


@pytest.fixture
def admin(server, admin_token):
    """A client with the admin's bearer token, under /rest/default."""
    with server.client(admin_token) as c:
        yield c


@pytest.fixture
def guest(server):
    with server.client() as c:
        yield c


@pytest.fixture
def sql(server) -> sa.Engine:
    """Direct access to the server's database, for arranging what HTTP cannot (an aged lock)."""
    return server.db.engine
