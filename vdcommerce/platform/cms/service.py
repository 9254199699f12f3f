"""The CMS page and block repositories (docs/platform/cms.md).

Both run on the framework's ``Repository``: the store views are a link set (``store_id``, a list of
ids; store 0 is every store view), and the identifier is unique per store view among pages, and among
blocks, checked the way a URL key is. Checks, messages and defaults are the platform's.
"""
from __future__ import annotations

import datetime as dt
import re
from typing import Any, Mapping

from ...framework.dates import utc_now
from ...framework.exceptions import InputException, LocalizedException
from ...framework.repository import Record, Repository, StoreLinks
from ...framework.search import SearchCriteria, SearchField
from .api import BlockInterface, BlockSearchResultsInterface, PageInterface, PageSearchResultsInterface
from .tables import block as block_t
from .tables import block_store, page_store
from .tables import page as page_t

PAGE_NOT_FOUND = 'The CMS page with the "%1" ID doesn\'t exist.'
BLOCK_NOT_FOUND = 'The CMS block with the "%1" ID doesn\'t exist.'
PAGE_KEY_INVALID = "The page URL key can't use capital letters or disallowed symbols. Remove the letters and symbols and try again."
PAGE_KEY_NUMERIC = "The page URL key can't use only numbers. Add letters or words and try again."
PAGE_KEY_TAKEN = "The value specified in the URL Key field would generate a URL that already exists."
BLOCK_TAKEN = "A block identifier with the same properties already exists in the selected store."
_PAGE_KEY = re.compile(r"[a-z0-9][a-z0-9_/-]+(\.[a-z0-9_-]+)?\Z")
_TIME = "%Y-%m-%d %H:%M:%S"


def _date(value: Any, field: str) -> dt.date | None:
    text = str(value).strip() if value is not None else ""
    if not text:
        return None
    try:
        return dt.date.fromisoformat(text[:10])
    except ValueError:
        raise InputException.invalid_value(field, value) from None


def _stores(repo: Repository[Any, Any], record: Record) -> list[int]:
    stores = record["store_id"]
    known = repo.ctx.config.website_of if repo.ctx.config is not None else None
    for store in stores:
        if known is not None and store != 0 and store not in known:
            raise NoSuchStore(store)
    return stores


class NoSuchStore(InputException):
    def __init__(self, store: int):
        super().__init__('Invalid value of "%value" provided for the %fieldName field.',
                         {"value": store, "fieldName": "store_id"})


class _CmsRepository(Repository[Any, Any]):
    """What pages and blocks share: wire keys, times, store views, the identifier unique per store view."""

    required = ("identifier",)
    taken_message = ""

    def convert(self, sent: Record, stored: Record | None) -> Record:
        values = super().convert(sent, stored)
        for key in ("creation_time", "update_time"):
            values.pop(key, None)
        if stored is None and "store_id" not in values:
            values["store_id"] = []  # written as the default, every store view
        return values

    def check(self, record: Record, stored: Record | None) -> None:
        if record["identifier"] is not None:
            record["identifier"] = str(record["identifier"]).strip()
        if record["active"] is None:
            record["active"] = True
        if not record["store_id"]:
            record["store_id"] = [0]  # the platform's default: every store view
        super().check(record, stored)
        self.check_identifier(record["identifier"])
        stores = _stores(self, record)
        links = self.links["store_id"]
        assert isinstance(links, StoreLinks)
        own = stored[self.pk_key] if stored is not None else None
        if links.taken(self.conn, self.table.c.identifier, record["identifier"], stores, own):
            raise LocalizedException(self.taken_message)
        now = utc_now().replace(microsecond=0)
        record["update_time"] = now
        record["creation_time"] = record.get("creation_time") or now

    def check_identifier(self, identifier: str) -> None:
        """The platform's own rule for the kind (pages: a URL key)."""

    def record_id(self, value: str) -> int:
        """The platform types a block's id as text (a page's as an integer): one that is no record id
        is not found."""
        text = value.strip()
        if not text.isascii() or not text.isdigit() or len(text) > 9:
            raise self.missing(value)
        return int(text)

    def search_fields(self) -> Mapping[str, SearchField]:
        fields = dict(self._search)
        fields[self.pk.name] = fields["id"]           # page_id / block_id, as the platform's filters name it
        fields["is_active"] = fields["active"]
        return fields

    def to_data(self, record: Record) -> Any:
        shown = dict(record)
        for key in ("creation_time", "update_time"):
            if isinstance(shown.get(key), dt.datetime):
                shown[key] = shown[key].strftime(_TIME)
        for key in ("custom_theme_from", "custom_theme_to"):
            if isinstance(shown.get(key), dt.date):
                shown[key] = shown[key].isoformat()
        return super().to_data(shown)


class PageRepository(_CmsRepository):
    interface = "Magento\\Cms\\Api\\PageRepositoryInterface"
    summary = "CMS pages"
    entity = "page"
    table = page_t
    data = PageInterface
    results = PageSearchResultsInterface
    not_found = PAGE_NOT_FOUND
    renamed = {"id": "page_id", "active": "is_active"}
    id_key = "id"
    links = {"store_id": StoreLinks(page_store.c.page_id, page_store.c.store_id, csv=False)}
    taken_message = PAGE_KEY_TAKEN

    def save(self, page: PageInterface) -> PageInterface:
        return self.save_record(page)

    def get_by_id(self, page_id: int) -> PageInterface:
        return self.get_record(page_id)

    def get_list(self, search_criteria: SearchCriteria) -> PageSearchResultsInterface:
        return self.list_records(search_criteria)

    def delete_by_id(self, page_id: int) -> bool:
        return self.delete_record(page_id)

    def convert(self, sent: Record, stored: Record | None) -> Record:
        values = super().convert(sent, stored)
        for key in ("custom_theme_from", "custom_theme_to"):
            if key in values:
                values[key] = _date(values[key], key)
        return values

    def check_identifier(self, identifier: str) -> None:
        if not _PAGE_KEY.match(identifier):
            raise LocalizedException(PAGE_KEY_INVALID)
        if identifier.isdigit():
            raise LocalizedException(PAGE_KEY_NUMERIC)


class BlockRepository(_CmsRepository):
    interface = "Magento\\Cms\\Api\\BlockRepositoryInterface"
    summary = "CMS blocks"
    entity = "block"
    table = block_t
    data = BlockInterface
    results = BlockSearchResultsInterface
    not_found = BLOCK_NOT_FOUND
    renamed = {"id": "block_id", "active": "is_active"}
    id_key = "id"
    links = {"store_id": StoreLinks(block_store.c.block_id, block_store.c.store_id, csv=False)}
    taken_message = BLOCK_TAKEN

    def save(self, block: BlockInterface) -> BlockInterface:
        return self.save_record(block)

    def get_by_id(self, block_id: str) -> BlockInterface:
        return self.get_record(self.record_id(block_id))

    def get_list(self, search_criteria: SearchCriteria) -> BlockSearchResultsInterface:
        return self.list_records(search_criteria)

    def delete_by_id(self, block_id: str) -> bool:
        return self.delete_record(self.record_id(block_id))
