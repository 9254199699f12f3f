"""The scheduled jobs: points whose expiration date has come are taken off the balances; customers whose
birthday is today earn the birthday rules' points."""
from __future__ import annotations

from ...framework.context import Context
from ...framework.dates import utc_now
from . import points, rules


class Expire:
    def execute(self, ctx: Context) -> None:
        points.expire_due(ctx, utc_now().date())


class Birthday:
    """Customers whose birthday is today earn the active ``birthday`` rules' points, once a year."""

    def execute(self, ctx: Context) -> None:
        rules.birthdays(ctx, utc_now().date())
