"""Sending mail without blocking: ``enqueue`` renders a declared template with the store's values and
writes the message to the outbox (``mail_message``) in the caller's transaction; the mail sender of
the queue consumer delivers it later (sender.py). Nothing here opens a network connection.

Rendering happens here, at enqueue time: the message keeps the store's name, address and sender as
they were when the request ran, and what an integrator reads on the outbox routes is exactly what is
(or will be) delivered.
"""
from __future__ import annotations

import functools
import logging
from typing import Any

from sqlalchemy import Connection, Select, insert, update

from ...framework.dates import utc_now as _now
from ...framework.context import ConfigReader, Context
from ...framework.packages import load_packages, read_config_defaults
from ...framework.repository import Repository
from ...framework.search import SearchCriteria
from ...settings import get_settings
from ..store import service as scopes
from .api import MessageInterface, MessageSearchResultsInterface
from .tables import FAILED, PENDING, SKIPPED, mail_message
from .templates import templates

log = logging.getLogger("vdcommerce.mail")

SENDERS = ("general", "sales", "support", "custom1", "custom2")
STORE_NAME = "general/store_information/name"
BASE_URL = "web/secure/base_url"
DISABLED = "system/smtp/disable"

_INSERT = insert(mail_message)



@functools.cache
def _defaults() -> dict[str, str]:
    return read_config_defaults(load_packages())


def _config_of(conn: Connection) -> ConfigReader:
    """The configuration outside a request (a command, a scheduled job): read once for this call."""
    from ..config.service import load_state
    return load_state(conn, _defaults())


def store_values(conn: Connection, config: ConfigReader, store_id: int, sender: str = "general") -> dict[str, Any]:
    """What every template may use: the store's name, address and code, and the sender identity
    (``trans_email/ident_<sender>/name|email``; no address there: ``VDC_SMTP_SENDER``)."""
    view = scopes.store_view(conn, store_id)
    name = (config.get(STORE_NAME, store_id) or "").strip() or (view.name if view else "")
    url = (config.get(BASE_URL, store_id) or "").strip() or get_settings().base_url
    return {
        "store_id": store_id, "store_code": view.code if view else "", "store_name": name,
        "store_url": url.rstrip("/") + "/" if url else "",
        "sender_name": (config.get(f"trans_email/ident_{sender}/name", store_id) or "").strip(),
        "sender_email": (config.get(f"trans_email/ident_{sender}/email", store_id) or "").strip()
        or get_settings().smtp_sender,
    }


def enqueue(ctx_or_conn: Context | Connection, template_id: str, *, to: str, name: str = "",
            variables: dict[str, Any] | None = None, store_id: int | None = None, sender: str = "general",
            entity_type: str | None = None, entity_id: int | None = None) -> int:
    """Write a message of template ``template_id`` to ``to`` (``name``) into the outbox, in the
    caller's transaction (a rolled-back request leaves no message); answers its ``message_id``.

    ``variables`` are the template's own; the store's values (``store_values``) come with them, for
    ``store_id`` (default: the request's store view). ``sender`` is the identity code the From comes
    from. ``entity_type``/``entity_id`` name what the message concerns (``order``, 12), for the
    outbox routes' filters. With ``system/smtp/disable`` on for the store the message is kept as
    ``skipped``; a template that fails to render is kept as ``failed`` with the error (the caller's
    request still succeeds)."""
    if template_id not in templates():
        raise ValueError(f"no mail template {template_id!r} is declared")
    if sender not in SENDERS:
        raise ValueError(f"no sender identity {sender!r}")
    to = to.strip()
    if not 3 <= len(to) <= 255 or "@" not in to or any(c.isspace() for c in to):
        raise ValueError(f"not an e-mail address: {to!r}")  # the caller checks what it was given first
    if isinstance(ctx_or_conn, Context):
        conn = ctx_or_conn.conn
        config = ctx_or_conn.config or _config_of(conn)
        store = ctx_or_conn.store_id if store_id is None else store_id
    else:
        conn, config, store = ctx_or_conn, _config_of(ctx_or_conn), store_id or 0
    values = store_values(conn, config, store, sender)
    now = _now()
    row: dict[str, Any] = {
        "template_id": template_id, "store_id": store, "entity_type": entity_type, "entity_id": entity_id,
        "from_email": values["sender_email"][:255], "from_name": values["sender_name"][:255], "to_email": to,
        "to_name": (name or "")[:255], "status": PENDING, "attempts": 0, "next_attempt_at": now, "created_at": now,
        "updated_at": now,
    }
    try:
        subject, row["body_text"], row["body_html"] = templates()[template_id].render({**values, **(variables or {})})
        row["subject"] = subject[:998]
    except Exception as e:  # noqa: BLE001 - a template's fault never fails the request that sends it
        log.exception("mail: template %s failed to render", template_id)
        row.update(subject="", status=FAILED, next_attempt_at=None, last_error=f"Template error: {e}")
    if row["status"] == PENDING and config.flag(DISABLED, store):
        row.update(status=SKIPPED, next_attempt_at=None, last_error="E-mail communications are disabled "
                                                                      f"({DISABLED}).")
    inserted = conn.execute(_INSERT, row).inserted_primary_key
    assert inserted is not None
    message_id = inserted[0]
    log.info("mail: %s to %s queued as message %s (%s)", template_id, row["to_email"], message_id, row["status"])
    return int(message_id)


def forget(conn: Connection, entity_type: str, entity_ids: Select | list[int], email: str) -> None:
    """Take the personal data out of the messages about these records (a customer, their orders):
    the recipient becomes ``email``, the name and the bodies are emptied, and what was still waiting
    is never sent. The package that owns the records calls it when it anonymises them."""
    mine = (mail_message.c.entity_type == entity_type) & mail_message.c.entity_id.in_(entity_ids)
    conn.execute(update(mail_message).where(mine & (mail_message.c.status == PENDING))
                 .values(status=SKIPPED, next_attempt_at=None, last_error="The recipient was anonymised."))
    conn.execute(update(mail_message).where(mine).values(to_email=email, to_name="", body_text=None, body_html=None,
                                                         updated_at=_now()))


# --------------------------------------------------------------------------- the outbox routes

class MessageRepository(Repository[MessageInterface, MessageSearchResultsInterface]):
    """The outbox, read-only: what was (or will be) mailed, with its delivery status."""

    interface = "Vdcommerce\\Mail\\Api\\MessageRepositoryInterface"
    summary = "Outgoing mail messages"
    table = mail_message
    data = MessageInterface
    results = MessageSearchResultsInterface
    not_found = 'Mail message with specified ID "%1" not found.'

    def get_by_id(self, message_id: int) -> MessageInterface:
        return self.get_record(message_id)

    def get_list(self, search_criteria: SearchCriteria) -> MessageSearchResultsInterface:
        return self.list_records(search_criteria)
