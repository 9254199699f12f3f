"""Domain events: a package raises one by name, the packages that subscribed run in the same transaction.

Subscriptions are declared in a package's ``etc/events.xml``, in the platform's form::

    <config>
        <event name="sales_order_place_after">
            <observer name="salesrule_usage" instance="vdcommerce.platform.salesrule.observers:count_usage"/>
        </event>
    </config>

``instance`` names a function ``(ctx, **payload) -> None``. Observers run in the order the packages
load (platform first, then modules, alphabetically), and an exception from one aborts the request's
transaction like any other error. The list of events the platform raises is in docs/events.md.
"""
from __future__ import annotations

import functools
from typing import Any, Callable

from .packages import DeclarationError, load_packages, parse_xml, resolve

Observer = Callable[..., None]


@functools.cache
def observers() -> dict[str, tuple[Observer, ...]]:
    """Every package's subscriptions, read once per process."""
    found: dict[str, list[Observer]] = {}
    for package in load_packages():
        path = package.etc("events.xml")
        if path is None:
            continue
        root = parse_xml(path)
        for event in root.findall("event"):
            name = event.get("name")
            if not name:
                raise DeclarationError(f"{path}: <event> without name")
            for obs in event.findall("observer"):
                ref = obs.get("instance")
                if not ref:
                    raise DeclarationError(f"{path}: observer of {name} without instance")
                fn = resolve(ref, f"{path}: event {name}")
                if not callable(fn):
                    raise DeclarationError(f"{path}: event {name}: {ref} is not callable")
                found.setdefault(name, []).append(fn)
    return {k: tuple(v) for k, v in found.items()}


def dispatch(ctx: Any, name: str, **payload: Any) -> None:
    """Raise event ``name``: every observer runs now, inside the caller's transaction."""
    for fn in observers().get(name, ()):
        fn(ctx, **payload)
