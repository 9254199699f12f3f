"""The scheduled job: points whose expiration date has come are taken off the balances."""
from __future__ import annotations

import datetime as dt

from ...framework.context import Context
from . import points


class Expire:
    def execute(self, ctx: Context) -> None:
        points.expire_due(ctx, dt.date.today())
