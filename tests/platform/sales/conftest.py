"""Fixtures of the sales tests."""
import pytest


@pytest.fixture
def all_client(server, admin_token):
    """The admin under /rest/all: the admin store's scope."""
    with server.client(admin_token, "all") as c:
        yield c
