"""One server for the free shipping bar tests: an active profile answers every storefront's bar
question, so the suite's shared server never sees the profiles and settings these tests make."""
import pytest

from tests.helpers.harness import server_fixture


server = server_fixture("shippingbar")


@pytest.fixture(scope="module")
def admin_token(server) -> str:
    return server.token()
