"""Customer groups: the group repository, the default group per store view, and which groups are fixed.

Groups 0 ``NOT LOGGED IN`` (guests), 1 ``General``, 2 ``Wholesale`` and 3 ``Retailer`` come with the
platform; the API creates, edits and deletes others. A group names a customer tax class
(``tax_class_id``); its ``tax_class_name`` follows the class. The tax classes a group may name come
from ``TAX_CLASSES``: the platform's built-in customer class 3 ``Retail Customer`` unless a package
that keeps tax classes replaces the lookup (``set_tax_classes``).

Choices where the platform leaves room (docs/platform/customer.md):

- Group 0 and the default group of any scope cannot be deleted (``Cannot delete group.``); deleting a
  group moves its customers to the default group.
- Group codes are unique ignoring case (``Customer Group already exists.``), at most 32 characters.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from sqlalchemy import Connection, func, select, update

from ...framework.context import Context, Service
from ...framework.exceptions import InputException, NoSuchEntityException, StateException
from ...framework.repository import LinkSet, Record, Repository
from ...framework.search import SearchCriteria, SearchField
from ..config import service as config
from ..store import service as scopes
from .api import GroupExtensionInterface, GroupInterface, GroupSearchResultsInterface
from .tables import customer_entity as customer_t
from .tables import customer_group as group_t
from .tables import customer_group_excluded_website as excluded_t

DEFAULT_GROUP = "customer/create_account/default_group"
NOT_LOGGED_IN_ID = 0
GROUP_NOT_FOUND = "The specified customer group id does not exist."
CODE_LENGTH = 32

#: customer tax class id -> name; the platform's built-in customer class unless replaced
_builtin_classes = {3: "Retail Customer"}
TaxClasses = Callable[[Connection], Mapping[int, str]]
_tax_classes: list[TaxClasses] = [lambda conn: _builtin_classes]


def set_tax_classes(lookup: TaxClasses) -> None:
    """Replace the lookup of the customer tax classes a group may name (a package that keeps tax classes)."""
    _tax_classes[0] = lookup


def tax_classes(conn: Connection) -> Mapping[int, str]:
    return _tax_classes[0](conn)


def group_exists(conn: Connection, group_id: Any) -> bool:
    """Whether a customer group has this id (0, the guests' group, included)."""
    if not isinstance(group_id, int) or isinstance(group_id, bool):
        return False
    return conn.execute(select(group_t.c.customer_group_id).where(group_t.c.customer_group_id == group_id)) \
        .first() is not None


def default_group_id(ctx: Context, store_id: int | None = None) -> int:
    """The group new accounts join in a store view (``customer/create_account/default_group``)."""
    value = ctx.config.get(DEFAULT_GROUP, ctx.store_id if store_id is None else store_id) if ctx.config else None
    try:
        return int(float(value)) if value not in (None, "") else 1
    except (TypeError, ValueError):
        return 1


def _default_group_ids(ctx: Context) -> set[int]:
    """The default group of every scope (default, websites, store views)."""
    ids = {default_group_id(ctx, 0)}
    for store in scopes.store_views(ctx.conn):
        ids.add(default_group_id(ctx, store.store_id))
    return ids


class ExcludedWebsites(LinkSet):
    """A group's ``exclude_website_ids``: the websites where it is not offered."""

    def __init__(self) -> None:
        super().__init__(excluded_t.c.customer_group_id, excluded_t.c.website_id, csv=False)


_EXCLUDED = ExcludedWebsites()


class GroupRepository(Repository[GroupInterface, GroupSearchResultsInterface]):
    interface = "Magento\\Customer\\Api\\GroupRepositoryInterface"
    summary = "Customer groups"
    table = group_t
    data = GroupInterface
    results = GroupSearchResultsInterface
    renamed = {"id": "customer_group_id", "code": "customer_group_code"}
    id_key = "id"
    links = {"exclude_website_ids": _EXCLUDED}

    def get_by_id(self, id: int) -> GroupInterface:  # noqa: A002  (the platform's parameter name)
        return self.get_record(id)

    def get_list(self, search_criteria: SearchCriteria) -> GroupSearchResultsInterface:
        return self.list_records(search_criteria)

    def save(self, group: GroupInterface) -> GroupInterface:
        return self.save_record(group)

    def delete_by_id(self, id: int) -> bool:  # noqa: A002
        return self.delete_record(id)

    # --- hooks

    def convert(self, sent: Record, stored: Record | None) -> Record:
        out = super().convert({k: v for k, v in sent.items() if k != "extension_attributes"}, stored)
        extension = sent.get("extension_attributes")
        if extension is not None:
            excluded = extension.sent().get("exclude_website_ids")
            if excluded is not None:
                out["exclude_website_ids"] = _EXCLUDED.parse(excluded, "exclude_website_ids")
        if isinstance(out.get("code"), str):
            out["code"] = out["code"].strip()
        return out

    def check(self, record: Record, stored: Record | None) -> None:
        code = record.get("code")
        if code is None or not code:
            raise InputException.required("code")
        if len(code) > CODE_LENGTH:
            raise InputException("The value of \"%1\" is longer than %2 characters.", ["code", CODE_LENGTH])
        if stored is not None and stored["id"] == NOT_LOGGED_IN_ID and code != stored["code"]:
            raise InputException.invalid_value("code", code)
        tax_class = record.get("tax_class_id")
        if tax_class is None:
            raise InputException.required("taxClassId")
        if tax_class not in tax_classes(self.conn):
            raise InputException.invalid_value("taxClassId", tax_class)
        taken = select(group_t.c.customer_group_id).where(func.lower(group_t.c.customer_group_code) == code.lower())
        if stored is not None:
            taken = taken.where(group_t.c.customer_group_id != stored["id"])
        if self.conn.execute(taken.limit(1)).first() is not None:
            raise StateException("Customer Group already exists.")
        websites = {w.website_id for w in scopes.websites(self.conn)}
        for website_id in record.get("exclude_website_ids") or []:
            if website_id not in websites:
                raise InputException.invalid_value("exclude_website_ids", website_id)
        super().check(record, stored)

    def before_delete(self, record: Record) -> None:
        if record["id"] == NOT_LOGGED_IN_ID or record["id"] in _default_group_ids(self.ctx):
            raise StateException("Cannot delete group.")
        self.conn.execute(update(customer_t).where(customer_t.c.group_id == record["id"])
                          .values(group_id=default_group_id(self.ctx, 0)))

    def search_fields(self) -> Mapping[str, SearchField]:
        return {**self._search, "customer_group_id": self._search["id"],
                "customer_group_code": self._search["code"]}

    def to_data(self, record: Record) -> GroupInterface:
        excluded = record.get("exclude_website_ids") or []
        return GroupInterface.of(
            id=record["id"], code=record["code"], tax_class_id=record["tax_class_id"],
            tax_class_name=tax_classes(self.conn).get(record["tax_class_id"]),
            extension_attributes=GroupExtensionInterface.of(exclude_website_ids=sorted(excluded)) if excluded else None)

    def missing(self, record_id: Any) -> NoSuchEntityException:
        return NoSuchEntityException.single_field("id", record_id)


class GroupManagement(Service):
    interface = "Magento\\Customer\\Api\\GroupManagementInterface"
    summary = "Customer group management"

    def get_default_group(self, store_id: int | None = None) -> GroupInterface:
        if store_id is not None and store_id != 0 and scopes.store_view(self.conn, store_id) is None:
            raise NoSuchEntityException.single_field("storeId", store_id)
        return GroupRepository(self.ctx).get_record(default_group_id(self.ctx, store_id))

    def is_readonly(self, id: int) -> bool:  # noqa: A002  (the route names the group :id)
        """Whether the group can be neither edited away nor deleted: group 0 and the default groups."""
        if not group_exists(self.conn, id):
            raise NoSuchEntityException.single_field("id", id)
        return id == NOT_LOGGED_IN_ID or id in _default_group_ids(self.ctx)


class CustomerGroupConfig(Service):
    interface = "Magento\\Customer\\Api\\CustomerGroupConfigInterface"
    summary = "The default customer group"

    def set_default_customer_group(self, id: int) -> int:  # noqa: A002
        """Make a group the one new accounts join (the default scope's ``customer/create_account/default_group``)."""
        if not group_exists(self.conn, id) or id == NOT_LOGGED_IN_ID:
            raise NoSuchEntityException.single_field("id", id)
        config.set_value(self.conn, DEFAULT_GROUP, str(id))
        return id


def groups_by_id(conn: Connection, ids: Iterable[int]) -> dict[int, str]:
    """Group id -> code, for the ids that exist."""
    wanted = list(set(ids))
    if not wanted:
        return {}
    return {r.customer_group_id: r.customer_group_code for r in conn.execute(
        select(group_t.c.customer_group_id, group_t.c.customer_group_code)
        .where(group_t.c.customer_group_id.in_(wanted)))}


_GROUP_TAX_CLASSES = select(group_t.c.customer_group_id, group_t.c.tax_class_id)


def group_tax_classes(conn: Connection) -> dict[int, int]:
    """Each customer group's tax class (the tax calculation reads them once with its setup)."""
    return {row.customer_group_id: row.tax_class_id for row in conn.execute(_GROUP_TAX_CLASSES)}


def groups_using_tax_class(conn: Connection, class_id: int) -> bool:
    """Whether a customer group names this tax class (such a class may not be deleted)."""
    return conn.execute(select(group_t.c.customer_group_id).where(group_t.c.tax_class_id == class_id)
                        .limit(1)).first() is not None
