"""The ``vdstrates`` carrier: one rate per applicable method, priced from the method's rate rows.

The platform calls ``TableRates.rates`` whenever it collects shipping rates for a cart address
(estimates, shipping methods, shipping information, totals, placing the order) and the carrier is
active for the cart's store view (``carriers/vdstrates/active``, on by default).

How a cart is priced (docs/modules/shippingtablerates.md):

- the cart's shippable items (not virtual, not made free to ship by a cart price rule) are grouped by
  their product's shipping type (``vd_shipping_type``, 0 when unset): value after discount, weight and
  units per type;
- each specific type is priced with its own items' figures, highest type first; the items no specific
  type priced (and no free type of the method covers) are priced by the "All" rows;
- a row matches when the destination (country, region, city, postcode) and the figures fall in its
  conditions; the rows are found by SQL on the method, type, country and region (an index) and the
  numeric ranges, so a table of any size costs a few index lookups per estimate; of the matches the
  most specific row wins, then the dearest;
- the per-type costs combine by the method's ``select_rate`` (sum, maximum, minimum), are kept
  within ``min_rate`` / ``max_rate``, and become 0 when a cart price rule frees the shipment and
  ``vendor_shippingtablerates/general/allow_promo`` is on.
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import and_, bindparam, or_, select

from ...framework.data import digits
from ...framework.context import Context
from ...framework.db import Query
from ...platform.quote.totals import ZERO, Address, Item, Quote, Total, cents
from ...platform.shipping.registry import UNAVAILABLE, Rate
from .importer import NO_LIMIT, SHIPPING_TYPE_ATTRIBUTE, numeric_part, postcode_key
from .tables import method as method_t
from .tables import method_label as label_t
from .tables import rate as rate_t

CODE = "vdstrates"
ANY_TYPE = "0"
SUM, MAXIMUM, MINIMUM = 0, 1, 2
HUNDRED = Decimal(100)

_METHODS = Query(select(method_t).where(method_t.c.is_active == 1).order_by(method_t.c.id))
_LABELS = (select(label_t).where(label_t.c.method_id.in_(bindparam("ids", expanding=True)),
                                      label_t.c.store_id == bindparam("store_id")))
_MATCH = (select(
    rate_t.c.method_id, rate_t.c.country, rate_t.c.state, rate_t.c.zip_kind, rate_t.c.shipping_type,
    rate_t.c.price_from, rate_t.c.price_to, rate_t.c.weight_from, rate_t.c.weight_to, rate_t.c.qty_from,
    rate_t.c.qty_to, rate_t.c.cost_base, rate_t.c.cost_percent, rate_t.c.cost_product, rate_t.c.cost_weight,
    rate_t.c.time_delivery, rate_t.c.name_delivery,
).where(
    rate_t.c.method_id.in_(bindparam("methods", expanding=True)),
    rate_t.c.shipping_type.in_(bindparam("types", expanding=True)),
    rate_t.c.country.in_(bindparam("countries", expanding=True)),
    rate_t.c.state.in_(bindparam("states", expanding=True)),
    or_(rate_t.c.city_key == "", rate_t.c.city_key == bindparam("city")),
    or_(rate_t.c.zip_kind == 0,
        and_(rate_t.c.zip_kind == 1, rate_t.c.num_zip_from <= bindparam("zip_num"),
             rate_t.c.num_zip_to >= bindparam("zip_num")),
        and_(rate_t.c.zip_kind == 2, rate_t.c.zip_key == bindparam("zip_key"))),
    rate_t.c.price_from <= bindparam("value"), rate_t.c.price_to >= bindparam("value"),
    rate_t.c.weight_from <= bindparam("weight"), rate_t.c.weight_to >= bindparam("weight"),
    rate_t.c.qty_from <= bindparam("qty"), rate_t.c.qty_to >= bindparam("qty"),
))


@dataclass
class Figures:
    value: Decimal = ZERO
    weight: Decimal = ZERO
    qty: Decimal = ZERO

    def add(self, item: Item) -> None:
        self.value += item.row_total - item.discount_amount
        self.weight += (item.weight or ZERO) * item.qty
        self.qty += item.qty

    def key(self) -> tuple[Decimal, Decimal, Decimal]:
        return self.value, self.weight, self.qty


@dataclass
class Priced:
    cost: Decimal
    time_delivery: str
    name_delivery: str


def shipping_type(item: Item) -> str:
    value = item.custom_attributes.get(SHIPPING_TYPE_ATTRIBUTE)
    text = str(value).strip() if value is not None else ""
    return text if text and text != "0" else ANY_TYPE


def _type_order(code: str) -> tuple[int, int | str]:
    return (0, int(code)) if digits(code) else (1, code)


def _ids(text: str | None) -> set[str]:
    return {p.strip() for p in (text or "").split(",") if p.strip()}


def _is_any_range(low: Decimal, high: Decimal) -> bool:
    return Decimal(low) <= 0 and Decimal(high) >= NO_LIMIT


def _specificity(row: Any) -> int:
    """How many conditions of the row are "any" (fewer: more specific)."""
    anys = int(row.shipping_type in ("", ANY_TYPE)) + int(row.country in ("", "0")) + int(row.state in ("", "0"))
    anys += int(_is_any_range(row.price_from, row.price_to)) + int(_is_any_range(row.weight_from, row.weight_to))
    anys += int(_is_any_range(row.qty_from, row.qty_to)) + int(row.zip_kind == 0)
    return anys


def row_cost(row: Any, figures: Figures) -> Decimal:
    if not figures.value and not figures.qty and not figures.weight:
        return ZERO
    return (Decimal(row.cost_base) + figures.value * Decimal(row.cost_percent) / HUNDRED
            + figures.qty * Decimal(row.cost_product) + figures.weight * Decimal(row.cost_weight))


class TableRates:
    """The carrier (``carriers/vdstrates/model``)."""
    code = CODE

    def rates(self, ctx: Context, quote: Quote, total: Total, address: Address) -> list[Rate]:
        items = [i for i in quote.items if not i.is_virtual]
        if not items:
            return []
        conn = ctx.conn
        group = str(quote.customer_group_id or 0)
        store = str(quote.store_id)
        methods = [m for m in _METHODS.all(conn)
                   if (not _ids(m.stores) or store in _ids(m.stores))
                   and (not _ids(m.cust_groups) or group in _ids(m.cust_groups))]
        found = self._price(ctx, quote, items, address, methods) if methods else {}
        title = ctx.config_value(f"carriers/{CODE}/title", "") or ""
        out: list[Rate] = []
        if found:
            labels = {r.method_id: r for r in conn.execute(_LABELS, {"ids": list(found), "store_id": quote.store_id})}
            promo = total.free_shipping and ctx.config_flag("vendor_shippingtablerates/general/allow_promo")
            for m in methods:
                priced = found.get(m.id)
                if priced is None:
                    continue
                cost = priced.cost
                if m.max_rate and Decimal(m.max_rate) > 0 and cost > Decimal(m.max_rate):
                    cost = Decimal(m.max_rate)
                if m.min_rate and Decimal(m.min_rate) > 0 and cost < Decimal(m.min_rate):
                    cost = Decimal(m.min_rate)
                if promo:
                    cost = ZERO
                label = labels.get(m.id)
                name = (label.label if label is not None and label.label else None) or m.name or ""
                comment = (label.comment if label is not None and label.comment else None) or m.comment or ""
                name = name.replace("{day}", priced.time_delivery).replace("{name}", priced.name_delivery)
                out.append(Rate(CODE, f"{CODE}{m.id}", title, name, cents(cost),
                                extension={"vdstartes_comment": comment}))
        if not out and ctx.config_flag(f"carriers/{CODE}/showmethod"):
            rate = Rate(CODE, CODE, title, "", ZERO)
            rate.unavailable(ctx.config_value(f"carriers/{CODE}/specificerrmsg", "") or UNAVAILABLE)
            out.append(rate)
        return out

    # --- pricing

    def _price(self, ctx: Context, quote: Quote, items: list[Item], address: Address,
               methods: list[Any]) -> dict[int, Priced]:
        travelling = [i for i in items if not i.free_shipping]
        if not travelling:   # everything ships free
            return {m.id: Priced(ZERO, "", "") for m in methods}
        by_type: dict[str, list[Item]] = {}
        for item in travelling:
            by_type.setdefault(shipping_type(item), []).append(item)
        specific = sorted((t for t in by_type if t != ANY_TYPE), key=_type_order, reverse=True)
        if ctx.config_flag("vendor_shippingtablerates/general/dont_split") and len(by_type) > 1:
            specific = []   # a type-specific rate only when one type covers the whole cart
        free = {m.id: _ids(m.free_types) for m in methods}
        dest = self._destination(address)
        # the specific types: one query each, for every method that does not ship the type free
        per_type: dict[str, dict[int, tuple[Decimal, Any]]] = {}
        for t in specific:
            figures = self._figures(by_type[t])
            ids = [m.id for m in methods if t not in free[m.id]]
            if ids:
                per_type[t] = self._best(ctx, dest, ids, [t], figures)
        # what each method still has to price with its "All" rows, grouped by the figures
        results: dict[int, list[tuple[Decimal, Any]]] = {m.id: [] for m in methods}
        rest_of: dict[tuple[Decimal, Decimal, Decimal], tuple[Figures, list[int]]] = {}
        for m in methods:
            rest = Figures()
            left = False
            for t, its in by_type.items():
                if t in free[m.id]:
                    continue
                hit = per_type.get(t, {}).get(m.id)
                if hit is not None:
                    results[m.id].append(hit)
                    continue
                left = True
                for item in its:
                    rest.add(item)
            if left:
                rest_of.setdefault(rest.key(), (rest, []))[1].append(m.id)
        hidden: set[int] = set()
        any_hits: dict[int, tuple[Decimal, Any]] = {}
        for figures, ids in rest_of.values():
            hits = self._best(ctx, dest, ids, ["", ANY_TYPE], figures)
            any_hits.update(hits)
            hidden.update(i for i in ids if i not in hits)
        out: dict[int, Priced] = {}
        for m in methods:
            if m.id in hidden:
                continue
            parts = results[m.id] + ([any_hits[m.id]] if m.id in any_hits else [])
            if not parts:   # every item ships free with this method
                out[m.id] = Priced(ZERO, "", "")
                continue
            if m.select_rate == MAXIMUM:
                cost, row = max(parts, key=lambda p: p[0])
            elif m.select_rate == MINIMUM:
                cost, row = min(parts, key=lambda p: p[0])
            else:
                cost, row = sum((p[0] for p in parts), ZERO), parts[-1][1]
            out[m.id] = Priced(cost, row.time_delivery or "", row.name_delivery or "")
        return out

    @staticmethod
    def _figures(items: list[Item]) -> Figures:
        figures = Figures()
        for item in items:
            figures.add(item)
        return figures

    @staticmethod
    def _destination(address: Address) -> dict[str, Any]:
        country = (address.country_id or "").upper()
        region = str(address.region_id) if address.region_id else None
        postcode = address.postcode or ""
        return {"countries": [country, "", "0"] if country else ["", "0"],
                "states": [region, "", "0"] if region else ["", "0"],
                "city": (address.city or "").strip().lower() or "\x00",
                "zip_num": numeric_part(postcode) if postcode and any(c.isdigit() for c in postcode) else -1,
                "zip_key": postcode_key(postcode) or "\x00"}

    @staticmethod
    def _best(ctx: Context, dest: dict[str, Any], method_ids: list[int], types: list[str],
              figures: Figures) -> dict[int, tuple[Decimal, Any]]:
        """Per method, the cost of its chosen matching row (most specific, then dearest) and the row."""
        best: dict[int, tuple[tuple[int, Decimal], Decimal, Any]] = {}
        rows = ctx.conn.execute(_MATCH, {"methods": method_ids, "types": types, "value": figures.value,
                                         "weight": figures.weight, "qty": figures.qty, **dest})
        for row in rows:
            cost = row_cost(row, figures)
            rank = (-_specificity(row), cost)
            current = best.get(row.method_id)
            if current is None or rank > current[0]:
                best[row.method_id] = (rank, cost, row)
        return {mid: (cost, row) for mid, (_, cost, row) in best.items()}
