"""Generated requests against every operation of the published schema, as the admin: no 5xx, every
answer conforming to the schema (``tests/helpers/generated.py`` says how).

Nothing is excluded: the admin has no route that deletes its own user, role or token, or the default
store. The run ends by checking that the admin's token still works, so that a run that lost its caller
half-way cannot pass as one that was answered.
"""
import pytest

from tests.helpers.generated import assert_clean
from tests.helpers.harness import server_fixture

pytestmark = pytest.mark.long_file(50)  # seconds on a busy machine: handed out early (tests/helpers/order.py)

server = server_fixture("schemathesis")


def test_every_operation_as_the_admin(server):
    assert_clean(server, server.token(), minimum=400, check_path="/V1/store/storeViews")
