r"""Promo Countdown (`Vendor\PromoCountdown`): the seconds left until a running promotion ends, counted
on the server's clock in the store's timezone (docs/modules/promocountdown.md)."""
from . import service  # noqa: F401
