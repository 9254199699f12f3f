"""When a checked token may no longer be trusted: the host's revocation counter.

Every web worker keeps the tokens it has checked (``auth.Authenticator``). Deleting a token (sign-out,
a password change, a deleted customer), deactivating or changing an admin user, changing a role's
resources or an integration makes every copy stale. Any process of the code base that commits such
a change bumps a counter in ``<VDC_VAR_DIR>/auth.generation`` that every worker on the host reads
before it trusts a copy; a worker also re-checks each copy after ``VDC_CONFIG_CACHE_SECONDS``, for
changes the counter cannot see (another host sharing the database, an edit made directly in SQL).
"""
from __future__ import annotations

from ...framework.counter import SharedCounter
from ...settings import get_settings

#: the tables a checked token depends on
TABLES = ("oauth_token", "admin_user", "authorization_role", "integration")

_counter: SharedCounter | None = None


def counter() -> SharedCounter:
    global _counter
    if _counter is None:
        _counter = SharedCounter(get_settings().var_dir / "auth.generation")
    return _counter


def bump() -> None:
    counter().bump()
