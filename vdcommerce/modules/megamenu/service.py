"""The mega menu repositories: custom links and the per-store content of menu nodes
(docs/modules/megamenu.md).

Both are ``Repository``s of the framework (framework/repository.py). What is the menu's own is here:

- a link's ``link`` and ``link_type`` live on its store-0 content row (type ``custom``), which a link
  save creates when it needs one, and a new link gets a position last among its parent's links;
- deleting a link deletes its content rows in every store view and its position;
- a content row (an item) belongs to one node and one store view: (type, entity_id, store_id) is unique,
  a ``custom`` node must be an existing link, ``use_default`` names the fields the store view takes from
  store 0.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import and_, bindparam, delete, func, insert, select, update

from ...framework.context import Context
from ...framework.exceptions import CouldNotSaveException, InputException, LocalizedException, NoSuchEntityException
from ...framework.limits import text_limits, too_long
from ...framework.repository import Record, Repository
from ...framework.search import SearchCriteria, SearchField
from ...framework.storevalues import ADMIN_STORE_ID
from .api import ItemInterface, ItemSearchResultsInterface, LinkInterface, LinkSearchResultsInterface
from .tables import item as item_table
from .tables import link as link_table
from .tables import position as position_table

CUSTOM = "custom"
CATEGORY = "category"
NODE_TYPES = (CATEGORY, CUSTOM)
#: 0 none, 1 internal URL, 2 CMS page, 3 landing page, 4 external URL
LINK_TYPES = (0, 1, 2, 3, 4)
LINK_NOT_FOUND = 'Link with specified ID "%1" not found.'

#: the fields of an item a store view may take from store 0 (``use_default``)
CONTENT_FIELDS = ("name", "label", "label_text_color", "label_background_color", "status", "link", "link_type",
                  "content", "width", "width_value", "column_count", "icon", "submenu_type",
                  "subcategories_position", "hide_content", "desktop_font", "mobile_font")
_CAMEL = {"".join(p if i == 0 else p.capitalize() for i, p in enumerate(f.split("_"))): f for f in CONTENT_FIELDS}

# --------------------------------------------------------------------------- statements (built once)

_i = item_table.c
_default_item = item_table.alias("default_item")
_on_default = and_(_default_item.c.entity_id == link_table.c.entity_id, _default_item.c.type == CUSTOM,
                   _default_item.c.store_id == ADMIN_STORE_ID)
_LINK_VALUE = func.coalesce(_default_item.c.link, "")
_LINK_TYPE_VALUE = func.coalesce(_default_item.c.link_type, 0)

_FIND_DEFAULT_ITEM = select(_i.id).where(_i.type == CUSTOM, _i.entity_id == bindparam("link_id"),
                                         _i.store_id == ADMIN_STORE_ID)
_UPDATE_ITEM = update(item_table).where(_i.id == bindparam("b_item_id"))
_INSERT_ITEM = insert(item_table)
_DELETE_LINK_ITEMS = delete(item_table).where(_i.type == CUSTOM, _i.entity_id == bindparam("link_id"))
_DELETE_CATEGORY_ITEMS = delete(item_table).where(_i.type == CATEGORY, _i.entity_id == bindparam("category_id"))
_LINK_EXISTS = select(link_table.c.entity_id).where(link_table.c.entity_id == bindparam("link_id"))
_SAME_NODE = select(_i.id).where(_i.type == bindparam("type"), _i.entity_id == bindparam("entity_id"),
                                 _i.store_id == bindparam("store_id"))

#: the most characters each text value of a link and of an item holds
_LINK_LIMITS = {**text_limits(link_table, {c: c for c in link_table.c.keys()}), **text_limits(item_table, {"link": "link"})}
_ITEM_LIMITS = text_limits(item_table, {c: c for c in item_table.c.keys()})

_p = position_table.c
_LAST_POSITION = select(func.coalesce(func.max(_p.position), 0)).where(_p.parent_id == bindparam("parent_id"))
_FIND_POSITION = select(_p.parent_id).where(_p.type == CUSTOM, _p.entity_id == bindparam("link_id"))
_INSERT_POSITION = insert(position_table)
_MOVE_POSITION = update(position_table).where(_p.type == CUSTOM, _p.entity_id == bindparam("b_link_id"))
_DELETE_POSITION = delete(position_table).where(_p.type == CUSTOM, _p.entity_id == bindparam("link_id"))


# --------------------------------------------------------------------------- checks

def _at_least_zero(record: Record, *keys: str) -> None:
    for key in keys:
        value = record.get(key)
        if value is not None and value < 0:
            raise InputException.invalid_value(key, value)


def _one_of(record: Record, key: str, allowed: tuple[Any, ...], nullable: bool = False) -> None:
    value = record.get(key)
    if value is None and nullable:
        return
    if value not in allowed:
        raise InputException.invalid_value(key, value)


def _use_default(value: str | None) -> str | None:
    """The field names of ``use_default`` as stored: snake_case, without repeats, joined by ", "; None
    when it names none. A name that is not a content field is an invalid value."""
    if value is None:
        return None
    names: list[str] = []
    for part in value.split(","):
        name = part.strip()
        if not name:
            continue
        name = _CAMEL.get(name, name)
        if name not in CONTENT_FIELDS:
            raise InputException.invalid_value("use_default", value)
        if name not in names:
            names.append(name)
    return ", ".join(names) or None


def _could_not_save(entity: str, record_id: Any, reason: LocalizedException) -> CouldNotSaveException:
    if record_id is None:
        return CouldNotSaveException(f"Unable to save new {entity}. Error: %1", [reason.rendered()])
    return CouldNotSaveException(f"Unable to save {entity} with ID %1. Error: %2", [record_id, reason.rendered()])


# --------------------------------------------------------------------------- links

class LinkRepository(Repository[LinkInterface, LinkSearchResultsInterface]):
    interface = "Vendor\\MegaMenu\\Api\\LinkRepositoryInterface"
    summary = "Mega menu custom links"
    entity = "link"
    table = link_table
    data = LinkInterface
    results = LinkSearchResultsInterface
    not_found = LINK_NOT_FOUND
    base = (select(link_table, _LINK_VALUE.label("link"), _LINK_TYPE_VALUE.label("link_type"))
            .select_from(link_table.outerjoin(_default_item, _on_default)))

    def save(self, link: LinkInterface) -> LinkInterface:
        return self.save_record(link)

    def get_by_id(self, entity_id: int) -> LinkInterface:
        return self.get_record(entity_id)

    def delete_by_id(self, entity_id: int) -> bool:
        return self.delete_record(entity_id)

    def get_list(self, search_criteria: SearchCriteria) -> LinkSearchResultsInterface:
        return self.list_records(search_criteria)

    # --- hooks

    def from_row(self, row: Mapping[Any, Any]) -> Record:
        record = super().from_row(row)
        record["link"], record["link_type"] = row["link"], row["link_type"]
        return record

    def new_record(self) -> Record:
        return {**super().new_record(), "link": "", "link_type": 0}

    def convert(self, sent: Record, stored: Record | None) -> Record:
        values = super().convert(sent, stored)
        for key in ("link", "link_type"):
            if key in sent:
                values[key] = sent[key]
        return values

    def check(self, record: Record, stored: Record | None) -> None:
        _one_of(record, "link_type", LINK_TYPES)
        _at_least_zero(record, "parent_id", "level", "page_id")
        reason = too_long(record, _LINK_LIMITS)
        if reason is not None:
            raise _could_not_save("link", stored["entity_id"] if stored is not None else None, reason)

    def write(self, stored: Record | None, record: Record, sent_links: list[str]) -> Record:
        saved = super().write(stored, record, sent_links)
        link_id = saved["entity_id"]
        if "link" in self.sent or "link_type" in self.sent:
            values: dict[str, Any] = {key: saved[key] for key in ("link", "link_type") if key in self.sent}
            found = self.conn.execute(_FIND_DEFAULT_ITEM, {"link_id": link_id}).first()
            if found is None:
                self.conn.execute(_INSERT_ITEM, {"entity_id": link_id, "type": CUSTOM, "store_id": ADMIN_STORE_ID,
                                                 "name": "", **values})
            else:
                self.conn.execute(_UPDATE_ITEM, {"b_item_id": found[0], **values})
        placed = self.conn.execute(_FIND_POSITION, {"link_id": link_id}).first()
        if placed is None or placed[0] != saved["parent_id"]:
            last = self.conn.execute(_LAST_POSITION, {"parent_id": saved["parent_id"]}).scalar_one()
            if placed is None:
                self.conn.execute(_INSERT_POSITION, {"type": CUSTOM, "entity_id": link_id,
                                                     "parent_id": saved["parent_id"], "position": last + 1})
            else:
                self.conn.execute(_MOVE_POSITION, {"b_link_id": link_id, "parent_id": saved["parent_id"],
                                                   "position": last + 1})
        return saved

    def after_delete(self, record_id: Any, record: Record | None) -> None:
        self.conn.execute(_DELETE_LINK_ITEMS, {"link_id": record_id})
        self.conn.execute(_DELETE_POSITION, {"link_id": record_id})

    def search_fields(self) -> Mapping[str, SearchField]:
        return _LINK_KEYS

    def to_data(self, record: Record) -> LinkInterface:
        return LinkInterface.of(entity_id=record["entity_id"], parent_id=record["parent_id"], path=record["path"],
                                level=record["level"], page_id=record["page_id"], link=record["link"],
                                link_type=record["link_type"])

    def require_link(self, link_id: Any) -> None:
        """404 with the link message when no link has this id."""
        if self.conn.execute(_LINK_EXISTS, {"link_id": link_id}).first() is None:
            raise NoSuchEntityException(LINK_NOT_FOUND, [link_id])


_LINK_KEYS: dict[str, SearchField] = {**LinkRepository._search, "link": SearchField(_LINK_VALUE, "string"),
                                      "link_type": SearchField(_LINK_TYPE_VALUE, "int")}


# --------------------------------------------------------------------------- items

class ItemRepository(Repository[ItemInterface, ItemSearchResultsInterface]):
    interface = "Vendor\\MegaMenu\\Api\\ItemRepositoryInterface"
    summary = "Mega menu node content per store view"
    entity = "item"
    table = item_table
    data = ItemInterface
    results = ItemSearchResultsInterface
    not_found = 'Item with specified ID "%1" not found.'

    def save(self, item: ItemInterface) -> ItemInterface:
        return self.save_record(item)

    def get_by_id(self, id: int) -> ItemInterface:  # noqa: A002 - the wire name of the parameter
        return self.get_record(id)

    def delete_by_id(self, entity_id: int) -> bool:
        """Delete the item whose own ``id`` is ``entity_id`` (the path value of the route)."""
        return self.delete_record(entity_id)

    def get_list(self, search_criteria: SearchCriteria) -> ItemSearchResultsInterface:
        return self.list_records(search_criteria)

    # --- hooks

    def convert(self, sent: Record, stored: Record | None) -> Record:
        values = super().convert(sent, stored)
        values.pop("content", None)  # read-only
        if "use_default" in values:
            values["use_default"] = _use_default(values["use_default"])
        return values

    def check(self, record: Record, stored: Record | None) -> None:
        for key in ("entity_id", "type"):
            if record.get(key) is None:
                raise InputException.required(key)
        _one_of(record, "type", NODE_TYPES)
        _one_of(record, "link_type", LINK_TYPES)
        _one_of(record, "status", (0, 1, 2, 3), nullable=True)
        _one_of(record, "width", (0, 1, 2), nullable=True)
        _one_of(record, "submenu_type", (0, 1), nullable=True)
        _one_of(record, "subcategories_position", (0, 1, 2), nullable=True)
        _at_least_zero(record, "entity_id", "store_id", "width_value", "column_count", "desktop_font", "mobile_font")
        store_id = record["store_id"]
        if self.ctx.config is not None and store_id not in self.ctx.config.website_of:
            raise InputException.invalid_value("store_id", store_id)
        if record["type"] == CUSTOM:
            LinkRepository(self.ctx).require_link(record["entity_id"])
        own_id = stored["id"] if stored is not None else None
        reason = too_long(record, _ITEM_LIMITS)
        if reason is None:
            same = self.conn.execute(_SAME_NODE, {"type": record["type"], "entity_id": record["entity_id"],
                                                  "store_id": store_id}).first()
            if same is not None and same[0] != own_id:
                reason = LocalizedException('The %1 node %2 already has content for store view %3.',
                                            [record["type"], record["entity_id"], store_id])
        if reason is not None:
            raise _could_not_save("item", own_id, reason)


# --------------------------------------------------------------------------- events

def category_deleted(ctx: Context, category_id: int, **_: Any) -> None:
    """A deleted category's content rows, in every store view, go with it (etc/events.xml)."""
    ctx.conn.execute(_DELETE_CATEGORY_ITEMS, {"category_id": category_id})



