"""The outbox: messages written in the request's transaction, delivered by the queue consumer over SMTP."""
import subprocess
import time

import httpx
import pytest

from tests.helpers import new_customer, unique
from tests.helpers.harness import BIN, ROOT, Database, Server, server_fixture
from tests.helpers.mail import Inbox, SilentServer, outbox, wait_for

FAST = {"VDC_MAIL_POLL_SECONDS": "0.2"}


@pytest.fixture(scope="module")
def inbox():
    box = Inbox().start()
    yield box
    box.stop()


@pytest.fixture(scope="module")
def mailer(tmp_path_factory, inbox):
    """A server whose consumer delivers to the inbox, with the store's values set."""
    tmp = tmp_path_factory.mktemp("mailer")
    db = Database(tmp)
    srv = Server(tmp, db, extra_env={**FAST, "VDC_SMTP_HOST": "127.0.0.1", "VDC_SMTP_PORT": str(inbox.port),
                                     "VDC_SMTP_SENDER": "fallback@example.com"})
    srv.config("general/store_information/name", "Luma Outlet")
    srv.config("web/secure/base_url", "https://luma.example.test")
    srv.config("trans_email/ident_general/name", "Luma Team")
    srv.config("trans_email/ident_general/email", "hello@luma.example.test")
    yield srv
    srv.stop()
    db.drop()


@pytest.fixture
def admin_of():
    clients = []

    def make(srv):
        c = srv.client(srv.token())
        clients.append(c)
        return c
    yield make
    for c in clients:
        c.close()


def _one(admin, **filters) -> dict:
    (message,) = outbox(admin, **filters)
    return message


def _status(admin, message_id: int, *wanted: str):
    def probe():
        m = admin.get(f"/V1/vdcommerce/mail/messages/{message_id}").json()
        return m if m["status"] in wanted else None
    return wait_for(probe, what=f"message {message_id} to become {'/'.join(wanted)}")


def test_password_reset_is_queued_then_delivered_with_the_stores_values(mailer, inbox, admin_of):
    admin = admin_of(mailer)
    customer, _ = new_customer(mailer, firstname="Mia", lastname="Ray")
    r = httpx.put(mailer.url + "/rest/V1/customers/password", json={"email": customer["email"],
                                                                    "template": "email_reset"})
    assert r.status_code == 200 and r.json() is True
    queued = _one(admin, entity_type="customer", entity_id=customer["id"])
    assert queued["template_id"] == "customer_password_reset_email_template"
    assert (queued["to_email"], queued["to_name"]) == (customer["email"], "Mia Ray")
    assert (queued["from_email"], queued["from_name"]) == ("hello@luma.example.test", "Luma Team")
    assert queued["store_id"] == 1 and queued["subject"] == "Reset your password"
    assert "Luma Outlet" in queued["body_text"] and "https://luma.example.test/" in queued["body_text"]

    sent = _status(admin, queued["message_id"], "sent", "failed")
    assert sent["status"] == "sent", sent
    assert sent["attempts"] == 1 and sent["last_error"] is None and sent["sent_at"]
    (msg,) = inbox.to(customer["email"])
    assert msg["From"] == "Luma Team <hello@luma.example.test>" and msg["To"] == f"Mia Ray <{customer['email']}>"
    assert msg["Subject"] == "Reset your password" and msg["Message-ID"] and msg["Date"]
    assert msg.get_content_type() == "multipart/alternative"
    text = msg.get_body(("plain",)).get_content()
    html = msg.get_body(("html",)).get_content()
    assert "Luma Outlet" in text and "Your password reset token: " in text
    token = text.split("Your password reset token: ")[1].split()[0]
    assert f"<strong>{token}</strong>" in html and 'href="https://luma.example.test/"' in html
    assert inbox.envelopes[inbox.messages.index(msg)] == ("hello@luma.example.test", [customer["email"]])


def test_a_rolled_back_request_leaves_no_message(mailer, admin_of):
    admin = admin_of(mailer)
    address = f"{unique('n')}@example.com"
    r = admin.post("/V1/vdtest/mail", json={"email": address, "note": "kept?", "fail": True})
    assert r.status_code == 400 and r.json() == {"message": "The note was refused after it was queued."}
    assert outbox(admin, to_email=address) == []
    r = admin.post("/V1/vdtest/mail", json={"email": address, "note": "kept"})
    assert r.status_code == 200
    assert [m["message_id"] for m in outbox(admin, to_email=address)] == [r.json()]


def test_html_is_escaped_and_text_is_not(mailer, inbox, admin_of):
    admin = admin_of(mailer)
    address = f"{unique('h')}@example.com"
    message_id = admin.post("/V1/vdtest/mail", json={"email": address, "note": "<b>Tea</b> & cake"}).json()
    m = admin.get(f"/V1/vdcommerce/mail/messages/{message_id}").json()
    assert (m["entity_type"], m["entity_id"], m["subject"]) == ("vdtest_note", 7, "A note from Luma Outlet")
    assert "Luma Outlet says: &lt;b&gt;Tea&lt;/b&gt; &amp; cake" in m["body_html"]
    assert "Luma Outlet says: <b>Tea</b> & cake" in m["body_text"]
    assert _status(admin, message_id, "sent", "failed")["status"] == "sent"
    (msg,) = inbox.to(address)
    assert "&lt;b&gt;Tea&lt;/b&gt;" in msg.get_body(("html",)).get_content()


def test_a_template_that_breaks_the_sandbox_fails_the_message_not_the_request(mailer, inbox, admin_of):
    admin = admin_of(mailer)
    address = f"{unique('b')}@example.com"
    r = admin.post("/V1/vdtest/mail", json={"email": address, "note": "x", "template": "broken"})
    assert r.status_code == 200
    m = admin.get(f"/V1/vdcommerce/mail/messages/{r.json()}").json()
    assert m["status"] == "failed" and m["attempts"] == 0 and m["next_attempt_at"] is None
    assert "unsafe" in m["last_error"]
    r = admin.post("/V1/vdtest/mail", json={"email": address, "template": "nope"})
    assert r.status_code == 400 and r.json()["parameters"] == {"value": "nope", "fieldName": "template"}
    time.sleep(0.6)  # a few rounds of the sender
    assert inbox.to(address) == []


def test_the_outbox_routes(mailer, admin_of):
    admin = admin_of(mailer)
    address = f"{unique('r')}@example.com"
    first = admin.post("/V1/vdtest/mail", json={"email": address, "note": "one"}).json()
    second = admin.post("/V1/vdtest/mail", json={"email": address, "note": "two"}).json()
    r = admin.get("/V1/vdcommerce/mail/messages", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "to_email",
        "searchCriteria[filter_groups][0][filters][0][value]": address,
        "searchCriteria[sortOrders][0][field]": "message_id",
        "searchCriteria[sortOrders][0][direction]": "DESC", "searchCriteria[pageSize]": "1"})
    assert r.status_code == 200
    body = r.json()
    assert body["total_count"] == 2 and [m["message_id"] for m in body["items"]] == [second]
    assert admin.get(f"/V1/vdcommerce/mail/messages/{first}").json()["body_text"].startswith("Luma Outlet says: one")
    r = admin.get("/V1/vdcommerce/mail/messages/999999")
    assert r.status_code == 404
    assert r.json() == {"message": 'Mail message with specified ID "%1" not found.', "parameters": [999999]}
    assert admin.get("/V1/vdcommerce/mail/messages/abc").status_code == 400
    r = admin.get("/V1/vdcommerce/mail/messages", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "no_such_key",
        "searchCriteria[filter_groups][0][filters][0][value]": "1"})
    assert r.status_code == 400
    _, customer_token = new_customer(mailer)
    with mailer.client(customer_token) as as_customer:
        assert as_customer.get("/V1/vdcommerce/mail/messages").status_code == 401
    assert httpx.get(mailer.url + "/rest/V1/vdcommerce/mail/messages").status_code == 401


def test_the_outbox_gauge_counts_by_status(mailer, admin_of):
    admin = admin_of(mailer)
    address = f"{unique('g')}@example.com"
    message_id = admin.post("/V1/vdtest/mail", json={"email": address, "note": "count me"}).json()
    _status(admin, message_id, "sent")
    sent = len(outbox(admin, status="sent"))
    lines = httpx.get(mailer.url + "/metrics").text.splitlines()
    assert f'vdcommerce_outbox_messages{{status="sent"}} {float(sent)}' in lines
    assert 'vdcommerce_outbox_messages{status="sending"} 0.0' in lines


def test_senders_running_together_deliver_each_message_once(mailer, inbox, admin_of):
    admin = admin_of(mailer)
    address = f"{unique('c')}@example.com"
    notes = [f"note {i}" for i in range(20)]
    ids = [admin.post("/V1/vdtest/mail", json={"email": address, "note": n}).json() for n in notes]
    # the server's consumer and two more senders at once
    senders = [subprocess.Popen([str(BIN), "mail", "send-due"], env=mailer.env, cwd=ROOT, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True) for _ in range(2)]
    for p in senders:
        out, _ = p.communicate(timeout=120)
        assert p.returncode == 0, out
    for message_id in ids:
        _status(admin, message_id, "sent")
    received = sorted(m.get_body(("plain",)).get_content().split(": ", 1)[1].splitlines()[0]
                      for m in inbox.to(address))
    assert received == sorted(notes)  # every one, none twice
    assert {m["attempts"] for m in outbox(admin, to_email=address)} == {1}


# --------------------------------------------------------------------------- a mail server that hangs

@pytest.fixture(scope="module")
def hanging(tmp_path_factory):
    """A server whose mail server accepts connections and never answers (1 s timeout, 3 attempts)."""
    silent = SilentServer().start()
    tmp = tmp_path_factory.mktemp("hanging")
    db = Database(tmp)
    srv = Server(tmp, db, extra_env={**FAST, "VDC_SMTP_HOST": "127.0.0.1", "VDC_SMTP_PORT": str(silent.port),
                                     "VDC_SMTP_TIMEOUT": "1", "VDC_MAIL_MAX_ATTEMPTS": "3",
                                     "VDC_MAIL_RETRY_DELAYS": "1,2"})
    yield srv, silent
    srv.stop()
    db.drop()
    silent.stop()


def test_a_hanging_mail_server_never_holds_a_request(hanging, admin_of):
    srv, silent = hanging
    admin = admin_of(srv)
    customer, _ = new_customer(srv)
    started = time.monotonic()
    r = httpx.put(srv.url + "/rest/V1/customers/password", json={"email": customer["email"],
                                                                "template": "email_reminder"})
    assert r.status_code == 200 and r.json() is True
    assert time.monotonic() - started < 1.0  # it used to wait for the mail server
    message_id = _one(admin, entity_type="customer", entity_id=customer["id"])["message_id"]
    wait_for(lambda: silent.accepted >= 1, what="the sender to connect")
    # while the sender waits on the silent server, other writers go on at once (no write lock is held)
    for _ in range(3):
        started = time.monotonic()
        new_customer(srv)
        assert time.monotonic() - started < 1.0

    retrying = _status(admin, message_id, "failed")
    assert retrying["attempts"] >= 1 and "timed out" in retrying["last_error"]
    final = wait_for(lambda: (m := admin.get(f"/V1/vdcommerce/mail/messages/{message_id}").json())
                     ["next_attempt_at"] is None and m["status"] == "failed" and m,
                     what="the last attempt")
    assert final["attempts"] == 3 and final["sent_at"] is None
    assert "timed out" in final["last_error"]
    assert silent.accepted >= 3
    time.sleep(1.5)
    assert admin.get(f"/V1/vdcommerce/mail/messages/{message_id}").json()["attempts"] == 3  # no more tries


# --------------------------------------------------------------------------- no SMTP host, no consumer

# no SMTP host and no consumer: the outbox fills, `vdcommerce mail send-due` settles it
quiet = server_fixture("quiet", extra_env={"VDC_QUEUE_CONSUMERS": "0"})


def test_without_an_smtp_host_messages_are_skipped_by_send_due(quiet, admin_of):
    admin = admin_of(quiet)
    address = f"{unique('q')}@example.com"
    first = admin.post("/V1/vdtest/mail", json={"email": address, "note": "one"}).json()
    m = admin.get(f"/V1/vdcommerce/mail/messages/{first}").json()
    assert m["status"] == "pending" and m["from_email"] == "shop@example.com" and m["from_name"] == ""
    assert m["subject"] == "A note from Default Store View"  # no store name set: the store view's
    res = quiet.cli("mail", "send-due")
    assert res.stdout.strip() == "1 skipped"
    m = admin.get(f"/V1/vdcommerce/mail/messages/{first}").json()
    assert (m["status"], m["attempts"], m["next_attempt_at"]) == ("skipped", 1, None)
    assert quiet.cli("mail", "send-due").stdout.strip() == "Nothing is due."


def test_disabled_mail_is_skipped_when_queued(quiet, admin_of):
    admin = admin_of(quiet)
    quiet.config("system/smtp/disable", "1", "--scope", "stores", "--code", "default")
    try:
        message_id = admin.post("/V1/vdtest/mail", json={"email": f"{unique('d')}@example.com"}).json()
        m = admin.get(f"/V1/vdcommerce/mail/messages/{message_id}").json()
        assert m["status"] == "skipped" and "disabled" in m["last_error"]
        with quiet.client(quiet.token(), store="all") as in_admin_store:
            other = in_admin_store.post("/V1/vdtest/mail", json={"email": f"{unique('d')}@example.com"}).json()
        assert admin.get(f"/V1/vdcommerce/mail/messages/{other}").json()["status"] == "pending"
    finally:
        quiet.config("system/smtp/disable", "0", "--scope", "stores", "--code", "default")
