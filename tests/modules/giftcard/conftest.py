"""One server of the gift card tests' own (two workers, for the race), so that the cards, configuration
changes and orders here touch no other test's carts."""
import pytest

from tests.helpers.harness import server_fixture


gc_server = server_fixture("giftcard", workers=2)


@pytest.fixture(scope="module")
def gc_token(gc_server) -> str:
    return gc_server.token()


@pytest.fixture
def gc_admin(gc_server, gc_token):
    """An admin client under /rest/all."""
    with gc_server.client(gc_token, store="all") as c:
        yield c
