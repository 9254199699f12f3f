"""The countdown service: how many seconds of a promotion are left, by the server's clock.

The widget renders a promotion's start and end as timestamps and asks how much of it remains, so a
shopper's wrong clock cannot show a wrong countdown. "Now" is the current UTC timestamp moved by the
store's GMT offset in force at this moment (``general/locale/timezone``; UTC when unset or unknown), the
way the timestamps the widget sends were made.
"""
from __future__ import annotations

import datetime as dt
import time
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ...framework.context import Service

TIMEZONE = "general/locale/timezone"


def gmt_offset(name: str, at: float) -> int:
    """The offset in seconds of the timezone ``name`` at the UTC timestamp ``at`` (0 for an unknown zone)."""
    try:
        zone = ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return 0
    offset = dt.datetime.fromtimestamp(at, zone).utcoffset()
    return int(offset.total_seconds()) if offset is not None else 0


def seconds_left(start: int, end: int, now: int) -> int:
    """What remains of a promotion running from ``start`` to ``end`` at ``now``; 0 outside it."""
    if start - now <= 0 and end - now > 0:
        return end - now
    return 0


class DateDifference(Service):
    interface = "Vendor\\PromoCountdown\\Api\\Service\\DateDifferenceInterface"
    summary = "Seconds left of a running promotion"

    def get_difference(self, start: int, end: int) -> int:
        utc = time.time()
        name = str(self.ctx.config_value(TIMEZONE, "UTC") or "UTC")
        now = int(utc) + gmt_offset(name, utc)
        return seconds_left(start, end, now)
