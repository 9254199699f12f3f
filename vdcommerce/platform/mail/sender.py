"""Delivering the outbox over SMTP: ``send_due`` (``vdcommerce mail send-due``) sends what is due once;
``run`` is the loop the queue consumer process runs beside its consumer.

A message is claimed in a short write transaction (PostgreSQL: ``FOR UPDATE SKIP LOCKED``; SQLite:
its ``BEGIN IMMEDIATE`` serialises claims) that sets it ``sending``, counts the attempt and gives the
claim a lease; the claim is a conditional UPDATE on the status and attempt count read, so two senders
never both claim one message. The SMTP conversation happens outside any transaction (no database
lock is held while a server is slow), and a second short transaction records the outcome, again
only where the claim still holds. A sender that died mid-delivery leaves its claim to lapse; the
message is then claimed again (delivery is at least once: a server that accepted the message just
before the crash may get it twice).

Outcomes: accepted → ``sent``; any error → ``failed`` with the error and, while attempts are left
(``VDC_MAIL_MAX_ATTEMPTS``), the time of the next one (``VDC_MAIL_RETRY_DELAYS``); no SMTP host set
→ ``skipped`` (logged, as before).
"""
from __future__ import annotations

import datetime as dt
import logging
import smtplib
import ssl
import threading
from collections import Counter
from email.message import EmailMessage
from email.policy import SMTP as SMTP_POLICY
from email.utils import format_datetime, formataddr, make_msgid
from typing import Any

from sqlalchemy import select, update

from ...framework.dates import utc_now as _now
from ...framework import db
from ...settings import Settings, get_settings
from .tables import FAILED, PENDING, SENDING, SENT, SKIPPED
from .tables import mail_message as m

log = logging.getLogger("vdcommerce.mail")

_DUE_STATUSES = (PENDING, FAILED, SENDING)  # a sending row is due again once its claim lapsed



def _due(now: dt.datetime):
    return m.c.status.in_(_DUE_STATUSES), m.c.next_attempt_at.is_not(None), m.c.next_attempt_at <= now


def _lease(s: Settings) -> dt.timedelta:
    """Longer than one SMTP conversation can last (connect, greeting, commands, data)."""
    return dt.timedelta(seconds=s.smtp_timeout * 8 + 30)


def claim(limit: int, s: Settings) -> list[Any]:
    """Claim up to ``limit`` due messages for this sender; their rows as claimed."""
    now = _now()
    with db.transaction(write=False) as conn:  # an idle outbox takes no write lock
        if conn.execute(select(m.c.message_id).where(*_due(now)).limit(1)).first() is None:
            return []
    claimed: list[Any] = []
    with db.transaction() as conn:
        rows = conn.execute(select(m.c.message_id, m.c.status, m.c.attempts).where(*_due(now))
                            .order_by(m.c.message_id).limit(limit).with_for_update(skip_locked=True)).all()
        for r in rows:
            if r.status == SENDING and r.attempts >= s.mail_max_attempts:  # its last attempt never finished
                conn.execute(update(m).where(m.c.message_id == r.message_id, m.c.status == SENDING,
                                             m.c.attempts == r.attempts)
                             .values(status=FAILED, next_attempt_at=None, updated_at=now,
                                     last_error="The last delivery attempt was interrupted."))
                continue
            done = conn.execute(update(m).where(m.c.message_id == r.message_id, m.c.status == r.status,
                                                m.c.attempts == r.attempts)
                                .values(status=SENDING, attempts=r.attempts + 1, next_attempt_at=now + _lease(s),
                                        updated_at=now))
            if done.rowcount == 1:
                claimed.append(r.message_id)
        if not claimed:
            return []
        return list(conn.execute(select(m).where(m.c.message_id.in_(claimed)).order_by(m.c.message_id)).all())


def build(row: Any) -> EmailMessage:
    """The MIME message of a row: text, HTML, or both as ``multipart/alternative``."""
    msg = EmailMessage(policy=SMTP_POLICY)
    msg["From"] = formataddr((row.from_name or "", row.from_email))
    msg["To"] = formataddr((row.to_name or "", row.to_email))
    msg["Subject"] = row.subject
    msg["Date"] = format_datetime(dt.datetime.now(dt.timezone.utc))
    msg["Message-ID"] = make_msgid(domain=row.from_email.rpartition("@")[2] or None)
    if row.body_html is not None:
        if row.body_text is not None:
            msg.set_content(row.body_text)
            msg.add_alternative(row.body_html, subtype="html")
        else:
            msg.set_content(row.body_html, subtype="html")
    else:
        msg.set_content(row.body_text or "")
    return msg


def transmit(msg: EmailMessage, sender: str, recipient: str, s: Settings) -> None:
    """One SMTP conversation; raises on any failure."""
    if s.smtp_security == "ssl":
        smtp: smtplib.SMTP = smtplib.SMTP_SSL(s.smtp_host, s.smtp_port, timeout=s.smtp_timeout,
                                              context=ssl.create_default_context())
    else:
        smtp = smtplib.SMTP(s.smtp_host, s.smtp_port, timeout=s.smtp_timeout)
    with smtp:
        if s.smtp_security == "starttls":
            smtp.starttls(context=ssl.create_default_context())
        if s.smtp_username:
            smtp.login(s.smtp_username, s.smtp_password)
        smtp.send_message(msg, from_addr=sender, to_addrs=[recipient])


def _finish(row: Any, values: dict[str, Any]) -> None:
    """Record an outcome where this sender's claim still holds."""
    with db.transaction() as conn:
        conn.execute(update(m).where(m.c.message_id == row.message_id, m.c.status == SENDING,
                                     m.c.attempts == row.attempts).values(updated_at=_now(), **values))


def deliver(row: Any, s: Settings) -> str:
    """Deliver one claimed message; answers its new status."""
    if not s.smtp_host:
        log.info("mail: message %s to %s not sent (no SMTP host): %s", row.message_id, row.to_email, row.subject)
        _finish(row, {"status": SKIPPED, "next_attempt_at": None, "last_error": "No SMTP host is set."})
        return SKIPPED
    try:
        transmit(build(row), row.from_email, row.to_email, s)
    except Exception as e:  # noqa: BLE001 - every failure is recorded on the message
        error = f"{type(e).__name__}: {e}"[:2000]
        last = row.attempts >= s.mail_max_attempts
        retry_at = None if last else _now() + dt.timedelta(seconds=s.mail_retry_delay(row.attempts))
        log.warning("mail: message %s to %s failed (attempt %s of %s): %s", row.message_id, row.to_email,
                    row.attempts, s.mail_max_attempts, error)
        _finish(row, {"status": FAILED, "next_attempt_at": retry_at, "last_error": error})
        return FAILED
    _finish(row, {"status": SENT, "next_attempt_at": None, "last_error": None, "sent_at": _now()})
    log.info("mail: message %s sent to %s", row.message_id, row.to_email)
    return SENT


def send_due(settings: Settings | None = None, batch: int = 10) -> Counter[str]:
    """Send every message that is due now, once; counts by outcome."""
    s = settings or get_settings()
    outcomes: Counter[str] = Counter()
    while rows := claim(batch, s):
        for row in rows:
            outcomes[deliver(row, s)] += 1
    return outcomes


def run(stop: threading.Event, settings: Settings | None = None) -> None:
    """The mail sender of a consumer process: what is due, every ``VDC_MAIL_POLL_SECONDS``, until ``stop``."""
    s = settings or get_settings()
    log.info("mail: sender started (SMTP %s)", f"{s.smtp_host}:{s.smtp_port}" if s.smtp_host else "not set")
    while True:
        try:
            send_due(s)
        except Exception:  # noqa: BLE001 - the database went away for a moment: look again later
            log.exception("mail: cannot read the outbox; trying again")
        if stop.wait(s.mail_poll_seconds):
            return


def start(stop: threading.Event) -> threading.Thread:
    """``run`` in a thread of its own (daemon: it never holds the process open)."""
    thread = threading.Thread(target=run, args=(stop,), name="mail-sender", daemon=True)
    thread.start()
    return thread
