"""One server for the CCPA tests, delivering its mail to a local SMTP server (the approve and deny
notifications are read from it). It stands in for the suite's shared server in this folder only."""
import pytest

from tests.helpers.harness import serving
from tests.helpers.mail import Inbox


@pytest.fixture(scope="session")
def inbox():
    box = Inbox().start()
    yield box
    box.stop()


@pytest.fixture(scope="session")
def server(tmp_path_factory, inbox):
    with serving(tmp_path_factory.mktemp("ccpa"), extra_env=inbox.server_env()) as srv:
        yield srv


@pytest.fixture(scope="session")
def admin_token(server) -> str:
    return server.token()
