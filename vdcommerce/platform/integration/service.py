"""Token services and the administration of admin users and integrations."""
from __future__ import annotations

import hashlib
import secrets
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Iterable

import orjson
import pyotp
from sqlalchemy import Connection, func, select

from ...framework.context import ADMIN, CUSTOMER, Service
from ...framework.exceptions import AuthenticationException, InputException, LocalizedException, NoSuchEntityException
from ...framework.passwords import hash_password, verify_dummy, verify_password
from ...settings import get_settings
from ..backpressure.service import limit_of, limited
from ..customer.service import authenticate
from . import lockout, tokens
from .tables import admin_role, admin_user, integration

SIGN_IN_FAILED = ("The account sign-in was incorrect or your account is disabled temporarily. "
                  "Please wait and try again later.")


TOKEN_REQUESTS = "oauth-token"


def admin_name(username: str | None) -> str:
    """An admin user name as it is stored and compared: without surrounding blanks, in lower case (the
    platform's database compares user names without regard to case)."""
    return (username or "").strip().lower()


def _admin_named(username: str) -> Any:
    """The condition that finds the admin user of this name, whatever its spelling (also rows stored
    before names were kept in lower case)."""
    return func.lower(admin_user.c.username) == admin_name(username)


def _require_credentials(username: str, password: str) -> None:
    missing = [InputException.required(name) for name, value in (("username", username), ("password", password))
               if not value]
    if missing:
        raise InputException.aggregate(missing)


def _sign_in_failed() -> AuthenticationException:
    e = AuthenticationException(SIGN_IN_FAILED)
    e.commit = True  # the failure count must survive the error
    return e


class _TokenIssuer(Service):
    lock_type = 0

    def _lock_settings(self) -> tuple[int, int]:
        cfg = self.ctx.config
        return (int(cfg.number("oauth/authentication_lock/max_failures_count", None, 6)) if cfg else 6,
                int(cfg.number("oauth/authentication_lock/timeout", None, 1800)) if cfg else 1800)

    def _guard(self, username: str, password: str) -> None:
        """Both credentials given, and the username not locked (a locked one fails like a wrong password)."""
        _require_credentials(username, password)
        if lockout.is_locked(self.conn, username, self.lock_type):
            verify_dummy(password)
            raise _sign_in_failed()

    def _fail(self, username: str) -> AuthenticationException:
        lockout.record_failure(self.conn, username, self.lock_type, *self._lock_settings())
        return _sign_in_failed()

    def _token_limit(self) -> AbstractContextManager[None]:
        """The back-pressure on token requests: ``oauth/backpressure/limit`` per IP address and period."""
        return limited(self.ctx, TOKEN_REQUESTS, limit_of(self.ctx.config, "oauth/backpressure", "limit", None),
                       by_ip=True)

    def _issue(self, user_type: int, user_id: int) -> str:
        return tokens.issue(self.conn, get_settings().resolved_secret_key(), user_type, user_id,
                            tokens.lifetime(self.ctx.config, user_type))


class AdminTokenService(_TokenIssuer):
    interface = "Magento\\Integration\\Api\\AdminTokenServiceInterface"
    summary = "Admin token service"
    lock_type = lockout.LOCK_ADMIN

    def create_admin_access_token(self, username: str = "", password: str = "") -> str:
        with self._token_limit():
            return self._admin_token(username, password)

    def _admin_token(self, username: str, password: str) -> str:
        # one identity for the sign-in, the failure count and the lock: the name as admin users are stored
        username = admin_name(username) or username
        row = self._check_credentials(username, password)
        lockout.reset(self.conn, username, self.lock_type)
        if self.ctx.config is not None and self.ctx.config.flag(TFA_ENABLED):
            # right credentials, but the token comes only from a provider route
            e = AuthenticationException("Please use the 2fa provider-specific endpoints to obtain a token.",
                                        {"active_providers": tfa_providers(self.ctx.config)})
            e.commit = True
            raise e
        return self._issue(ADMIN, row.user_id)

    def _check_credentials(self, username: str, password: str):
        self._guard(username, password)
        row = self.conn.execute(select(admin_user.c.user_id, admin_user.c.password, admin_user.c.is_active,
                                       admin_user.c.tfa_secret).where(_admin_named(username))).first()
        if row is None:
            verify_dummy(password)
            raise self._fail(username)
        if not verify_password(row.password, password) or not row.is_active:
            raise self._fail(username)
        return row


class GoogleAuthenticate(AdminTokenService):
    """The TOTP provider route of admin two-factor sign-in (on when `twofactorauth/general/enable` is set)."""

    interface = "Magento\\TwoFactorAuth\\Api\\GoogleAuthenticateInterface"
    summary = "Google Authenticator (TOTP) admin sign-in"

    def create_admin_access_token_with_credentials(self, username: str = "", password: str = "", otp: str = "") -> str:
        with self._token_limit():
            return self._admin_token_with_otp(username, password, otp)

    def _admin_token_with_otp(self, username: str, password: str, otp: str) -> str:
        username = admin_name(username) or username
        if self.ctx.config is None or not self.ctx.config.flag(TFA_ENABLED) or "google" not in tfa_providers(self.ctx.config):
            raise NoSuchEntityException("Provider is not allowed.")
        row = self._check_credentials(username, password)
        if not row.tfa_secret or not otp or not pyotp.TOTP(row.tfa_secret).verify(otp, valid_window=1):
            raise self._fail(username)
        lockout.reset(self.conn, username, self.lock_type)
        return self._issue(ADMIN, row.user_id)


TFA_ENABLED = "twofactorauth/general/enable"


def tfa_providers(config) -> list[str]:
    value = config.get("twofactorauth/general/force_providers") or "google"
    return [p.strip() for p in value.split(",") if p.strip()]


class CustomerTokenService(_TokenIssuer):
    interface = "Magento\\Integration\\Api\\CustomerTokenServiceInterface"
    summary = "Customer token service"
    lock_type = lockout.LOCK_CUSTOMER

    def create_customer_access_token(self, username: str = "", password: str = "") -> str:
        with self._token_limit():
            return self._customer_token(username, password)

    def _customer_token(self, username: str, password: str) -> str:
        # one identity for the sign-in, the failure count and the lock: the e-mail as customers are stored
        # (trimmed, lower case), so that no other spelling of a locked address gets past the lock
        username = (username or "").strip().lower() or username
        self._guard(username, password)
        try:
            customer_id = authenticate(self.ctx, username, password)
        except AuthenticationException as e:
            if e.message != SIGN_IN_FAILED:
                raise  # e.g. an unconfirmed account: not a guessing failure
            raise self._fail(username) from None
        lockout.reset(self.conn, username, self.lock_type)
        return self.issue_for(customer_id)

    def issue_for(self, customer_id: int) -> str:
        """A customer token for a known customer (also used by modules that log customers in)."""
        return self._issue(CUSTOMER, customer_id)

    def revoke_customer_access_token(self, customer_id: int) -> bool:
        tokens.revoke(self.conn, CUSTOMER, customer_id)
        return True


# --------------------------------------------------------------------------- administration (CLI)

ALL = "Magento_Backend::all"


ADMIN_PASSWORD_MIN_LENGTH = 7


@dataclass(frozen=True)
class AdminUser:
    """What other packages may read of an admin user (never its password or second factor)."""
    user_id: int
    username: str
    email: str
    is_active: bool


def admin_user_by_id(conn: Connection, user_id: int) -> AdminUser | None:
    """The admin user with this id, or None (for packages that record who did something)."""
    row = conn.execute(select(admin_user.c.user_id, admin_user.c.username, admin_user.c.email,
                              admin_user.c.is_active).where(admin_user.c.user_id == user_id)).first()
    return AdminUser(row.user_id, row.username, row.email, bool(row.is_active)) if row is not None else None


def check_admin_password(password: str) -> None:
    """The platform's rules for admin passwords: 7 characters or more, letters and digits."""
    if len(password) < ADMIN_PASSWORD_MIN_LENGTH:
        raise InputException("Your password must be at least %1 characters.", [ADMIN_PASSWORD_MIN_LENGTH])
    if not (any(c.isalpha() for c in password) and any(c.isdigit() for c in password)):
        raise InputException("Your password must include both numeric and alphabetic characters.")


def create_admin(conn: Connection, username: str, password: str, resources: Iterable[str] | None = None,
                 email: str | None = None) -> int:
    username = admin_name(username)
    if not username or not password:
        raise InputException.required("username" if not username else "password")
    check_admin_password(password)
    if conn.execute(select(admin_user.c.user_id).where(_admin_named(username))).first():
        raise LocalizedException("An admin user named %1 already exists.", [username])
    res = sorted(set(resources)) if resources else [ALL]
    role_id = conn.execute(admin_role.insert().values(role_name=f"role-{username}", resources=orjson.dumps(res).decode())
                           ).inserted_primary_key[0]
    return conn.execute(admin_user.insert().values(username=username, email=email or f"{username}@example.com",
                                                   password=hash_password(password), is_active=True,
                                                   role_id=role_id)).inserted_primary_key[0]


def set_admin_active(conn: Connection, username: str, active: bool) -> None:
    row = conn.execute(select(admin_user.c.user_id).where(_admin_named(username))).first()
    if row is None:
        raise LocalizedException("No admin user named %1.", [username])
    conn.execute(admin_user.update().where(admin_user.c.user_id == row.user_id).values(is_active=active))
    if not active:
        tokens.revoke(conn, ADMIN, row.user_id)


def set_admin_password(conn: Connection, username: str, password: str) -> None:
    row = conn.execute(select(admin_user.c.user_id).where(_admin_named(username))).first()
    if row is None:
        raise LocalizedException("No admin user named %1.", [username])
    check_admin_password(password)
    conn.execute(admin_user.update().where(admin_user.c.user_id == row.user_id).values(password=hash_password(password)))
    tokens.revoke(conn, ADMIN, row.user_id)


def unlock_admin(conn: Connection, username: str) -> bool:
    """Lift the sign-in lock of an admin (``admin:user:unlock``); False when it was not locked."""
    if conn.execute(select(admin_user.c.user_id).where(_admin_named(username))).first() is None:
        raise LocalizedException("No admin user named %1.", [username])
    locked = lockout.is_locked(conn, admin_name(username), lockout.LOCK_ADMIN)
    lockout.reset(conn, admin_name(username), lockout.LOCK_ADMIN)
    return locked


def create_integration(conn: Connection, name: str, resources: Iterable[str] | None = None,
                       email: str | None = None) -> dict[str, str]:
    """A new active integration; returns its four credentials (the access token is shown only here)."""
    if conn.execute(select(integration.c.integration_id).where(integration.c.name == name)).first():
        raise LocalizedException("An integration named %1 already exists.", [name])
    creds = {"consumer_key": secrets.token_hex(16), "consumer_secret": secrets.token_hex(16),
             "access_token": secrets.token_hex(16), "access_token_secret": secrets.token_hex(16)}
    res = sorted(set(resources)) if resources else [ALL]
    iid = conn.execute(integration.insert().values(
        name=name, email=email, status=1, resources=orjson.dumps(res).decode(),
        consumer_key=creds["consumer_key"], consumer_secret=creds["consumer_secret"],
        token_hash=hashlib.sha256(creds["access_token"].encode()).hexdigest(),
        token_secret=creds["access_token_secret"])).inserted_primary_key[0]
    return {"integration_id": str(iid), "name": name, **creds}


def set_admin_tfa_secret(conn: Connection, username: str) -> str:
    """Give an admin a new TOTP secret; returns the otpauth:// URI for an authenticator app."""
    row = conn.execute(select(admin_user.c.user_id).where(_admin_named(username))).first()
    if row is None:
        raise LocalizedException("No admin user named %1.", [username])
    secret = pyotp.random_base32()
    conn.execute(admin_user.update().where(admin_user.c.user_id == row.user_id).values(tfa_secret=secret))
    return pyotp.TOTP(secret).provisioning_uri(name=username, issuer_name="vdcommerce")


def set_integration_status(conn: Connection, name: str, active: bool) -> None:
    res = conn.execute(integration.update().where(integration.c.name == name).values(status=1 if active else 0))
    if res.rowcount == 0:
        raise LocalizedException("No integration named %1.", [name])
