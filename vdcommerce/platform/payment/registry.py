"""The payment-method registry: every method declared in a package's ``etc/config.xml``.

A package declares a method the platform's way, as configuration defaults::

    <default><payment><checkmo>
        <model>vdcommerce.platform.payment.methods:CheckMo</model>
        <active>1</active><title>Check / Money order</title>
    </checkmo></payment></default>

``model`` names a class with a no-argument constructor (interface: ``Method`` below; ``methods.Offline``
is a base with the usual behaviour). ``active`` and ``title`` are read through the request's
configuration.
"""
from __future__ import annotations

import functools
from typing import Any, Protocol

from ...framework.context import Context
from ...framework.packages import load_packages, resolve
from ...webapi.declarations import read_config_defaults
from ..quote.totals import Quote, Total


class Method(Protocol):
    code: str

    def is_available(self, ctx: Context, quote: Quote, total: Total) -> bool:
        """May the cart be paid this way (the method is active)?"""

    def validate(self, ctx: Context, payment: dict[str, Any]) -> None:
        """Refuse incomplete payment data (``{"method", "po_number", "additional_data"}``) with a 400."""


@functools.cache
def methods() -> dict[str, Method]:
    """Declared methods by code, in declaration order; read once per process."""
    found: dict[str, Method] = {}
    for path, ref in read_config_defaults(load_packages()).items():
        section, code, key = path.split("/")
        if section == "payment" and key == "model":
            method = resolve(ref, f"payment/{code}/model")()
            method.code = code
            found[code] = method
    return found


def title(ctx: Context, code: str) -> str:
    return ctx.config_value(f"payment/{code}/title", code)


def available(ctx: Context, quote: Quote, total: Total) -> list[str]:
    """Codes of the methods the cart can be paid with, in declaration order."""
    out = []
    for code, method in methods().items():
        active = str(ctx.config_value(f"payment/{code}/active", "0")).strip().lower() in ("1", "true", "yes", "on")
        if active and method.is_available(ctx, quote, total):
            out.append(code)
    return out
