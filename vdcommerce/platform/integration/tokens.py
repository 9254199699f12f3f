"""Admin and customer tokens: HS256 JWTs whose ids are recorded server-side.

Only a SHA-256 of each token's ``jti`` is stored, so a copy of the table cannot be replayed; a
token whose ``jti`` is no longer recorded is dead. Revoking deletes every record of the user.
"""
from __future__ import annotations

import hashlib
import secrets
import time

import jwt
from sqlalchemy import Connection, delete

from ...framework.context import ADMIN, CUSTOMER
from .tables import oauth_token

LIFETIME_PATHS = {
    CUSTOMER: "oauth/access_token_expiration_period/customer",
    ADMIN: "oauth/access_token_expiration_period/admin",
}


def jti_hash(jti: str) -> str:
    return hashlib.sha256(jti.encode()).hexdigest()


def issue(conn: Connection, secret: str, user_type: int, user_id: int, lifetime_hours: float | None) -> str:
    now = int(time.time())
    jti = secrets.token_hex(16)
    expires = now + max(1, int(lifetime_hours * 3600)) if lifetime_hours else None
    payload = {"uid": user_id, "utypid": user_type, "iat": now, "jti": jti}
    if expires is not None:
        payload["exp"] = expires
    conn.execute(oauth_token.insert().values(jti_hash=jti_hash(jti), user_type=user_type, user_id=user_id,
                                             created_at=now, expires_at=expires))
    return jwt.encode(payload, secret, algorithm="HS256", headers={"kid": "1"})


def decode(secret: str, token: str) -> dict | None:
    """The payload of a well-signed, unexpired token; None otherwise."""
    try:
        payload = jwt.decode(token, secret, algorithms=["HS256"], options={"require": ["uid", "utypid", "jti"]})
    except jwt.PyJWTError:
        return None
    if not isinstance(payload.get("uid"), int) or payload.get("utypid") not in (ADMIN, CUSTOMER):
        return None
    return payload


def revoke(conn: Connection, user_type: int, user_id: int) -> None:
    conn.execute(delete(oauth_token).where(oauth_token.c.user_type == user_type, oauth_token.c.user_id == user_id))


def lifetime(config, user_type: int) -> float | None:
    value = config.get(LIFETIME_PATHS[user_type]) if config else None
    if value in (None, ""):
        return None
    try:
        hours = float(value)
    except ValueError:
        return None
    return hours if hours > 0 else None
