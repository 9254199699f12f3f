"""Who is calling: Bearer tokens (admin, customer, integration) and OAuth 1.0a signatures.

A missing, malformed, unknown, expired or revoked credential makes the caller a guest; the route's
ACL then decides.
"""
from __future__ import annotations

import hashlib
from functools import lru_cache
import hmac
import time
from urllib.parse import parse_qsl

import orjson
from sqlalchemy import and_, bindparam, select

from ...framework.db import Query
from ...framework.context import ADMIN, CUSTOMER, GUEST, GUEST_CALLER, INTEGRATION, Caller
from . import oauth, revocation, tokens
from .tables import admin_role, admin_user, integration, oauth_nonce, oauth_token

BEARER_PATH = "oauth/consumer/enable_integration_as_bearer"

# built once: a statement object reused with bound values skips SQLAlchemy's per-call construction
_TOKEN = Query(
    select(oauth_token.c.user_type, oauth_token.c.user_id, oauth_token.c.expires_at, admin_user.c.is_active,
           admin_role.c.resources)
    .select_from(oauth_token
                 .outerjoin(admin_user, and_(oauth_token.c.user_type == ADMIN, admin_user.c.user_id == oauth_token.c.user_id))
                 .outerjoin(admin_role, admin_role.c.role_id == admin_user.c.role_id))
    .where(oauth_token.c.jti_hash == bindparam("h")))
_INTEGRATION = Query(select(integration.c.integration_id, integration.c.status, integration.c.resources)
                .where(integration.c.token_hash == bindparam("h")))


@lru_cache(maxsize=1024)
def resources_of(text: str) -> frozenset[str] | None:
    values = orjson.loads(text)
    if "Magento_Backend::all" in values:
        return None
    return frozenset(values)


_ADMIN_BY_ID = Query(select(admin_user.c.is_active, admin_role.c.resources)
                     .select_from(admin_user.join(admin_role, admin_role.c.role_id == admin_user.c.role_id))
                     .where(admin_user.c.user_id == bindparam("id")))
_INTEGRATION_BY_ID = Query(select(integration.c.status, integration.c.resources)
                           .where(integration.c.integration_id == bindparam("id")))


def caller_by_id(conn, user_type: int | None, user_id: int | None) -> Caller | None:
    """An admin or integration caller as it is now (for work scheduled earlier under its identity):
    None when the admin user or integration is gone or inactive."""
    if user_type == ADMIN:
        row = _ADMIN_BY_ID.first(conn, id=user_id)
        if row is not None and row.is_active:
            return Caller(ADMIN, user_id, resources_of(row.resources))
    elif user_type == INTEGRATION:
        row = _INTEGRATION_BY_ID.first(conn, id=user_id)
        if row is not None and row.status == 1:
            return Caller(INTEGRATION, user_id, resources_of(row.resources))
    return None


class Authenticator:
    """Who a request's credentials name. A worker keeps each bearer token it has checked, with the
    caller it names, for ``VDC_CONFIG_CACHE_SECONDS`` (0: every request checks) or until the host's
    revocation counter moves (revocation.py), so a token in use costs no statement per request."""

    def __init__(self, settings):
        self.secret = settings.resolved_secret_key()
        self.trusted_proxy = settings.trusted_proxy
        self.trust_seconds = settings.config_cache_seconds
        self.revocations = revocation.counter()
        self._verified: dict[str, dict | None] = {}  # token -> payload: a signature is checked once
        # token -> (caller, its expiry (epoch seconds) or None, trusted until (epoch seconds), counter value)
        self._checked: dict[str, tuple[Caller, float | None, float, int]] = {}

    def caller(self, conn, header: str | None, method: str, scope: dict, headers: dict, config=None) -> Caller:
        if not header:
            return GUEST_CALLER
        parts = header.split(" ")
        if len(parts) == 2 and parts[0].lower() == "bearer" and parts[1]:
            return self._bearer(conn, parts[1], config)
        if parts[0].lower() == "oauth":
            return self._oauth(conn, header, method, scope, headers)
        return GUEST_CALLER

    def _bearer(self, conn, token: str, config) -> Caller:
        now = time.time()
        generation = self.revocations.value()
        kept = self._checked.get(token)
        if kept is not None:
            caller, expires, until, seen = kept
            if seen == generation and now < until and (expires is None or now < expires):
                if caller.user_type == INTEGRATION and config is not None and not config.flag(BEARER_PATH):
                    return GUEST_CALLER
                return caller
            del self._checked[token]
        caller, expires = self._check(conn, token, config)
        if caller.user_type != GUEST and self.trust_seconds > 0 and generation is not None:
            if len(self._checked) >= 10_000:
                self._checked.clear()
            self._checked[token] = (caller, expires, now + self.trust_seconds, generation)
        return caller

    def _check(self, conn, token: str, config) -> tuple[Caller, float | None]:
        """The caller a bearer token names now, read from the database, and when the token expires."""
        if token.count(".") == 2:
            payload = self._payload(token)
            if payload is None:
                return GUEST_CALLER, None
            row = _TOKEN.first(conn, h=tokens.jti_hash(payload["jti"]))
            if row is None or row.user_id != payload["uid"] or row.user_type != payload["utypid"]:
                return GUEST_CALLER, None
            if row.expires_at is not None and row.expires_at <= time.time():
                return GUEST_CALLER, None
            if row.user_type == CUSTOMER:
                return Caller(CUSTOMER, row.user_id), row.expires_at
            if not row.is_active or row.resources is None:
                return GUEST_CALLER, None
            return Caller(ADMIN, row.user_id, resources_of(row.resources)), row.expires_at
        # an integration's access token used as a Bearer token
        row = _INTEGRATION.first(conn, h=hashlib.sha256(token.encode()).hexdigest())
        if row is None or row.status != 1 or (config is not None and not config.flag(BEARER_PATH)):
            return GUEST_CALLER, None
        return Caller(INTEGRATION, row.integration_id, resources_of(row.resources)), None

    def _payload(self, token: str) -> dict | None:
        try:
            return self._verified[token]
        except KeyError:
            pass
        payload = tokens.decode(self.secret, token)
        if len(self._verified) >= 10_000:
            self._verified.clear()
        self._verified[token] = payload
        return payload

    def _oauth(self, conn, header: str, method: str, scope: dict, headers: dict) -> Caller:
        params = oauth.parse_header(header)
        if not params or params.get("oauth_version", "1.0") != "1.0":
            return GUEST_CALLER
        key, token, sig = params.get("oauth_consumer_key"), params.get("oauth_token"), params.get("oauth_signature")
        try:
            ts = int(params.get("oauth_timestamp", ""))
        except ValueError:
            return GUEST_CALLER
        nonce = params.get("oauth_nonce")
        if not (key and token and sig and nonce) or abs(time.time() - ts) > 600:
            return GUEST_CALLER
        row = conn.execute(select(integration).where(integration.c.consumer_key == key)).first()
        if row is None or row.status != 1 or row.token_hash != hashlib.sha256(token.encode()).hexdigest():
            return GUEST_CALLER
        scheme = scope.get("scheme", "http")
        if self.trusted_proxy and headers.get("x-forwarded-proto"):
            scheme = headers["x-forwarded-proto"].split(",")[0].strip()
        host = headers.get("host") or "%s:%s" % tuple(scope.get("server") or ("localhost", 80))
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        base = oauth.base_string(method, oauth.base_url(scheme, host, scope.get("raw_path", b"").decode("latin-1").split("?")[0]
                                                          or scope["path"]), query, params)
        expected = oauth.signature(params.get("oauth_signature_method", ""), base, row.consumer_secret, row.token_secret)
        if expected is None or not _same(expected, sig):
            return GUEST_CALLER
        # a nonce is good once within the time window
        conn.execute(oauth_nonce.delete().where(oauth_nonce.c.timestamp < int(time.time()) - 700))
        seen = conn.execute(select(oauth_nonce.c.nonce).where(oauth_nonce.c.nonce == nonce,
                                                              oauth_nonce.c.consumer_key == key)).first()
        if seen is not None:
            return GUEST_CALLER
        conn.execute(oauth_nonce.insert().values(nonce=nonce, consumer_key=key, timestamp=ts))
        return Caller(INTEGRATION, row.integration_id, resources_of(row.resources))


def _same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())
