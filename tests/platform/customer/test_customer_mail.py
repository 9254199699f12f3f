"""Customer e-mail (password reset, account confirmation) through a configured SMTP server."""
import email

import httpx
import pytest
from aiosmtpd.controller import Controller

from tests.helpers import unique
from tests.helpers.harness import Database, Server, free_port


class Inbox:
    """An SMTP server (aiosmtpd) that keeps what it receives."""

    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(email.message_from_bytes(envelope.original_content))
        return "250 Message accepted for delivery"


@pytest.fixture(scope="module")
def mail_server(tmp_path_factory):
    inbox = Inbox()
    smtp = Controller(inbox, hostname="127.0.0.1", port=free_port())
    smtp.start()
    tmp = tmp_path_factory.mktemp("mail")
    db = Database(tmp)
    srv = Server(tmp, db, extra_env={"VDC_SMTP_HOST": "127.0.0.1", "VDC_SMTP_PORT": str(smtp.port),
                                     "VDC_SMTP_SENDER": "shop@example.com"})
    yield srv, inbox.messages
    srv.stop()
    db.drop()
    smtp.stop()


def test_password_reset_mail(mail_server):
    srv, messages = mail_server
    address = f"{unique('m')}@example.com"
    r = httpx.post(srv.url + "/rest/V1/customers", json={"customer": {"email": address, "firstname": "Mia",
                                                                      "lastname": "Ray"}, "password": "Secret-123"})
    assert r.status_code == 200, r.text
    assert messages == []  # no confirmation required: no mail
    r = httpx.put(srv.url + "/rest/V1/customers/password", json={"email": address, "template": "email_reset"})
    assert r.json() is True
    (msg,) = messages
    assert msg["To"] == address and msg["From"] == "shop@example.com"
    assert msg["Subject"] == "Reset your password"
    assert "Your password reset token: " in msg.get_payload(decode=True).decode()
    r = httpx.put(srv.url + "/rest/V1/customers/password", json={"email": f"{unique('n')}@example.com",
                                                                 "template": "email_reset"})
    assert r.json() is True and len(messages) == 1  # nobody to write to


def test_confirmation_mail_carries_the_key(mail_server):
    srv, messages = mail_server
    messages.clear()
    srv.config("customer/create_account/confirm", "1")
    address = f"{unique('m')}@example.com"
    r = httpx.post(srv.url + "/rest/V1/customers", json={"customer": {"email": address, "firstname": "Mia",
                                                                      "lastname": "Ray"}, "password": "Secret-123"})
    assert r.status_code == 200, r.text
    with srv.client(srv.token()) as admin:
        key = admin.get(f"/V1/customers/{r.json()['id']}").json()["confirmation"]
    (msg,) = messages
    assert msg["To"] == address and key in msg.get_payload(decode=True).decode()
