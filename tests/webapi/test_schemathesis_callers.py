"""Generated requests against every operation of the published schema, as a customer and as a guest:
no 5xx, every answer conforming to the schema (``tests/helpers/generated.py`` says how)."""
import pytest

from tests.helpers import new_customer
from tests.helpers.generated import assert_clean
from tests.helpers.harness import server_fixture

pytestmark = pytest.mark.long_file(90)  # seconds on a busy machine: handed out early (tests/helpers/order.py)

server = server_fixture("schemathesis_callers")

# the one route that ends the caller's own session: revoking the customer's token would leave the
# rest of the run answered 401 (still conforming, but no longer a customer's run)
REVOKES_OWN_TOKEN = frozenset({("POST", "/V1/integration/customer/revoke-customer-token")})


def test_every_operation_as_a_customer(server):
    _, token = new_customer(server)
    assert_clean(server, token, minimum=100, check_path="/V1/customers/me", excluded=REVOKES_OWN_TOKEN)


def test_every_operation_as_a_guest(server):
    assert_clean(server, None, minimum=50)
