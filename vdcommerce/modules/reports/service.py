"""The report rules: their repository on the shared kit (framework/repository.py) and the rule ->
product index (docs/modules/reports.md).

A rule's conditions are a product tree of the platform's condition engine (platform/rule). Which
products a rule selects is kept in ``vendor_reports_rule_index``:

- realtime (the default indexer mode): a save indexes its rule at once, a product save re-tests that
  product against every rule, a product delete drops its rows;
- on schedule (``vendor_reports/indexer/mode`` = ``schedule``): a save, or a product save, leaves the
  rules Processing (status 0) and the scheduled job indexes them (``cron.py``).

Either way a scheduled full reindex catches what no event announces (products put in categories).
"""
from __future__ import annotations

import datetime as dt
from functools import lru_cache
from typing import Any

from sqlalchemy import Connection, bindparam, delete, insert, select, update

from ...framework.dates import utc_now as _now
from ...framework.context import Context
from ...framework.exceptions import CouldNotSaveException, LocalizedException
from ...framework.repository import Record, Repository
from ...framework.search import SearchCriteria
from ...platform import rule as conditions
from ...platform.catalog.service import products_by_ids
from ...platform.rule.products import as_item
from .api import RuleInterface, RuleSearchResultsInterface
from .tables import rule as rule_table
from .tables import rule_index

MODE_PATH = "vendor_reports/indexer/mode"
SCHEDULE = "schedule"
INDEXED, PROCESSING = 1, 0

_t = rule_table.c
_i = rule_index.c
_set_state = update(rule_table).where(_t.entity_id == bindparam("rid")) \
    .values(status=bindparam("b_status"), updated_at=bindparam("b_updated_at"))
_clear_rule = delete(rule_index).where(_i.rule_id == bindparam("rid"))
_clear_product = delete(rule_index).where(_i.product_id == bindparam("pid"))
_add = insert(rule_index)
_all_rules = select(_t.entity_id, _t.conditions_serialized).order_by(_t.entity_id)



def on_schedule(ctx: Context) -> bool:
    """Whether the module's indexer runs on schedule (else in real time, inside the saving request)."""
    value = ctx.config.get(MODE_PATH) if ctx.config is not None else None
    return (value or "").strip().lower() == SCHEDULE


@lru_cache(maxsize=1024)
def condition_empty(serialized: str | None) -> bool:
    """True for no conditions: no text, or a root combine without children (such a rule selects every
    product)."""
    tree = conditions.parse(serialized, conditions.ITEM) if serialized else None
    return tree is None or tree.is_empty


# --------------------------------------------------------------------------- the index

class RuleIndexer:
    """Writes the rule -> product index on one connection (a request's or a scheduled run's)."""

    def __init__(self, conn: Connection):
        self.conn = conn

    def reindex_rule(self, rule_id: int, serialized: str | None) -> dt.datetime:
        """The rule's rows replaced by the products its conditions select now; the rule marked Indexed.
        Returns the time written as its ``updated_at``."""
        tree = conditions.parse(serialized, conditions.ITEM)
        ids = conditions.matching_product_ids(self.conn, tree)
        self.conn.execute(_clear_rule, {"rid": rule_id})
        if ids:
            self.conn.execute(_add, [{"rule_id": rule_id, "product_id": pid} for pid in ids])
        now = _now()
        self.conn.execute(_set_state, {"rid": rule_id, "b_status": INDEXED, "b_updated_at": now})
        return now

    def reindex(self, only_processing: bool) -> list[int]:
        """Every rule (or only those waiting, status Processing) reindexed; their ids."""
        stmt = _all_rules.where(_t.status == PROCESSING) if only_processing else _all_rules
        done = []
        for rule_id, serialized in self.conn.execute(stmt).all():
            self.reindex_rule(rule_id, serialized)
            done.append(rule_id)
        return done

    def reindex_testing(self, attribute: str) -> list[int]:
        """The rules whose conditions test ``attribute`` reindexed; their ids."""
        done = []
        for rule_id, serialized in self.conn.execute(_all_rules).all():
            tree = conditions.parse(serialized, conditions.ITEM)
            if tree is not None and attribute in tree.attributes():
                self.reindex_rule(rule_id, serialized)
                done.append(rule_id)
        return done

    def reindex_product(self, product_id: int) -> None:
        """The product re-tested against every rule (its rows replaced)."""
        self.conn.execute(_clear_product, {"pid": product_id})
        product = products_by_ids(self.conn, [product_id]).get(product_id)
        if product is None:
            return
        item = as_item(product)
        rows = [{"rule_id": rule_id, "product_id": product_id}
                for rule_id, serialized in self.conn.execute(_all_rules)
                if conditions.item_predicate(serialized)(item)]
        if rows:
            self.conn.execute(_add, rows)

    def forget_product(self, product_id: int) -> None:
        self.conn.execute(_clear_product, {"pid": product_id})

    def mark_all_processing(self) -> None:
        self.conn.execute(update(rule_table).values(status=PROCESSING))

    def product_ids(self, rule_id: int) -> list[int]:
        return list(self.conn.execute(select(_i.product_id).where(_i.rule_id == rule_id)
                                      .order_by(_i.product_id)).scalars())


# --------------------------------------------------------------------------- the repository

class RuleRepository(Repository[RuleInterface, RuleSearchResultsInterface]):
    interface = "Vendor\\Reports\\Api\\RuleRepositoryInterface"
    summary = "Advanced Reports rules"
    entity = "rule"
    table = rule_table
    data = RuleInterface
    results = RuleSearchResultsInterface
    not_found = 'Rule with specified ID "%1" not found.'
    renamed = {"serialized_conditions": "conditions_serialized"}
    choices = {"status": (0, 1), "pin": (0, 1)}
    required = ("title",)

    # --- routed

    def save(self, rule: RuleInterface) -> RuleInterface:
        return self.save_record(rule)

    def get_by_id(self, entity_id: int) -> RuleInterface:
        return self.get_record(entity_id)

    def delete_by_id(self, entity_id: int) -> bool:
        return self._remove(entity_id)

    def get_list(self, search_criteria: SearchCriteria) -> RuleSearchResultsInterface:
        return self.list_records(search_criteria)

    # --- not routed: what indexing and the reports use

    def get_new_rule(self) -> RuleInterface:
        return self.to_data(self.new_record())

    def delete(self, rule: RuleInterface) -> bool:
        return self._remove(rule.entity_id)

    def update_status(self, status: int, rule_id: int | None = None) -> None:
        """Set the status of one rule, or of every rule (``rule_id`` None)."""
        stmt = update(rule_table).values(status=status)
        self.conn.execute(stmt if rule_id is None else stmt.where(_t.entity_id == rule_id))

    def update_last_updated(self, date: str, rule_id: int | None = None) -> None:
        """Set ``updated_at`` of one rule, or of every rule (``rule_id`` None)."""
        when = dt.datetime.fromisoformat(date.strip()).replace(microsecond=0)
        stmt = update(rule_table).values(updated_at=when)
        self.conn.execute(stmt if rule_id is None else stmt.where(_t.entity_id == rule_id))

    def get_pinned_rules(self) -> list[RuleInterface]:
        """The rules offered as quick filters in custom reports (pin = 1), by id."""
        rows = self.conn.execute(select(rule_table).where(_t.pin == 1).order_by(_t.entity_id)).all()
        return [self.to_data(self.from_row(r._mapping)) for r in rows]

    def matching_product_ids(self, rule_id: int) -> list[int]:
        """The indexed products of a rule (what a report filtered by it counts)."""
        self.load(rule_id)
        return RuleIndexer(self.conn).product_ids(rule_id)

    # --- hooks

    def _remove(self, rule_id: Any) -> bool:
        """The rule and its index rows."""
        self.conn.execute(_clear_rule, {"rid": rule_id})
        return self.delete_record(rule_id)

    def convert(self, sent: Record, stored: Record | None) -> Record:
        values = super().convert(sent, stored)
        values.pop("updated_at", None)  # the system's: the time of the last index run or update
        if "serialized_conditions" in values:
            try:
                tree = conditions.parse(values["serialized_conditions"], conditions.ITEM)
            except LocalizedException as e:
                if stored is None:
                    raise CouldNotSaveException("Unable to save new rule. Error: %1", [e.rendered()]) from None
                raise CouldNotSaveException("Unable to save rule with ID %1. Error: %2",
                                            [stored["entity_id"], e.rendered()]) from None
            values["serialized_conditions"] = conditions.serialize(tree)
        return values

    def check(self, record: Record, stored: Record | None) -> None:
        if isinstance(record.get("title"), str):
            record["title"] = record["title"].strip()
        super().check(record, stored)

    def after_save(self, record: Record, stored: Record | None) -> None:
        if on_schedule(self.ctx):
            record["status"], record["updated_at"] = PROCESSING, _now()
            self.conn.execute(_set_state, {"rid": record["entity_id"], "b_status": PROCESSING,
                                           "b_updated_at": record["updated_at"]})
            return
        record["updated_at"] = RuleIndexer(self.conn).reindex_rule(record["entity_id"],
                                                                   record["serialized_conditions"])
        record["status"] = INDEXED

    def to_data(self, record: Record) -> RuleInterface:
        return RuleInterface.of(
            entity_id=record["entity_id"], title=record["title"], status=record["status"],
            updated_at=record["updated_at"], serialized_conditions=record["serialized_conditions"],
            pin=record["pin"], condition_empty=condition_empty(record["serialized_conditions"]))


