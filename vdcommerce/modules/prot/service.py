"""The option template repository on the shared kit (framework/repository.py), docs/modules/prot.md.

A template is one row with its options and their values in two more tables. What is the module's own
is here: a sent option list replaces the stored one (options and values matched by their ids, merged
field by field), the rules of option types, and the removal of a template with everything it holds.
"""
from __future__ import annotations

from typing import Any

from sqlalchemy import bindparam, delete, insert, select, update

from ...framework.exceptions import (CouldNotDeleteException, CouldNotSaveException, InputException,
                                     LocalizedException, NoSuchEntityException)
from ...framework.repository import Record, Repository
from ...framework.search import SearchCriteria
from .api import (CustomTemplateInterface, CustomTemplateSearchResultsInterface, TemplateOptionInterface,
                  TemplateOptionValueInterface)
from .tables import option as option_table
from .tables import option_relation, option_value, option_value_relation
from .tables import template as template_table

#: option types whose choices are values; the others carry a price of their own
SELECT_TYPES = ("drop_down", "radio", "checkbox", "multiple")
OPTION_TYPES = ("field", "area", "file", *SELECT_TYPES, "date", "date_time", "time")
PRICE_TYPES = ("fixed", "percent")
SWATCHES = (0, 1)

# the option fields kept in the option table (wire key = column name), and the value fields
_OPTION_KEYS = tuple(c.name for c in option_table.c)
_VALUE_KEYS = ("option_type_id", "title", "price", "price_type", "sku", "sort_order", "swatch_value")
_NEW_OPTION: Record = {**dict.fromkeys(_OPTION_KEYS), "is_require": False, "sort_order": 0, "use_swatches": 0,
                       "values": []}
_NEW_VALUE: Record = {**dict.fromkeys(_VALUE_KEYS), "price": 0, "price_type": "fixed", "sort_order": 0}

_options_of = (select(option_table).where(option_table.c.template_id.in_(bindparam("ids", expanding=True)))
               .order_by(option_table.c.template_id, option_table.c.sort_order, option_table.c.option_id))
_values_of = (select(option_value).where(option_value.c.template_option_id.in_(bindparam("ids", expanding=True)))
              .order_by(option_value.c.template_option_id, option_value.c.sort_order, option_value.c.id))
_insert_option = insert(option_table)
_update_option = update(option_table).where(option_table.c.option_id == bindparam("b_option_id"))
_insert_value = insert(option_value)
_update_value = update(option_value).where(option_value.c.id == bindparam("b_value_id"))


def _value_row(option_id: int, value: Record) -> dict[str, Any]:
    return {"template_option_id": option_id, **{k: value[k] for k in _VALUE_KEYS if k != "option_type_id"}}


def _option_row(template_id: int, option: Record) -> dict[str, Any]:
    return {**{k: option[k] for k in _OPTION_KEYS if k != "option_id"}, "template_id": template_id}


def _required_text(record: Record, key: str) -> None:
    value = record.get(key)
    if value is None or (isinstance(value, str) and not value.strip()):
        raise InputException.required(key)


class CustomTemplateRepository(Repository[CustomTemplateInterface, CustomTemplateSearchResultsInterface]):
    interface = "Vendor\\Prot\\Api\\CustomTemplateRepositoryInterface"
    summary = "Product option templates"
    entity = "template"
    table = template_table
    data = CustomTemplateInterface
    results = CustomTemplateSearchResultsInterface
    not_found = 'Template with specified ID "%1" not found.'
    required = ("name",)

    # --- the routed methods

    def get(self, template_id: int | None = None, id: int | None = None,  # noqa: A002 - the wire name
            option_id: int | None = None) -> CustomTemplateInterface:
        """The template with its options; ``id`` and ``optionId`` are other names of ``templateId``."""
        wanted = next((i for i in (template_id, id, option_id) if i is not None), None)
        if wanted is None:
            raise InputException.required("templateId")
        return self.get_record(wanted)

    def get_list(self, search_criteria: SearchCriteria) -> CustomTemplateSearchResultsInterface:
        return self.list_records(search_criteria)

    def save(self, template: CustomTemplateInterface) -> CustomTemplateInterface:
        template_id = template.template_id
        try:
            return self.save_record(template)
        except (InputException, NoSuchEntityException):
            raise
        except LocalizedException as e:
            if template_id is None:
                raise CouldNotSaveException("Unable to save new template. Error: %1", [e.rendered()]) from None
            raise CouldNotSaveException("Unable to save template with ID %1. Error: %2",
                                        [template_id, e.rendered()]) from None

    def delete_by_id(self, template_id: int) -> bool:
        try:
            return self.delete_record(template_id)
        except NoSuchEntityException:
            raise
        except LocalizedException as e:
            raise CouldNotDeleteException("Unable to remove template with ID %1. Error: %2",
                                          [template_id, e.rendered()]) from None

    # --- reading: the options and values of the records, two queries for any number of templates

    def with_links(self, records: list[Record]) -> list[Record]:
        records = super().with_links(records)
        if not records:
            return records
        by_template: dict[Any, list[Record]] = {r["template_id"]: [] for r in records}
        options: dict[int, Record] = {}
        for row in self.conn.execute(_options_of, {"ids": list(by_template)}):
            option = {**row._mapping, "values": []}
            options[option["option_id"]] = option
            by_template[option["template_id"]].append(option)
        if options:
            for row in self.conn.execute(_values_of, {"ids": list(options)}):
                m = row._mapping
                options[m["template_option_id"]]["values"].append(
                    {"option_type_id": m["id"], **{k: m[k] for k in _VALUE_KEYS if k != "option_type_id"}})
        for r in records:
            r["options"] = by_template[r["template_id"]]
        return records

    def new_record(self) -> Record:
        return {**super().new_record(), "options": []}

    # --- saving

    def convert(self, sent: Record, stored: Record | None) -> Record:
        out = super().convert(sent, stored)
        if "options" in sent:
            out["options"] = self._options(sent["options"] or [], stored["options"] if stored is not None else [])
        return out

    def write(self, stored: Record | None, record: Record, sent_links: list[str]) -> Record:
        record = super().write(stored, record, sent_links)
        if "options" in self.sent:
            self._write_options(record["template_id"], stored["options"] if stored is not None else [],
                                record["options"])
        return record

    def before_delete(self, record: Record) -> None:
        self._remove_options(record["options"])

    def to_data(self, record: Record) -> CustomTemplateInterface:
        return CustomTemplateInterface.of(
            template_id=record["template_id"], name=record["name"],
            options=[self._option_data(o) for o in record.get("options") or []])

    # --- options

    def _options(self, sent: list[TemplateOptionInterface], stored: list[Record]) -> list[Record]:
        """The sent option list as the template's new options, each merged over its stored option."""
        by_id = {o["option_id"]: o for o in stored}
        seen: set[int] = set()
        out = []
        for obj in sent:
            values = obj.sent()
            option_id = values.pop("option_id", None)
            if option_id is not None:
                if option_id not in by_id or option_id in seen:
                    raise InputException.invalid_value("option_id", option_id)
                seen.add(option_id)
                base = by_id[option_id]
            else:
                base = _NEW_OPTION
            sent_values = values.pop("values", ...)
            option = {**base, **values, "option_id": option_id}
            self._check_option(option)
            if option["type"] in SELECT_TYPES:
                option["price"] = option["price_type"] = None
                if sent_values is not ...:
                    option["values"] = self._values(sent_values or [], base["values"])
                elif base["type"] not in SELECT_TYPES:
                    option["values"] = []
                if not option["values"]:
                    raise InputException.required("values")
            else:
                option["values"] = []
                option["price_type"] = option["price_type"] or "fixed"
                if option["price_type"] not in PRICE_TYPES:
                    raise InputException.invalid_value("price_type", option["price_type"])
            out.append(option)
        return sorted(out, key=lambda o: o["sort_order"])

    @staticmethod
    def _check_option(option: Record) -> None:
        _required_text(option, "title")
        if option["type"] is None:
            raise InputException.required("type")
        if option["type"] not in OPTION_TYPES:
            raise InputException.invalid_value("type", option["type"])
        if option["use_swatches"] not in SWATCHES:
            raise InputException.invalid_value("use_swatches", option["use_swatches"])

    @staticmethod
    def _values(sent: list[TemplateOptionValueInterface], stored: list[Record]) -> list[Record]:
        by_id = {v["option_type_id"]: v for v in stored}
        seen: set[int] = set()
        out = []
        for obj in sent:
            values = obj.sent()
            value_id = values.pop("option_type_id", None)
            if value_id is not None:
                if value_id not in by_id or value_id in seen:
                    raise InputException.invalid_value("option_type_id", value_id)
                seen.add(value_id)
            value = {**(by_id[value_id] if value_id is not None else _NEW_VALUE), **values, "option_type_id": value_id}
            _required_text(value, "title")
            if value["price_type"] not in PRICE_TYPES:
                raise InputException.invalid_value("price_type", value["price_type"])
            out.append(value)
        return sorted(out, key=lambda v: v["sort_order"])

    def _write_options(self, template_id: int, stored: list[Record], options: list[Record]) -> None:
        kept = {o["option_id"] for o in options if o["option_id"] is not None}
        self._remove_options([o for o in stored if o["option_id"] not in kept])
        stored_values = {o["option_id"]: o["values"] for o in stored}
        for option in options:
            row = _option_row(template_id, option)
            if option["option_id"] is None:
                inserted = self.conn.execute(_insert_option, row).inserted_primary_key
                assert inserted is not None
                option["option_id"] = inserted[0]
            else:
                self.conn.execute(_update_option, {"b_option_id": option["option_id"], **row})
            option["template_id"] = template_id
            self._write_values(option["option_id"], stored_values.get(option["option_id"], []), option["values"])
        options.sort(key=lambda o: (o["sort_order"], o["option_id"]))

    def _write_values(self, option_id: int, stored: list[Record], values: list[Record]) -> None:
        kept = {v["option_type_id"] for v in values if v["option_type_id"] is not None}
        self._remove_values([v["option_type_id"] for v in stored if v["option_type_id"] not in kept])
        for value in values:
            row = _value_row(option_id, value)
            if value["option_type_id"] is None:
                inserted = self.conn.execute(_insert_value, row).inserted_primary_key
                assert inserted is not None
                value["option_type_id"] = inserted[0]
            else:
                self.conn.execute(_update_value, {"b_value_id": value["option_type_id"], **row})
        values.sort(key=lambda v: (v["sort_order"], v["option_type_id"]))

    def _remove_options(self, options: list[Record]) -> None:
        """Remove template options with their values and the record of what was copied from them
        (the copies on products stay)."""
        if not options:
            return
        ids = [o["option_id"] for o in options]
        self._remove_values([v["option_type_id"] for o in options for v in o["values"]])
        self.conn.execute(delete(option_relation).where(option_relation.c.parent_option_id.in_(ids)))
        self.conn.execute(delete(option_table).where(option_table.c.option_id.in_(ids)))

    def _remove_values(self, ids: list[int]) -> None:
        if ids:
            self.conn.execute(delete(option_value_relation).where(option_value_relation.c.parent_value_id.in_(ids)))
            self.conn.execute(delete(option_value).where(option_value.c.id.in_(ids)))

    @staticmethod
    def _option_data(option: Record) -> TemplateOptionInterface:
        select_type = option["type"] in SELECT_TYPES
        return TemplateOptionInterface.of(
            **{k: option[k] for k in _OPTION_KEYS},
            values=[TemplateOptionValueInterface.of(**v) for v in option["values"]] if select_type else None)
