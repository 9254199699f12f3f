"""What tests share, imported as a normal package: ``from tests.helpers import unique``.

``harness`` (servers and databases), ``queue`` (queue servers and consumers), ``quote``, ``sales`` and
``salesrule`` (arrangements of carts, orders and cart price rules), ``media`` (images and upload
bodies). Fixtures stay in the conftest.py files.
"""
from __future__ import annotations

import threading
import uuid
from collections.abc import Callable

import httpx


def at_once(*calls: Callable[[], httpx.Response]) -> list[httpx.Response]:
    """Start the calls at the same instant, each in a thread of its own (a race); their answers in order."""
    barrier = threading.Barrier(len(calls))
    answers: list[httpx.Response | None] = [None] * len(calls)

    def run(i: int) -> None:
        barrier.wait()
        answers[i] = calls[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(a is not None for a in answers), "a racing call raised"
    return answers  # type: ignore[return-value]


def unique(prefix: str = "x") -> str:
    return f"{prefix}{uuid.uuid4().hex[:10]}"


def ok(r: httpx.Response):
    """The JSON of a 200 answer (the answer's text when it is not one)."""
    assert r.status_code == 200, r.text
    return r.json()


def limited_admin(server, *resources: str) -> str:
    """The token of a new admin user whose role grants only ``resources``: written into the server's
    database by the service function ``vdcommerce admin create --resources`` calls, in this process
    (a CLI process per user cost about two seconds), after the same check that every resource id is
    one the server declares."""
    from vdcommerce.platform.integration.service import create_admin

    unknown = set(resources) - _declared_resources(server)
    assert not unknown, f"unknown ACL resource id(s): {sorted(unknown)}"
    username, password = unique("admin-"), "Limited-Passw0rd-1"
    with server.db.engine.begin() as conn:
        create_admin(conn, username, password, resources)
    return server.token(username, password)


_declared: dict[str, frozenset[str]] = {}


def _declared_resources(server) -> frozenset[str]:
    """The ACL resource ids the server's packages declare (``vdcommerce acl``), read once per server."""
    found = _declared.get(server.url)
    if found is None:
        lines = server.cli("acl").stdout.splitlines()
        found = _declared[server.url] = frozenset(line.split()[0] for line in lines if line.strip())
    return found


def new_customer(server, password: str = "Secret-123", **fields) -> tuple[dict, str]:
    """Create a customer through POST /V1/customers; returns (customer, token)."""
    email = fields.pop("email", None) or f"{unique('c')}@example.com"
    body = {"customer": {"email": email, "firstname": "Jane", "lastname": "Doe", **fields}, "password": password}
    r = httpx.post(server.url + "/rest/V1/customers", json=body)
    assert r.status_code == 200, r.text
    return r.json(), server.customer_token(email, password)
