"""The shipping rule repository on the shared kit (framework/repository.py), docs/modules/shiprules.md.

A rule keeps its store views, customer groups and weekdays in link tables (each read and written as a
comma-separated string or a JSON array, shown as a sorted comma-separated string), its condition trees
in the platform's serialized form (checked and normalised on save), and the product attribute codes
those trees test in ``vendor_shiprules_attribute``. ``getRulesByParams`` is the selection the rate
processor (``rates.py``) runs.
"""
from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

from sqlalchemy import and_, bindparam, delete, exists, insert, not_, or_, select

from ...framework.data import json_text
from ...framework.db import Query
from ...framework.exceptions import CouldNotSaveException, InputException, LocalizedException
from ...framework.limits import too_long
from ...framework.repository import LinkSet, Record, Repository, joined, parse_ids
from ...framework.search import SearchCriteria
from ...platform import rule as conditions
from .api import RuleInterface, RuleSearchResultsInterface
from .tables import attribute, rule_customer_group, rule_day, rule_store
from .tables import rule as rule_table

NOT_FOUND = 'Rule with specified ID "%1" not found.'
TYPE_INVALID = 'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.'

REPLACE, SURCHARGE, DISCOUNT, PARTIAL = 0, 1, 2, 3
ALL_ORDERS, BACKORDERS_ONLY, NO_BACKORDERS = 0, 1, 2

#: keys whose value must be one of these
CHOICES: dict[str, tuple[int, ...]] = {
    "is_active": (0, 1), "for_admin": (0, 1), "ignore_promo": (0, 1),
    "calc": (REPLACE, SURCHARGE, DISCOUNT, PARTIAL), "out_of_stock": (ALL_ORDERS, BACKORDERS_ONLY, NO_BACKORDERS),
}
#: amounts (never negative) and the decimals each keeps
CENTS, TEN_THOUSANDTHS = Decimal("0.01"), Decimal("0.0001")
AMOUNTS: dict[str, Decimal] = {
    "price_from": CENTS, "price_to": CENTS, "weight_from": TEN_THOUSANDTHS, "weight_to": TEN_THOUSANDTHS,
    "rate_base": CENTS, "rate_fixed": CENTS, "weight_fixed": CENTS, "rate_percent": CENTS, "handling": CENTS,
    "rate_min": CENTS, "rate_max": CENTS, "ship_min": CENTS, "ship_max": CENTS,
}
#: the largest amount the columns hold (12 digits)
MAX_AMOUNT = {CENTS: Decimal("9999999999.99"), TEN_THOUSANDTHS: Decimal("99999999.9999")}
QUANTITIES = ("qty_from", "qty_to")
TIMES = ("time_from", "time_to")
#: keys that may be empty (null); a null sent for any other key puts its default back
NULLABLE = frozenset({"time_from", "time_to", "carriers", "methods", "coupon", "coupon_disable",
                      "discount_id_disable", "conditions_serialized", "actions_serialized"})
TREES = {"conditions_serialized": conditions.CART, "actions_serialized": conditions.ITEM}


def time_codes() -> frozenset[int]:
    """Every time of day in 15-minute steps, as hour x 100 + minute + 1 (00:00 = 1, 23:45 = 2346)."""
    return frozenset(h * 100 + m + 1 for h in range(24) for m in (0, 15, 30, 45))


TIME_CODES = time_codes()


def type_invalid(value: Any, type_name: str) -> InputException:
    return InputException(TYPE_INVALID, {"value": json_text(value), "type": type_name})


def invalid(key: str, value: Any) -> InputException:
    return InputException.invalid_value(key, json_text(value))


def codes(value: Any, key: str) -> list[str]:
    """A list of codes as sent: a comma-separated string or a JSON array of strings; trimmed, without
    empties or repeats, in the order given."""
    if isinstance(value, str):
        parts: list[Any] = value.split(",")
    elif isinstance(value, list):
        parts = value
    else:
        raise type_invalid(value, "string")
    out: list[str] = []
    for part in parts:
        if isinstance(part, (dict, list)) or isinstance(part, bool):
            raise type_invalid(value, "string")
        text = str(part).strip()
        if text and text not in out:
            out.append(text)
    return out


def id_list(value: Any, key: str) -> list[int]:
    """Ids as sent (a comma-separated string, an array, or one number)."""
    if isinstance(value, (dict, bool)) or value is None:
        raise type_invalid(value, "string")
    if isinstance(value, list) and any(isinstance(v, (dict, list, bool)) for v in value):
        raise type_invalid(value, "string")
    return parse_ids(value, key)


class _Ids(LinkSet):
    """An id set kept in a link table, read from a comma-separated string or an array."""

    def parse(self, value: Any, key: str) -> list[Any]:
        return id_list(value, key) if value is not None else []


class _Stores(_Ids):
    """Store views; a list holding 0 (every store view) is kept as the empty set."""

    def parse(self, value: Any, key: str) -> list[Any]:
        ids = super().parse(value, key)
        return [] if 0 in ids else ids


class _Days(_Ids):
    """Weekdays, 1 (Monday) to 7 (Sunday)."""

    def parse(self, value: Any, key: str) -> list[Any]:
        ids = super().parse(value, key)
        for day in ids:
            if not 1 <= day <= 7:
                raise invalid(key, day)
        return ids


_ATTRIBUTES_DROP = delete(attribute).where(attribute.c.rule_id == bindparam("rid"))
_ATTRIBUTES_ADD = insert(attribute)


class RuleRepository(Repository[RuleInterface, RuleSearchResultsInterface]):
    interface = "Vendor\\Shiprules\\Api\\RuleRepositoryInterface"
    summary = "Shipping rules: rates raised, lowered or replaced by rule"
    entity = "rule"
    table = rule_table
    data = RuleInterface
    results = RuleSearchResultsInterface
    not_found = NOT_FOUND
    required = ("name",)
    links = {
        "stores": _Stores(rule_store.c.rule_id, rule_store.c.store_id),
        "cust_groups": _Ids(rule_customer_group.c.rule_id, rule_customer_group.c.customer_group_id),
        "days": _Days(rule_day.c.rule_id, rule_day.c.day),
    }

    # --- routed

    def save(self, rule: RuleInterface) -> RuleInterface:
        return self.save_record(rule)

    def get_by_id(self, rule_id: int) -> RuleInterface:
        return self.get_record(rule_id)

    def delete_by_id(self, rule_id: int) -> bool:
        return self.delete_record(rule_id)

    def get_list(self, search_criteria: SearchCriteria) -> RuleSearchResultsInterface:
        return self.list_records(search_criteria)

    # --- not routed

    def delete(self, rule: RuleInterface) -> bool:
        if rule.rule_id is None:
            raise InputException.required("rule_id")
        return self.delete_record(rule.rule_id)

    def get_rules_by_params(self, store: int, customer_group_id: int, is_admin: bool) -> list[RuleInterface]:
        """The active rules for a cart of this store view and customer group (``is_admin``: an order an
        admin creates, which only rules with ``for_admin`` take), by ``pos`` then id."""
        query = _SELECTION_ADMIN if is_admin else _SELECTION
        rows = query.all(self.conn, store=store, group=customer_group_id)
        records = self.with_links([self.from_row(r._asdict()) for r in rows])
        return [self.to_data(r) for r in records]

    # --- hooks

    def convert(self, sent: Record, stored: Record | None) -> Record:
        out = super().convert({k: v for k, v in sent.items() if k not in ("carriers", "methods")}, stored)
        for key, value in list(out.items()):
            if value is None and key not in NULLABLE and key != "name":
                out[key] = self.new_record()[key]
            elif key in CHOICES and value not in CHOICES[key]:
                raise invalid(key, value)
            elif key in AMOUNTS:
                out[key] = self._amount(key, value)
            elif key in QUANTITIES and value < 0:
                raise invalid(key, value)
            elif key in TIMES and value is not None and value != 0 and value not in TIME_CODES:
                raise invalid(key, value)
            elif key in ("discount_id", "discount_id_disable") and value is not None:
                out[key] = joined(id_list(value, key)) if value.strip() else ("" if key == "discount_id" else None)
            elif key in ("coupon", "coupon_disable") and value is not None:
                out[key] = ",".join(codes(value, key)) or None
        self._carriers_and_methods(sent, stored, out)
        for key, root in TREES.items():
            if out.get(key) is not None:
                try:
                    out[key] = conditions.serialize(conditions.parse(out[key], root))
                except LocalizedException as e:
                    raise self._unable(e, stored) from None
        return out

    def check(self, record: Record, stored: Record | None) -> None:
        reason = too_long(record, self._lengths)
        if reason is not None:
            raise self._unable(reason, stored)
        super().check(record, stored)

    def write(self, stored: Record | None, record: Record, sent_links: list[str]) -> Record:
        saved = super().write(stored, record, sent_links)
        if stored is None or any(k in self.sent for k in TREES):
            used: set[str] = set()
            for key, root in TREES.items():
                tree = conditions.parse(saved.get(key), root)
                if tree is not None:
                    used |= tree.attributes()
            rid = saved[self.pk_key]
            if stored is not None:
                self.conn.execute(_ATTRIBUTES_DROP, {"rid": rid})
            if used:
                self.conn.execute(_ATTRIBUTES_ADD, [{"rule_id": rid, "code": c} for c in sorted(used)])
        return saved

    # --- helpers

    def _amount(self, key: str, value: Any) -> Decimal:
        try:
            amount = Decimal(str(value))
        except InvalidOperation:
            raise invalid(key, value) from None
        places = AMOUNTS[key]
        if not amount.is_finite() or amount < 0 or amount > MAX_AMOUNT[places]:
            raise invalid(key, value)
        return amount.quantize(places, rounding=ROUND_HALF_UP)

    def _carriers_and_methods(self, sent: Record, stored: Record | None, out: Record) -> None:
        """``carriers`` and ``methods`` as comma-separated codes; method entries of an array without
        ``_`` are carrier codes, added to the carriers sent (or kept)."""
        moved: list[str] = []
        if "methods" in sent:
            value = sent["methods"]
            if value is None:
                out["methods"] = None
            else:
                listed = codes(value, "methods")
                if isinstance(value, list):
                    moved = [c for c in listed if "_" not in c]
                    listed = [c for c in listed if "_" in c]
                out["methods"] = ",".join(listed) or None
        carriers: list[str] | None = None
        if "carriers" in sent:
            carriers = codes(sent["carriers"], "carriers") if sent["carriers"] is not None else []
        if moved:
            if carriers is None:
                carriers = codes(stored.get("carriers") or "", "carriers") if stored is not None else []
            carriers += [c for c in moved if c not in carriers]
        if carriers is not None:
            out["carriers"] = ",".join(carriers) or None

    def _unable(self, reason: LocalizedException, stored: Record | None) -> CouldNotSaveException:
        if stored is None:
            return CouldNotSaveException("Unable to save new rule. Error: %1", [reason.rendered()])
        return CouldNotSaveException("Unable to save rule with ID %1. Error: %2",
                                     [stored[self.pk_key], reason.rendered()])


def _in_set(link: Any, param: str) -> Any:
    """No link rows (every value), or a row for the parameter."""
    owner = link.c.rule_id == rule_table.c.rule_id
    column = [c for c in link.c if c.name != "rule_id"][0]
    return or_(not_(exists().where(owner)), exists().where(and_(owner, column == bindparam(param))))


_SELECT = (select(rule_table)
           .where(rule_table.c.is_active == 1, _in_set(rule_store, "store"), _in_set(rule_customer_group, "group"))
           .order_by(rule_table.c.pos, rule_table.c.rule_id))
_SELECTION = Query(_SELECT)
_SELECTION_ADMIN = Query(_SELECT.where(rule_table.c.for_admin == 1))
