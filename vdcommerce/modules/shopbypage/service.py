"""The shop-by-page repository (docs/modules/shopbypage.md).

A page is a ``Repository`` record (framework/repository.py) with what is its own here: a save
replaces the whole page (no merge with what is stored), ``conditions`` travel as a list and are
kept as JSON text after being checked against the catalog's select attributes and their options,
``categories`` are kept comma-joined, and the list answers the pages of one category listing in one
store view, most specific first.
"""
from __future__ import annotations

import json
from typing import Any

from sqlalchemy import delete, literal, or_, select, update

from ...framework.exceptions import CouldNotSaveException, InputException, LocalizedException, NoSuchEntityException
from ...framework.repository import Record, Repository, StoreLinks, parse_ids
from ...platform.catalog import categories as catalog_categories
from ...platform.catalog import options as catalog_options
from .api import PageInterface, PageSearchResultsInterface
from .tables import page as page_table
from .tables import page_store

POSITIONS = ("replace", "after", "before")
ROBOTS = ("INDEX,FOLLOW", "NOINDEX,FOLLOW", "INDEX,NOFOLLOW", "NOINDEX,NOFOLLOW")
NOT_SELECTED = "0"
ALL_CATEGORIES = "0"
NOT_FOUND = 'Page with id "%1" does not exist.'
COULD_NOT_SAVE = "Unable to save page. Error: %1"
_LENGTHS = {"url": 255, "image": 255, "top_block_id": 64, "bottom_block_id": 64}


def attribute_code(value: Any) -> str | None:
    """The select attribute a condition's ``filter`` names: its code or its id; None when it names none."""
    text = str(value).strip()
    if text in catalog_options.SELECT_ATTRIBUTES:
        return text
    for code, attribute_id in catalog_options.ATTRIBUTE_IDS.items():
        if text == str(attribute_id):
            return code
    return None


def decode_conditions(text: str | None) -> list[Any]:
    if not text:
        return []
    value = json.loads(text)
    return value if isinstance(value, list) else []


def split_categories(text: str | None) -> list[str]:
    return [part for part in (text or "").split(",") if part]


def forget_category(conn: Any, category_id: int) -> None:
    """Take a deleted category out of the pages that name it; a page left without any category is
    deleted with it (an empty list would make it apply to every category)."""
    c = page_table.c
    rows = conn.execute(select(c.page_id, c.categories).where(
        (literal(",") + c.categories + literal(",")).like(f"%,{int(category_id)},%"))).all()
    for row in rows:
        kept = [part for part in split_categories(row.categories) if part != str(category_id)]
        if kept:
            conn.execute(update(page_table).where(c.page_id == row.page_id).values(categories=",".join(kept)))
        else:
            conn.execute(delete(page_store).where(page_store.c.page_id == row.page_id))
            conn.execute(delete(page_table).where(c.page_id == row.page_id))


class PageRepository(Repository[PageInterface, PageSearchResultsInterface]):
    interface = "Vendor\\ShopbyPage\\Api\\PageRepositoryInterface"
    summary = "Shop by Page pages"
    entity = "page"
    table = page_table
    data = PageInterface
    results = PageSearchResultsInterface
    not_found = NOT_FOUND
    links = {"stores": StoreLinks(page_store.c.page_id, page_store.c.store_id, csv=False)}

    # --- routed methods

    def save(self, page_data: PageInterface) -> PageInterface:
        try:
            saved = self.save_record(page_data)
        except NoSuchEntityException:
            raise
        except LocalizedException as e:
            raise CouldNotSaveException(COULD_NOT_SAVE, [e.rendered()]) from None
        assert saved.page_id is not None
        return self.get(saved.page_id)

    def get(self, id: int) -> PageInterface:
        return self.get_record(id)

    def get_list(self, category_id: int, store_id: int) -> PageSearchResultsInterface:
        """The pages of a category listing in a store view, the most conditions first."""
        c = page_table.c
        listed = literal(",") + c.categories + literal(",")
        in_store = select(page_store.c.page_id).where(page_store.c.store_id.in_({0, store_id}))
        stmt = self.base.where(
            or_(c.categories.is_(None), c.categories == "", c.categories == ALL_CATEGORIES,
                listed.like(f"%,{int(category_id)},%")),
            c.page_id.in_(in_store)).order_by(c.page_id)
        records = self.with_links([self.from_row(r._mapping) for r in self.conn.execute(stmt)])
        records.sort(key=lambda r: -len(decode_conditions(r["conditions"])))  # stable: ties by id
        return PageSearchResultsInterface.of(items=[self.to_data(r) for r in records], search_criteria=None,
                                             total_count=len(records))

    def delete_by_id(self, id: int | None = None, page_id: int | None = None) -> bool:
        """Delete a page with its store links; a missing page is no error (``true`` all the same).
        The path's ``pageId`` wins over an ``id`` sent in the query or the body."""
        target = page_id if page_id is not None else id
        if target is None:
            raise InputException.required("id")
        if self.find(target) is not None:
            self.delete_record(target)
        return True

    # --- saving: the sent page is the whole page

    def convert(self, sent: Record, stored: Record | None) -> Record:
        values = {k: v for k, v in self.new_record().items() if k != self.pk_key}
        values.update(super().convert(sent, stored))
        values["stores"] = values.get("stores") or []
        for key in ("top_block_id", "bottom_block_id"):
            value = values.get(key)
            if isinstance(value, (dict, list, bool)):
                raise InputException.invalid_value(key, json.dumps(value))
            values[key] = None if value is None or str(value).strip() == "" else str(value).strip()
        values["categories"] = self._categories(sent.get("categories"))
        values["conditions"] = self._conditions(sent.get("conditions"))
        if values.get("position") is None:
            values["position"] = "replace"
        return values

    def check(self, record: Record, stored: Record | None) -> None:
        super().check(record, stored)
        if record["position"] not in POSITIONS:
            raise InputException.invalid_value("position", record["position"])
        robots = record.get("tag_robots")
        if robots is not None and robots not in (*ROBOTS, NOT_SELECTED):
            raise InputException.invalid_value("tag_robots", robots)
        for key, limit in _LENGTHS.items():
            value = record.get(key)
            if isinstance(value, str) and len(value) > limit:
                raise InputException.invalid_value(key, value)
        known = self.ctx.config.website_of if self.ctx.config is not None else None
        for store_id in record["stores"]:
            if known is not None and store_id not in known:
                raise InputException.invalid_value("stores", store_id)

    def _categories(self, value: list[str] | None) -> str | None:
        """The category ids as stored: comma-joined; null for every category (none, or ``0``)."""
        if not value:
            return None
        ids = parse_ids(value, "categories")
        if not ids:
            return None
        if 0 in ids:
            if len(ids) > 1:
                raise InputException.invalid_value("categories", ",".join(str(i) for i in ids))
            return ALL_CATEGORIES
        for category_id in ids:
            if not catalog_categories.category_exists(self.conn, category_id):
                raise InputException.invalid_value("categories", category_id)
        return ",".join(str(i) for i in ids)

    def _conditions(self, value: list[Any] | None) -> str | None:
        """The filter combination as stored (JSON text): each entry names a select attribute of the
        catalog and one or more of its options."""
        if not value:
            return None
        out: list[dict[str, Any]] = []
        options: dict[str, set[str]] = {}
        for entry in value:
            if not isinstance(entry, dict) or set(entry) != {"filter", "value"}:
                raise InputException.invalid_value("conditions", json.dumps(entry))
            code = attribute_code(entry["filter"]) if isinstance(entry["filter"], (str, int)) \
                and not isinstance(entry["filter"], bool) else None
            if code is None:
                raise InputException.invalid_value("filter", json.dumps(entry["filter"]))
            raw = entry["value"]
            many = isinstance(raw, list)
            chosen = raw if many else [raw]
            if not chosen or any(not isinstance(v, (str, int)) or isinstance(v, bool) for v in chosen):
                raise InputException.invalid_value("value", json.dumps(raw))
            if code not in options:
                options[code] = {str(i) for i in catalog_options.option_labels(self.conn, code)}
            texts = [str(v).strip() for v in chosen]
            for text in texts:
                if text not in options[code]:
                    raise InputException.invalid_value("value", text)
            out.append({"filter": str(entry["filter"]).strip(), "value": texts if many else texts[0]})
        return json.dumps(out)

    # --- reading

    def to_data(self, record: Record) -> PageInterface:
        return PageInterface.of(
            page_id=record["page_id"], position=record["position"], url=record["url"], title=record["title"],
            description=record["description"], meta_title=record["meta_title"],
            meta_keywords=record["meta_keywords"], meta_description=record["meta_description"],
            conditions=decode_conditions(record["conditions"]), categories=split_categories(record["categories"]),
            stores=[str(s) for s in record.get("stores") or []], top_block_id=record["top_block_id"],
            bottom_block_id=record["bottom_block_id"], image=record["image"], tag_robots=record["tag_robots"])
