"""One server for the cash-on-delivery tests: they switch the payment method, its postal-code check
and its fee on and off, which changes the payment methods and totals of every cart on the server, so
the suite's shared server never sees them."""
import pytest

from tests.helpers.harness import server_fixture


server = server_fixture("cashondelivery")


@pytest.fixture(scope="module")
def admin_token(server) -> str:
    return server.token()
