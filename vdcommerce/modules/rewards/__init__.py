r"""Reward Points (`Vendor\Rewards`): customers earn points by earning rules and spend them on their
carts as money off; balances, history and expiry (docs/modules/rewards.md)."""
from . import checkout, service, tables  # noqa: F401
