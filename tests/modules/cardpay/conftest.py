"""One server for the wallet estimate tests: the free-shipping carrier is switched on there and the
test module's shipping rules apply to every cart on it, so the suite's shared server never sees them."""
import pytest

from tests.helpers.harness import server_fixture


server = server_fixture("cardpay", config={"carriers/freeshipping/active": "1",
                                          "carriers/freeshipping/free_shipping_subtotal": "100"})


@pytest.fixture(scope="module")
def admin_token(server) -> str:
    return server.token()
