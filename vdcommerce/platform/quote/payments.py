"""The payment-method registry: every method declared in a package's ``etc/config.xml``.

It lives with the carts because a cart is what asks which methods may pay it; the payment package
(the platform's five methods) and vendor modules declare methods against the ``Method`` interface here.

A package declares a method the platform's way, as configuration defaults::

    <default><payment><checkmo>
        <model>vdcommerce.platform.payment.methods:CheckMo</model>
        <active>1</active><title>Check / Money order</title>
    </checkmo></payment></default>

``model`` names a class with a no-argument constructor (interface: ``Method`` below; ``payment.methods.Offline``
is a base with the usual behaviour). ``active`` and ``title`` are read through the request's
configuration.
"""
from __future__ import annotations

from typing import Any, Protocol

from ...framework.context import Context
from ...framework.packages import declared_models
from .totals import Quote, Total


class Method(Protocol):
    code: str

    def is_available(self, ctx: Context, quote: Quote, total: Total) -> bool:
        """May the cart be paid this way (the method is active)?"""

    def validate(self, ctx: Context, payment: dict[str, Any]) -> None:
        """Refuse incomplete payment data (``{"method", "po_number", "additional_data"}``) with a 400."""


def methods() -> dict[str, Method]:
    """Declared methods by code, in declaration order."""
    return declared_models("payment")


def title(ctx: Context, code: str) -> str:
    return ctx.config_value(f"payment/{code}/title", code)


def available(ctx: Context, quote: Quote, total: Total) -> list[str]:
    """Codes of the methods the cart can be paid with, in declaration order."""
    out = []
    for code, method in methods().items():
        if ctx.config_flag(f"payment/{code}/active") and method.is_available(ctx, quote, total):
            out.append(code)
    return out
