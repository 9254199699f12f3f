"""The module settings of a cart price rule: ``extension_attributes.vdpromo_rule`` (Free Gift) and
``extension_attributes.vdrules`` (Special Promotions), one row per rule in each table.

A save upserts by rule id and changes only the keys sent; a code sent as null removes the row; a save
that leaves the code out keeps it. Values are checked on the merged rule before anything is written
(``check_rule``, run by the platform's rule repository), and a deleted rule loses its rows."""
from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from sqlalchemy import bindparam, delete, insert, select, update

from ...framework.context import Context
from ...framework.exceptions import InputException
from ...platform.salesrule import service as salesrule
from .api import GiftRuleInterface, RulesRuleInterface
from .tables import gift_rule, rules_rule

GIFT_ACTIONS = ("vdpromo_items", "vdpromo_cart", "vdpromo_product", "vdpromo_spent", "vdpromo_eachn")
NO_PROMO = "Please specify Promo SKU or Promo Categories."
NO_NQTY = "Please specify Number of Y product(s)."

_GIFT_KEYS = tuple(GiftRuleInterface.fields())
_RULES_KEYS = tuple(RulesRuleInterface.fields())
_GIFT_DEFAULTS = {"type": 0, "apply_tax": 0, "apply_shipping": 0, "top_banner_show_gift_images": 0,
                  "after_product_banner_show_gift_images": 0}


def _blank(value: Any) -> Any:
    """Empty text is stored as null (and so left out of responses)."""
    return None if isinstance(value, str) and value.strip() == "" else value


def _row_values(row: Any, keys: tuple[str, ...]) -> dict[str, Any]:
    out = {k: getattr(row, k) for k in keys}
    if "minimal_items_price" in out and out["minimal_items_price"] is not None:
        out["minimal_items_price"] = float(out["minimal_items_price"])
    return out


class _Settings:
    table: Any
    keys: tuple[str, ...]
    data: Any
    defaults: dict[str, Any] = {}

    def rows(self, conn: Any, ids: list[int]) -> dict[int, dict[str, Any]]:
        query = select(self.table).where(self.table.c.salesrule_id.in_(bindparam("ids", expanding=True)))
        return {r.salesrule_id: _row_values(r, self.keys) for r in conn.execute(query, {"ids": ids})}

    def load(self, ctx: Context, ids: list[Any]) -> dict[Any, Any]:
        if not ids:
            return {}
        return {rule_id: self.data.of(**{k: v for k, v in values.items() if v is not None})
                for rule_id, values in self.rows(ctx.conn, [int(i) for i in ids]).items()}

    def save(self, ctx: Context, record_id: Any, value: Any) -> None:
        rule_id = int(record_id)
        table = self.table
        if value is None:
            ctx.conn.execute(delete(table).where(table.c.salesrule_id == rule_id))
            return
        sent = {k: _blank(v) for k, v in value.sent().items()}
        exists = ctx.conn.execute(select(table.c.entity_id).where(table.c.salesrule_id == rule_id)).first()
        if exists is None:
            values = {**self.defaults, **{k: v for k, v in sent.items() if v is not None or k not in self.defaults}}
            ctx.conn.execute(insert(table).values(salesrule_id=rule_id, **values))
        elif sent:
            values = {k: (self.defaults.get(k) if v is None and k in self.defaults else v) for k, v in sent.items()}
            ctx.conn.execute(update(table).where(table.c.salesrule_id == rule_id).values(**values))


class GiftSettings(_Settings):
    table = gift_rule
    keys = _GIFT_KEYS
    data = GiftRuleInterface
    defaults = _GIFT_DEFAULTS


class RulesSettings(_Settings):
    table = rules_rule
    keys = _RULES_KEYS
    data = RulesRuleInterface


def rule_deleted(ctx: Context, *, rule_id: Any, **_: Any) -> None:
    for table in (gift_rule, rules_rule):
        ctx.conn.execute(delete(table).where(table.c.salesrule_id == int(rule_id)))


# --------------------------------------------------------------------------- checks on save

def _merged(ctx: Context, handler: _Settings, rule_id: Any, sent: Any) -> dict[str, Any] | None:
    """The settings as they will be after the save (None: no row)."""
    stored = handler.rows(ctx.conn, [int(rule_id)]).get(int(rule_id)) if rule_id is not None else None
    if sent is None:
        return stored
    values = dict(stored or {})
    values.update({k: _blank(v) for k, v in sent.sent().items()})
    return values


def _in(values: dict[str, Any], key: str, allowed: tuple[Any, ...]) -> None:
    value = values.get(key)
    if value is not None and value not in allowed:
        raise InputException.invalid_value(key, value)


def _number(value: Any) -> Decimal | None:
    if value is None:
        return None
    try:
        return Decimal(str(value).strip())
    except InvalidOperation:
        return None


def check_rule(ctx: Context, record: dict[str, Any], sent_extension: Any) -> None:
    """Gift rules never grant free shipping; the module keys are in range; ``buyxgetn_*`` rules name
    their Y products and how many."""
    action = record.get("simple_action") or ""
    if action in GIFT_ACTIONS:
        record["simple_free_shipping"] = "NONE"
    ext = sent_extension.sent() if sent_extension is not None else {}
    gift_sent = ext.get("vdpromo_rule")
    if gift_sent is not None:
        values = {k: _blank(v) for k, v in gift_sent.sent().items()}
        for key in ("type", "apply_tax", "apply_shipping", "top_banner_show_gift_images",
                    "after_product_banner_show_gift_images"):
            _in(values, key, (0, 1))
        price = values.get("minimal_items_price")
        if price is not None and price < 0:
            raise InputException.invalid_value("minimal_items_price", price)
        discount = values.get("items_discount")
        if discount is not None and _number(str(discount).rstrip("%")) is None:
            raise InputException.invalid_value("items_discount", discount)
    rules = _merged(ctx, RulesSettings(), record.get("rule_id"), ext.get("vdrules")) \
        if "vdrules" in ext or "buyxgetn" in action else None
    if "vdrules" in ext and ext["vdrules"] is not None:
        values = {k: _blank(v) for k, v in ext["vdrules"].sent().items()}
        _in(values, "apply_discount_to", ("asc", "desc"))
        _in(values, "priceselector", (0, 1, 2, 3))
        _in(values, "skip_rule", (0, 1, 2, 3))
        if values.get("eachm") is not None:
            m = _number(values["eachm"])
            if m is None or m <= 0:
                raise InputException.invalid_value("eachm", values["eachm"])
        for key in ("nqty", "max_discount"):
            if values.get(key) is not None:
                number = _number(values[key])
                if number is None or number < 0:
                    raise InputException.invalid_value(key, values[key])
    if "buyxgetn" in action:
        rules = rules or {}
        if not rules.get("promo_skus") and not rules.get("promo_cats"):
            raise InputException(NO_PROMO)
        if rules.get("nqty") is None:
            raise InputException(NO_NQTY)


salesrule.RULE_CHECKS.append(check_rule)
