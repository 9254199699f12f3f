"""The tax collectors of a cart (quote/totals.py; declared in etc/sales.xml).

``tax_subtotal`` (150) takes the tax out of catalog prices that include it
(``tax/calculation/price_includes_tax``), before cart price rules run, so that they discount the price
without tax; when discounts apply to prices including tax (``tax/calculation/discount_tax``) the
rules see the prices as the catalog gives them and ``tax`` does it instead. ``tax`` (450) runs once
the discount and the shipping are known: each item's and the shipping's tax (calculation.py), the
cart's tax, its amounts including tax, and the ``tax`` segment with one detail per applied tax. A
shop without tax rules skips both after one look-up.
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ...framework.context import Context
from ...framework.data import json_number
from ..quote.totals import ZERO, Address, Item, Quote, Segment, Total
from . import calculation
from .calculation import Applied, Calculator, Setup, price_for_customer, round_cents

_STATE = "tax"            # total.extra key: what tax_subtotal left for tax
APPLIED_TAXES = "applied_taxes"          # the order's extension attributes
ORDER_TAXES = "taxes"
ITEM_TAXES = "tax.item_applied_taxes"    # total.extra: each line's applied taxes, for the order


@dataclass(frozen=True)
class Settings:
    price_includes_tax: bool
    shipping_includes_tax: bool
    apply_after_discount: bool
    discount_tax: bool
    algorithm: str
    cross_border_trade: bool
    based_on: str
    shipping_class: int
    product_class: int
    customer_class: int
    default_country: str | None
    default_region: int
    default_postcode: str
    origin_country: str | None
    origin_region: int
    origin_postcode: str


def _int(value: Any, default: int = 0) -> int:
    try:
        return int(str(value).strip())
    except (TypeError, ValueError):
        return default


def settings(ctx: Context, store_id: int) -> Settings:
    config = ctx.config

    def get(path: str, default: str = "") -> str:
        value = config.get(path, store_id) if config is not None else None
        return default if value is None else str(value)

    def flag(path: str) -> bool:
        return get(path, "0").strip().lower() in ("1", "true", "yes", "on")

    return Settings(
        price_includes_tax=flag("tax/calculation/price_includes_tax"),
        shipping_includes_tax=flag("tax/calculation/shipping_includes_tax"),
        apply_after_discount=flag("tax/calculation/apply_after_discount"),
        discount_tax=flag("tax/calculation/discount_tax"),
        algorithm=get("tax/calculation/algorithm", calculation.TOTAL).strip(),
        cross_border_trade=flag("tax/calculation/cross_border_trade_enabled"),
        based_on=get("tax/calculation/based_on", "shipping").strip(),
        shipping_class=_int(get("tax/classes/shipping_tax_class", "0")),
        product_class=_int(get("tax/classes/default_product_tax_class", "2"), 2),
        customer_class=_int(get("tax/classes/default_customer_tax_class", "3"), 3),
        default_country=get("tax/defaults/country", "US").strip().upper() or None,
        default_region=_int(get("tax/defaults/region", "0")),
        default_postcode=get("tax/defaults/postcode", "*").strip() or "*",
        origin_country=get("shipping/origin/country_id", "US").strip().upper() or None,
        origin_region=_int(get("shipping/origin/region_id", "12")),
        origin_postcode=get("shipping/origin/postcode", "90034").strip() or "*")


def tax_address(quote: Quote, s: Settings) -> tuple[str | None, int, str]:
    """(country, region id, postcode) the rates are looked up for: the shipping address (the billing one
    of a virtual cart), the billing address, or the shop's origin, as ``tax/calculation/based_on`` says;
    the default tax destination while that address has no country."""
    if s.based_on == "origin":
        return s.origin_country, s.origin_region, s.origin_postcode
    address: Address | None
    if s.based_on == "billing" or quote.is_virtual:
        address = quote.billing_address
    else:
        address = quote.shipping_address
    if address is None or not address.country_id:
        return s.default_country, s.default_region, s.default_postcode
    return address.country_id.upper(), address.region_id or 0, (address.postcode or "*").strip() or "*"


def product_class(item: Item, s: Settings) -> int:
    value = item.custom_attributes.get("tax_class_id") if item.custom_attributes else None
    return s.product_class if value in (None, "") else _int(value)


@dataclass
class _Prepared:
    """Each item's price including tax, recomputed for the customer where the rates differ."""
    incl: dict[int, Decimal]


_PRICES = "tax.catalog_prices"


def catalog_price(ctx: Context, quote: Quote, item: Item) -> Decimal:
    """The item's price as the catalog gives it (tax included): the collection turns ``item.price`` into
    the price without tax, and a cart may be collected more than once (passes, a second collection in
    the request), so the first price seen is kept for the request."""
    stash: dict[int, tuple[Item, Decimal]] = ctx.extra.setdefault(_PRICES, {})
    entry = stash.get(id(item))
    if entry is not None and entry[0] is item:
        return entry[1]
    stash[id(item)] = (item, item.price)
    return item.price


def _includes_tax(item: Item, s: Settings) -> bool:
    """Whether the item's price includes tax: catalog prices as the setting says; a line a collector
    added keeps the price it was given, as a price without tax."""
    return s.price_includes_tax and item.added_by is None


def _prepare(ctx: Context, quote: Quote, total: Total, s: Settings, setup: Setup) -> _Prepared:
    """Prices including tax as the customer pays them; the items' price and row total without it."""
    country, region, postcode = tax_address(quote, s)
    customer_class = setup.group_class.get(quote.customer_group_id, s.customer_class)
    incl: dict[int, Decimal] = {}
    for index, item in enumerate(quote.items):
        if not _includes_tax(item, s):
            continue
        klass = product_class(item, s)
        price = round_cents(catalog_price(ctx, quote, item))
        if not s.cross_border_trade:
            _, store_percent = setup.rates_for(s.customer_class, klass, s.origin_country, s.origin_region,
                                               s.origin_postcode)
            _, percent = setup.rates_for(customer_class, klass, country, region, postcode)
            if store_percent != percent:
                price = price_for_customer(price, store_percent, percent)
        incl[index] = price
    return _Prepared(incl)


def _exclude(quote: Quote, total: Total, prepared: _Prepared, s: Settings, setup: Setup) -> None:
    """The items' price and row total without tax, as the rules and the subtotal see them."""
    country, region, postcode = tax_address(quote, s)
    customer_class = setup.group_class.get(quote.customer_group_id, s.customer_class)
    for index, item in enumerate(quote.items):
        if index not in prepared.incl:
            continue
        _, percent = setup.rates_for(customer_class, product_class(item, s), country, region, postcode)
        price_incl = prepared.incl[index]
        row_incl = price_incl * item.qty
        row_tax = round_cents(calculation.calc_tax(row_incl, percent, True))
        item.row_total = row_incl - row_tax
        item.price = round_cents(item.row_total / item.qty) if item.qty else item.row_total
    total.subtotal = sum((i.row_total for i in quote.items), ZERO)


class TaxSubtotal:
    code = "tax_subtotal"

    def collect(self, ctx: Context, quote: Quote, total: Total) -> None:
        setup = calculation.setup(ctx)
        if not setup.rules:
            return
        s = settings(ctx, quote.store_id)
        if not s.price_includes_tax:
            return
        prepared = _prepare(ctx, quote, total, s, setup)
        total.extra[_STATE] = prepared
        if s.discount_tax:
            # the rules discount the price as the customer pays it, tax included
            for index, price in prepared.incl.items():
                item = quote.items[index]
                item.price = price
                item.row_total = round_cents(price * item.qty)
            total.subtotal = sum((i.row_total for i in quote.items), ZERO)
        else:
            _exclude(quote, total, prepared, s, setup)

    def fetch(self, ctx: Context, quote: Quote, total: Total) -> Segment | None:
        return None


class Tax:
    code = "tax"

    def collect(self, ctx: Context, quote: Quote, total: Total) -> None:
        total.tax_amount = ZERO
        setup = calculation.setup(ctx)
        if not setup.rules:
            return
        s = settings(ctx, quote.store_id)
        prepared: _Prepared | None = total.extra.get(_STATE)
        country, region, postcode = tax_address(quote, s)
        customer_class = setup.group_class.get(quote.customer_group_id, s.customer_class)
        calc = Calculator(s.algorithm, s.apply_after_discount)
        amounts: dict[str, tuple[Applied, Decimal]] = {}
        lines: list[tuple[str, int | None, list[tuple[Applied, Decimal]]]] = []
        compensation = ZERO

        def add(applied: list[tuple[Applied, Decimal]]) -> None:
            for a, amount in applied:
                known = amounts.get(a.id)
                amounts[a.id] = (a, amount + (known[1] if known else ZERO))

        for index, item in enumerate(quote.items):
            applied, percent = setup.rates_for(customer_class, product_class(item, s), country, region, postcode)
            includes = _includes_tax(item, s)
            incl = prepared.incl.get(index) if prepared is not None and includes else None
            if incl is None and includes:
                incl = round_cents(catalog_price(ctx, quote, item))
            result = calc.line(f"item{index}", incl if incl is not None else item.price, item.qty,
                               item.discount_amount, applied, percent, includes, incl)
            item.price, item.row_total = result.price, result.row_total
            item.tax_amount, item.tax_percent = result.row_tax, result.tax_percent
            item.price_incl_tax, item.row_total_incl_tax = result.price_incl_tax, result.row_total_incl_tax
            item.discount_tax_compensation_amount = result.discount_tax_compensation
            compensation += result.discount_tax_compensation
            add(result.applied)
            lines.append(("product", item.item_id, result.applied))
        total.subtotal = sum((i.row_total for i in quote.items), ZERO)
        total.subtotal_incl_tax = sum((i.row_total_incl_tax or i.row_total for i in quote.items), ZERO)
        items_tax = sum((i.tax_amount for i in quote.items), ZERO)
        shipping_tax = ZERO
        if not quote.is_virtual and total.shipping_amount:
            applied, percent = ((), ZERO)
            if s.shipping_class:
                applied, percent = setup.rates_for(customer_class, s.shipping_class, country, region, postcode)
            result = calc.line("shipping", total.shipping_amount, Decimal(1), total.shipping_discount_amount,
                               applied, percent, s.shipping_includes_tax)
            total.shipping_amount = result.row_total
            total.shipping_incl_tax = result.row_total_incl_tax
            shipping_tax = result.row_tax
            compensation += result.discount_tax_compensation
            add(result.applied)
            lines.append(("shipping", None, result.applied))
        total.shipping_tax_amount = shipping_tax
        total.tax_amount = items_tax + shipping_tax
        total.discount_tax_compensation_amount = compensation
        details = [(a, amount) for a, amount in amounts.values() if amount]
        total.extension[APPLIED_TAXES] = [applied_tax(a, amount, quote.store_id) for a, amount in details]
        total.extension[ORDER_TAXES] = [order_tax(a, rate, p, amount, process, quote.store_id)
                                        for process, (a, amount) in enumerate(details) for rate, p in a.rates]
        # each line's applied taxes, written out only when an order is placed (extensions.keep_item_taxes)
        total.extra[ITEM_TAXES] = [line for line in lines if line[2]]
        total.extra["tax_details"] = details

    def fetch(self, ctx: Context, quote: Quote, total: Total) -> Segment:
        details = total.extra.get("tax_details") or []
        return Segment("tax", "Tax", total.tax_amount, extension_attributes={"tax_grandtotal_details": [
            {"amount": json_number(amount),
             "rates": [{"percent": _percent_text(p), "title": rate.title(quote.store_id)} for rate, p in a.rates],
             "group_id": n} for n, (a, amount) in enumerate(details, start=1)]})


def _percent_text(value: Decimal) -> str:
    text = format(value.normalize(), "f")
    return text


def applied_tax(a: Applied, amount: Decimal, store_id: int) -> dict[str, Any]:
    """An applied tax as the order shows it (``OrderTaxDetailsAppliedTaxInterface``)."""
    title = a.rates[0][0].title(store_id) if len(a.rates) == 1 else a.id
    return {"code": a.id, "title": title, "percent": json_number(round(a.percent, 4)), "amount": json_number(amount),
            "base_amount": json_number(amount), "extension_attributes": {"rates": [
                {"code": rate.code, "title": rate.title(store_id), "percent": json_number(p)} for rate, p in a.rates]}}


def order_tax(a: Applied, rate: calculation.Rate, percent: Decimal, amount: Decimal, process: int,
              store_id: int) -> dict[str, Any]:
    """One rate of an applied tax as the order keeps it (``OrderTaxInterface``): the applied tax's amount,
    and the rate's share of it as the real amount."""
    real = round_cents(amount * percent / a.percent) if a.percent else ZERO
    return {"code": rate.code, "title": rate.title(store_id), "percent": json_number(percent),
            "amount": json_number(amount), "base_amount": json_number(amount), "base_real_amount": json_number(real),
            "priority": a.priority, "position": a.position, "process": process}
