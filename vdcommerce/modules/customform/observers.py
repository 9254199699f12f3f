"""What the custom form module does when the platform acts (etc/events.xml)."""
from __future__ import annotations

import datetime as dt
import json
from typing import Any

from sqlalchemy import bindparam, select, update

from ...framework.context import Context
from ...framework.dates import utc_now
from ...platform.customer.anonymize import DASH, anonymous_email
from .tables import answer

_SCRUB = update(answer).where(answer.c.answer_id == bindparam("b_answer_id"))


def scrub_submission(response_json: str) -> str:
    """The submission with every submitted value replaced by ``-`` (field labels and types stay, so the
    answer still shows which fields were filled in); text that is not a JSON object becomes ``{}``."""
    try:
        values = json.loads(response_json)
    except ValueError:
        return "{}"
    if not isinstance(values, dict):
        return "{}"
    out: dict[str, Any] = {}
    for name, entry in values.items():
        if isinstance(entry, dict):
            out[name] = {**entry, "value": DASH}
        else:
            out[name] = DASH
    return json.dumps(out)


def anonymize_answers(ctx: Context, customer_id: int, keep_since: dt.datetime | None = None, **_: Any) -> None:
    """``customer_anonymize_after``: the customer's answers lose what the customer submitted (each value
    becomes ``-``), the IP address (``0.0.0.0``) and the reply address (the customer's e-mail
    placeholder); the admin's reply, the status and the form stay. Answers created since ``keep_since``
    are kept as they are."""
    mine = select(answer.c.answer_id, answer.c.response_json, answer.c.admin_response_email) \
        .where(answer.c.customer_id == customer_id)
    if keep_since is not None:
        mine = mine.where(answer.c.created_at < keep_since)
    now = utc_now()
    for row in ctx.conn.execute(mine).all():
        ctx.conn.execute(_SCRUB, {
            "b_answer_id": row.answer_id, "ip": "0.0.0.0", "response_json": scrub_submission(row.response_json),
            "admin_response_email": anonymous_email(customer_id) if row.admin_response_email else None,
            "updated_at": now})
