"""Tax calculation as the platform does it: which rates apply to an item, and how its tax is rounded.

**The setup** (classes' rules, rates and titles, each customer group's tax class) is read once per
process and kept while the worker's configuration snapshot is the same (``VDC_CONFIG_CACHE_SECONDS``,
like every configuration cache); a save or delete of a class, rate or rule drops it at once in the
worker that made it. A shop without tax rules costs a collection one dictionary look-up.

**Rates of an item**: the rules naming the customer's tax class (its customer group's) and the
item's product tax class; of each rule the one rate that matches the tax address best (its country;
its region or every region; its postcode: ``*``, empty, exact, a prefix with ``*``, or a numeric range
``zip_from``..``zip_to``), the more specific first: region, then postcode, then the higher rate.
Rules run by priority (then position, then id). Rates of rules with the same priority are added;
a later priority is compounded on what the earlier ones give (``(100 + so far) × rate / 100``),
unless its rule calculates off the subtotal only (``calculate_subtotal``): then it is added too.
Each priority is one applied tax (its codes joined), with its effective percent.

**Rounding**: amounts are rounded half up to the cent, each through a running delta (the platform's
delta rounding, which starts at 0.000001): per item for ``UNIT_BASE_CALCULATION`` (each unit's tax
rounded, times the quantity) and ``ROW_BASE_CALCULATION`` (each row's tax rounded), across the whole
cart per applied tax for ``TOTAL_BASE_CALCULATION`` (each row's exact tax plus what earlier rows'
rounding left over), so the cart's tax is the rounded sum and not the sum of roundings.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from sqlalchemy import select

from ...framework.context import Context
from ..customer.groups import group_tax_classes
from .tables import rate as rate_t
from .tables import rate_title as title_t
from .tables import rule as rule_t
from .tables import rule_customer_class, rule_product_class, rule_rate

ZERO = Decimal("0")
HUNDRED = Decimal("100")
CENT = Decimal("0.01")
NUDGE = Decimal("0.000001")

UNIT, ROW, TOTAL = "UNIT_BASE_CALCULATION", "ROW_BASE_CALCULATION", "TOTAL_BASE_CALCULATION"


def round_cents(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


# --------------------------------------------------------------------------- the setup

@dataclass(frozen=True)
class Rate:
    id: int
    country: str
    region_id: int
    postcode: str | None
    zip_from: int | None
    zip_to: int | None
    percent: Decimal
    code: str
    titles: dict[int, str]

    def title(self, store_id: int) -> str:
        return self.titles.get(store_id) or self.titles.get(0) or self.code

    def matches(self, country: str | None, region_id: int, postcode: str) -> bool:
        if self.country != country or self.region_id not in (0, region_id):
            return False
        if self.zip_from is not None and self.zip_to is not None:
            number = postcode.split("-", 1)[0].strip() if country == "US" else postcode
            return number.isdigit() and self.zip_from <= int(number) <= self.zip_to
        wanted = (self.postcode or "").strip().upper()
        if wanted in ("", "*"):
            return True
        given = postcode.strip().upper()
        if wanted.endswith("*"):
            return bool(given) and given.startswith(wanted[:-1])
        return given == wanted

    def specificity(self) -> tuple[int, str, Decimal]:
        """The platform's order among a rule's matching rates (the highest first)."""
        return (self.region_id, self.postcode or "", self.percent)


@dataclass(frozen=True)
class Rule:
    id: int
    code: str
    priority: int
    position: int
    calculate_subtotal: bool
    customer_classes: frozenset[int]
    product_classes: frozenset[int]
    rates: tuple[Rate, ...]


@dataclass(frozen=True)
class Applied:
    """One applied tax: the rates of one priority, with their effective percent together."""
    id: str                              # the rates' codes joined
    percent: Decimal
    rates: tuple[tuple[Rate, Decimal], ...]   # each rate with its own percent
    priority: int
    position: int


@dataclass
class Setup:
    rules: tuple[Rule, ...]
    group_class: dict[int, int]
    _memo: dict[Any, tuple[tuple[Applied, ...], Decimal]] = field(default_factory=dict)

    def rates_for(self, customer_class: int, product_class: int, country: str | None, region_id: int,
                  postcode: str) -> tuple[tuple[Applied, ...], Decimal]:
        """The applied taxes of a product class for a customer class at an address, and their total
        percent (remembered per setup: a cart asks the same question for every item)."""
        key = (customer_class, product_class, country, region_id, postcode)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._rates_for(customer_class, product_class, country, region_id, postcode)
        return found

    def _rates_for(self, customer_class: int, product_class: int, country: str | None, region_id: int,
                   postcode: str) -> tuple[tuple[Applied, ...], Decimal]:
        chosen: list[tuple[Rule, Rate]] = []
        for rule in self.rules:
            if customer_class not in rule.customer_classes or product_class not in rule.product_classes:
                continue
            matching = [r for r in rule.rates if r.matches(country, region_id, postcode)]
            if matching:
                chosen.append((rule, max(matching, key=Rate.specificity)))
        applied: list[Applied] = []
        total = ZERO
        current = ZERO
        group: list[tuple[Rule, Rate]] = []
        for i, (rule, rate) in enumerate(chosen):
            current += rate.percent
            group.append((rule, rate))
            following = chosen[i + 1][0] if i + 1 < len(chosen) else None
            if following is not None and following.priority == rule.priority:
                continue
            if rule.calculate_subtotal:
                percent = current
            else:
                percent = (HUNDRED + total) * current / HUNDRED
            total += percent
            applied.append(Applied(id="".join(r.code for _, r in group), percent=percent,
                                   rates=tuple((r, r.percent) for _, r in group), priority=rule.priority,
                                   position=group[0][0].position))
            current, group = ZERO, []
        return tuple(applied), total


_cached: tuple[object, Setup] | None = None


def forget() -> None:
    """The setup changed (a class, rate or rule was saved or deleted): read it again."""
    global _cached
    _cached = None


def setup(ctx: Context) -> Setup:
    """The tax setup as this worker knows it (see the module's docstring)."""
    global _cached
    state = ctx.config
    cached = _cached
    if cached is not None and state is not None and cached[0] is state:
        return cached[1]
    loaded = load(ctx.conn)
    if state is not None:
        _cached = (state, loaded)
    return loaded


def load(conn: Any) -> Setup:
    rules = conn.execute(select(rule_t)).all()
    if not rules:
        return Setup(rules=(), group_class={})
    titles: dict[int, dict[int, str]] = {}
    for row in conn.execute(select(title_t.c.tax_calculation_rate_id, title_t.c.store_id, title_t.c.value)):
        titles.setdefault(row.tax_calculation_rate_id, {})[row.store_id] = row.value
    rates = {row.tax_calculation_rate_id: Rate(
        id=row.tax_calculation_rate_id, country=row.tax_country_id, region_id=row.tax_region_id or 0,
        postcode=row.tax_postcode, zip_from=row.zip_from if row.zip_is_range else None,
        zip_to=row.zip_to if row.zip_is_range else None, percent=Decimal(str(row.rate)), code=row.code,
        titles=titles.get(row.tax_calculation_rate_id, {})) for row in conn.execute(select(rate_t))}
    links: dict[str, dict[int, set[int]]] = {"c": {}, "p": {}, "r": {}}
    for kind, table, column in (("c", rule_customer_class, "customer_tax_class_id"),
                                ("p", rule_product_class, "product_tax_class_id"),
                                ("r", rule_rate, "tax_calculation_rate_id")):
        for row in conn.execute(select(table.c.tax_calculation_rule_id, table.c[column])):
            links[kind].setdefault(row[0], set()).add(row[1])
    built = [Rule(id=r.tax_calculation_rule_id, code=r.code, priority=r.priority, position=r.position,
                  calculate_subtotal=bool(r.calculate_subtotal),
                  customer_classes=frozenset(links["c"].get(r.tax_calculation_rule_id, ())),
                  product_classes=frozenset(links["p"].get(r.tax_calculation_rule_id, ())),
                  rates=tuple(rates[i] for i in sorted(links["r"].get(r.tax_calculation_rule_id, ())) if i in rates))
             for r in rules]
    built.sort(key=lambda r: (r.priority, r.position, r.id))
    return Setup(rules=tuple(built), group_class=group_tax_classes(conn))


# --------------------------------------------------------------------------- one item's tax

@dataclass
class ItemTax:
    """What the calculation gives one taxable line (a product row or the shipping)."""
    price: Decimal                       # unit price excluding tax
    price_incl_tax: Decimal
    row_total: Decimal                   # excluding tax
    row_total_incl_tax: Decimal          # before any discount
    row_tax: Decimal                     # after the discount when tax applies after it
    tax_percent: Decimal
    discount_tax_compensation: Decimal
    applied: list[tuple[Applied, Decimal]]   # each applied tax with its amount on this line


def calc_tax(price: Decimal, percent: Decimal, includes_tax: bool) -> Decimal:
    """The tax in ``price`` (``includes_tax``) or on it, unrounded."""
    rate = percent / HUNDRED
    if includes_tax:
        return price * (1 - 1 / (1 + rate))
    return price * rate


class Calculator:
    """One cart's calculation: keeps the rounding deltas between its lines."""

    def __init__(self, algorithm: str, apply_after_discount: bool):
        self.algorithm = algorithm if algorithm in (UNIT, ROW, TOTAL) else TOTAL
        self.after_discount = apply_after_discount
        self.deltas: dict[tuple[str, str], Decimal] = {}

    def _round(self, amount: Decimal, key: str, kind: str, line: str) -> Decimal:
        """Round with the running delta of ``kind`` for ``key`` (an applied tax or a percent): per
        line under unit and row base, across the cart under total base."""
        if not amount:
            return amount
        scope = kind if self.algorithm == TOTAL else kind + line
        delta = self.deltas.get((scope, key), NUDGE)
        amount += delta
        rounded = round_cents(amount)
        self.deltas[(scope, key)] = amount - rounded
        return rounded

    def line(self, line: str, unit_price: Decimal, qty: Decimal, discount: Decimal,
             applied: tuple[Applied, ...], percent: Decimal, includes_tax: bool,
             price_incl_tax: Decimal | None = None) -> ItemTax:
        """The tax of one line. ``unit_price`` is as the catalog gives it (including tax when
        ``includes_tax``; then ``price_incl_tax`` may carry the price recomputed for the customer's
        rate); ``discount`` the line's discount (positive)."""
        if includes_tax:
            return self._incl(line, price_incl_tax if price_incl_tax is not None else round_cents(unit_price),
                              qty, discount, applied, percent)
        return self._excl(line, round_cents(unit_price), qty, discount, applied, percent)

    def _excl(self, line: str, price: Decimal, qty: Decimal, discount: Decimal, applied: tuple[Applied, ...],
              percent: Decimal) -> ItemTax:
        taxes: list[tuple[Applied, Decimal]] = []
        before_total = after_total = ZERO
        if self.algorithm == UNIT:
            for a in applied:
                before_kind = a.id if self.after_discount else "regular"
                unit_before = self._round(calc_tax(price, a.percent, False), a.id, before_kind, line)
                unit_after = unit_before
                if self.after_discount:
                    taxable = max(price - (discount / qty if qty else ZERO), ZERO)
                    unit_after = self._round(calc_tax(taxable, a.percent, False), a.id, "regular", line)
                taxes.append((a, unit_after * qty))
                before_total += unit_before
                after_total += unit_after
            price_incl = price + before_total
            return ItemTax(price=price, price_incl_tax=price_incl, row_total=price * qty,
                           row_total_incl_tax=price_incl * qty, row_tax=after_total * qty, tax_percent=percent,
                           discount_tax_compensation=ZERO, applied=taxes)
        row_total = price * qty
        for a in applied:
            before_kind = "before_discount" if self.after_discount else "regular"
            row_before = self._round(calc_tax(row_total, a.percent, False), a.id, before_kind, line)
            row_after = row_before
            if self.after_discount:
                taxable = max(row_total - discount, ZERO)
                row_after = self._round(calc_tax(taxable, a.percent, False), a.id, "regular", line)
            taxes.append((a, row_after))
            before_total += row_before
            after_total += row_after
        row_incl = row_total + before_total
        return ItemTax(price=price, price_incl_tax=round_cents(row_incl / qty) if qty else price,
                       row_total=row_total, row_total_incl_tax=row_incl, row_tax=after_total, tax_percent=percent,
                       discount_tax_compensation=ZERO, applied=taxes)

    def _incl(self, line: str, price_incl: Decimal, qty: Decimal, discount: Decimal, applied: tuple[Applied, ...],
              percent: Decimal) -> ItemTax:
        key = str(percent)
        before_kind = "before_discount" if self.after_discount else "regular"
        compensation = ZERO
        if self.algorithm == UNIT:
            unit_tax = self._round(calc_tax(price_incl, percent, True), key, before_kind, line)
            price = price_incl - unit_tax
            if self.after_discount:
                taxable = max(price_incl - (discount / qty if qty else ZERO), ZERO)
                unit_after = self._round(calc_tax(taxable, percent, True), key, "regular", line)
                compensation = (unit_tax - unit_after) * qty
                unit_tax = unit_after
            row_tax = unit_tax * qty
            row_total, row_incl = price * qty, price_incl * qty
        else:
            row_incl = price_incl * qty
            row_tax = self._round(calc_tax(row_incl, percent, True), key, before_kind, line)
            row_total = row_incl - row_tax
            price = round_cents(row_total / qty) if qty else row_total
            if self.after_discount:
                taxable = max(row_incl - discount, ZERO)
                row_after = self._round(calc_tax(taxable, percent, True), key, "regular", line)
                compensation = row_tax - row_after
                row_tax = row_after
        return ItemTax(price=price, price_incl_tax=price_incl, row_total=row_total, row_total_incl_tax=row_incl,
                       row_tax=row_tax, tax_percent=percent, discount_tax_compensation=compensation,
                       applied=split(row_tax, percent, applied))


def split(row_tax: Decimal, percent: Decimal, applied: tuple[Applied, ...]) -> list[tuple[Applied, Decimal]]:
    """A line's tax shared among its applied taxes by their percents, to the cent (the last one takes
    what rounding leaves, so the parts add up to the whole)."""
    shown = [a for a in applied if a.percent]
    if not shown or not percent:
        return []
    out: list[tuple[Applied, Decimal]] = []
    left = row_tax
    for i, a in enumerate(shown):
        amount = left if i == len(shown) - 1 else round_cents(row_tax * a.percent / percent)
        out.append((a, amount))
        left -= amount
    return out


def price_for_customer(store_price_incl: Decimal, store_percent: Decimal, customer_percent: Decimal) -> Decimal:
    """A price including the store's tax, recomputed with the customer's rate (when the rates differ and
    cross-border trade is off)."""
    excl = store_price_incl - calc_tax(store_price_incl, store_percent, True)
    return round_cents(excl + calc_tax(excl, customer_percent, False))
