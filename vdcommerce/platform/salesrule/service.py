"""Cart price rules and coupons: the repositories and coupon management.

Choices where the platform leaves room (docs/platform/salesrule.md lists them):

- ``save`` merges: keys the client leaves out keep their stored values. ``extension_attributes`` is
  merged by code (a code sent as null is removed), so a module's settings survive a save that does
  not mention them.
- ``times_used`` is maintained by order placement and cancellation; a value sent is saved, as the
  platform saves it (imports carry their counts); a coupon's ``created_at`` sent is saved too.
- ``simple_free_shipping`` takes the platform's numbers ``0``/``1``/``2`` or the names of its
  constants, and answers the form that was saved.
- Saving a rule copies its ``uses_per_coupon``, ``uses_per_customer`` and ``to_date`` onto its coupons,
  as saving a coupon copies them from its rule.
- A coupon saved with ``is_primary`` true becomes the rule's only primary coupon.
"""
from __future__ import annotations

import datetime as dt
import secrets
from decimal import Decimal
from typing import Any, Mapping

import orjson
from sqlalchemy import ColumnElement, String, bindparam, delete, insert, literal, or_, select, update

from ...framework import events, extensions
from ...framework.context import Service
from ...framework.repository import Repository
from ...framework.data import json_text, number_text
from ...framework.db import Query
from ...framework.exceptions import InputException, LocalizedException, NoSuchEntityException
from ...framework.search import SearchCriteria, SearchField
from . import conditions
from .api import (ConditionInterface, CouponGenerationSpecInterface, CouponInterface, CouponMassDeleteResultInterface,
                  CouponSearchResultInterface, RuleExtensionInterface, RuleInterface, RuleLabelInterface,
                  RuleSearchResultInterface)
from .engine import (ACTIONS, AUTO, FREE_ALL, FREE_BY_NUMBER, FREE_MATCHING, FREE_NONE, NO_COUPON, SPECIFIC_COUPON,
                     ids_of)
from .tables import coupon as coupon_t
from .tables import rule as rule_t

COUPON_TYPES = (NO_COUPON, SPECIFIC_COUPON, AUTO)
FREE_SHIPPING = (FREE_NONE, FREE_MATCHING, FREE_ALL, *FREE_BY_NUMBER)
MANUAL, GENERATED = 0, 1
DATES_REVERSED = "End Date must follow Start Date."
COUPON_NOT_SAVED = "Error occurred when saving coupon: %1"
NO_GENERATION = "Specified rule does not allow automatic coupon generation"
ALPHABETS = {"alphanum": "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", "alpha": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
             "num": "0123456789"}
MAX_GENERATED = 100_000
EXTENSION_TYPE = "Magento\\SalesRule\\Api\\Data\\RuleExtensionInterface"
RULE_INTERFACE = "Magento\\SalesRule\\Api\\Data\\RuleInterface"
#: checks modules add to saving a rule: ``fn(ctx, record, sent_extension)`` runs on the merged record
#: (its values may be normalised in place) before the platform's own checks; ``sent_extension`` is the
#: ``extension_attributes`` object the client sent (None when it sent none). Raise to refuse the save.
RULE_CHECKS: list[Any] = []


def rule_not_found(rule_id: Any) -> NoSuchEntityException:
    return NoSuchEntityException.single_field("rule_id", rule_id)


def _now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)


def _shown(value: Any) -> Any:
    """A value as quoted in an invalid-value message."""
    if isinstance(value, Decimal):
        return number_text(float(value))
    return number_text(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else value


def _date(value: str | None, field: str) -> dt.date | None:
    """``YYYY-MM-DD`` (a date-time keeps its date part); empty is no date."""
    text = (value or "").strip()
    if not text:
        return None
    try:
        return dt.date.fromisoformat(text[:10])
    except ValueError:
        raise InputException.invalid_value(field, value) from None


def _joined(ids: list[int] | None) -> str:
    return ",".join(str(i) for i in dict.fromkeys(ids or ()))


def _extension(value: Any, stored: dict[str, Any] | None = None) -> dict[str, Any]:
    """``extension_attributes`` must be a JSON object; merged over ``stored`` by code."""
    if not isinstance(value, dict):
        raise InputException('The "%value" value\'s type is invalid. The "%type" type was expected. '
                             'Verify and try again.', {"value": json_text(value), "type": EXTENSION_TYPE})
    merged = dict(stored or {})
    for code, v in value.items():
        if v is None:
            merged.pop(code, None)
        else:
            merged[code] = v
    return merged


def _id_list_field(column: ColumnElement) -> SearchField:
    """A comma-separated id column as a searchCriteria key: eq/in/finset test membership."""
    wrapped = literal(",", String) + column + literal(",", String)

    def members(values: list[int]) -> ColumnElement:
        return or_(*(wrapped.like(f"%,{int(v)},%") for v in values))

    return SearchField(column, "int", sortable=False, members=members)


def _kept_extension(value: RuleExtensionInterface | None, stored: dict[str, Any]) -> dict[str, Any]:
    """The rule's own extension attributes (the declared codes without a handler), merged over the
    stored ones by code; a code sent as null is removed, ``null`` for the whole object clears them."""
    if value is None:
        return {}
    kept = extensions.codes_kept_by_owner(RULE_INTERFACE)
    merged = {k: v for k, v in stored.items() if k in kept}
    for code, v in value.sent().items():
        if code not in kept:
            continue
        if v is None:
            merged.pop(code, None)
        else:
            merged[code] = v
    return merged


# --------------------------------------------------------------------------- conditions on the wire

def _tree(node: ConditionInterface) -> dict[str, Any]:
    """A condition as stored (and as the engine compiles it)."""
    if not node.condition_type:
        raise InputException.required("condition_type")
    children = None if node.conditions is None else [_tree(c) for c in node.conditions]
    out = {"condition_type": node.condition_type, "conditions": children, "aggregator_type": node.aggregator_type,
           "operator": node.operator, "attribute_name": node.attribute_name, "value": node.value}
    if node.extension_attributes is not None:
        out["extension_attributes"] = _extension(node.extension_attributes)
    return out


def _condition_out(node: dict[str, Any] | None) -> ConditionInterface | None:
    if node is None:
        return None
    children = node.get("conditions")
    return ConditionInterface.of(
        condition_type=node["condition_type"],
        conditions=None if children is None else [_condition_out(c) for c in children],
        aggregator_type=node.get("aggregator_type"), operator=node.get("operator"),
        attribute_name=node.get("attribute_name"), value=node.get("value"),
        extension_attributes=node.get("extension_attributes"))


# --------------------------------------------------------------------------- rules

RULE_FIELDS = {
    "rule_id": SearchField(rule_t.c.rule_id, "int"),
    "name": SearchField(rule_t.c.name),
    "description": SearchField(rule_t.c.description),
    "website_ids": _id_list_field(rule_t.c.website_ids),
    "customer_group_ids": _id_list_field(rule_t.c.customer_group_ids),
    "from_date": SearchField(rule_t.c.from_date, "datetime"),
    "to_date": SearchField(rule_t.c.to_date, "datetime"),
    "uses_per_customer": SearchField(rule_t.c.uses_per_customer, "int"),
    "is_active": SearchField(rule_t.c.is_active, "bool"),
    "stop_rules_processing": SearchField(rule_t.c.stop_rules_processing, "bool"),
    "is_advanced": SearchField(rule_t.c.is_advanced, "bool"),
    "sort_order": SearchField(rule_t.c.sort_order, "int"),
    "simple_action": SearchField(rule_t.c.simple_action),
    "discount_amount": SearchField(rule_t.c.discount_amount, "float"),
    "discount_qty": SearchField(rule_t.c.discount_qty, "float"),
    "discount_step": SearchField(rule_t.c.discount_step, "int"),
    "apply_to_shipping": SearchField(rule_t.c.apply_to_shipping, "bool"),
    "times_used": SearchField(rule_t.c.times_used, "int"),
    "is_rss": SearchField(rule_t.c.is_rss, "bool"),
    "coupon_type": SearchField(rule_t.c.coupon_type),
    "use_auto_generation": SearchField(rule_t.c.use_auto_generation, "bool"),
    "uses_per_coupon": SearchField(rule_t.c.uses_per_coupon, "int"),
    "simple_free_shipping": SearchField(rule_t.c.simple_free_shipping),
}

# the Design defaults of a new rule (9.1), by wire key
RULE_DEFAULTS: dict[str, Any] = {
    "name": None, "store_labels": [], "description": None, "website_ids": [], "customer_group_ids": [],
    "from_date": None, "to_date": None, "uses_per_customer": 0, "is_active": False, "condition": None,
    "action_condition": None, "stop_rules_processing": True, "is_advanced": True, "product_ids": None,
    "sort_order": 0, "simple_action": "by_percent", "discount_amount": Decimal(0), "discount_qty": None,
    "discount_step": 0, "apply_to_shipping": False, "times_used": 0, "is_rss": True, "coupon_type": NO_COUPON,
    "use_auto_generation": False, "uses_per_coupon": 0, "simple_free_shipping": FREE_NONE,
    "extension_attributes": {},
}
_NOT_NEGATIVE = ("discount_amount", "discount_qty", "discount_step", "uses_per_customer", "uses_per_coupon",
                 "times_used")

_RULE = Query(select(rule_t).where(rule_t.c.rule_id == bindparam("rule_id")))
_RULE_COUPONS = (update(coupon_t).where(coupon_t.c.rule_id == bindparam("b_rule_id"))
                 .values(usage_limit=bindparam("b_usage_limit"), usage_per_customer=bindparam("b_usage_per_customer"),
                         expiration_date=bindparam("b_expiration_date")))


def _rule_record(row: Any) -> dict[str, Any]:
    """A stored rule by wire key."""
    return {
        "rule_id": row.rule_id, "name": row.name, "store_labels": orjson.loads(row.store_labels or "[]"),
        "description": row.description, "website_ids": ids_of(row.website_ids),
        "customer_group_ids": ids_of(row.customer_group_ids), "from_date": row.from_date, "to_date": row.to_date,
        "uses_per_customer": row.uses_per_customer, "is_active": row.is_active,
        "condition": orjson.loads(row.conditions) if row.conditions else None,
        "action_condition": orjson.loads(row.actions) if row.actions else None,
        "stop_rules_processing": row.stop_rules_processing, "is_advanced": row.is_advanced,
        "product_ids": ids_of(row.product_ids) if row.product_ids is not None else None,
        "sort_order": row.sort_order, "simple_action": row.simple_action,
        "discount_amount": Decimal(row.discount_amount),
        "discount_qty": Decimal(row.discount_qty) if row.discount_qty is not None else None,
        "discount_step": row.discount_step, "apply_to_shipping": row.apply_to_shipping,
        "times_used": row.times_used, "is_rss": row.is_rss, "coupon_type": row.coupon_type,
        "use_auto_generation": row.use_auto_generation, "uses_per_coupon": row.uses_per_coupon,
        "simple_free_shipping": row.simple_free_shipping,
        "extension_attributes": orjson.loads(row.extension_attributes) if row.extension_attributes else {},
    }


def _rule_out(r: dict[str, Any]) -> RuleInterface:
    return RuleInterface.of(
        rule_id=r["rule_id"], name=r["name"],
        store_labels=[RuleLabelInterface.of(**label) for label in r["store_labels"]],
        description=r["description"], website_ids=r["website_ids"], customer_group_ids=r["customer_group_ids"],
        from_date=r["from_date"], to_date=r["to_date"], uses_per_customer=r["uses_per_customer"],
        is_active=r["is_active"], condition=_condition_out(r["condition"]),
        action_condition=_condition_out(r["action_condition"]), stop_rules_processing=r["stop_rules_processing"],
        is_advanced=r["is_advanced"], product_ids=r["product_ids"], sort_order=r["sort_order"],
        simple_action=r["simple_action"], discount_amount=r["discount_amount"], discount_qty=r["discount_qty"],
        discount_step=r["discount_step"], apply_to_shipping=r["apply_to_shipping"], times_used=r["times_used"],
        is_rss=r["is_rss"], coupon_type=r["coupon_type"], use_auto_generation=r["use_auto_generation"],
        uses_per_coupon=r["uses_per_coupon"], simple_free_shipping=r["simple_free_shipping"],
        extension_attributes=RuleExtensionInterface.of(**r["extension_attributes"]) if r["extension_attributes"]
        else None)


def _rule_values(sent: dict[str, Any], stored: dict[str, Any]) -> dict[str, Any]:
    """The sent keys as record values (converted, not yet checked)."""
    values: dict[str, Any] = {}
    for key, value in sent.items():
        if key == "rule_id" or (key == "times_used" and value is None):
            continue
        if key == "simple_free_shipping" and value is not None:
            value = value.strip()
        if key == "store_labels":
            value = [{"store_id": label.store_id if label.store_id is not None else 0,
                      "store_label": label.store_label or ""} for label in value or ()]
        elif key in ("condition", "action_condition"):
            value = _tree(value) if value is not None else None
        elif key == "extension_attributes":
            value = _kept_extension(value, stored["extension_attributes"])
        elif key in ("from_date", "to_date"):
            value = _date(value, key)
        elif key in ("discount_amount", "discount_qty"):
            value = Decimal(number_text(value)) if value is not None else None
        values[key] = value
    return values


def _check_rule(r: dict[str, Any]) -> None:
    """The Design validation of 9.1, on the merged record."""
    missing = [InputException.required("name")] if not (r["name"] or "").strip() else []
    missing += [InputException.required(k) for k in ("website_ids", "customer_group_ids") if not r[k]]
    if missing:
        raise InputException.aggregate(missing)
    if r["simple_action"] not in ACTIONS:
        raise InputException.invalid_value("simple_action", r["simple_action"] or "")
    if r["coupon_type"] not in COUPON_TYPES:
        raise InputException.invalid_value("coupon_type", r["coupon_type"] or "")
    if r["simple_free_shipping"] not in FREE_SHIPPING:
        raise InputException.invalid_value("simple_free_shipping", r["simple_free_shipping"])
    for key in _NOT_NEGATIVE:
        if r[key] is not None and r[key] < 0:
            raise InputException.invalid_value(key, _shown(r[key]))
    if r["simple_action"] == "by_percent" and r["discount_amount"] > 100:
        raise InputException.invalid_value("discount_amount", _shown(r["discount_amount"]))
    if r["from_date"] and r["to_date"] and r["from_date"] > r["to_date"]:
        raise InputException(DATES_REVERSED)
    if r["condition"] is not None:
        conditions.check(r["condition"], conditions.COMBINE)
    if r["action_condition"] is not None:
        conditions.check(r["action_condition"], conditions.PRODUCT_COMBINE)


def _rule_columns(r: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": r["name"], "description": r["description"],
        "store_labels": orjson.dumps(r["store_labels"]).decode(),
        "website_ids": _joined(r["website_ids"]), "customer_group_ids": _joined(r["customer_group_ids"]),
        "from_date": r["from_date"], "to_date": r["to_date"], "uses_per_customer": r["uses_per_customer"],
        "is_active": r["is_active"],
        "conditions": orjson.dumps(r["condition"]).decode() if r["condition"] is not None else None,
        "actions": orjson.dumps(r["action_condition"]).decode() if r["action_condition"] is not None else None,
        "stop_rules_processing": r["stop_rules_processing"], "is_advanced": r["is_advanced"],
        "product_ids": _joined(r["product_ids"]) if r["product_ids"] is not None else None,
        "sort_order": r["sort_order"], "simple_action": r["simple_action"], "discount_amount": r["discount_amount"],
        "discount_qty": r["discount_qty"], "discount_step": r["discount_step"],
        "apply_to_shipping": r["apply_to_shipping"], "is_rss": r["is_rss"], "coupon_type": r["coupon_type"],
        "use_auto_generation": r["use_auto_generation"], "uses_per_coupon": r["uses_per_coupon"],
        "simple_free_shipping": r["simple_free_shipping"],
        "extension_attributes": _kept_json(r["extension_attributes"]),
    }


def _kept_json(values: dict[str, Any]) -> str | None:
    kept = extensions.codes_kept_by_owner(RULE_INTERFACE)
    own = {k: _plain(v) for k, v in values.items() if k in kept and v is not None}
    return orjson.dumps(own).decode() if own else None


def _plain(value: Any) -> Any:
    """A declared value as JSON (a data object as its wire form)."""
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value.dump() if hasattr(value, "dump") else value


def load_rule(conn, rule_id: int) -> dict[str, Any]:
    row = _RULE.first(conn, rule_id=rule_id)
    if row is None:
        raise rule_not_found(rule_id)
    return _rule_record(row)


class RuleRepository(Repository[RuleInterface, RuleSearchResultInterface]):
    interface = "Magento\\SalesRule\\Api\\RuleRepositoryInterface"
    summary = "Cart price rules"
    extends = RULE_INTERFACE
    table = rule_t
    data = RuleInterface
    results = RuleSearchResultInterface

    def save(self, rule: RuleInterface) -> RuleInterface:
        return self.save_record(rule)

    def get_by_id(self, rule_id: int) -> RuleInterface:
        return self.get_record(rule_id)

    def get_list(self, search_criteria: SearchCriteria) -> RuleSearchResultInterface:
        return self.list_records(search_criteria)

    def delete_by_id(self, rule_id: int) -> bool:
        return self.delete_record(rule_id)

    # --- the repository's hooks: a rule's wire keys differ from its columns (JSON, id lists)

    def new_record(self) -> dict[str, Any]:
        return {**RULE_DEFAULTS, "rule_id": None}

    def from_row(self, row: Any) -> dict[str, Any]:
        return _rule_record(_Row(row))

    def convert(self, sent: dict[str, Any], stored: dict[str, Any] | None) -> dict[str, Any]:
        return _rule_values(sent, stored if stored is not None else RULE_DEFAULTS)

    def check(self, record: dict[str, Any], stored: dict[str, Any] | None) -> None:
        for key in ("simple_action", "simple_free_shipping"):
            if record[key] is None:
                record[key] = RULE_DEFAULTS[key]
        if record["coupon_type"] == AUTO:
            record["use_auto_generation"] = True
        for module_check in RULE_CHECKS:
            module_check(self.ctx, record, self.sent.get("extension_attributes"))
        _check_rule(record)

    def to_row(self, record: dict[str, Any]) -> dict[str, Any]:
        columns = _rule_columns(record)
        columns["updated_at"] = _now()
        if record["rule_id"] is None:
            columns["created_at"] = columns["updated_at"]
        if self.sent.get("times_used") is not None:  # otherwise left to placement's counting
            columns["times_used"] = record["times_used"]
        return columns

    def write(self, stored: dict[str, Any] | None, record: dict[str, Any], sent_links: list[str]) -> dict[str, Any]:
        record = super().write(stored, record, sent_links)
        if stored is not None:
            self.conn.execute(_RULE_COUPONS, {"b_rule_id": record["rule_id"], "b_usage_limit": record["uses_per_coupon"],
                                              "b_usage_per_customer": record["uses_per_customer"],
                                              "b_expiration_date": record["to_date"]})
        return record

    def after_save(self, record: dict[str, Any], stored: dict[str, Any] | None) -> None:
        # the response shows what the handlers stored (a partial value sent is merged with the stored one),
        # and what they answer for every rule, sent or not (a module's defaults)
        loaded = extensions.load(self.ctx, RULE_INTERFACE, [record["rule_id"]]).get(record["rule_id"], {})
        if loaded or "extension_attributes" in self.sent:
            record["extension_attributes"] = {**(record.get("extension_attributes") or {}), **loaded}
        events.dispatch(self.ctx, "salesrule_rule_save_after", rule_id=record["rule_id"])

    def after_delete(self, record_id: Any, record: dict[str, Any] | None) -> None:
        events.dispatch(self.ctx, "salesrule_rule_delete_after", rule_id=record_id)

    def search_fields(self) -> Mapping[str, SearchField]:
        return RULE_FIELDS

    def to_data(self, record: dict[str, Any]) -> RuleInterface:
        return _rule_out(record)


class _Row:
    """A row mapping read by attribute (what ``_rule_record`` reads)."""

    __slots__ = ("_m",)

    def __init__(self, mapping: Any):
        self._m = mapping

    def __getattr__(self, name: str) -> Any:
        return self._m[name]


# --------------------------------------------------------------------------- coupons

_CODE_TAKEN = Query(select(coupon_t.c.coupon_id).where(coupon_t.c.code_key == bindparam("code_key")))
_UNSET_PRIMARY = (update(coupon_t).where(coupon_t.c.rule_id == bindparam("b_rule_id"),
                                        coupon_t.c.coupon_id != bindparam("b_coupon_id"))
                  .values(is_primary=False))
_COUPON_KEYS = ("rule_id", "code", "is_primary", "type", "times_used", "created_at")


def _coupon_out(row: Any) -> CouponInterface:
    return CouponInterface.of(
        coupon_id=row["coupon_id"], rule_id=row["rule_id"], code=row["code"], usage_limit=row["usage_limit"],
        usage_per_customer=row["usage_per_customer"], times_used=row["times_used"],
        expiration_date=row["expiration_date"], is_primary=row["is_primary"],
        created_at=row["created_at"].replace(microsecond=0) if row["created_at"] else None, type=row["type"])


_KEPT = ("times_used", "created_at")  # null or left out: the stored value stays


def _date_time(value: str, field: str) -> dt.datetime:
    """``YYYY-MM-DD[ HH:MM:SS]`` (or ISO 8601 with an offset, kept in UTC)."""
    try:
        parsed = dt.datetime.fromisoformat(value.strip())
    except ValueError:
        raise InputException.invalid_value(field, value) from None
    if parsed.tzinfo is not None:
        parsed = parsed.astimezone(dt.timezone.utc).replace(tzinfo=None)
    return parsed


def _coupon_refused(inner: str) -> LocalizedException:
    return LocalizedException(COUPON_NOT_SAVED, [inner])


class CouponRepository(Repository[CouponInterface, CouponSearchResultInterface]):
    interface = "Magento\\SalesRule\\Api\\CouponRepositoryInterface"
    summary = "Coupons of cart price rules"
    table = coupon_t
    data = CouponInterface
    results = CouponSearchResultInterface
    required = ("rule_id", "code")

    def save(self, coupon: CouponInterface) -> CouponInterface:
        return self.save_record(coupon)

    def get_by_id(self, coupon_id: int) -> CouponInterface:
        return self.get_record(coupon_id)

    def get_list(self, search_criteria: SearchCriteria) -> CouponSearchResultInterface:
        return self.list_records(search_criteria)

    def delete_by_id(self, coupon_id: int) -> bool:
        return self.delete_record(coupon_id)

    # --- the repository's hooks: a coupon takes its limits and expiry from its rule

    def new_record(self) -> dict[str, Any]:
        return {**super().new_record(), "type": MANUAL, "created_at": _now()}

    def convert(self, sent: dict[str, Any], stored: dict[str, Any] | None) -> dict[str, Any]:
        values = {k: sent[k] for k in _COUPON_KEYS if k in sent and (sent[k] is not None or k not in _KEPT)}
        if "times_used" in values and values["times_used"] < 0:
            raise InputException.invalid_value("times_used", values["times_used"])
        if "created_at" in values:
            values["created_at"] = _date_time(values["created_at"], "created_at")
        return values

    def check(self, record: dict[str, Any], stored: dict[str, Any] | None) -> None:
        record["code"] = (record["code"] or "").strip()
        record["type"] = MANUAL if record["type"] is None else record["type"]
        super().check(record, stored)
        if record["type"] not in (MANUAL, GENERATED):
            raise InputException.invalid_value("type", record["type"])
        row = _RULE.first(self.conn, rule_id=record["rule_id"])
        if row is None:
            raise _coupon_refused(rule_not_found(record["rule_id"]).rendered())
        if row.coupon_type == NO_COUPON:
            raise _coupon_refused("Specified rule does not allow coupons")
        if row.use_auto_generation and record["type"] == MANUAL:
            raise _coupon_refused("Specified rule only allows auto generated coupons")
        if not row.use_auto_generation and record["type"] == GENERATED:
            raise _coupon_refused("Specified rule does not allow auto generated coupons")
        taken = _CODE_TAKEN.first(self.conn, code_key=record["code"].lower())
        if taken is not None and taken.coupon_id != record["coupon_id"]:
            raise _coupon_refused("Coupon with the same code already exists.")
        record.update(usage_limit=row.uses_per_coupon, usage_per_customer=row.uses_per_customer,
                      expiration_date=row.to_date)

    def to_row(self, record: dict[str, Any]) -> dict[str, Any]:
        return {**super().to_row(record), "code_key": record["code"].lower()}

    def write(self, stored: dict[str, Any] | None, record: dict[str, Any], sent_links: list[str]) -> dict[str, Any]:
        record = super().write(stored, record, sent_links)
        if record["is_primary"]:
            self.conn.execute(_UNSET_PRIMARY, {"b_rule_id": record["rule_id"], "b_coupon_id": record["coupon_id"]})
        return record

    def to_data(self, record: dict[str, Any]) -> CouponInterface:
        return _coupon_out(record)


class CouponManagement(Service):
    interface = "Magento\\SalesRule\\Api\\CouponManagementInterface"
    summary = "Coupon generation and mass deletion"

    def generate(self, coupon_spec: CouponGenerationSpecInterface) -> list[str]:
        spec = coupon_spec
        row = _RULE.first(self.conn, rule_id=spec.rule_id) if spec.rule_id is not None else None
        if row is None or not row.use_auto_generation:
            raise LocalizedException(NO_GENERATION)
        if spec.quantity is None:
            raise InputException.required("quantity")
        if spec.quantity < 1 or spec.quantity > MAX_GENERATED:
            raise InputException.invalid_value("quantity", spec.quantity)
        length = 12 if spec.length is None else spec.length
        if length < 1 or length > 128:
            raise InputException.invalid_value("length", length)
        fmt = (spec.format or "alphanum").lower()
        if fmt not in ALPHABETS:
            raise InputException.invalid_value("format", spec.format)
        every = spec.delimiter_at_every or 0
        if every < 0:
            raise InputException.invalid_value("delimiter_at_every", every)
        alphabet, delimiter = ALPHABETS[fmt], spec.delimiter if spec.delimiter is not None else "-"
        prefix, suffix = spec.prefix or "", spec.suffix or ""
        if len(alphabet) ** length < 2 * spec.quantity or len(prefix + suffix) + length * 2 > 255:
            raise LocalizedException("Unable to create requested Coupon Qty. Please check settings and try again.")

        def one() -> str:
            chars = [secrets.choice(alphabet) for _ in range(length)]
            if every:
                chars = [c + delimiter if (n + 1) % every == 0 and n + 1 < length else c
                         for n, c in enumerate(chars)]
            return prefix + "".join(chars) + suffix

        codes: dict[str, str] = {}
        while len(codes) < spec.quantity:
            batch = {}
            while len(batch) < spec.quantity - len(codes):
                code = one()
                if code.lower() not in codes:
                    batch[code.lower()] = code
            taken = set(self.conn.execute(select(coupon_t.c.code_key)
                                          .where(coupon_t.c.code_key.in_(list(batch)))).scalars())
            codes.update((k, v) for k, v in batch.items() if k not in taken)
        now = _now()
        self.conn.execute(insert(coupon_t), [
            {"rule_id": row.rule_id, "code": code, "code_key": key, "usage_limit": row.uses_per_coupon,
             "usage_per_customer": row.uses_per_customer, "times_used": 0, "expiration_date": row.to_date,
             "is_primary": False, "created_at": now, "type": GENERATED} for key, code in codes.items()])
        return list(codes.values())

    def delete_by_ids(self, ids: list[int], ignore_invalid_coupons: bool = True) -> CouponMassDeleteResultInterface:
        found = set(self.conn.execute(select(coupon_t.c.coupon_id).where(coupon_t.c.coupon_id.in_(ids))).scalars())
        return self._mass_delete([(str(i), i if i in found else None) for i in ids], "coupon_id",
                                 ignore_invalid_coupons)

    def delete_by_codes(self, codes: list[str], ignore_invalid_coupons: bool = True) -> CouponMassDeleteResultInterface:
        keys = [c.strip().lower() for c in codes]
        found = dict(self.conn.execute(select(coupon_t.c.code_key, coupon_t.c.coupon_id)
                                       .where(coupon_t.c.code_key.in_(keys))).all()) if keys else {}
        return self._mass_delete([(c, found.get(k)) for c, k in zip(codes, keys)], "code", ignore_invalid_coupons)

    def _mass_delete(self, wanted: list[tuple[str, int | None]], field: str,
                     ignore_invalid: bool) -> CouponMassDeleteResultInterface:
        """Delete the coupons found; ``wanted`` is (id or code as sent, coupon id or None)."""
        missing = [name for name, coupon_id in wanted if coupon_id is None]
        if missing and not ignore_invalid:
            raise NoSuchEntityException.single_field(field, missing[0])
        ids = list({coupon_id for _, coupon_id in wanted if coupon_id is not None})
        if ids:
            self.conn.execute(delete(coupon_t).where(coupon_t.c.coupon_id.in_(ids)))
        return CouponMassDeleteResultInterface.of(failed_items=[], missing_items=missing)


def coupon_id_of(conn, code: str) -> int | None:
    """The coupon id of a code (case-insensitive), for usage counting."""
    row = _CODE_TAKEN.first(conn, code_key=code.strip().lower())
    return row.coupon_id if row is not None else None

