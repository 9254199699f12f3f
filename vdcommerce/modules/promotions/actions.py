"""The module's cart price rule actions, registered in the platform's discount engine (``engine.ACTIONS``).

The engine selects the rules, orders them and hands each action the items its ``action_condition``
matches; these functions decide which units get what. Lines this module added as gifts never count as
matching units. Discounts an action gives to items outside its matching list (gift lines, the Y products
of "buy X get Y", the units of a product set) are written on those items here and added to the rule's
running result, so totals and the breakdown include them.
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any, Callable

from sqlalchemy import bindparam, select

from ...platform.catalog.service import product_facts, products_by_ids
from ...platform.media import service as media
from ...platform.quote.totals import ZERO, Item, Line, cents
from ...platform.salesrule import engine
from .settings import GIFT_ACTIONS
from .tables import gift_rule, rules_rule

GIFT_CODE = "vdpromo"          # the collector code of gift lines (totals.py)
HUNDRED = Decimal(100)
_SETTINGS = "vdpromotions_settings"


def _number(value: Any, default: Decimal = ZERO) -> Decimal:
    try:
        return Decimal(str(value).strip()) if value not in (None, "") else default
    except InvalidOperation:
        return default


def _settings(run: engine.Run, table: Any, rule_id: int) -> Any:
    """A rule's settings row of ``table`` (read once per collection for the active rules)."""
    cache = run.total.extra.setdefault(_SETTINGS, {})
    key = (table.name, rule_id)
    if key not in cache:
        cache[key] = run.ctx.conn.execute(select(table).where(table.c.salesrule_id == bindparam("id")),
                                          {"id": rule_id}).first()
    return cache[key]


def _give(run: engine.Run, rule: engine.Rule, matched: list[Item], room: list[Decimal],
          wanted: dict[int, Decimal]) -> list[Decimal]:
    """Discounts by item (``id(item)`` -> amount): those of matching items are answered to the engine,
    the others are written on their items here."""
    out = []
    for item, r in zip(matched, room):
        out.append(min(cents(wanted.pop(id(item), ZERO)), r) if r > 0 else ZERO)
    for item in run.quote.items:
        amount = wanted.pop(id(item), None)
        if amount is None:
            continue
        amount = min(cents(amount), max(ZERO, item.row_total - item.discount_amount))
        if amount <= 0:
            continue
        item.discount_amount += amount
        if run.applied is not None:
            run.applied.items_discount += amount
        if rule.rule_id not in item.applied_rule_ids:
            item.applied_rule_ids.append(rule.rule_id)
    return out


# --------------------------------------------------------------------------- Special Promotions

@dataclass
class Unit:
    item: Item
    base: Decimal        # the price the discount is computed from
    price: Decimal       # the price the discount is applied to (what the unit may lose at most)
    limit: Decimal | None = None   # selector 3: the result must not be above this (the special price)


def _regular_prices(run: engine.Run, items: list[Item]) -> dict[int, Decimal]:
    facts = products_by_ids(run.ctx.conn, {i.product_id for i in items})
    return {pid: Decimal(f.price) for pid, f in facts.items()}


def _units(run: engine.Run, items: list[Item], s: Any) -> list[Unit]:
    """The units of ``items`` (gift lines left out), after ``skip_rule``, priced by ``priceselector``."""
    items = [i for i in items if i.added_by != GIFT_CODE and i.qty > 0]
    selector = (s.priceselector if s is not None else None) or 0
    skip = (s.skip_rule if s is not None else None) or 0
    regular = _regular_prices(run, items) if items and (selector in (2, 3) or skip in (1, 3)) else {}
    units: list[Unit] = []
    for item in items:
        reg = regular.get(item.product_id, item.price)
        current = item.price - item.discount_amount / item.qty
        if skip == 1 and item.price < reg:
            continue
        if skip == 3 and current < reg:
            continue
        limit = None
        if selector == 1:
            base, price = current, current
        elif selector == 2:
            base, price = reg, item.price
        elif selector == 3:
            base, price, limit = reg, reg, item.price
        else:
            base, price = item.price, item.price
        units.extend(Unit(item, base, price, limit) for _ in range(int(item.qty)))
    return units


def _ordered(units: list[Unit], descending: bool) -> list[Unit]:
    return sorted(units, key=lambda u: u.base, reverse=descending)


def _kind_discount(kind: str, unit: Unit, amount: Decimal) -> Decimal:
    """One unit's discount: ``perc`` A %, ``fixdisc`` A off, ``fixprice`` the unit costs A."""
    if kind == "perc":
        d = unit.base * min(amount, HUNDRED) / HUNDRED
    elif kind == "fixdisc":
        d = min(amount, unit.base)
    else:
        d = max(unit.base - amount, ZERO)
    return _applied(unit, d)


def _applied(unit: Unit, d: Decimal) -> Decimal:
    """The discount as the unit takes it: never below 0; selector 3 measures from the original price and
    gives nothing when the result stays above the special price."""
    d = max(ZERO, min(d, unit.price))
    if unit.limit is not None:
        result = unit.price - d
        if result > unit.limit:
            return ZERO
        return unit.limit - result
    return d


def _spread(units: list[Unit], amount: Decimal) -> list[Decimal]:
    """``amount`` over ``units`` in proportion to their base prices."""
    total = sum((u.base for u in units), ZERO)
    if total <= 0 or amount <= 0:
        return [ZERO] * len(units)
    return [_applied(u, amount * u.base / total) for u in units]


def _nth(positions: int, step: int, skip: int = 0) -> list[int]:
    """1-based positions skip+step, skip+2*step, ... up to ``positions`` (0-based indexes)."""
    step = max(step, 1)
    return [p - 1 for p in range(skip + step, positions + 1, step)]


def _y_units(run: engine.Run, s: Any, units: list[Unit]) -> tuple[list[Unit], list[Unit]]:
    """(X units: matching units that are not Y, Y units of the whole cart)."""
    skus = {x.strip().lower() for x in (s.promo_skus or "").split(",") if x.strip()} if s is not None else set()
    cats = {x.strip() for x in (s.promo_cats or "").split(",") if x.strip()} if s is not None else set()

    def is_y(item: Item) -> bool:
        return item.sku.lower() in skus or bool(cats.intersection(str(c) for c in item.category_ids))

    x = [u for u in units if not is_y(u.item)]
    y = [u for u in _units(run, run.quote.items, s) if is_y(u.item)]
    return x, y


def _sku_member(sku: str) -> Callable[[Unit], bool]:
    return lambda u: u.item.sku.lower() == sku


def _category_member(category_id: str) -> Callable[[Unit], bool]:
    return lambda u: category_id in (str(x) for x in u.item.category_ids)


def _sets(run: engine.Run, s: Any) -> list[list[Unit]]:
    """The complete product sets of the cart: one unit of every promo SKU (or of every promo category)."""
    units = _units(run, run.quote.items, s)
    skus = [x.strip().lower() for x in (s.promo_skus or "").split(",") if x.strip()] if s is not None else []
    cats = [x.strip() for x in (s.promo_cats or "").split(",") if x.strip()] if s is not None else []
    members: list[Callable[[Unit], bool]]
    if skus:
        members = [_sku_member(k) for k in skus]
    elif cats:
        members = [_category_member(c) for c in cats]
    else:
        return []
    left = _ordered(units, (s.apply_discount_to or "asc") == "desc")
    sets: list[list[Unit]] = []
    while True:
        chosen = []
        for member in members:
            unit = next((u for u in left if member(u) and u not in chosen), None)
            if unit is None:
                return sets
            chosen.append(unit)
        for unit in chosen:
            left.remove(unit)
        sets.append(chosen)


def special(name: str) -> engine.Action:
    """The action function of one Special Promotions action."""

    def action(rule: engine.Rule, items: list[Item], room: list[Decimal]) -> list[Decimal]:
        run = engine.current()
        if run is None:
            return [ZERO] * len(items)
        s = _settings(run, rules_rule, rule.rule_id)
        a, n = rule.discount_amount, rule.discount_step
        descending = name == "themostexpencive" or (
            name != "thecheapest" and s is not None and s.apply_discount_to == "desc")
        units = _ordered(_units(run, items, s), descending)
        given: list[tuple[Unit, Decimal]] = []
        kind = name.rsplit("_", 1)[-1]
        kind = {"disc": "perc", "percent": "perc", "fixed": "fixprice"}.get(kind, kind)
        if name in ("thecheapest", "themostexpencive"):
            k = len(units) // n if n > 0 else 1
            given = [(u, _kind_discount("perc", u, a)) for u in units[:k]]
        elif name == "moneyamount":
            total = sum((u.base for u in units), ZERO)
            amount = min((total // n) * a, total) if n > 0 else ZERO
            given = list(zip(units, _spread(units, amount)))
        elif name.startswith("eachn_"):
            given = [(units[p], _kind_discount(kind, units[p], a)) for p in _nth(len(units), n)]
        elif name.startswith("eachmaftn_"):
            m = int(_number(s.eachm if s is not None else None, Decimal(1))) or 1
            given = [(units[p], _kind_discount(kind, units[p], a)) for p in _nth(len(units), m, n)]
        elif name.startswith("groupn"):
            size = max(n, 1)
            for g in range(len(units) // size):
                group = units[g * size:(g + 1) * size]
                if name == "groupn":
                    base = sum((u.base for u in group), ZERO)
                    given += list(zip(group, _spread(group, max(base - a, ZERO))))
                else:
                    given += [(u, _kind_discount("perc", u, a)) for u in group]
        elif name.startswith("aftern_"):
            given = [(u, _kind_discount(kind, u, a)) for u in units[max(n, 0):]]
        elif name.startswith(("buyxgety_", "buyxgetn_")):
            x, y = _y_units(run, s, units)
            per = int(_number(s.nqty if s is not None else None, Decimal(1))) if name.startswith("buyxgetn_") else 1
            count = (len(x) // max(n, 1)) * per
            given = [(u, _kind_discount(kind, u, a)) for u in _ordered(y, descending)[:count]]
        elif name.startswith("setof_"):
            for chosen in _sets(run, s):
                if name == "setof_percent":
                    given += [(u, _kind_discount("perc", u, a)) for u in chosen]
                else:
                    base = sum((u.base for u in chosen), ZERO)
                    given += list(zip(chosen, _spread(chosen, max(base - a, ZERO))))
        given = [(u, d) for u, d in given if d > 0]
        if rule.discount_qty:
            given = given[:int(rule.discount_qty)]
        cap = _number(s.max_discount if s is not None else None)
        total = sum((d for _, d in given), ZERO)
        if cap > 0 and total > cap:
            given = [(u, d * cap / total) for u, d in given]
        wanted: dict[int, Decimal] = {}
        for u, d in given:
            wanted[id(u.item)] = wanted.get(id(u.item), ZERO) + d
        wanted = {k: cents(v) for k, v in wanted.items()}
        if cap > 0:     # rounding per line must not take the sum over the cap
            over = sum(wanted.values(), ZERO) - cap
            for k in sorted(wanted, key=lambda k: wanted[k], reverse=True):
                if over <= 0:
                    break
                take = min(over, wanted[k])
                wanted[k] -= take
                over -= take
        return _give(run, rule, items, room, wanted)

    return action


SPECIAL_ACTIONS = (
    "thecheapest", "themostexpencive", "moneyamount",
    "eachn_perc", "eachn_fixdisc", "eachn_fixprice",
    "eachmaftn_perc", "eachmaftn_fixdisc", "eachmaftn_fixprice",
    "groupn", "groupn_disc",
    "buyxgety_perc", "buyxgety_fixprice", "buyxgety_fixdisc",
    "buyxgetn_perc", "buyxgetn_fixprice", "buyxgetn_fixdisc",
    "aftern_fixprice", "aftern_disc", "aftern_fixdisc",
    "setof_percent", "setof_fixed",
)


# --------------------------------------------------------------------------- Free Gift

def gift_price(p: Decimal, items_discount: str | None, minimal: Decimal | None) -> Decimal:
    """The price of one gift unit for a product priced ``p``."""
    text = (items_discount or "").strip()
    if not text:
        g = ZERO
    elif text.endswith("%"):
        g = p * (1 - min(_number(text[:-1]), HUNDRED) / HUNDRED)
    elif text.startswith("-"):
        g = max(p - _number(text[1:]), ZERO)
    else:
        g = min(p, _number(text))
    if minimal is not None:
        g = min(max(g, Decimal(minimal)), p)
    return cents(max(g, ZERO))


def _image(product: Any) -> dict[str, str]:
    attrs = product.custom_attributes or {}
    path = attrs.get("thumbnail") or attrs.get("small_image") or attrs.get("image")
    path = path if path and path != "no_selection" else "/placeholder/thumbnail.jpg"
    return {"image_src": media.url("catalog/product/" + str(path).lstrip("/")), "image_alt": product.name,
            "image_width": "75", "image_height": "75"}


def gift(name: str) -> engine.Action:
    """The action function of one Free Gift action."""

    def action(rule: engine.Rule, items: list[Item], room: list[Decimal]) -> list[Decimal]:
        run = engine.current()
        s = _settings(run, gift_rule, rule.rule_id) if run is not None else None
        if run is None or s is None:
            return [ZERO] * len(items)
        skus = [x.strip() for x in (s.sku or "").split(",") if x.strip()]
        choose_one = s.type == 1 and len(skus) > 1
        chosen = {k.lower() for k in skus} if choose_one else set()
        paid = [i for i in items if i.added_by is None and i.sku.lower() not in chosen]
        units = sum((i.qty for i in paid), ZERO)
        n, per = rule.discount_step, int(rule.discount_amount) or 1
        wanted: dict[str, Decimal] = {}        # gift SKU -> units
        if name == "vdpromo_product":
            for i in paid:
                wanted[i.sku] = wanted.get(i.sku, ZERO) + per * (i.qty // max(n, 1))
        else:
            if name in ("vdpromo_items", "vdpromo_eachn"):
                triggers = units // max(n, 1)
            elif name == "vdpromo_cart":
                triggers = Decimal(1) if paid else ZERO
            else:      # vdpromo_spent
                spent = sum((i.row_total for i in paid), ZERO)
                triggers = spent // n if n > 0 else ZERO
            for sku in skus:
                wanted[sku] = wanted.get(sku, ZERO) + per * triggers
        budget = rule.discount_qty
        discounts: dict[int, Decimal] = {}
        for sku, qty in wanted.items():
            if budget is not None:
                qty = min(qty, budget)
                budget -= qty
            if qty <= 0:
                continue
            product = product_facts(run.ctx.conn, sku)
            if product is None or product.status != 1 or not product.is_in_stock:
                continue
            p = Decimal(product.price)
            g = gift_price(p, s.items_discount, s.minimal_items_price)
            key = f"{rule.rule_id}:{product.sku}"
            if choose_one:
                # the customer picks one of the SKUs: up to ``qty`` units of their line are the gift
                left = qty
                for item in run.quote.items:
                    if item.added_by is None and item.sku.lower() == product.sku.lower() and left > 0:
                        take = min(left, item.qty)
                        discounts[id(item)] = discounts.get(id(item), ZERO) + (item.price - min(g, item.price)) * take
                        left -= take
                continue
            run.total.want_line(GIFT_CODE, Line(key=key, product_id=product.id, sku=product.sku, name=product.name,
                                                qty=qty, price=p, product_type=product.type_id,
                                                weight=product.weight, extension={"vdpromo": _image(product)}))
            for item in run.quote.items:
                if item.added_by == GIFT_CODE and item.added_key == key:
                    discounts[id(item)] = (item.price - min(g, item.price)) * min(item.qty, qty)
                    if g == 0 and not s.apply_shipping:
                        item.free_shipping = True
                    if g == 0:
                        item.discount_percent = HUNDRED
        return _give(run, rule, items, room, discounts)

    return action


for _name in SPECIAL_ACTIONS:
    engine.ACTIONS[_name] = special(_name)
for _name in GIFT_ACTIONS:
    engine.ACTIONS[_name] = gift(_name)
