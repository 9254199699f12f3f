"""The sales package's declared extension points: refund handlers and order list filters.

A package (a platform package or a vendor module) declares them in its ``etc/sales.xml``, beside its
totals collectors::

    <config>
        <section name="sales">
            <group name="refund_handlers">
                <item name="vdstorecredit" instance="vdcommerce.modules.storecredit.refund:refund" sort_order="100"/>
            </group>
            <group name="list_filters">
                <item name="orderarchive" instance="vdcommerce.modules.orderarchive.lists:hide_archived"/>
            </group>
        </section>
    </config>

**Refund handlers** give part of a refund back through their module (store credit, a gift card's
balance, reward points). ``instance`` names a function ``(ctx, refund: Refund) -> Decimal | None``,
called inside the refund's transaction once the credit memo is written, in ``sort_order``; it answers
the amount it gave back (recorded on the credit memo under the item's ``name``) or raises a
``LocalizedException`` to refuse the refund with a 400 (nothing of the refund is kept). An item with
``store_credit="true"`` keeps a customer balance: a module's ``service.refund_order(...,
to_store_credit=X)`` hands it X as ``Refund.to_store_credit``.

**List filters** take orders (and their invoices, shipments and credit memos) out of the lists:
``GET /V1/orders``, ``/V1/invoices``, ``/V1/shipments``, ``/V1/creditmemos`` and the customer's order
list (``service.customer_orders``). ``instance`` names a function
``(ctx, kind, order_id) -> condition | None``: ``kind`` is ``order``, ``invoice``, ``shipment`` or
``creditmemo``, ``order_id`` the SQL column holding the order's id in that list, and the answer a SQL
condition the listed rows must meet (None: no condition for this list and caller). Reads by id are
not filtered, except the customer's (``service.customer_order``).

Both are read once per process, when first needed; a broken declaration stops the service, naming
the file.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Protocol

from sqlalchemy import ColumnElement

from ...framework.context import Context
from ...framework.packages import DeclarationError, load_packages, parse_xml, resolve

KINDS = ("order", "invoice", "shipment", "creditmemo")


@dataclass(frozen=True)
class Refund:
    """What a refund handler is told about the credit memo being written."""
    order_id: int
    increment_id: str                   # the order's
    customer_id: int | None
    store_id: int
    creditmemo_id: int
    invoice_id: int | None              # set when an invoice is refunded (POST /V1/invoice/:id/refund)
    grand_total: Decimal                # what the credit memo pays back of the money paid
    items: dict[int, Decimal]           # order item id -> quantity refunded
    last: bool                          # nothing is left to refund on the order after this one
    adjustments: dict[str, Decimal]     # the order's module amounts (totals collectors' codes)
    returned: Decimal                   # what this handler gave back on the order's earlier credit memos
    arguments: dict[str, Any] = field(default_factory=dict)  # arguments.extension_attributes as sent
    # what a module's refund puts into the customer's store credit (``service.refund_order(...,
    # to_store_credit=...)``); told only to handlers declared with store_credit="true", 0 otherwise
    to_store_credit: Decimal = Decimal(0)


class RefundHandler(Protocol):
    def __call__(self, ctx: Context, refund: Refund) -> Decimal | None: ...


class ListFilter(Protocol):
    def __call__(self, ctx: Context, kind: str, order_id: ColumnElement[Any]) -> ColumnElement[bool] | None: ...


def _items(group: str) -> list[tuple[int, str, Any, str, bool]]:
    """(sort order, name, function, file, store_credit) of every package's ``sales/<group>`` items."""
    found: list[tuple[int, str, Any, str, bool]] = []
    seen: dict[str, str] = {}
    for package in load_packages():
        path = package.etc("sales.xml")
        if path is None:
            continue
        for item in parse_xml(path).findall(f"section[@name='sales']/group[@name='{group}']/item"):
            name, ref, order = item.get("name"), item.get("instance"), item.get("sort_order", "0")
            if not name or not ref or not order.isdigit():
                raise DeclarationError(f"{path}: a {group} item needs a name, an instance and a numeric sort_order")
            if name in seen:
                raise DeclarationError(f"{path}: {group} item {name} is already declared in {seen[name]}")
            seen[name] = str(path)
            fn = resolve(ref, f"{path}: {group} item {name}")
            if not callable(fn):
                raise DeclarationError(f"{path}: {group} item {name}: {ref} is not callable")
            flag = (item.get("store_credit") or "false").strip().lower()
            if flag not in ("true", "false", "1", "0"):
                raise DeclarationError(f"{path}: {group} item {name}: store_credit must be true or false")
            found.append((int(order), name, fn, str(path), flag in ("true", "1")))
    found.sort(key=lambda t: (t[0], t[1]))
    return found


@functools.cache
def refund_handlers() -> tuple[tuple[str, RefundHandler], ...]:
    """(code, handler) of every declared refund handler, in sort order."""
    return tuple((name, fn) for _, name, fn, _, _ in _items("refund_handlers"))


@functools.cache
def store_credit_handlers() -> frozenset[str]:
    """The codes of the refund handlers declared with ``store_credit="true"`` (they keep a customer
    balance, and take ``Refund.to_store_credit``)."""
    return frozenset(name for _, name, _, _, credit in _items("refund_handlers") if credit)


@functools.cache
def list_filters() -> tuple[ListFilter, ...]:
    return tuple(fn for _, _, fn, _, _ in _items("list_filters"))


def list_conditions(ctx: Context, kind: str, order_id: ColumnElement[Any]) -> list[ColumnElement[bool]]:
    """The conditions the declared list filters put on a list of ``kind``."""
    out = []
    for fn in list_filters():
        condition = fn(ctx, kind, order_id)
        if condition is not None:
            out.append(condition)
    return out
