"""The product tab repository on the shared kit (framework/repository.py), docs/modules/customtabs.md.

A tab's name, title, anchor, position, status, customer groups, content and product blocks are kept
per store view with fallback to store 0 (framework/storevalues.py); the ``store_id`` of a saved tab
names the store view written (0 or absent: the defaults), and the reads show the defaults unless a
``storeId`` is asked for. What is the module's own: customer groups as a normalised id list, the
product conditions checked by the platform's rule engine, a tab name unique in the store view that
reads it, the creation and change times, the ``stores`` and ``identities`` of a tab, and built-in and
third-party tabs that may be switched off but not deleted.
"""
from __future__ import annotations

from typing import Any

from sqlalchemy import bindparam, func, select

from ...framework.dates import parse_datetime, utc_now
from ...framework.exceptions import CouldNotDeleteException, LocalizedException
from ...framework.repository import Record, Repository, joined, parse_ids
from ...framework.search import SearchCriteria
from ...framework.storevalues import ADMIN_STORE_ID, SCOPE_PARAM, StoreValues, scoped_select
from ...platform import rule
from .api import TabsInterface, TabsSearchResultsInterface
from .tables import tabs as tabs_table
from .tables import tabs_content

TAB_VALUES = StoreValues(tabs_content)

#: origins of a tab
CUSTOM, DEFAULT, THIRD_PARTY = 0, 1, 2

#: store values that are never empty: a null sent for the defaults keeps the stored value
_NOT_NULL = ("status", "tab_name", "tab_title", "customer_groups", "content",
             "related_enabled", "upsell_enabled", "crosssell_enabled")
#: global keys whose null means "not sent"
_GLOBAL = ("is_active", "conditions_serialized", "type", "module_name", "name_in_layout", "created_at")

#: a new tab's store values (its defaults)
_NEW_VALUES: Record = {"status": 1, "sort_order": 0, "customer_groups": "", "content": "",
                       "related_enabled": 0, "upsell_enabled": 0, "crosssell_enabled": 0}

_name_select, _name_columns = scoped_select(select(tabs_table.c.tab_id), TAB_VALUES, tabs_table.c.tab_id, ["tab_name"])
#: another tab with this name, as the store view of ``SCOPE_PARAM`` reads the names
_NAME_TAKEN = (_name_select.where(func.lower(_name_columns["tab_name"]) == func.lower(bindparam("name")),
                                  tabs_table.c.tab_id != bindparam("own_id")).limit(1))
_STORES = (select(tabs_content.c.tab_id, tabs_content.c.store_id)
           .where(tabs_content.c.tab_id.in_(bindparam("ids", expanding=True)))
           .order_by(tabs_content.c.tab_id, tabs_content.c.store_id))




class TabsRepository(Repository[TabsInterface, TabsSearchResultsInterface]):
    interface = "Vendor\\CustomTabs\\Api\\TabsRepositoryInterface"
    summary = "Product page tabs"
    entity = "tabs"
    table = tabs_table
    data = TabsInterface
    results = TabsSearchResultsInterface
    not_found = 'Tabs with specified ID "%1" not found.'
    could_not_save = True
    renamed = {"tab_anchor": "anchor"}
    store_values = TAB_VALUES
    store_key = "store_id"
    required = ("tab_name",)
    choices = {"status": (0, 1), "is_active": (0, 1), "related_enabled": (0, 1), "upsell_enabled": (0, 1),
               "crosssell_enabled": (0, 1), "type": (CUSTOM, DEFAULT, THIRD_PARTY)}

    # --- the service methods

    def save(self, tabs: TabsInterface) -> TabsInterface:
        """Create a tab (no ``tab_id``) or change one; store values go to the ``store_id`` named."""
        return self.save_record(tabs)

    def get_by_id(self, tab_id: int, store_id: int = 0) -> TabsInterface:
        """The tab with its default values, or as store view ``storeId`` reads them."""
        return self.get_record(tab_id, store_id)

    def delete_by_id(self, tab_id: int) -> bool:
        """Delete a custom tab with its values in every store view."""
        record = self.load(tab_id)
        if record["type"] != CUSTOM:
            raise CouldNotDeleteException(
                "Unable to remove tabs with ID %1. Error: %2",
                [tab_id, "A built-in or third-party tab cannot be deleted; disable it instead."])
        return self.delete_record(tab_id)

    def get_list(self, search_criteria: SearchCriteria, store_id: int = 0) -> TabsSearchResultsInterface:
        """Tabs with their default values, or as store view ``storeId`` reads them (also for filters
        and sort orders)."""
        return self.list_records(search_criteria, store_id)

    # --- hooks

    def new_record(self) -> Record:
        return {**super().new_record(), **_NEW_VALUES}

    def convert(self, sent: Record, stored: Record | None) -> Record:
        values = super().convert(sent, stored)
        values.pop("updated_at", None)
        defaults = stored is None or self.store_scope() == ADMIN_STORE_ID
        for key in (*(_NOT_NULL if defaults else ()), *_GLOBAL):
            if key in values and values[key] is None:
                del values[key]
        if values.get("created_at") == "":
            del values["created_at"]
        if "created_at" in values:
            values["created_at"] = parse_datetime(values["created_at"], "created_at")
        if values.get("customer_groups") is not None:
            values["customer_groups"] = joined(parse_ids(values["customer_groups"], "customer_groups"))
        if "conditions_serialized" in values:
            values["conditions_serialized"] = rule.serialize(rule.parse(values["conditions_serialized"], rule.ITEM)) or ""
        for key in ("tab_name", "tab_title"):
            if isinstance(values.get(key), str):
                values[key] = values[key].strip()
        return values

    def check(self, record: Record, stored: Record | None) -> None:
        super().check(record, stored)
        if stored is None and not record.get("tab_title"):
            record["tab_title"] = record["tab_name"]
        if stored is None or "tab_name" in self.sent:
            scope = ADMIN_STORE_ID if stored is None else self.store_scope()
            own_id = stored[self.pk_key] if stored is not None else 0
            taken = self.conn.execute(_NAME_TAKEN, {SCOPE_PARAM: scope, "name": record["tab_name"],
                                                    "own_id": own_id}).first()
            if taken is not None:
                raise LocalizedException('A tab named "%1" already exists.', [record["tab_name"]])
        record["updated_at"] = utc_now()
        record["created_at"] = record.get("created_at") or record["updated_at"]

    def with_links(self, records: list[Record]) -> list[Record]:
        records = super().with_links(records)
        if records:
            stores: dict[Any, list[str]] = {r[self.pk_key]: [] for r in records}
            for tab_id, store_id in self.conn.execute(_STORES, {"ids": list(stores)}):
                stores[tab_id].append(str(store_id))
            for r in records:
                r["stores"] = stores[r[self.pk_key]]
        return records

    def after_save(self, record: Record, stored: Record | None) -> None:
        record.pop("stores", None)  # the stored record's list: read again for the answer

    def to_data(self, record: Record) -> TabsInterface:
        tab_id = record[self.pk_key]
        stores = record.get("stores")
        if stores is None:  # a record just saved
            stores = [str(ADMIN_STORE_ID), *(str(s) for s in TAB_VALUES.stores(self.conn, tab_id))]
        out = {key: record.get(key) for key in (*self.columns, *self.scoped)}
        return TabsInterface.of(**out, store_id=self.store_scope(), stores=stores,
                                identities=[f"vendor_customtabs_tabs_{tab_id}"])
