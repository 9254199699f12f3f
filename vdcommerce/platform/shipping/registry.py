"""The carrier registry: every carrier declared in a package's ``etc/config.xml``.

A package declares a carrier the platform's way, as configuration defaults::

    <default><carriers><flatrate>
        <model>vdcommerce.platform.shipping.carriers:FlatRate</model>
        <active>1</active><title>Flat Rate</title><name>Fixed</name><price>5.00</price>
    </flatrate></carriers></default>

``model`` names a class with a no-argument constructor (the interface: ``Carrier`` below); the other
paths are read through the request's configuration, so ``vdcommerce config set`` switches a carrier on,
renames it or changes its price per scope.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Protocol

from ...framework.context import Context
from ...framework.packages import declared_models
from ..quote.totals import Address, Quote, Total


@dataclass
class Rate:
    """One shipping method a carrier offers for a cart, with its price (after free-shipping rules)."""
    carrier_code: str
    method_code: str
    carrier_title: str
    method_title: str
    amount: Decimal
    extension: dict[str, Any] = field(default_factory=dict)   # module keys of the method's extension_attributes


class Carrier(Protocol):
    code: str

    def rates(self, ctx: Context, quote: Quote, total: Total, address: Address) -> list[Rate]:
        """The methods offered for the cart's items shipped to ``address`` (the carrier is active)."""


def carriers() -> dict[str, Carrier]:
    """Declared carriers by code, in the order the packages declare them."""
    return declared_models("carriers")


def rates(ctx: Context, quote: Quote, total: Total, address: Address) -> list[Rate]:
    """Every active carrier's methods for this cart and address, cheapest first."""
    found: list[Rate] = []
    for code, carrier in carriers().items():
        if ctx.config_flag(f"carriers/{code}/active"):
            found.extend(carrier.rates(ctx, quote, total, address))
    found.sort(key=lambda r: r.amount)   # stable: equal prices keep the declaration order
    return found
