"""Extra fees in carts and orders.

- ``applicable``: the fees that apply to a cart (enabled, for its store view and customer group, their
  address conditions true), each option priced for the cart;
- ``ExtraFeeTotal``: the totals collector (``etc/sales.xml``, sort order 460: after tax, before the
  collectors that pay part of the order) that adds the selected options of the applicable fees as the
  segment ``vendor_extrafee`` and sets the order's ``vdextrafee_*`` extension attributes;
- ``check_required_fees``: an observer of ``checkout_submit_before`` that refuses an order while a
  required fee that applies has no selected option.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import orjson
from sqlalchemy import bindparam, or_, select

from ...framework.context import Context
from ...framework.exceptions import InputException
from ...platform import rule
from ...platform.quote.totals import ZERO, Quote, Segment, Total, cents
from .tables import fee as fee_table
from .tables import fee_group, fee_store, option, quote_fee

CODE = "vendor_extrafee"
TITLE = "Extra Fee"
REQUIRED_FEE = 'Please select an option for the required fee "%1".'
HUNDRED = Decimal(100)
SINGLE = ("dropdown", "radio")

_FEES = (select(fee_table)
         .where(fee_table.c.enabled.is_(True),
                select(fee_store.c.fee_id).where(fee_store.c.fee_id == fee_table.c.entity_id,
                                                 or_(fee_store.c.store_id == 0,
                                                     fee_store.c.store_id == bindparam("store_id"))).exists(),
                select(fee_group.c.fee_id).where(fee_group.c.fee_id == fee_table.c.entity_id,
                                                 fee_group.c.group_id == bindparam("group_id")).exists())
         .order_by(fee_table.c.sort_order, fee_table.c.entity_id))
_OPTIONS = (select(option).where(option.c.fee_id.in_(bindparam("ids", expanding=True)))
            .order_by(option.c.fee_id, option.c.sort_order, option.c.entity_id))
_SELECTION = select(quote_fee.c.fee_id, quote_fee.c.option_id).where(quote_fee.c.quote_id == bindparam("quote_id"))


def labels_of(text: str | None) -> dict[str, str]:
    """The stored labels of an option ({store view id: label})."""
    try:
        value = orjson.loads(text or "{}")
    except orjson.JSONDecodeError:
        return {}
    return value if isinstance(value, dict) else {}


def options_of(conn: Any, fee_ids: list[int]) -> dict[int, list[Any]]:
    """The options of these fees, in their sort order."""
    out: dict[int, list[Any]] = {i: [] for i in fee_ids}
    if fee_ids:
        for row in conn.execute(_OPTIONS, {"ids": fee_ids}):
            out[row.fee_id].append(row)
    return out


def selection(conn: Any, quote_id: int) -> tuple[dict[int, list[int]], set[int]]:
    """A cart's selected options by fee, and the fees offered to it (those with any row)."""
    chosen: dict[int, list[int]] = {}
    offered: set[int] = set()
    for row in conn.execute(_SELECTION, {"quote_id": quote_id}):
        offered.add(row.fee_id)
        if row.option_id is not None:
            chosen.setdefault(row.fee_id, []).append(row.option_id)
    return chosen, offered


@dataclass
class Priced:
    """An option of an applicable fee, priced for the cart."""
    row: Any
    label: str
    amount: Decimal
    tax: Decimal = ZERO


@dataclass
class Applicable:
    """A fee that applies to the cart, its options priced, and what the cart selected of it."""
    row: Any
    options: list[Priced]
    selected: list[int] = field(default_factory=list)

    @property
    def selected_options(self) -> list[Priced]:
        return [o for o in self.options if o.row.entity_id in self.selected]


@dataclass
class State:
    """What the collector found for one collection (``total.extra[CODE]``)."""
    fees: list[Applicable]
    offered: set[int]


def _setting(ctx: Context, own: int | None, path: str) -> bool:
    if own is None or own == 2:
        return bool(int(ctx.config_value(path, 0) or 0))
    return bool(own)


def _qty(quote: Quote, row: Any) -> Decimal:
    """How many times a fixed price is charged: once, or for a per-product fee the quantity of the
    (customer-added) items its product conditions select."""
    if not row.per_product:
        return Decimal(1)
    matches = rule.item_predicate(row.product_conditions_serialized or None)
    return sum((i.qty for i in quote.items if i.added_by is None and matches(i)), Decimal(0))


def _percent_base(ctx: Context, quote: Quote, total: Total, row: Any) -> Decimal:
    base = sum((i.row_total for i in quote.items), ZERO)
    if _setting(ctx, row.discount_in_subtotal, "vendor_extrafee/calculation/discount_in_subtotal"):
        base -= sum((i.discount_amount for i in quote.items), ZERO)
    if not quote.is_virtual and _setting(ctx, row.shipping_in_subtotal,
                                         "vendor_extrafee/calculation/shipping_in_subtotal"):
        base += total.shipping_amount
    return max(base, ZERO)


def price(ctx: Context, quote: Quote, total: Total, fee_row: Any, opt: Any) -> Decimal:
    """One option's amount for this cart, to the cent."""
    value = Decimal(opt.price)
    if opt.price_type == "percent":
        return cents(_percent_base(ctx, quote, total, fee_row) * value / HUNDRED)
    return cents(value * _qty(quote, fee_row))


def applicable(ctx: Context, quote: Quote, total: Total) -> list[Applicable]:
    """The fees that apply to the cart now, with their options priced (no selection yet)."""
    rows = list(ctx.conn.execute(_FEES, {"store_id": quote.store_id, "group_id": quote.customer_group_id}))
    if not rows:
        return []
    cart = None
    fees = []
    for row in rows:
        if row.conditions_serialized:
            cart = cart or rule.cart_context(quote, total)
            if not rule.cart_predicate(row.conditions_serialized)(cart):
                continue
        fees.append(row)
    options = options_of(ctx.conn, [r.entity_id for r in fees])
    store = str(quote.store_id)
    out = []
    for row in fees:
        priced = [Priced(o, labels_of(o.labels).get(store) or o.admin, price(ctx, quote, total, row, o))
                  for o in options[row.entity_id]]
        out.append(Applicable(row, priced))
    return out


class ExtraFeeTotal:
    """The selected fee options of a cart: a total segment of their own, added to the grand total."""
    code = CODE

    def collect(self, ctx: Context, quote: Quote, total: Total) -> None:
        if not quote.items:
            return
        fees = applicable(ctx, quote, total)
        chosen, offered = selection(ctx.conn, quote.id) if fees else ({}, set())
        for fee in fees:
            ids = {o.row.entity_id for o in fee.options}
            fee.selected = [i for i in chosen.get(fee.row.entity_id, []) if i in ids]
            if fee.row.frontend_type in SINGLE:
                fee.selected = [o.row.entity_id for o in fee.options if o.row.entity_id in fee.selected][:1]
        total.extra[CODE] = State(fees, offered)
        lines = [(fee, o) for fee in fees for o in fee.selected_options]
        if not lines:
            return
        amount = sum((o.amount for _, o in lines), ZERO)
        tax = sum((o.tax for _, o in lines), ZERO)
        total.adjustments[self.code] = amount
        if tax:
            total.tax_amount += tax
        labels = ", ".join(o.label for _, o in lines)
        total.extension.update(
            vdextrafee_amount=amount, vdextrafee_base_amount=amount, vdextrafee_tax_amount=tax,
            vdextrafee_labels=labels,
            vdextrafee_fees=[{"fee_id": fee.row.entity_id, "name": fee.row.name,
                              "options": [{"option_id": o.row.entity_id, "label": o.label, "amount": float(o.amount),
                                           "tax": float(o.tax)} for o in fee.selected_options]}
                             for fee in fees if fee.selected])

    def fetch(self, ctx: Context, quote: Quote, total: Total) -> Segment | None:
        if self.code not in total.adjustments:
            return None
        value = total.adjustments[self.code]
        if str(ctx.config_value("vendor_extrafee/tax/display_cart", "excl")) == "incl":
            value += total.extension.get("vdextrafee_tax_amount") or ZERO
        return Segment(self.code, f"{TITLE} ({total.extension['vdextrafee_labels']})", value)


def check_required_fees(ctx: Context, *, quote: Quote, total: Total, **_: Any) -> None:
    """Refuse the order while a required fee that applies to the cart has no selected option."""
    state = total.extra.get(CODE)
    if state is None:
        return
    for fee in state.fees:
        if fee.row.required and fee.options and not fee.selected:
            raise InputException(REQUIRED_FEE, [fee.row.name])
