"""The tax repositories: classes, rates and rules (docs/platform/tax.md).

Each is a ``Repository`` of the framework. What is the platform's own here: the checks and messages of
a save, a rate's postcode range and titles per store view, a rule's three id lists, and the refusals
to delete a class or rate a rule still uses. Every save and delete tells the calculation that its
cached setup is stale (``calculation.forget``).
"""
from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any

from sqlalchemy import bindparam, delete, insert, select

from ...framework.db import Query, Write, in_ids
from ...framework.exceptions import (AlreadyExistsException, CouldNotDeleteException, InputException,
                                     LocalizedException, NoSuchEntityException)
from ...framework.repository import LinkSet, Record, Repository
from ...framework.search import SearchCriteria
from ..customer.directory import COUNTRIES, region_by_id
from ..customer import groups
from ..customer.groups import groups_using_tax_class
from . import calculation
from .api import (TaxClassInterface, TaxClassSearchResultsInterface, TaxRateInterface, TaxRateSearchResultsInterface,
                  TaxRateTitleInterface, TaxRuleInterface, TaxRuleSearchResultsInterface)
from .tables import rate as rate_t
from .tables import rate_title as title_t
from .tables import rule as rule_t
from .tables import rule_customer_class, rule_product_class, rule_rate
from .tables import tax_class as class_t

CUSTOMER, PRODUCT = "CUSTOMER", "PRODUCT"
CODE_EXISTS = "Code already exists."

_CUSTOMER_CLASSES = select(class_t.c.class_id, class_t.c.class_name).where(class_t.c.class_type == CUSTOMER)


def customer_classes(conn: Any) -> dict[int, str]:
    """The customer tax classes a customer group may name, with their names."""
    return {row.class_id: row.class_name for row in conn.execute(_CUSTOMER_CLASSES)}


groups.set_tax_classes(customer_classes)


def _aggregate(errors: list[LocalizedException]) -> None:
    if errors:
        raise InputException.aggregate(errors)


# --------------------------------------------------------------------------- classes

_CLASS_IN_RULE = Query(select(rule_customer_class.c.tax_calculation_rule_id)
                       .where(rule_customer_class.c.customer_tax_class_id == bindparam("class_id"))
                       .union_all(select(rule_product_class.c.tax_calculation_rule_id)
                                  .where(rule_product_class.c.product_tax_class_id == bindparam("class_id")))
                       .limit(1))
_CLASS_BY_NAME = Query(select(class_t.c.class_id).where(class_t.c.class_type == bindparam("class_type"),
                                                        class_t.c.class_name == bindparam("class_name")))


class TaxClassRepository(Repository[TaxClassInterface, TaxClassSearchResultsInterface]):
    interface = "Magento\\Tax\\Api\\TaxClassRepositoryInterface"
    summary = "Tax classes"
    table = class_t
    data = TaxClassInterface
    results = TaxClassSearchResultsInterface

    def get(self, tax_class_id: int) -> TaxClassInterface:
        return self.get_record(tax_class_id)

    def save(self, tax_class: TaxClassInterface) -> str:
        saved = self.save_record(tax_class)
        return str(saved.class_id)

    def delete_by_id(self, tax_class_id: int) -> bool:
        return self.delete_record(tax_class_id)

    def get_list(self, search_criteria: SearchCriteria) -> TaxClassSearchResultsInterface:
        return self.list_records(search_criteria)

    # --- hooks

    def check(self, record: Record, stored: Record | None) -> None:
        if stored is not None and "class_type" in self.sent and record["class_type"] != stored["class_type"]:
            raise InputException("Updating classType is not allowed.")
        errors: list[LocalizedException] = []
        name = record.get("class_name")
        if name is None or not str(name).strip():
            errors.append(InputException.required("class_name"))
        if record.get("class_type") not in (CUSTOMER, PRODUCT):
            errors.append(InputException.invalid_value("class_type", record.get("class_type")))
        _aggregate(errors)
        super().check(record, stored)
        other = _CLASS_BY_NAME.first(self.conn, class_type=record["class_type"], class_name=record["class_name"])
        if other is not None and (stored is None or other.class_id != stored["class_id"]):
            raise InputException("A class with the same name already exists for ClassType %1.",
                                 [record["class_type"]])

    def before_delete(self, record: Record) -> None:
        if _CLASS_IN_RULE.first(self.conn, class_id=record["class_id"]) is not None:
            raise CouldNotDeleteException("You cannot delete this tax class because it is used in Tax Rules. "
                                          "You have to delete the rules it is used in first.")
        if record["class_type"] == CUSTOMER and groups_using_tax_class(self.conn, record["class_id"]):
            raise CouldNotDeleteException("You cannot delete this tax class because it is used in existing "
                                          "customer groups.")

    def after_save(self, record: Record, stored: Record | None) -> None:
        calculation.forget()

    def after_delete(self, record_id: Any, record: Record | None) -> None:
        calculation.forget()


# --------------------------------------------------------------------------- rates

_RATE_IN_RULE = Query(select(rule_rate.c.tax_calculation_rule_id)
                      .where(rule_rate.c.tax_calculation_rate_id == bindparam("rate_id")).limit(1))
_RATE_BY_CODE = Query(select(rate_t.c.tax_calculation_rate_id).where(rate_t.c.code == bindparam("code")))
_TITLES = Query(select(title_t.c.tax_calculation_rate_id, title_t.c.store_id, title_t.c.value)
                .where(in_ids(title_t.c.tax_calculation_rate_id, "ids"))
                .order_by(title_t.c.tax_calculation_rate_id, title_t.c.store_id))
_DELETE_TITLES = Write(delete(title_t).where(title_t.c.tax_calculation_rate_id == bindparam("rate_id")))
_INSERT_TITLE = Write(insert(title_t))
_ZIP = re.compile(r"\d{1,9}")


def _number(value: Any) -> Decimal | None:
    if value is None or isinstance(value, bool):
        return None
    try:
        number = Decimal(str(value).strip())
    except (InvalidOperation, ValueError):
        return None
    return number if number.is_finite() else None


class TaxRateRepository(Repository[TaxRateInterface, TaxRateSearchResultsInterface]):
    interface = "Magento\\Tax\\Api\\TaxRateRepositoryInterface"
    summary = "Tax rates"
    table = rate_t
    data = TaxRateInterface
    results = TaxRateSearchResultsInterface
    renamed = {"id": "tax_calculation_rate_id"}
    id_key = "id"

    def save(self, tax_rate: TaxRateInterface) -> TaxRateInterface:
        return self.save_record(tax_rate)

    def get(self, rate_id: int) -> TaxRateInterface:
        return self.get_record(rate_id)

    def delete_by_id(self, rate_id: int) -> bool:
        return self.delete_record(rate_id)

    def get_list(self, search_criteria: SearchCriteria) -> TaxRateSearchResultsInterface:
        return self.list_records(search_criteria)

    # --- hooks

    def missing(self, record_id: Any) -> NoSuchEntityException:
        return NoSuchEntityException.single_field("taxRateId", record_id)

    def convert(self, sent: Record, stored: Record | None) -> Record:
        values = super().convert(sent, stored)
        if "titles" in sent:  # as (store id as sent, title) pairs, like the stored ones
            values["titles"] = [(t.store_id, t.value) for t in (sent["titles"] or []) if t is not None]
        return values

    def check(self, record: Record, stored: Record | None) -> None:
        errors: list[LocalizedException] = []
        country = record.get("tax_country_id")
        if country is None or not str(country).strip():
            errors.append(InputException.required("country_id"))
        elif str(country).strip().upper() not in COUNTRIES:
            errors.append(InputException.invalid_value("country_id", country))
        else:
            record["tax_country_id"] = str(country).strip().upper()
        region = record.get("tax_region_id")
        if region is None:
            record["tax_region_id"] = 0
        elif region != 0:
            found = region_by_id(region)
            if found is None or found.country_id != record["tax_country_id"]:
                errors.append(InputException.invalid_value("region_id", region))
        rate = _number(record.get("rate"))
        if rate is None or rate < 0:
            errors.append(InputException.required("percentage_rate"))
        code = record.get("code")
        if code is None or not str(code).strip():
            errors.append(InputException.required("code"))
        if record.get("zip_is_range"):
            bounds = {}
            for key in ("zip_from", "zip_to"):
                value = record.get(key)
                if value is None or not _ZIP.fullmatch(str(value)):
                    errors.append(InputException.invalid_value(key, value))
                else:
                    bounds[key] = int(value)
            if len(bounds) == 2 and bounds["zip_from"] > bounds["zip_to"]:
                errors.append(LocalizedException("Range To should be equal or greater than Range From."))
            if len(bounds) == 2:
                record["zip_is_range"] = 1
                record["tax_postcode"] = f"{bounds['zip_from']}-{bounds['zip_to']}"
        else:
            postcode = record.get("tax_postcode")
            if postcode is None or not str(postcode).strip():
                errors.append(InputException.required("postcode"))
            else:
                record["tax_postcode"] = str(postcode).strip()
            record["zip_is_range"] = record["zip_from"] = record["zip_to"] = None
        for store_id, _ in record.get("titles") or []:
            if store_id is None or not str(store_id).strip().isdigit() or (
                    self.ctx.config is not None and int(str(store_id).strip()) not in self.ctx.config.website_of):
                errors.append(InputException.invalid_value("store_id", store_id))
        _aggregate(errors)
        super().check(record, stored)
        other = _RATE_BY_CODE.first(self.conn, code=record["code"])
        if other is not None and (stored is None or other.tax_calculation_rate_id != stored["id"]):
            raise AlreadyExistsException(CODE_EXISTS)

    def write(self, stored: Record | None, record: Record, sent_links: list[str]) -> Record:
        record = super().write(stored, record, sent_links)
        if "titles" in self.sent:
            if stored is not None:
                _DELETE_TITLES.run(self.conn, {"rate_id": record["id"]})
            titles = {int(str(store_id).strip()): value for store_id, value in record.get("titles") or [] if value}
            if titles:
                _INSERT_TITLE.many(self.conn, [{"tax_calculation_rate_id": record["id"], "store_id": store_id,
                                                "value": value} for store_id, value in sorted(titles.items())])
            record["titles"] = [(store_id, value) for store_id, value in sorted(titles.items())]
        return record

    def with_links(self, records: list[Record]) -> list[Record]:
        records = super().with_links(records)
        if records:
            titles: dict[int, list[tuple[int, str]]] = {r["id"]: [] for r in records}
            for row in _TITLES.all(self.conn, ids=list(titles)):
                titles[row.tax_calculation_rate_id].append((row.store_id, row.value))
            for r in records:
                r["titles"] = titles[r["id"]]
        return records

    def to_data(self, record: Record) -> TaxRateInterface:
        region_id = record.get("tax_region_id") or 0
        region = region_by_id(region_id) if region_id else None
        titles = record.get("titles") or []
        return TaxRateInterface.of(
            id=record["id"], tax_country_id=record.get("tax_country_id"), tax_region_id=region_id,
            region_name=region.code if region is not None else None, tax_postcode=record.get("tax_postcode"),
            zip_is_range=record.get("zip_is_range"), zip_from=record.get("zip_from"), zip_to=record.get("zip_to"),
            rate=record.get("rate"), code=record.get("code"),
            titles=[TaxRateTitleInterface.of(store_id=str(s), value=v) for s, v in titles] or None)

    def before_delete(self, record: Record) -> None:
        if _RATE_IN_RULE.first(self.conn, rate_id=record["id"]) is not None:
            raise CouldNotDeleteException("The tax rate cannot be removed. It exists in a tax rule.")

    def after_save(self, record: Record, stored: Record | None) -> None:
        calculation.forget()

    def after_delete(self, record_id: Any, record: Record | None) -> None:
        calculation.forget()


# --------------------------------------------------------------------------- rules

_CLASS_TYPES = Query(select(class_t.c.class_id, class_t.c.class_type)
                     .where(in_ids(class_t.c.class_id, "ids")))
_RATES_KNOWN = Query(select(rate_t.c.tax_calculation_rate_id)
                     .where(in_ids(rate_t.c.tax_calculation_rate_id, "ids")))
_RULE_BY_CODE = Query(select(rule_t.c.tax_calculation_rule_id).where(rule_t.c.code == bindparam("code")))


class TaxRuleRepository(Repository[TaxRuleInterface, TaxRuleSearchResultsInterface]):
    interface = "Magento\\Tax\\Api\\TaxRuleRepositoryInterface"
    summary = "Tax rules"
    table = rule_t
    data = TaxRuleInterface
    results = TaxRuleSearchResultsInterface
    renamed = {"id": "tax_calculation_rule_id"}
    id_key = "id"
    links = {
        "customer_tax_class_ids": LinkSet(rule_customer_class.c.tax_calculation_rule_id,
                                          rule_customer_class.c.customer_tax_class_id, csv=False),
        "product_tax_class_ids": LinkSet(rule_product_class.c.tax_calculation_rule_id,
                                         rule_product_class.c.product_tax_class_id, csv=False),
        "tax_rate_ids": LinkSet(rule_rate.c.tax_calculation_rule_id, rule_rate.c.tax_calculation_rate_id, csv=False),
    }

    def save(self, rule: TaxRuleInterface) -> TaxRuleInterface:
        return self.save_record(rule)

    def get(self, rule_id: int) -> TaxRuleInterface:
        return self.get_record(rule_id)

    def delete_by_id(self, rule_id: int) -> bool:
        return self.delete_record(rule_id)

    def get_list(self, search_criteria: SearchCriteria) -> TaxRuleSearchResultsInterface:
        return self.list_records(search_criteria)

    # --- hooks

    def missing(self, record_id: Any) -> NoSuchEntityException:
        return NoSuchEntityException.single_field("taxRuleId", record_id)

    def new_record(self) -> Record:
        # a new rule names its priority and position (the platform's required keys)
        return {**super().new_record(), "priority": None, "position": None}

    def check(self, record: Record, stored: Record | None) -> None:
        errors: list[LocalizedException] = []
        for key in ("position", "priority"):
            value = record.get(key)
            if value is None:
                errors.append(InputException.required(key))
            elif value < 0:
                errors.append(InputException.invalid_value(key, value))
        code = record.get("code")
        if code is None or not str(code).strip():
            errors.append(InputException.required("code"))
        if record.get("calculate_subtotal") is None:
            record["calculate_subtotal"] = False
        for key, wanted in (("customer_tax_class_ids", CUSTOMER), ("product_tax_class_ids", PRODUCT)):
            ids = record.get(key) or []
            if not ids:
                errors.append(InputException.required(key))
                continue
            types = {row.class_id: row.class_type for row in _CLASS_TYPES.all(self.conn, ids=ids)}
            for i in ids:
                if types.get(i) != wanted:
                    errors.append(InputException.invalid_value(key, i))
        rates = record.get("tax_rate_ids") or []
        if not rates:
            errors.append(InputException.required("tax_rate_ids"))
        else:
            known = {row.tax_calculation_rate_id for row in _RATES_KNOWN.all(self.conn, ids=rates)}
            for i in rates:
                if i not in known:
                    errors.append(InputException.invalid_value("tax_rate_ids", i))
        _aggregate(errors)
        super().check(record, stored)
        other = _RULE_BY_CODE.first(self.conn, code=record["code"])
        if other is not None and (stored is None or other.tax_calculation_rule_id != stored["id"]):
            raise AlreadyExistsException(CODE_EXISTS)

    def after_save(self, record: Record, stored: Record | None) -> None:
        calculation.forget()

    def after_delete(self, record_id: Any, record: Record | None) -> None:
        calculation.forget()
