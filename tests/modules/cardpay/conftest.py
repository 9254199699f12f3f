"""One server for the wallet estimate tests: the free-shipping carrier is switched on there and the
test module's shipping rules apply to every cart on it, so the suite's shared server never sees them."""
import pytest

from tests.helpers.harness import Database, Server, set_config


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("cardpay")
    db = Database(tmp)
    srv = Server(tmp, db)
    set_config(db.engine, "carriers/freeshipping/active", "1")
    set_config(db.engine, "carriers/freeshipping/free_shipping_subtotal", "100")
    yield srv
    srv.stop()
    db.drop()


@pytest.fixture(scope="module")
def admin_token(server) -> str:
    return server.token()
