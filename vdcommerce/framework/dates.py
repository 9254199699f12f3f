"""Times as the services keep them: naive UTC, to the second."""
from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from .exceptions import InputException

if TYPE_CHECKING:
    from .context import Context


def utc_now(ctx: Context | None = None) -> dt.datetime:
    """Now, naive UTC, to the second: ``ctx.now()`` when a context is given (a scheduled job's run time
    under the job clock), else the real clock."""
    if ctx is not None:
        return ctx.now()
    return dt.datetime.now(dt.timezone.utc).replace(tzinfo=None, microsecond=0)


def parse_datetime(value: Any, field_name: str) -> dt.datetime:
    """A time a client sent (ISO 8601, ``YYYY-MM-DD HH:MM:SS``; a date alone is its midnight) as naive
    UTC to the second; anything else is a 400 naming ``field_name``."""
    try:
        t = dt.datetime.fromisoformat(str(value).strip())
    except ValueError:
        raise InputException.invalid_value(field_name, value) from None
    if t.tzinfo is not None:
        t = t.astimezone(dt.timezone.utc).replace(tzinfo=None)
    return t.replace(microsecond=0)
