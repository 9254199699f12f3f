"""Password hashes: Argon2id (argon2-cffi), the current recommendation."""
from __future__ import annotations

from functools import lru_cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError


@lru_cache(maxsize=1)
def _hasher() -> PasswordHasher:
    from ..settings import get_settings
    s = get_settings()
    return PasswordHasher(time_cost=s.password_hash_time_cost, memory_cost=s.password_hash_memory_kib, parallelism=1)


def hash_password(password: str) -> str:
    return _hasher().hash(password)


def verify_password(stored: str | None, password: str) -> bool:
    if not stored:
        return False
    try:
        return _hasher().verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


# a hash to verify against when the user does not exist, so both cases take the same time
_DUMMY: list[str] = []


def verify_dummy(password: str) -> None:
    if not _DUMMY:
        _DUMMY.append(hash_password("dummy-password-for-timing"))
    verify_password(_DUMMY[0], password)
