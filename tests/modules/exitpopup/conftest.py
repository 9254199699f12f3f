"""One server for the exit popup tests, delivering its mail to a local SMTP server. The tests change the
popup's settings (the gift, the switch), so they run on a server of their own, which stands in for the
suite's shared server in this folder only."""
import pytest

from tests.helpers.harness import serving
from tests.helpers.mail import Inbox


@pytest.fixture(scope="module")
def inbox():
    box = Inbox().start()
    yield box
    box.stop()


@pytest.fixture(scope="module")
def server(tmp_path_factory, inbox):
    with serving(tmp_path_factory.mktemp("exitpopup"), extra_env=inbox.server_env()) as srv:
        yield srv


@pytest.fixture(scope="module")
def admin_token(server) -> str:
    return server.token()
