"""The test module's shipping rules: a rate processor driven by condition trees.

A rule names a carrier, a cart condition tree (``conditions_serialized``, the serialized form) and what
it does to that carrier's rates while the tree holds for the cart: ``surcharge`` adds ``amount``,
``hide`` drops them, ``disable`` keeps them listed but unavailable with ``error_message``, ``add``
offers one more method of that carrier (code ``rule<id>``) at ``amount``. Its product tree route
answers the SKUs a product tree selects in the catalog.
"""
from __future__ import annotations

from decimal import Decimal

from sqlalchemy import select, true

from vdcommerce.framework.context import Context, Service
from vdcommerce.framework.db import Query
from vdcommerce.framework.repository import Record, Repository
from vdcommerce.framework.search import SearchCriteria
from vdcommerce.platform import rule
from vdcommerce.platform.catalog.service import products_by_ids
from vdcommerce.platform.quote.totals import Address, Quote, Total
from vdcommerce.platform.shipping.registry import Rate

from .api import RateRuleInterface, RateRuleSearchResultsInterface
from .tables import rate_rule


class RateRuleRepository(Repository[RateRuleInterface, RateRuleSearchResultsInterface]):
    interface = "Vendor\\Testmodule\\Api\\RateRuleRepositoryInterface"
    summary = "Shipping rules of the test module"
    table = rate_rule
    data = RateRuleInterface
    results = RateRuleSearchResultsInterface
    not_found = 'Rule with specified ID "%1" not found.'
    required = ("name", "carrier_code", "action")
    choices = {"action": ("surcharge", "hide", "disable", "add")}

    def save(self, rule: RateRuleInterface) -> RateRuleInterface:
        return self.save_record(rule)

    def get_by_id(self, rule_id: int) -> RateRuleInterface:
        return self.get_record(rule_id)

    def delete_by_id(self, rule_id: int) -> bool:
        return self.delete_record(rule_id)

    def get_list(self, search_criteria: SearchCriteria) -> RateRuleSearchResultsInterface:
        return self.list_records(search_criteria)

    def convert(self, sent: Record, stored: Record | None) -> Record:
        out = super().convert(sent, stored)
        if "conditions_serialized" in out:   # checked, and stored in the normalised form
            out["conditions_serialized"] = rule.serialize(rule.parse(out["conditions_serialized"], rule.CART))
        return out


class ProductConditions(Service):
    interface = "Vendor\\Testmodule\\Api\\ProductConditionsInterface"
    summary = "Products a condition tree selects"

    def matching_skus(self, conditions: str) -> list[str]:
        """The SKUs of the catalog's products the product tree selects, by product id."""
        ids = rule.matching_product_ids(self.conn, rule.parse(conditions, rule.ITEM))
        facts = products_by_ids(self.conn, ids)
        return [facts[i].sku for i in ids]


_ACTIVE = Query(select(rate_rule).where(rate_rule.c.is_active == true())
                .order_by(rate_rule.c.sort_order, rate_rule.c.rule_id))


class RuleRates:
    """The rate processor (declared in etc/sales.xml)."""

    def process(self, ctx: Context, quote: Quote, total: Total, address: Address, rates: list[Rate]) -> list[Rate]:
        rules = _ACTIVE.all(ctx.conn)
        if not rules:
            return rates
        cart = rule.cart_context(quote, total, address)
        for r in rules:
            if not rule.cart_predicate(r.conditions_serialized)(cart):
                continue
            amount = Decimal(r.amount or 0)
            if r.action == "add":
                title = next((x.carrier_title for x in rates if x.carrier_code == r.carrier_code), r.carrier_code)
                rates.append(Rate(r.carrier_code, f"rule{r.rule_id}", title, r.name, amount))
                continue
            kept: list[Rate] = []
            for rate in rates:
                if rate.carrier_code == r.carrier_code:
                    if r.action == "hide":
                        continue
                    if r.action == "surcharge":
                        rate.amount += amount
                    elif r.action == "disable":
                        rate.unavailable(r.error_message or "")
                kept.append(rate)
            rates = kept
        return rates


class DoubledRates:
    """A second rate processor (declared after ``RuleRates``): doubles the rates of the carriers
    listed in ``testmodule/rates/double`` (comma-separated; none by default)."""

    def process(self, ctx: Context, quote: Quote, total: Total, address: Address, rates: list[Rate]) -> list[Rate]:
        codes = {c.strip() for c in str(ctx.config_value("testmodule/rates/double", "") or "").split(",")}
        for rate in rates:
            if rate.carrier_code in codes:
                rate.amount *= 2
        return rates
