"""Customer e-mail (password reset, account confirmation): queued by the request, delivered by the
consumer to a configured SMTP server."""
import httpx
import pytest

from tests.helpers import unique
from tests.helpers.harness import serving
from tests.helpers.mail import Inbox, outbox, wait_for


@pytest.fixture(scope="module")
def mail_server(tmp_path_factory):
    inbox = Inbox().start()
    with serving(tmp_path_factory.mktemp("mail"), extra_env=inbox.server_env()) as srv:
        yield srv, inbox
    inbox.stop()


def test_password_reset_mail(mail_server):
    srv, inbox = mail_server
    address = f"{unique('m')}@example.com"
    r = httpx.post(srv.url + "/rest/V1/customers", json={"customer": {"email": address, "firstname": "Mia",
                                                                      "lastname": "Ray"}, "password": "Secret-123"})
    assert r.status_code == 200, r.text
    with srv.client(srv.token()) as admin:
        assert outbox(admin, to_email=address) == []  # no confirmation required: no mail
        r = httpx.put(srv.url + "/rest/V1/customers/password", json={"email": address, "template": "email_reset"})
        assert r.json() is True
        (msg,) = wait_for(lambda: inbox.to(address), what="the reset mail")
        assert msg["From"] == "shop@example.com"
        assert msg["Subject"] == "Reset your password"
        assert "Your password reset token: " in msg.get_body(("plain",)).get_content()
        nobody = f"{unique('n')}@example.com"
        r = httpx.put(srv.url + "/rest/V1/customers/password", json={"email": nobody, "template": "email_reset"})
        assert r.json() is True and outbox(admin, to_email=nobody) == []  # nobody to write to


def test_confirmation_mail_carries_the_key(mail_server):
    srv, inbox = mail_server
    srv.config("customer/create_account/confirm", "1")
    address = f"{unique('m')}@example.com"
    r = httpx.post(srv.url + "/rest/V1/customers", json={"customer": {"email": address, "firstname": "Mia",
                                                                      "lastname": "Ray"}, "password": "Secret-123"})
    assert r.status_code == 200, r.text
    with srv.client(srv.token()) as admin:
        key = admin.get(f"/V1/customers/{r.json()['id']}").json()["confirmation"]
    (msg,) = wait_for(lambda: inbox.to(address), what="the confirmation mail")
    assert msg["To"] == f"Mia Ray <{address}>" and key in msg.get_body(("plain",)).get_content()
    assert key in msg.get_body(("html",)).get_content()
