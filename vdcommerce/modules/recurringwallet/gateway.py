"""The wallet gateway adapter: turns a one-time wallet token into the reference of a reusable credential.

``vendor_recurringwallet/gateway/mode`` names the adapter; ``sandbox`` is the only one shipped. It makes
no network call and answers the same for the same input:

- a token starting with ``declined`` is declined (``None``);
- any other token is accepted: ``ba_`` + the first 24 hex digits of SHA-256(``<method>:<token>``).

A production adapter is a function of the same signature registered in ``ADAPTERS``.
"""
from __future__ import annotations

import hashlib
from decimal import Decimal
from typing import Callable

from ...framework.context import Context

Adapter = Callable[[str, str, Decimal, str], "str | None"]

MODE_PATH = "vendor_recurringwallet/gateway/mode"


def sandbox(method_code: str, wallet_token: str, amount: Decimal, currency: str) -> str | None:
    """The deterministic test-mode gateway (amount and currency are accepted as they are)."""
    if wallet_token.startswith("declined"):
        return None
    digest = hashlib.sha256(f"{method_code}:{wallet_token}".encode()).hexdigest()
    return "ba_" + digest[:24]


ADAPTERS: dict[str, Adapter] = {"sandbox": sandbox}


def validate(ctx: Context, method_code: str, wallet_token: str, amount: Decimal, currency: str) -> str | None:
    """The reference of the reusable credential, or None when the gateway declines the token. An
    unknown mode falls back to the sandbox, so that a typo never sends a request anywhere."""
    mode = str(ctx.config_value(MODE_PATH, "sandbox") or "sandbox")
    return ADAPTERS.get(mode, sandbox)(method_code, wallet_token, amount, currency)
