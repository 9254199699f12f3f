"""Which postal codes may pay cash on delivery: the allowed-codes setting and its checks."""
from __future__ import annotations

import re

from ...framework.context import Context

VERIFY = "payment/cashondelivery/postal_code_verification"
ALLOWED = "payment/cashondelivery/allowed_postal_codes"

_RANGE = re.compile(r"(\d+)/(\d+)")


def matches(allowed: str, postal_code: str) -> bool:
    """Is ``postal_code`` one of the allowed entries: an exact (case-sensitive) literal code, or a code
    inside a range ``A/B`` of digits (every number from A to B, zero-padded to the length of A; empty
    when A > B)? Ranges are checked without expanding them."""
    for entry in (e.strip() for e in allowed.split(",")):
        if not entry:
            continue
        bounds = _RANGE.fullmatch(entry)
        if bounds is None:
            if entry == postal_code:
                return True
            continue
        low, high = bounds.groups()
        if postal_code.isascii() and postal_code.isdigit() and int(low) <= int(postal_code) <= int(high) \
                and str(int(postal_code)).zfill(len(low)) == postal_code:
            return True
    return False


def allowed_list(ctx: Context) -> str:
    return str(ctx.config_value(ALLOWED, "") or "")


def is_allowed(ctx: Context, postal_code: str | None) -> bool:
    """The postal-code check for the current store view: always true while verification is off or
    the list is empty; otherwise the code must be listed (no code: not allowed)."""
    if not ctx.config_flag(VERIFY):
        return True
    allowed = allowed_list(ctx)
    if not any(e.strip() for e in allowed.split(",")):
        return True
    return postal_code is not None and matches(allowed, postal_code)
