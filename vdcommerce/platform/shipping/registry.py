"""The carrier registry: every carrier declared in a package's ``etc/config.xml``, and the rate
processors declared in the packages' ``etc/sales.xml``.

A package declares a carrier the platform's way, as configuration defaults::

    <default><carriers><flatrate>
        <model>vdcommerce.platform.shipping.carriers:FlatRate</model>
        <active>1</active><title>Flat Rate</title><name>Fixed</name><price>5.00</price>
    </flatrate></carriers></default>

``model`` names a class with a no-argument constructor (the interface: ``Carrier`` below); the other
paths are read through the request's configuration, so ``vdcommerce config set`` switches a carrier on,
renames it or changes its price per scope.

Once every active carrier has quoted, the declared rate processors see the rates in ascending
``sort_order`` (then name) and may change an amount or a title, add rates, drop rates (hidden: the
method is not offered) or mark one unavailable (``available`` false and an ``error_message``: listed,
but a cart cannot select it)::

    <config><section name="shipping"><group name="rate_processors">
        <item name="vdshiprules" instance="vdcommerce.modules.shiprules.rates:Adjust" sort_order="100"/>
    </group></section></config>

``instance`` names a class with a no-argument constructor (the interface: ``RateProcessor`` below).
Amounts are then rounded to the cent (never below 0) and the rates listed in the platform's carrier
order: by ``carriers/<code>/sort_order``, then as declared; within a carrier cheapest first.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Protocol

from ...framework.context import Context
from ...framework.packages import DeclarationError, declared_models, load_packages, parse_xml, resolve
from ..quote.totals import ZERO, Address, Quote, Total, cents

UNAVAILABLE = ("This shipping method is currently unavailable. If you would like to ship using this shipping "
               "method, please contact us.")


@dataclass
class Rate:
    """One shipping method a carrier offers for a cart, with its price (after free-shipping rules)."""
    carrier_code: str
    method_code: str
    carrier_title: str
    method_title: str
    amount: Decimal
    extension: dict[str, Any] = field(default_factory=dict)   # module keys of the method's extension_attributes
    available: bool = True      # false: listed with ``error_message``, but the cart cannot select it
    error_message: str = ""

    def unavailable(self, message: str = "") -> None:
        """Keep the method listed but refuse it, with the message the shopper sees (a default if empty)."""
        self.available = False
        self.error_message = message or UNAVAILABLE


class Carrier(Protocol):
    code: str

    def rates(self, ctx: Context, quote: Quote, total: Total, address: Address) -> list[Rate]:
        """The methods offered for the cart's items shipped to ``address`` (the carrier is active)."""


class RateProcessor(Protocol):
    def process(self, ctx: Context, quote: Quote, total: Total, address: Address, rates: list[Rate]) -> list[Rate]:
        """The rates that go on: the given ones adjusted in place, some left out, new ones added."""


def carriers() -> dict[str, Carrier]:
    """Declared carriers by code, in the order the packages declare them."""
    return declared_models("carriers")


@functools.cache
def processors() -> tuple[RateProcessor, ...]:
    """Every package's declared rate processors, in ascending sort_order; read once per process."""
    found: list[tuple[int, str, RateProcessor]] = []
    seen: dict[str, str] = {}
    for package in load_packages():
        path = package.etc("sales.xml")
        if path is None:
            continue
        for item in parse_xml(path).findall("section[@name='shipping']/group[@name='rate_processors']/item"):
            name, ref, order = item.get("name"), item.get("instance"), item.get("sort_order")
            if not name or not ref or not (order or "").isdigit():
                raise DeclarationError(f"{path}: rate processor needs name, instance and a numeric sort_order")
            if name in seen:
                raise DeclarationError(f"{path}: rate processor {name} is already declared in {seen[name]}")
            seen[name] = str(path)
            cls: Any = resolve(ref, f"{path}: rate processor {name}")
            instance = cls()
            if not callable(getattr(instance, "process", None)):
                raise DeclarationError(f"{path}: rate processor {name}: {ref} has no process method")
            found.append((int(order), name, instance))
    found.sort(key=lambda t: (t[0], t[1]))
    return tuple(p for _, _, p in found)


def rates(ctx: Context, quote: Quote, total: Total, address: Address) -> list[Rate]:
    """Every active carrier's methods for this cart and address, as the rate processors leave them,
    in carrier order."""
    found: list[Rate] = []
    for code, carrier in carriers().items():
        if ctx.config_flag(f"carriers/{code}/active"):
            found.extend(carrier.rates(ctx, quote, total, address))
    for processor in processors():
        found = list(processor.process(ctx, quote, total, address, found))
    for rate in found:
        rate.amount = max(ZERO, cents(rate.amount))
    return in_carrier_order(ctx, found)


def _number(value: Any) -> float:
    try:
        return float(value) if value not in (None, "") else 0.0
    except (TypeError, ValueError):
        return 0.0


def in_carrier_order(ctx: Context, found: list[Rate]) -> list[Rate]:
    """The platform's order: carriers by their ``carriers/<code>/sort_order`` (empty: 0), then in the
    order they are declared (or first appear); within a carrier cheapest first (stable)."""
    declared = {code: n for n, code in enumerate(carriers())}
    position: dict[str, tuple[float, int]] = {}
    for rate in found:
        code = rate.carrier_code
        if code not in position:
            position[code] = (_number(ctx.config_value(f"carriers/{code}/sort_order")),
                              declared.get(code, len(declared) + len(position)))
    return sorted(found, key=lambda r: (position[r.carrier_code], r.amount))
