"""The codes a cart carries, and the one way a module changes which codes the coupon routes store.

A cart's ``coupon_code`` holds one code or several joined by ``,`` (no spaces). ``split`` reads such a
text (and a client's ``PUT .../coupons/:couponCode`` value) into its codes: trimmed, empties dropped,
case-insensitive repeats dropped (the first spelling stays), in order. A cart with one code reads as one
code, as before.

``register_filter(fn)``: ``fn(ctx, cart_row, codes) -> codes to store`` decides what ``PUT .../coupons``
stores (a module that lets several codes sit on a cart, with rules of its own on which may go
together). At most one package may register one; a second stops start-up naming both. Without one,
the platform's check applies: the codes are collected on the cart and those a rule accepts are kept.
"""
from __future__ import annotations

from typing import Callable

from ...framework.context import Context
from ...framework.packages import DeclarationError
from . import carts, totals

Filter = Callable[[Context, object, list[str]], list[str]]

_FILTER: list[Filter] = []


def split(text: str | None) -> list[str]:
    """The codes of a stored (or sent) comma-separated list, in order, without empties or repeats."""
    out: list[str] = []
    seen: set[str] = set()
    for part in (text or "").split(","):
        code = part.strip()
        if code and code.lower() not in seen:
            seen.add(code.lower())
            out.append(code)
    return out


def join(codes: list[str]) -> str | None:
    """The stored form of a list of codes (None when empty)."""
    return ",".join(codes) or None


def register_filter(fn: Filter) -> Filter:
    """Let ``fn`` decide which codes the platform's coupon routes store (one package at most)."""
    if _FILTER and _FILTER[0] is not fn:
        raise DeclarationError(f"{fn.__module__}: a coupon filter is registered already by {_FILTER[0].__module__}")
    if not _FILTER:
        _FILTER.append(fn)
    return fn


def registered() -> Filter | None:
    return _FILTER[0] if _FILTER else None


def accepted_on(ctx: Context, row, codes: list[str]) -> list[str]:
    """The codes of ``codes`` the cart's rules accept when the cart carries exactly them, in their
    order (the collection is not saved)."""
    if not codes:
        return []
    quote = carts.pipeline_quote(ctx, carts.Loaded(ctx, row), coupon_code=join(codes))
    total, _ = totals.collect(ctx, quote)
    accepted = {c.lower() for c in split(total.coupon_code)}
    return [c for c in codes if c.lower() in accepted]


def store(ctx: Context, row, codes: list[str]) -> carts.Collected:
    """Keep ``codes`` as the cart's list (replacing it), collect and save the cart."""
    carts.set_fields(ctx, row.id, coupon_code=join(codes))
    return carts.collect_and_save(ctx, row.id)
