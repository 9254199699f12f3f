"""Mail servers for the mail tests: a real SMTP server (aiosmtpd) that keeps what it receives, one that
accepts connections and never answers, and waiting on the outbox and the inbox."""
from __future__ import annotations

import email
import email.policy
import socket
import threading
import time
from typing import Any, Callable

from aiosmtpd.controller import Controller

from .harness import free_port


class Inbox:
    """An SMTP server (aiosmtpd on 127.0.0.1) keeping each message it accepts, with its envelope."""

    def __init__(self) -> None:
        self.messages: list[email.message.EmailMessage] = []
        self.envelopes: list[tuple[str, list[str]]] = []
        self.controller = Controller(self, hostname="127.0.0.1", port=free_port())

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(email.message_from_bytes(envelope.original_content, policy=email.policy.default))
        self.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos)))
        return "250 Message accepted for delivery"

    @property
    def port(self) -> int:
        return self.controller.port

    def server_env(self) -> dict[str, str]:
        """The settings of a test server that delivers its mail here (the consumer polls every 0.2 s)."""
        return {"VDC_SMTP_HOST": "127.0.0.1", "VDC_SMTP_PORT": str(self.port), "VDC_SMTP_SENDER": "shop@example.com",
                "VDC_MAIL_POLL_SECONDS": "0.2"}

    def start(self) -> "Inbox":
        self.controller.start()
        return self

    def stop(self) -> None:
        self.controller.stop()

    def to(self, address: str) -> list[email.message.EmailMessage]:
        return [m for m in self.messages if m["To"].addresses[0].addr_spec == address]


class SilentServer:
    """Accepts TCP connections on 127.0.0.1 and never says a word (a mail server that hangs)."""

    def __init__(self) -> None:
        self.sock = socket.create_server(("127.0.0.1", free_port()))
        self.port = self.sock.getsockname()[1]
        self.accepted = 0
        self._held: list[socket.socket] = []
        self._thread = threading.Thread(target=self._accept, daemon=True)

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.accepted += 1
            self._held.append(conn)

    @property
    def held(self) -> list[socket.socket]:
        """The server's ends of the connections it accepted, in order."""
        return list(self._held)

    def start(self) -> "SilentServer":
        self._thread.start()
        return self

    def stop(self) -> None:
        self.sock.close()
        for conn in self._held:
            conn.close()


def wait_for(probe: Callable[[], Any], timeout: float = 30.0, what: str = "the condition") -> Any:
    """Poll ``probe`` until it answers something true; that answer."""
    deadline = time.monotonic() + timeout
    while True:
        value = probe()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


def outbox(admin, **filters: Any) -> list[dict]:
    """The outbox's messages matching ``filters`` (key=value, ANDed), through the admin route."""
    params: dict[str, Any] = {}
    for i, (key, value) in enumerate(filters.items()):
        params[f"searchCriteria[filter_groups][{i}][filters][0][field]"] = key
        params[f"searchCriteria[filter_groups][{i}][filters][0][value]"] = str(value)
    r = admin.get("/V1/vdcommerce/mail/messages", params=params)
    assert r.status_code == 200, r.text
    return r.json()["items"]
