"""The RMA reference data: statuses, reasons, conditions and resolutions (each with per-store labels,
soft-deleted), and the return rules (docs/modules/rma.md)."""
from __future__ import annotations

from typing import Any, ClassVar, cast

from sqlalchemy import Table, delete, insert, select, update

from ...framework.data import DataObject
from ...framework.exceptions import InputException, LocalizedException
from ...framework.repository import Record, Repository
from ...framework.search import SearchCriteria
from ...platform import rule
from .api import (ConditionInterface, ConditionSearchResultsInterface, ConditionStoreInterface, ReasonInterface,
                  ReasonSearchResultsInterface, ReasonStoreInterface, ResolutionInterface,
                  ResolutionSearchResultsInterface, ResolutionStoreInterface, ReturnRulesInterface,
                  ReturnRulesSearchResultsInterface, RuleCustomerGroupInterface, RuleResolutionInterface,
                  RuleWebsiteInterface, StatusInterface, StatusSearchResultsInterface, StatusStoreInterface)
from .tables import (condition, condition_store, reason, reason_store, resolution, resolution_store, return_rule,
                     rule_customer_group, rule_resolution, rule_website, status, status_store)

STATE_NAMES = {0: "Processing", 1: "Approved", 2: "Delivered", 3: "Completed", 4: "Canceled"}
ACTIONS = ("exchange", "refund", "repair", "store_credit")
STATUS_STORE_FIELDS = ("label", "description", "send_email_to_customer", "customer_email_template",
                       "customer_custom_text", "send_email_to_admin", "admin_email_template", "admin_custom_text",
                       "send_to_chat", "chat_message")


def view_of(ctx: Any, store_id: int | None) -> int:
    """The store view whose labels a read shows: the one asked, else the URL's (0 under `all`)."""
    return ctx.store_id if store_id is None else store_id


def pick_label(rows: list[Any], view: int, title: str | None) -> str:
    by_store = {r.store_id: r for r in rows}
    for store in (view, 0):
        row = by_store.get(store)
        if row is not None and row.label:
            return str(row.label)
    return title or ""


def check_choices(repo: Repository[Any, Any], record: Record) -> None:
    """The enumerated fields, the value named as text (as the platform's message shows it)."""
    for key, allowed in repo.choices.items():
        if record.get(key) not in allowed:
            raise InputException.invalid_value(key, "" if record.get(key) is None else str(record.get(key)))


class _Labelled(Repository[Any, Any]):
    """A reference record with per-store labels in ``store_table``, soft-deleted."""

    store_table: ClassVar[Table]
    store_data: ClassVar[type[DataObject]]
    kind: ClassVar[str]
    required: ClassVar[tuple[str, ...]] = ("title",)
    view: int | None = None

    def _stores(self, record_id: int) -> list[Any]:
        fk = self.store_table.c[f"{self.kind}_id"]
        return list(self.conn.execute(select(self.store_table).where(fk == record_id)
                                      .order_by(self.store_table.c.store_id)))

    def read(self, record_id: int, store_id: int | None) -> Any:
        self.view = store_id
        if store_id is not None:
            self.known_store(store_id)
        return self.get_record(record_id)

    def listing(self, criteria: SearchCriteria) -> Any:
        return self.list_records(criteria)

    def soft_delete(self, record_id: int) -> bool:
        record = self.load(record_id)
        self.before_soft_delete(record)
        self.conn.execute(update(self.table).where(self.pk == record_id).values(is_deleted=True))
        return True

    def before_soft_delete(self, record: Record) -> None:
        pass

    def convert(self, sent: Record, stored: Record | None) -> Record:
        values = super().convert(sent, stored)
        values.pop("is_deleted", None)
        return values

    def check(self, record: Record, stored: Record | None) -> None:
        check_choices(self, record)
        super().check(record, stored)

    def write(self, stored: Record | None, record: Record, sent_links: list[str]) -> Record:
        if stored is None:
            record["is_deleted"] = False
        saved = super().write(stored, record, sent_links)
        if "stores" in self.sent and self.sent["stores"] is not None:
            rows = []
            seen: set[int] = set()
            for entry in self.sent["stores"]:
                values = entry.sent()
                store_id = values.get("store_id")
                if store_id is None:
                    raise InputException.required("store_id")
                if self.ctx.config is not None and store_id not in self.ctx.config.website_of:
                    raise InputException.invalid_value("store_id", store_id)
                if store_id in seen:
                    continue
                seen.add(store_id)
                row = {k: v for k, v in values.items() if k in self.store_table.c and not k.endswith("_id")}
                row = {k: ("" if v is None and k in ("label", "description") or (v is None and k.endswith("_text"))
                           or (v is None and k == "chat_message") else v) for k, v in row.items()}
                rows.append({**{k: v for k, v in row.items() if v is not None}, "store_id": store_id,
                             f"{self.kind}_id": saved[self.pk_key]})
            fk = self.store_table.c[f"{self.kind}_id"]
            self.conn.execute(delete(self.store_table).where(fk == saved[self.pk_key]))
            if rows:
                for row in rows:
                    self.conn.execute(insert(self.store_table).values(row))
        elif stored is None:
            self.conn.execute(insert(self.store_table).values({f"{self.kind}_id": saved[self.pk_key], "store_id": 0,
                                                               "label": record.get("title") or ""}))
        return saved

    def to_data(self, record: Record) -> Any:
        rows = self._stores(record[self.pk_key])
        out = {key: record.get(key) for key in self.columns}
        out["stores"] = [self.store_data.of(**r._asdict()) for r in rows]
        out["label"] = pick_label(rows, view_of(self.ctx, self.view), record.get("title"))
        return self.data.of(**out)


class ReasonRepository(_Labelled):
    interface = "Vendor\\Rma\\Api\\ReasonRepositoryInterface"
    summary = "Return reasons"
    entity = "reason"
    kind = "reason"
    table = reason
    store_table = reason_store
    store_data = ReasonStoreInterface
    data = ReasonInterface
    results = ReasonSearchResultsInterface
    not_found = 'Reason with specified ID "%1" not found.'
    choices = {"status": (0, 1), "payer": (0, 1, 2)}

    def get_by_id(self, reason_id: int, store_id: int | None = None) -> ReasonInterface:
        return cast(ReasonInterface, self.read(reason_id, store_id))

    def save(self, reason: ReasonInterface) -> ReasonInterface:
        return cast(ReasonInterface, self.save_record(reason))

    def delete_by_id(self, reason_id: int) -> bool:
        return self.soft_delete(reason_id)


class ReasonFinder(ReasonRepository):
    interface = "Vendor\\RmaApi\\Api\\ReasonFinderInterface"
    summary = "Return reasons (list)"

    def get_list(self, search_criteria: SearchCriteria | None = None) -> ReasonSearchResultsInterface:
        return cast(ReasonSearchResultsInterface, self.listing(search_criteria or SearchCriteria.of(filter_groups=[])))


class ConditionRepository(_Labelled):
    interface = "Vendor\\Rma\\Api\\ConditionRepositoryInterface"
    summary = "Item conditions of returns"
    entity = "condition"
    kind = "condition"
    table = condition
    store_table = condition_store
    store_data = ConditionStoreInterface
    data = ConditionInterface
    results = ConditionSearchResultsInterface
    not_found = 'Condition with specified ID "%1" not found.'
    choices = {"status": (0, 1)}

    def get_by_id(self, condition_id: int, store_id: int | None = None) -> ConditionInterface:
        return cast(ConditionInterface, self.read(condition_id, store_id))

    def save(self, condition: ConditionInterface) -> ConditionInterface:
        return cast(ConditionInterface, self.save_record(condition))

    def delete_by_id(self, condition_id: int) -> bool:
        return self.soft_delete(condition_id)


class ConditionFinder(ConditionRepository):
    interface = "Vendor\\RmaApi\\Api\\ConditionFinderInterface"
    summary = "Item conditions of returns (list)"

    def get_list(self, search_criteria: SearchCriteria | None = None) -> ConditionSearchResultsInterface:
        return cast(ConditionSearchResultsInterface, self.listing(search_criteria or SearchCriteria.of(filter_groups=[])))


class ResolutionRepository(_Labelled):
    interface = "Vendor\\Rma\\Api\\ResolutionRepositoryInterface"
    summary = "Return resolutions"
    entity = "resolution"
    kind = "resolution"
    table = resolution
    store_table = resolution_store
    store_data = ResolutionStoreInterface
    data = ResolutionInterface
    results = ResolutionSearchResultsInterface
    not_found = 'Resolution with specified ID "%1" not found.'
    choices = {"status": (0, 1), "action": ACTIONS}

    def get_by_id(self, resolution_id: int, store_id: int | None = None) -> ResolutionInterface:
        return cast(ResolutionInterface, self.read(resolution_id, store_id))

    def save(self, resolution: ResolutionInterface) -> ResolutionInterface:
        return cast(ResolutionInterface, self.save_record(resolution))

    def delete_by_id(self, resolution_id: int) -> bool:
        return self.soft_delete(resolution_id)


class ResolutionFinder(ResolutionRepository):
    interface = "Vendor\\RmaApi\\Api\\ResolutionFinderInterface"
    summary = "Return resolutions (list)"

    def get_list(self, search_criteria: SearchCriteria | None = None) -> ResolutionSearchResultsInterface:
        return cast(ResolutionSearchResultsInterface, self.listing(search_criteria or SearchCriteria.of(filter_groups=[])))


class StatusRepository(_Labelled):
    interface = "Vendor\\Rma\\Api\\StatusRepositoryInterface"
    summary = "Return request statuses"
    entity = "status"
    kind = "status"
    table = status
    store_table = status_store
    store_data = StatusStoreInterface
    data = StatusInterface
    results = StatusSearchResultsInterface
    not_found = 'Status with specified ID "%1" not found.'
    required: ClassVar[tuple[str, ...]] = ("title", "state")
    choices = {"state": (0, 1, 2, 3, 4), "grid": (0, 1, 2), "auto_event": (0, 1, 2, 3, 4)}

    def get_by_id(self, status_id: int, store_id: int | None = None) -> StatusInterface:
        self.asked_store = store_id
        return cast(StatusInterface, self.read(status_id, store_id))

    def save(self, status: StatusInterface) -> StatusInterface:
        return cast(StatusInterface, self.save_record(status))

    def delete_by_id(self, status_id: int) -> bool:
        return self.soft_delete(status_id)

    asked_store: int | None = None

    def convert(self, sent: Record, stored: Record | None) -> Record:
        values = super().convert(sent, stored)
        for key in ("enabled", "initial"):
            if key in values and values[key] is None:
                values.pop(key)
        return values

    def check(self, record: Record, stored: Record | None) -> None:
        if record.get("state") is None:
            raise InputException.required("state")
        check_choices(self, record)
        super().check(record, stored)
        if record.get("initial") and record.get("enabled") is False:
            raise LocalizedException("Initial status can't be disabled.")
        if stored is not None and stored.get("initial") and not record.get("initial"):
            other = self.conn.execute(select(status.c.status_id).where(
                status.c.initial.is_(True), status.c.is_deleted.is_(False),
                status.c.status_id != stored["status_id"])).first()
            if other is None:
                raise LocalizedException("There is no initial status.")

    def after_save(self, record: Record, stored: Record | None) -> None:
        if record.get("initial"):
            self.conn.execute(update(status).where(status.c.status_id != record["status_id"],
                                                   status.c.initial.is_(True)).values(initial=False))

    def before_soft_delete(self, record: Record) -> None:
        if record.get("is_deleted"):
            return
        if record.get("initial"):
            raise LocalizedException("Can't delete initial status.")
        other = self.conn.execute(select(status.c.status_id).where(
            status.c.state == record["state"], status.c.is_deleted.is_(False),
            status.c.status_id != record["status_id"])).first()
        if other is None:
            raise LocalizedException('Can\'t delete status because it is the only status of state "%1".',
                                     [STATE_NAMES.get(record["state"], str(record["state"]))])

    def to_data(self, record: Record) -> Any:
        rows = self._stores(record["status_id"])
        out = {key: record.get(key) for key in self.columns}
        out["stores"] = [StatusStoreInterface.of(**r._asdict()) for r in rows]
        out["label"] = pick_label(rows, view_of(self.ctx, self.view), record.get("title"))
        if self.asked_store is not None:
            out["store_data"] = merged_store_row(rows, self.asked_store, record["status_id"], record.get("title"))
        return StatusInterface.of(**out)


class StatusFinder(StatusRepository):
    interface = "Vendor\\RmaApi\\Api\\StatusFinderInterface"
    summary = "Return request statuses (list)"

    def get_list(self, search_criteria: SearchCriteria | None = None) -> StatusSearchResultsInterface:
        return cast(StatusSearchResultsInterface, self.listing(search_criteria or SearchCriteria.of(filter_groups=[])))


def merged_store_row(rows: list[Any], store_id: int, status_id: int, title: str | None) -> StatusStoreInterface:
    """The store row of ``store_id`` with the store 0 row's values where it has none."""
    by_store = {r.store_id: r._asdict() for r in rows}
    own, default = by_store.get(store_id), by_store.get(0)
    base = dict(own or default or {"status_store_id": None, "status_id": status_id, "store_id": store_id,
                                   "label": title or "", "description": "", "send_email_to_customer": False,
                                   "customer_email_template": 0, "customer_custom_text": "",
                                   "send_email_to_admin": False, "admin_email_template": 0, "admin_custom_text": "",
                                   "send_to_chat": False, "chat_message": ""})
    if own is not None and default is not None:
        for key in ("label", "description", "customer_custom_text", "admin_custom_text", "chat_message"):
            if not base.get(key):
                base[key] = default[key]
    if not base.get("label"):
        base["label"] = title or ""
    return StatusStoreInterface.of(**base)


# --------------------------------------------------------------------------- return rules

_RULE_LISTS = (("customer_groups", rule_customer_group, RuleCustomerGroupInterface, "customer_group_id"),
               ("websites", rule_website, RuleWebsiteInterface, "website_id"),
               ("resolutions", rule_resolution, RuleResolutionInterface, "resolution_id"))


class ReturnRulesRepository(Repository[ReturnRulesInterface, ReturnRulesSearchResultsInterface]):
    interface = "Vendor\\Rma\\Api\\ReturnRulesRepositoryInterface"
    summary = "Return rules"
    entity = "rule"
    table = return_rule
    data = ReturnRulesInterface
    results = ReturnRulesSearchResultsInterface
    not_found = 'Rule with specified ID "%1" not found.'
    required = ("name",)
    choices = {"status": (0, 1)}

    def get_by_id(self, rule_id: int) -> ReturnRulesInterface:
        return self.get_record(rule_id)

    def save(self, rule: ReturnRulesInterface) -> ReturnRulesInterface:
        return self.save_record(rule)

    def delete_by_id(self, rule_id: int) -> bool:
        return self.delete_record(rule_id)

    def convert(self, sent: Record, stored: Record | None) -> Record:
        values = super().convert(sent, stored)
        if "conditions_serialized" in values:
            text = values["conditions_serialized"]
            parsed = rule.parse(text, rule.ITEM) if text not in (None, "") else None
            values["conditions_serialized"] = rule.serialize(parsed) if parsed is not None else None
        for key in ("status", "priority", "default_resolution"):
            if key in values and values[key] is None:
                values.pop(key)
        return values

    def check(self, record: Record, stored: Record | None) -> None:
        check_choices(self, record)
        super().check(record, stored)
        if (record.get("default_resolution") or 0) < 0:
            raise InputException.invalid_value("default_resolution", record["default_resolution"])
        for entry in self.sent.get("resolutions") or []:
            value = entry.value
            if value is not None and value < 0:
                raise InputException.invalid_value("value", value)
            if entry.resolution_id is None:
                raise InputException.required("resolution_id")
        for name, _, _, key in _RULE_LISTS[:2]:
            for entry in self.sent.get(name) or []:
                if getattr(entry, key) is None:
                    raise InputException.required(key)

    def write(self, stored: Record | None, record: Record, sent_links: list[str]) -> Record:
        saved = super().write(stored, record, sent_links)
        for name, table, _, key in _RULE_LISTS:
            if name not in self.sent:
                continue
            self.conn.execute(delete(table).where(table.c.rule_id == saved["id"]))
            seen: set[int] = set()
            for entry in self.sent[name] or []:
                target = getattr(entry, key)
                if target in seen:
                    continue
                seen.add(target)
                row = {"rule_id": saved["id"], key: target}
                if name == "resolutions":
                    row["value"] = entry.value
                self.conn.execute(insert(table).values(row))
        return saved

    def to_data(self, record: Record) -> ReturnRulesInterface:
        out = {key: record.get(key) for key in self.columns}
        for name, table, data, _ in _RULE_LISTS:
            rows = self.conn.execute(select(table).where(table.c.rule_id == record["id"])
                                     .order_by(table.c[table.c.keys()[0]])).all()
            out[name] = [data.of(**r._asdict()) for r in rows]
        return ReturnRulesInterface.of(**out)


class ReturnRulesFinder(ReturnRulesRepository):
    interface = "Vendor\\RmaApi\\Api\\ReturnRulesFinderInterface"
    summary = "Return rules (list)"

    def get_list(self, search_criteria: SearchCriteria | None = None) -> ReturnRulesSearchResultsInterface:
        return self.list_records(search_criteria or SearchCriteria.of(filter_groups=[]))
