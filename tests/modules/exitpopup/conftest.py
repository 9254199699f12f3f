"""One server for the exit popup tests, delivering its mail to a local SMTP server. The tests change the
popup's settings (the gift, the switch), so they run on a server of their own, which stands in for the
suite's shared server in this folder only."""
import pytest

from tests.helpers.harness import Database, Server
from tests.helpers.mail import Inbox


@pytest.fixture(scope="module")
def inbox():
    box = Inbox().start()
    yield box
    box.stop()


@pytest.fixture(scope="module")
def server(tmp_path_factory, inbox):
    tmp = tmp_path_factory.mktemp("exitpopup")
    db = Database(tmp)
    srv = Server(tmp, db, extra_env={"VDC_SMTP_HOST": "127.0.0.1", "VDC_SMTP_PORT": str(inbox.port),
                                     "VDC_SMTP_SENDER": "shop@example.com", "VDC_MAIL_POLL_SECONDS": "0.2"})
    yield srv
    srv.stop()
    db.drop()


@pytest.fixture(scope="module")
def admin_token(server) -> str:
    return server.token()
