"""One server for the free shipping bar tests: an active profile answers every storefront's bar
question, so the suite's shared server never sees the profiles and settings these tests make."""
import pytest

from tests.helpers.harness import Database, Server


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("shippingbar")
    db = Database(tmp)
    srv = Server(tmp, db)
    yield srv
    srv.stop()
    db.drop()


@pytest.fixture(scope="module")
def admin_token(server) -> str:
    return server.token()
