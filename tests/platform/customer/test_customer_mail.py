"""Customer e-mail (password reset, account confirmation) through a configured SMTP server."""
import email
import socketserver
import threading

import httpx
import pytest

from conftest import Database, Server, unique


class _Sink(socketserver.StreamRequestHandler):
    """Just enough SMTP to take messages."""

    def handle(self):
        self.wfile.write(b"220 sink\r\n")
        while True:
            line = self.rfile.readline()
            if not line:
                return
            verb = line[:4].upper()
            if verb == b"DATA":
                self.wfile.write(b"354 go on\r\n")
                lines = []
                while (data := self.rfile.readline()) not in (b".\r\n", b""):
                    lines.append(data[1:] if data.startswith(b"..") else data)
                self.server.messages.append(email.message_from_bytes(b"".join(lines)))
                self.wfile.write(b"250 queued\r\n")
            elif verb == b"QUIT":
                self.wfile.write(b"221 bye\r\n")
                return
            else:
                self.wfile.write(b"250 ok\r\n")


@pytest.fixture(scope="module")
def mail_server(tmp_path_factory):
    sink = socketserver.ThreadingTCPServer(("127.0.0.1", 0), _Sink)
    sink.messages = []
    threading.Thread(target=sink.serve_forever, daemon=True).start()
    tmp = tmp_path_factory.mktemp("mail")
    db = Database(tmp)
    srv = Server(tmp, db, extra_env={"VDC_SMTP_HOST": "127.0.0.1", "VDC_SMTP_PORT": str(sink.server_address[1]),
                                     "VDC_SMTP_SENDER": "shop@example.com"})
    yield srv, sink.messages
    srv.stop()
    db.drop()
    sink.shutdown()
    sink.server_close()


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
