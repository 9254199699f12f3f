"""Fixtures of the product attachment tests."""
import pytest


@pytest.fixture
def admin_all(server, admin_token):
    """An admin client under /rest/all (the default scope)."""
    with server.client(admin_token, store="all") as c:
        yield c
