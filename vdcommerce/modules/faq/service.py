"""The FAQ repositories: questions, categories and tags (spec: modules/faq.md).

Questions and categories are a row plus link sets (store views, categories, tags, questions). A save
loads the stored record, merges the keys the client sent over it, checks the result, writes the row
and replaces each link set that was sent. Lists go through the shared searchCriteria compiler with a
field map that covers every key of the item; the links of a page are loaded with one query per link
table. Statements that do not depend on a request are built once, here.
"""
from __future__ import annotations

import datetime as dt
import re
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, Callable, Iterable, Mapping

from sqlalchemy import (Boolean, Column, ColumnElement, Select, String, Table, bindparam, case, cast, delete, exists,
                        false, func, insert, literal, select, union_all, update)

from ...framework.context import Service
from ...framework.data import DataObject
from ...framework.db import Query
from ...framework.exceptions import CouldNotSaveException, InputException, LocalizedException, NoSuchEntityException
from ...framework.search import SearchCriteria, SearchField, search, search_limits
from .api import (CategoryInterface, CategorySearchResultsInterface, QuestionInterface, QuestionSearchResultsInterface,
                  TagInterface, TagSearchResultsInterface)
from .tables import category as category_table
from .tables import category_store, question_category, question_store, question_tag
from .tables import question as question_table
from .tables import tag as tag_table

URL_PREFIX_PATH = "vdfaq/general/url_prefix"

_URL_KEY = re.compile(r"[a-z0-9_-]+(\.[a-z0-9_-]+)?")
_ID = re.compile(r"\d+")
_DIRECTIVE = re.compile(r"\{\{\s*(\w+)(.*?)\}\}", re.S)
_URL_PARAM = re.compile(r"""\b(?:direct_)?url\s*=\s*(?:"([^"]*)"|'([^']*)')""")


# --------------------------------------------------------------------------- values

def render_directives(html: str | None) -> str | None:
    """CMS template directives of an answer: ``{{store url="x"}}`` -> ``/x``, ``{{media url="x"}}``
    -> ``/media/x``; any other directive is removed."""
    if not html or "{{" not in html:
        return html
    return _DIRECTIVE.sub(_directive, html)


def _directive(m: re.Match) -> str:
    name = m.group(1).lower()
    if name in ("store", "media"):
        url = _URL_PARAM.search(m.group(2))
        if url is not None:
            path = (url.group(1) if url.group(1) is not None else url.group(2)).lstrip("/")
            return "/media/" + path if name == "media" else "/" + path
    return ""


def _relative_url(prefix: str, url_key: str | None) -> str:
    if not url_key:
        return ""
    return f"/{prefix}/{url_key}" if prefix else f"/{url_key}"


def _now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc).replace(tzinfo=None, microsecond=0)


def _parse_time(value: str, field_name: str) -> dt.datetime:
    try:
        t = dt.datetime.fromisoformat(value.strip())
    except ValueError:
        raise InputException.invalid_value(field_name, value) from None
    if t.tzinfo is not None:
        t = t.astimezone(dt.timezone.utc).replace(tzinfo=None)
    return t.replace(microsecond=0)


def _ids(value: str, field_name: str) -> list[int]:
    """A comma-separated list of ids (``"1, 2,,3"``), without repeats, in the order given."""
    out: list[int] = []
    for part in value.split(","):
        part = part.strip()
        if not part:
            continue
        if not _ID.fullmatch(part):
            raise InputException.invalid_value(field_name, value)
        if int(part) not in out:
            out.append(int(part))
    return out


def _joined(ids: Iterable[int]) -> str:
    return ",".join(str(i) for i in ids)


def _check_choice(values: Mapping[str, Any], name: str, allowed: tuple[int, ...]) -> None:
    if name in values and values[name] not in allowed:
        raise InputException.invalid_value(name, values[name])


def _check_url_key(url_key: str) -> None:
    if not _URL_KEY.fullmatch(url_key):
        raise LocalizedException('URL key "%1" is invalid. Use lowercase letters, digits, "-" and "_" '
                                 '(optionally one "." part).', [url_key])


def _defaults(table: Table) -> dict[str, Any]:
    """Column -> default of a new row (None where the column has no default)."""
    return {c.name: (c.default.arg if c.default is not None else None) for c in table.c if not c.primary_key}


def question_not_found(question_id: int) -> NoSuchEntityException:
    return NoSuchEntityException('Question with specified ID "%1" not found.', [question_id])


def category_not_found(category_id: int) -> NoSuchEntityException:
    return NoSuchEntityException('Category with specified ID "%1" not found.', [category_id])


def tag_not_found(tag_id: int) -> NoSuchEntityException:
    return NoSuchEntityException('Tag with specified ID "%1" not found.', [tag_id])


def _require(conn, pk: Column, ids: list[int] | None, not_found: Callable[[int], NoSuchEntityException]) -> None:
    """404 for the first of ``ids`` that has no row."""
    if ids:
        found = set(conn.execute(select(pk).where(pk.in_(ids))).scalars())
        for i in ids:
            if i not in found:
                raise not_found(i)


@contextmanager
def _saving(entity: str, entity_id: int | None):
    """Report a failed save as the platform's repositories do; a not-found stays a 404."""
    try:
        yield
    except NoSuchEntityException:
        raise
    except LocalizedException as e:
        if entity_id is None:
            raise CouldNotSaveException(f"Unable to save new {entity}. Error: %1", [e.rendered()]) from None
        raise CouldNotSaveException(f"Unable to save {entity} with ID %1. Error: %2",
                                    [entity_id, e.rendered()]) from None


# --------------------------------------------------------------------------- link tables

class _Links:
    """A link table seen from one side: the ``target`` ids linked to each ``owner`` id."""

    def __init__(self, owner: Column, target: Column, query: Select | None = None):
        self.owner, self.target = owner, target
        ids = bindparam("ids", expanding=True)
        base = query if query is not None else select(owner, target)
        self.query = base.where(owner.in_(ids)).order_by(owner, target)
        self._delete = delete(owner.table).where(owner == bindparam("owner_id"))
        self._insert = insert(owner.table)

    def one_part(self, name: str) -> Select:
        """This link set of one owner, as a part of the record's single link query."""
        return select(literal(name).label("kind"), self.target.label("id"), literal(None, String).label("title")) \
            .where(self.owner == bindparam("owner_id"))

    def value(self, row) -> Any:
        return row[1]

    def target_id(self, value) -> int:
        return value

    def of(self, conn, ids: list[int]) -> dict[int, list]:
        """``{owner id: [linked values, ascending]}`` for every id, in one query."""
        out: dict[int, list] = {i: [] for i in ids}
        if ids:
            for row in conn.execute(self.query, {"ids": ids}):
                out[row[0]].append(self.value(row))
        return out

    def replace(self, conn, owner_id: int, values: list, new: bool = False) -> None:
        """Make ``values`` the whole link set of ``owner_id`` (``new``: it has no links yet)."""
        if not new:
            conn.execute(self._delete, {"owner_id": owner_id})
        if values:
            conn.execute(self._insert, [{self.owner.name: owner_id, self.target.name: self.target_id(v)}
                                        for v in values])

    def search_field(self, pk: Column) -> SearchField:
        """The link set as a searchCriteria key: eq/in/finset (and their negations) test membership,
        null/notnull test for an empty set, like sees the comma-separated ids."""
        text = select(func.aggregate_strings(cast(self.target, String), ",")).where(self.owner == pk)

        def members(values: list[str]) -> ColumnElement:
            ids = [int(v) for v in values if _ID.fullmatch(v.strip())]
            return exists().where(self.owner == pk, self.target.in_(ids)) if ids else false()

        return SearchField(text.scalar_subquery(), sortable=False, members=members)

    def taken(self, conn, url_key: ColumnElement, key: str, stores: list[int], own_id: int | None) -> bool:
        """Whether another owner with this URL key shares a store view with ``stores`` (store 0
        being every store view); ``self`` must be the owner's store links."""
        pk = list(url_key.table.primary_key)[0]
        stmt = select(pk).join(self.owner.table, self.owner == pk).where(url_key == key)
        if own_id is not None:
            stmt = stmt.where(pk != own_id)
        if 0 not in stores:
            stmt = stmt.where(self.target.in_([0, *stores]))
        return conn.execute(stmt.limit(1)).first() is not None


class _TagLinks(_Links):
    """The tags of questions, as (tag_id, title)."""

    def __init__(self):
        super().__init__(question_tag.c.question_id, question_tag.c.tag_id,
                         select(question_tag.c.question_id, tag_table.c.tag_id, tag_table.c.title)
                         .join(tag_table, tag_table.c.tag_id == question_tag.c.tag_id))

    def one_part(self, name: str) -> Select:
        return select(literal(name).label("kind"), tag_table.c.tag_id.label("id"), tag_table.c.title.label("title")) \
            .join(tag_table, tag_table.c.tag_id == question_tag.c.tag_id) \
            .where(question_tag.c.question_id == bindparam("owner_id"))

    def value(self, row) -> tuple[int, str]:
        return row[1], row[2]

    def target_id(self, value) -> int:
        return value[0]

    def search_field(self, pk: Column) -> SearchField:
        """Tags are matched by title (case-insensitively)."""
        text = (select(func.aggregate_strings(tag_table.c.title, ","))
                .where(question_tag.c.question_id == pk, question_tag.c.tag_id == tag_table.c.tag_id))

        def members(values: list[str]) -> ColumnElement:
            return exists().where(question_tag.c.question_id == pk, question_tag.c.tag_id == tag_table.c.tag_id,
                                  func.lower(tag_table.c.title).in_([v.lower() for v in values]))

        return SearchField(text.scalar_subquery(), sortable=False, members=members)


QUESTION_LINKS = {"stores": _Links(question_store.c.question_id, question_store.c.store_id),
                  "categories": _Links(question_category.c.question_id, question_category.c.category_id),
                  "tags": _TagLinks()}
CATEGORY_LINKS = {"stores": _Links(category_store.c.category_id, category_store.c.store_id),
                  "questions": _Links(question_category.c.category_id, question_category.c.question_id)}


# --------------------------------------------------------------------------- search fields

def _relative_url_column(url_key: Column, prefix: str) -> ColumnElement:
    head = f"/{prefix}/" if prefix else "/"
    return case((func.coalesce(url_key, "") == "", literal("")), else_=literal(head) + url_key)


def _canonical_column(canonical: Column, url_key: Column) -> ColumnElement:
    return case((canonical != "", canonical), else_=func.coalesce(url_key, ""))


def _robots_column(robots: Column, flag: str) -> ColumnElement:
    return func.upper(func.coalesce(robots, "")).like(f"%{flag}%")


@lru_cache(maxsize=8)
def question_fields(prefix: str) -> dict[str, SearchField]:
    """Every key of a question as searchCriteria sees it (one map per URL prefix)."""
    q = question_table.c
    links = {name: links.search_field(q.question_id) for name, links in QUESTION_LINKS.items()}
    return {
        "question_id": SearchField(q.question_id, "int"),
        "title": SearchField(q.title),
        "short_answer": SearchField(q.short_answer),
        "answer": SearchField(q.answer),
        "relative_url": SearchField(_relative_url_column(q.url_key, prefix)),
        "visibility": SearchField(q.visibility, "int"),
        "status": SearchField(q.status, "int"),
        "name": SearchField(q.name),
        "email": SearchField(q.email),
        "position": SearchField(q.position, "int"),
        "url_key": SearchField(q.url_key),
        "positive_rating": SearchField(q.positive_rating, "int"),
        "negative_rating": SearchField(q.negative_rating, "int"),
        "total_rating": SearchField(q.total_rating, "int"),
        "meta_title": SearchField(q.meta_title),
        "meta_description": SearchField(q.meta_description),
        "meta_robots": SearchField(q.meta_robots),
        "created_at": SearchField(q.created_at, "datetime"),
        "updated_at": SearchField(q.updated_at, "datetime"),
        **links,
        "visit_count": SearchField(q.visit_count, "int"),
        "exclude_sitemap": SearchField(q.exclude_sitemap, "bool"),
        "canonical_url": SearchField(_canonical_column(q.canonical_url, q.url_key)),
        "noindex": SearchField(_robots_column(q.meta_robots, "NOINDEX"), "bool"),
        "nofollow": SearchField(_robots_column(q.meta_robots, "NOFOLLOW"), "bool"),
        "show_full_answer": SearchField(q.is_show_full_answer, "bool"),
        "product_ids": SearchField(q.product_ids),
        "asked_from_store": SearchField(q.asked_from_store, "int"),
        "customer_groups": SearchField(q.customer_groups),
    }


@lru_cache(maxsize=8)
def category_fields(prefix: str) -> dict[str, SearchField]:
    """Every key of a category as searchCriteria sees it (one map per URL prefix)."""
    c = category_table.c
    never = literal(False, Boolean)
    return {
        "category_id": SearchField(c.category_id, "int"),
        "title": SearchField(c.title),
        "relative_url": SearchField(_relative_url_column(c.url_key, prefix)),
        "position": SearchField(c.position, "int"),
        "url_key": SearchField(c.url_key),
        "status": SearchField(c.status, "int"),
        "meta_title": SearchField(c.meta_title),
        "meta_description": SearchField(c.meta_description),
        "visit_count": SearchField(c.visit_count, "int"),
        "exclude_sitemap": SearchField(c.exclude_sitemap, "bool"),
        "canonical_url": SearchField(_canonical_column(c.canonical_url, c.url_key)),
        "description": SearchField(c.description),
        "icon": SearchField(c.icon),
        "stores": CATEGORY_LINKS["stores"].search_field(c.category_id),
        "questions": CATEGORY_LINKS["questions"].search_field(c.category_id),
        "customer_groups": SearchField(c.customer_groups),
        "created_at": SearchField(c.created_at, "datetime"),
        "updated_at": SearchField(c.updated_at, "datetime"),
        "noindex": SearchField(never, "bool"),
        "nofollow": SearchField(never, "bool"),
    }


TAG_FIELDS = {"tag_id": SearchField(tag_table.c.tag_id, "int"), "title": SearchField(tag_table.c.title)}


# --------------------------------------------------------------------------- the repository pattern

@dataclass
class _Stored:
    """A record as stored: its row and its link sets."""
    row: dict[str, Any]
    links: dict[str, list]


class _Repository(Service):
    """Load, merge-and-save, delete and list for a table with link sets. A subclass declares the
    table, its links, its search fields and its output; the routed methods are one-liners so that
    their parameters carry the wire names."""

    entity: str
    table: Table
    links: dict[str, _Links]
    fields: Callable[[str], dict[str, SearchField]]
    results: type[DataObject]
    not_found: Callable[[int], NoSuchEntityException]
    # derived from ``table`` when the subclass is declared
    pk: Column
    defaults: dict[str, Any]

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "table" in cls.__dict__:
            cls.pk = list(cls.table.primary_key)[0]
            cls.defaults = _defaults(cls.table)
            cls._all = select(cls.table)
            cls._rows = cls._all.where(cls.pk.in_(bindparam("ids", expanding=True)))
            cls._row = Query(cls._all.where(cls.pk == bindparam("record_id")))
        if "links" in cls.__dict__:
            # every link set of one record in one statement
            parts = union_all(*(links.one_part(name) for name, links in cls.links.items())).subquery()
            cls._links_one = Query(select(parts.c.kind, parts.c.id, parts.c.title).order_by(parts.c.kind, parts.c.id))
            cls._insert = insert(cls.table)
            cls._update = update(cls.table).where(cls.pk == bindparam("record_id"))
            cls._delete = delete(cls.table).where(cls.pk == bindparam("record_id"))

    @cached_property
    def url_prefix(self) -> str:
        return str(self.ctx.config_value(URL_PREFIX_PATH, "faq")).strip("/")

    # --- the operations

    def _get(self, record_id: int) -> DataObject:
        return self._out(self._load([record_id])[0])

    def _save(self, record: DataObject) -> DataObject:
        data = record.sent()
        record_id = data.pop(self.pk.name, None)
        stored = self._load([record_id])[0] if record_id is not None else None
        with _saving(self.entity, record_id):
            saved = self._write(stored, record_id, data)
        return self._out(saved)

    def _remove(self, record_id: int) -> bool:
        if self.conn.execute(self._delete, {"record_id": record_id}).rowcount == 0:
            raise self.not_found(record_id)
        return True

    def _list(self, criteria: SearchCriteria) -> DataObject:
        page = search(self.conn, self._all, criteria, self.fields(self.url_prefix), self.pk,
                      search_limits(self.ctx))
        items = self._with_links([dict(r._mapping) for r in page.rows])
        return self.results.of(items=[self._out(i) for i in items], search_criteria=page.criteria,
                               total_count=page.total_count)

    # --- reading and writing

    def _load(self, ids: list[int]) -> list[_Stored]:
        if len(ids) == 1:
            rows = {r[0]: r._asdict() for r in self._row.all(self.conn, record_id=ids[0])}
        else:
            rows = {r[0]: dict(r._mapping) for r in self.conn.execute(self._rows, {"ids": ids})}
        for i in ids:
            if i not in rows:
                raise self.not_found(i)
        return self._with_links([rows[i] for i in ids])

    def _with_links(self, rows: list[dict[str, Any]]) -> list[_Stored]:
        """The records of these rows with their link sets: one query per link table for all of them
        (one query in all for a single record)."""
        if len(rows) == 1:
            sets = {name: [] for name in self.links}
            for row in self._links_one.all(self.conn, owner_id=rows[0][self.pk.name]):
                sets[row.kind].append(self.links[row.kind].value(row))
            return [_Stored(rows[0], sets)]
        ids = [r[self.pk.name] for r in rows]
        sets = {name: links.of(self.conn, ids) for name, links in self.links.items()}
        return [_Stored(r, {name: by_id[r[self.pk.name]] for name, by_id in sets.items()}) for r in rows]

    def _write_row(self, stored: _Stored | None, record_id: int | None, row: dict[str, Any],
                   links: dict[str, list]) -> _Stored:
        """Insert or update the row, replace the link sets given in ``links``; the record as saved."""
        columns = {k: row[k] for k in self.defaults}
        if stored is None:
            record_id = self.conn.execute(self._insert, columns).inserted_primary_key[0]
            kept = {name: [] for name in self.links}
        else:
            self.conn.execute(self._update, {"record_id": record_id, **columns})
            kept = stored.links
        saved = _Stored({**columns, self.pk.name: record_id}, dict(kept))
        for name, values in links.items():
            self.links[name].replace(self.conn, record_id, values, new=stored is None)
            saved.links[name] = sorted(values)
        return saved

    def _url_key(self, row: dict[str, Any], stores: list[int], record_id: int | None) -> str | None:
        """The checked URL key of ``row`` (None when empty)."""
        url_key = row["url_key"] or None
        if url_key:
            _check_url_key(url_key)
            if self.links["stores"].taken(self.conn, self.table.c.url_key, url_key, stores, record_id):
                raise LocalizedException(f'URL key "%1" is already used by another {self.entity}.', [url_key])
        return url_key

    def _write(self, stored: _Stored | None, record_id: int | None, data: dict[str, Any]) -> _Stored:
        raise NotImplementedError

    def _out(self, record: _Stored) -> DataObject:
        raise NotImplementedError


# --------------------------------------------------------------------------- questions

# wire key -> column, for the keys kept on the question row
_QUESTION_KEYS = {name: name for name in question_table.c.keys()
                  if name not in ("question_id", "is_show_full_answer", "updated_at")}
_QUESTION_KEYS["show_full_answer"] = "is_show_full_answer"


class QuestionRepository(_Repository):
    interface = "Vendor\\Faq\\Api\\QuestionRepositoryInterface"
    summary = "FAQ questions"
    entity = "question"
    table = question_table
    links = QUESTION_LINKS
    fields = staticmethod(question_fields)
    results = QuestionSearchResultsInterface
    not_found = staticmethod(question_not_found)

    def save(self, question: QuestionInterface) -> QuestionInterface:
        return self._save(question)

    def get_by_id(self, question_id: int) -> QuestionInterface:
        return self._get(question_id)

    def delete_by_id(self, question_id: int) -> bool:
        return self._remove(question_id)

    def delete(self, question: QuestionInterface) -> bool:
        return self._remove(question.question_id)

    def get_list(self, search_criteria: SearchCriteria) -> QuestionSearchResultsInterface:
        return self._list(search_criteria)

    def _write(self, stored: _Stored | None, question_id: int | None, data: dict[str, Any]) -> _Stored:
        values = {_QUESTION_KEYS[k]: v for k, v in data.items() if k in _QUESTION_KEYS}
        if "created_at" in values:
            values["created_at"] = _parse_time(values["created_at"], "created_at")
        for key in ("product_ids", "customer_groups"):
            if key in values:
                values[key] = _joined(_ids(values[key], key))
        _check_choice(values, "visibility", (0, 1, 2))
        _check_choice(values, "status", (0, 1))
        links = {name: _ids(data[name], name) for name in ("stores", "categories") if name in data}

        before = stored.row if stored is not None else self.defaults
        row = {**before, **values}
        if not (row["title"] or "").strip():
            raise InputException.required("title")
        # an answer given to an unanswered question answers it, unless the body changes the status
        status_changed = "status" in values and (stored is None or values["status"] != before["status"])
        if values.get("answer") and not before["answer"] and not status_changed:
            row["status"] = 1
        if row["is_show_full_answer"]:
            row["url_key"] = None  # the question has no page of its own
        stores = links.get("stores", stored.links["stores"] if stored is not None else [])
        row["url_key"] = self._url_key(row, stores, question_id)
        row["positive_rating"] = row["positive_rating"] or 0
        row["negative_rating"] = row["negative_rating"] or 0
        row["total_rating"] = row["positive_rating"] + row["negative_rating"]
        row["updated_at"] = _now()
        row["created_at"] = row["created_at"] or row["updated_at"]

        _require(self.conn, category_table.c.category_id, links.get("categories"), category_not_found)
        if "tags" in data:
            links["tags"] = self._tags(data["tags"])
        return self._write_row(stored, question_id, row, links)

    def _tags(self, entries: list[TagInterface]) -> list[tuple[int, str]]:
        """The tags named by ``entries`` as (tag_id, title): an entry is matched by its title, and a
        title that does not exist yet becomes a new tag; an entry with only a ``tag_id`` names that
        existing tag."""
        titles: list[str] = []
        ids: list[int] = []
        for entry in entries:
            title = (entry.title or "").strip()
            if title:
                titles.append(title)
            elif entry.tag_id is not None:
                ids.append(entry.tag_id)
            else:
                raise InputException.required("title")
        t = tag_table.c
        found: dict[int, str] = {}
        if ids:
            found.update(self.conn.execute(select(t.tag_id, t.title).where(t.tag_id.in_(ids))).all())
            for tag_id in ids:
                if tag_id not in found:
                    raise tag_not_found(tag_id)
        if titles:
            known = {title: tag_id for tag_id, title in
                     self.conn.execute(select(t.tag_id, t.title).where(t.title.in_(titles)))}
            for title in dict.fromkeys(titles):
                tag_id = known.get(title)
                if tag_id is None:
                    tag_id = self.conn.execute(insert(tag_table).values(title=title)).inserted_primary_key[0]
                found[tag_id] = title
        return list(found.items())

    def _out(self, q: _Stored) -> QuestionInterface:
        r = q.row
        url_key = r["url_key"]
        robots = (r["meta_robots"] or "").upper()
        return QuestionInterface.of(
            question_id=r["question_id"], title=r["title"], short_answer=r["short_answer"],
            answer=render_directives(r["answer"]), relative_url=_relative_url(self.url_prefix, url_key),
            visibility=r["visibility"], status=r["status"], name=r["name"], email=r["email"],
            position=r["position"], url_key=url_key, positive_rating=r["positive_rating"],
            negative_rating=r["negative_rating"], total_rating=r["total_rating"], meta_title=r["meta_title"],
            meta_description=r["meta_description"], meta_robots=r["meta_robots"], created_at=r["created_at"],
            updated_at=r["updated_at"], stores=_joined(q.links["stores"]), categories=_joined(q.links["categories"]),
            tags=[TagInterface.of(tag_id=tag_id, title=title) for tag_id, title in q.links["tags"]],
            visit_count=r["visit_count"], exclude_sitemap=r["exclude_sitemap"],
            canonical_url=r["canonical_url"] or url_key or "", noindex="NOINDEX" in robots,
            nofollow="NOFOLLOW" in robots, show_full_answer=r["is_show_full_answer"], product_ids=r["product_ids"],
            asked_from_store=r["asked_from_store"], customer_groups=r["customer_groups"])


# --------------------------------------------------------------------------- categories

_CATEGORY_KEYS = frozenset(category_table.c.keys()) - {"category_id", "created_at", "updated_at"}


class CategoryRepository(_Repository):
    interface = "Vendor\\Faq\\Api\\CategoryRepositoryInterface"
    summary = "FAQ categories"
    entity = "category"
    table = category_table
    links = CATEGORY_LINKS
    fields = staticmethod(category_fields)
    results = CategorySearchResultsInterface
    not_found = staticmethod(category_not_found)

    def save(self, category: CategoryInterface) -> CategoryInterface:
        return self._save(category)

    def get_by_id(self, category_id: int) -> CategoryInterface:
        return self._get(category_id)

    def delete_by_id(self, category_id: int) -> bool:
        return self._remove(category_id)

    def delete(self, category: CategoryInterface) -> bool:
        return self._remove(category.category_id)

    def get_list(self, search_criteria: SearchCriteria) -> CategorySearchResultsInterface:
        return self._list(search_criteria)

    def _write(self, stored: _Stored | None, category_id: int | None, data: dict[str, Any]) -> _Stored:
        values = {k: v for k, v in data.items() if k in _CATEGORY_KEYS}
        if "customer_groups" in values:
            values["customer_groups"] = _joined(_ids(values["customer_groups"], "customer_groups"))
        _check_choice(values, "status", (0, 1))
        links = {name: _ids(data[name], name) for name in ("stores", "questions") if name in data}

        row = {**(stored.row if stored is not None else self.defaults), **values}
        if not (row["title"] or "").strip():
            raise InputException.required("title")
        stores = links.get("stores", stored.links["stores"] if stored is not None else [])
        row["url_key"] = self._url_key(row, stores, category_id)
        row["updated_at"] = _now()
        row["created_at"] = row["created_at"] or row["updated_at"]
        _require(self.conn, question_table.c.question_id, links.get("questions"), question_not_found)
        return self._write_row(stored, category_id, row, links)

    def _out(self, c: _Stored) -> CategoryInterface:
        r = c.row
        url_key = r["url_key"]
        return CategoryInterface.of(
            category_id=r["category_id"], title=r["title"], relative_url=_relative_url(self.url_prefix, url_key),
            position=r["position"], url_key=url_key, status=r["status"], meta_title=r["meta_title"],
            meta_description=r["meta_description"], visit_count=r["visit_count"],
            exclude_sitemap=r["exclude_sitemap"], canonical_url=r["canonical_url"] or url_key or "",
            description=r["description"], icon=r["icon"], stores=_joined(c.links["stores"]),
            questions=_joined(c.links["questions"]), customer_groups=r["customer_groups"],
            created_at=r["created_at"], updated_at=r["updated_at"], noindex=False, nofollow=False)


# --------------------------------------------------------------------------- tags

class TagRepository(Service):
    interface = "Vendor\\Faq\\Api\\TagRepositoryInterface"
    summary = "FAQ tags"

    _all = select(tag_table.c.tag_id, tag_table.c.title)
    _by_id = _all.where(tag_table.c.tag_id == bindparam("tag_id"))

    def save(self, tag: TagInterface) -> TagInterface:
        data = tag.sent()
        tag_id = data.pop("tag_id", None)
        current = self.get_by_id(tag_id) if tag_id is not None else None
        with _saving("tag", tag_id):
            title = (data["title"] if "title" in data else current.title if current else "").strip()
            if not title:
                raise InputException.required("title")
            taken = select(tag_table.c.tag_id).where(tag_table.c.title == title)
            if tag_id is not None:
                taken = taken.where(tag_table.c.tag_id != tag_id)
            if self.conn.execute(taken).first() is not None:
                raise LocalizedException('Tag "%1" already exists.', [title])
            if current is None:
                tag_id = self.conn.execute(insert(tag_table).values(title=title)).inserted_primary_key[0]
            elif title != current.title:
                self.conn.execute(update(tag_table).where(tag_table.c.tag_id == tag_id).values(title=title))
        return TagInterface.of(tag_id=tag_id, title=title)

    def get_by_id(self, tag_id: int) -> TagInterface:
        row = self.conn.execute(self._by_id, {"tag_id": tag_id}).first()
        if row is None:
            raise tag_not_found(tag_id)
        return TagInterface.of(tag_id=row.tag_id, title=row.title)

    def delete_by_id(self, tag_id: int) -> bool:
        if self.conn.execute(delete(tag_table).where(tag_table.c.tag_id == tag_id)).rowcount == 0:
            raise tag_not_found(tag_id)
        return True

    def delete(self, tag: TagInterface) -> bool:
        return self.delete_by_id(tag.tag_id)

    def get_list(self, search_criteria: SearchCriteria) -> TagSearchResultsInterface:
        page = search(self.conn, self._all, search_criteria, TAG_FIELDS, tag_table.c.tag_id,
                      search_limits(self.ctx))
        return TagSearchResultsInterface.of(
            items=[TagInterface.of(tag_id=r.tag_id, title=r.title) for r in page.rows],
            search_criteria=page.criteria, total_count=page.total_count)
