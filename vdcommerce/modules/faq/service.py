"""The FAQ repositories: questions, categories and tags (docs/modules/faq.md).

Each is a ``Repository`` of the framework (framework/repository.py): questions and categories with
link sets (store views, categories, tags, questions) and a URL key unique per store view, tags as a
plain table. What is FAQ's own is here: the answer rules of a question, tags matched by title, the
URL prefix of relative URLs, and the computed keys a list may filter on.
"""
from __future__ import annotations

import re
from functools import cached_property, lru_cache
from typing import Any, Mapping, Sequence, TypeVar

from sqlalchemy import Boolean, Column, ColumnElement, Select, case, exists, func, insert, literal, select

from ...framework.dates import parse_datetime, utc_now
from ...framework.exceptions import InputException, LocalizedException
from ...framework.repository import LinkSet, Record, Repository, StoreLinks, UrlKey, joined, parse_ids
from ...framework.data import DataObject
from ...framework.search import SearchCriteria, SearchField, SearchResults
from .api import (CategoryInterface, CategorySearchResultsInterface, QuestionInterface, QuestionSearchResultsInterface,
                  TagInterface, TagSearchResultsInterface)
from .tables import category as category_table
from .tables import category_store, question_category, question_store, question_tag
from .tables import question as question_table
from .tables import tag as tag_table

URL_PREFIX_PATH = "vdfaq/general/url_prefix"

_DIRECTIVE = re.compile(r"\{\{\s*(\w+)(.*?)\}\}", re.S)
_URL_PARAM = re.compile(r"""\b(?:direct_)?url\s*=\s*(?:"([^"]*)"|'([^']*)')""")


# --------------------------------------------------------------------------- values

def render_directives(html: str | None) -> str | None:
    """CMS template directives of an answer: ``{{store url="x"}}`` -> ``/x``, ``{{media url="x"}}``
    -> ``/media/x``; any other directive is removed."""
    if not html or "{{" not in html:
        return html
    return _DIRECTIVE.sub(_directive, html)


def _directive(m: re.Match[str]) -> str:
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




def _id_list(values: Record, key: str) -> None:
    """Normalise a comma-separated id column the client sent (``"1, 2,,1"`` -> ``"1,2"``)."""
    if key in values:
        values[key] = joined(parse_ids(values[key], key))


# --------------------------------------------------------------------------- search keys

def _relative_url_column(url_key: Column[Any], prefix: str) -> ColumnElement[Any]:
    head = f"/{prefix}/" if prefix else "/"
    return case((func.coalesce(url_key, "") == "", literal("")), else_=literal(head) + url_key)


def _canonical_column(canonical: Column[Any], url_key: Column[Any]) -> ColumnElement[Any]:
    return case((canonical != "", canonical), else_=func.coalesce(url_key, ""))


def _robots_column(robots: Column[Any], flag: str) -> ColumnElement[bool]:
    return func.upper(func.coalesce(robots, "")).like(f"%{flag}%")


class _TagLinks(LinkSet):
    """The tags of questions, as (tag_id, title); sent as tag objects, matched by title."""

    def __init__(self) -> None:
        super().__init__(question_tag.c.question_id, question_tag.c.tag_id,
                         query=select(question_tag.c.question_id, tag_table.c.tag_id, tag_table.c.title)
                         .join(tag_table, tag_table.c.tag_id == question_tag.c.tag_id))

    def parse(self, value: Any, key: str) -> list[Any]:
        return list(value or [])  # the tag objects; QuestionRepository.check resolves them

    def wire(self, values: list[Any]) -> Any:
        return [TagInterface.of(tag_id=tag_id, title=title) for tag_id, title in values]

    def part(self, name: str) -> Select[Any]:
        return select(literal(name).label("kind"), tag_table.c.tag_id.label("id"), tag_table.c.title.label("title")) \
            .join(tag_table, tag_table.c.tag_id == question_tag.c.tag_id)

    def value(self, row: Sequence[Any]) -> tuple[int, str]:
        return row[1], row[2]

    def target_id(self, value: tuple[int, str]) -> int:
        return value[0]

    def search_field(self, pk: ColumnElement[Any]) -> SearchField:
        """Tags are matched by title (case-insensitively)."""
        text = (select(func.aggregate_strings(tag_table.c.title, ","))
                .where(question_tag.c.question_id == pk, question_tag.c.tag_id == tag_table.c.tag_id))

        def members(values: list[Any]) -> ColumnElement[bool]:
            return exists().where(question_tag.c.question_id == pk, question_tag.c.tag_id == tag_table.c.tag_id,
                                  func.lower(tag_table.c.title).in_([str(v).lower() for v in values]))

        return SearchField(text.scalar_subquery(), sortable=False, members=members)


# --------------------------------------------------------------------------- questions and categories

D = TypeVar("D", bound=DataObject)
R = TypeVar("R", bound=SearchResults[Any])


class _FaqRepository(Repository[D, R]):
    """What questions and categories share: the URL prefix of their pages, created/updated times."""

    could_not_save = True
    url_key = UrlKey()

    @cached_property
    def url_prefix(self) -> str:
        return str(self.ctx.config_value(URL_PREFIX_PATH, "faq")).strip("/")

    def stamp(self, record: Record) -> None:
        record["updated_at"] = utc_now()
        record["created_at"] = record["created_at"] or record["updated_at"]

    @classmethod
    def page_keys(cls, prefix: str) -> dict[str, SearchField]:
        """The keys computed from the URL key: relative_url (with the prefix) and canonical_url."""
        c = cls.table.c
        return {"relative_url": SearchField(_relative_url_column(c.url_key, prefix)),
                "canonical_url": SearchField(_canonical_column(c.canonical_url, c.url_key))}


class QuestionRepository(_FaqRepository[QuestionInterface, QuestionSearchResultsInterface]):
    interface = "Vendor\\Faq\\Api\\QuestionRepositoryInterface"
    summary = "FAQ questions"
    entity = "question"
    table = question_table
    data = QuestionInterface
    results = QuestionSearchResultsInterface
    not_found = 'Question with specified ID "%1" not found.'
    renamed = {"show_full_answer": "is_show_full_answer"}
    links = {"stores": StoreLinks(question_store.c.question_id, question_store.c.store_id),
             "categories": LinkSet(question_category.c.question_id, question_category.c.category_id),
             "tags": _TagLinks()}
    choices = {"visibility": (0, 1, 2), "status": (0, 1)}
    required = ("title",)

    def save(self, question: QuestionInterface) -> QuestionInterface:
        return self.save_record(question)

    def get_by_id(self, question_id: int) -> QuestionInterface:
        return self.get_record(question_id)

    def delete_by_id(self, question_id: int) -> bool:
        return self.delete_record(question_id)

    def delete(self, question: QuestionInterface) -> bool:
        return self.delete_record(question.question_id)

    def get_list(self, search_criteria: SearchCriteria) -> QuestionSearchResultsInterface:
        return self.list_records(search_criteria)

    def convert(self, sent: Record, stored: Record | None) -> Record:
        values = super().convert(sent, stored)
        values.pop("updated_at", None)
        if "created_at" in values:
            values["created_at"] = parse_datetime(values["created_at"], "created_at")
        _id_list(values, "product_ids")
        _id_list(values, "customer_groups")
        # an answer given to an unanswered question answers it, unless the body changes the status
        before = stored if stored is not None else self.defaults
        status_changed = "status" in values and (stored is None or values["status"] != before["status"])
        if values.get("answer") and not before["answer"] and not status_changed:
            values["status"] = 1
        return values

    def check(self, record: Record, stored: Record | None) -> None:
        if record["show_full_answer"]:
            record["url_key"] = None  # the question has no page of its own
        super().check(record, stored)
        record["positive_rating"] = record["positive_rating"] or 0
        record["negative_rating"] = record["negative_rating"] or 0
        record["total_rating"] = record["positive_rating"] + record["negative_rating"]
        self.stamp(record)
        if "categories" in self.sent:
            CategoryRepository(self.ctx).require(record["categories"])
        if "tags" in self.sent:
            record["tags"] = self._tags(record["tags"])

    def _tags(self, entries: list[Any]) -> list[tuple[int, str]]:
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
            found.update(self.conn.execute(select(t.tag_id, t.title).where(t.tag_id.in_(ids))).tuples().all())
            TagRepository(self.ctx).require([i for i in ids if i not in found])
        if titles:
            known = {title: tag_id for tag_id, title in
                     self.conn.execute(select(t.tag_id, t.title).where(t.title.in_(titles)))}
            for title in dict.fromkeys(titles):
                tag_id = known.get(title)
                if tag_id is None:
                    inserted = self.conn.execute(insert(tag_table).values(title=title)).inserted_primary_key
                    assert inserted is not None
                    tag_id = inserted[0]
                found[tag_id] = title
        return list(found.items())

    def search_fields(self) -> Mapping[str, SearchField]:
        return _question_keys(self.url_prefix)

    def to_data(self, r: Record) -> QuestionInterface:
        url_key = r["url_key"]
        robots = (r["meta_robots"] or "").upper()
        return QuestionInterface.of(
            question_id=r["question_id"], title=r["title"], short_answer=r["short_answer"],
            answer=render_directives(r["answer"]), relative_url=_relative_url(self.url_prefix, url_key),
            visibility=r["visibility"], status=r["status"], name=r["name"], email=r["email"],
            position=r["position"], url_key=url_key, positive_rating=r["positive_rating"],
            negative_rating=r["negative_rating"], total_rating=r["total_rating"], meta_title=r["meta_title"],
            meta_description=r["meta_description"], meta_robots=r["meta_robots"], created_at=r["created_at"],
            updated_at=r["updated_at"], stores=joined(r["stores"]), categories=joined(r["categories"]),
            tags=self.links["tags"].wire(r["tags"]), visit_count=r["visit_count"],
            exclude_sitemap=r["exclude_sitemap"], canonical_url=r["canonical_url"] or url_key or "",
            noindex="NOINDEX" in robots, nofollow="NOFOLLOW" in robots, show_full_answer=r["show_full_answer"],
            product_ids=r["product_ids"], asked_from_store=r["asked_from_store"],
            customer_groups=r["customer_groups"])


@lru_cache(maxsize=8)
def _question_keys(prefix: str) -> dict[str, SearchField]:
    """Every key of a question as searchCriteria sees it (one map per URL prefix)."""
    q = question_table.c
    return {**QuestionRepository._search, **QuestionRepository.page_keys(prefix),
            "noindex": SearchField(_robots_column(q.meta_robots, "NOINDEX"), "bool"),
            "nofollow": SearchField(_robots_column(q.meta_robots, "NOFOLLOW"), "bool")}


class CategoryRepository(_FaqRepository[CategoryInterface, CategorySearchResultsInterface]):
    interface = "Vendor\\Faq\\Api\\CategoryRepositoryInterface"
    summary = "FAQ categories"
    entity = "category"
    table = category_table
    data = CategoryInterface
    results = CategorySearchResultsInterface
    not_found = 'Category with specified ID "%1" not found.'
    links = {"stores": StoreLinks(category_store.c.category_id, category_store.c.store_id),
             "questions": LinkSet(question_category.c.category_id, question_category.c.question_id)}
    choices = {"status": (0, 1)}
    required = ("title",)

    def save(self, category: CategoryInterface) -> CategoryInterface:
        return self.save_record(category)

    def get_by_id(self, category_id: int) -> CategoryInterface:
        return self.get_record(category_id)

    def delete_by_id(self, category_id: int) -> bool:
        return self.delete_record(category_id)

    def delete(self, category: CategoryInterface) -> bool:
        return self.delete_record(category.category_id)

    def get_list(self, search_criteria: SearchCriteria) -> CategorySearchResultsInterface:
        return self.list_records(search_criteria)

    def convert(self, sent: Record, stored: Record | None) -> Record:
        values = super().convert(sent, stored)
        for key in ("created_at", "updated_at"):
            values.pop(key, None)
        _id_list(values, "customer_groups")
        return values

    def check(self, record: Record, stored: Record | None) -> None:
        super().check(record, stored)
        self.stamp(record)
        if "questions" in self.sent:
            QuestionRepository(self.ctx).require(record["questions"])

    def search_fields(self) -> Mapping[str, SearchField]:
        return _category_keys(self.url_prefix)

    def to_data(self, r: Record) -> CategoryInterface:
        url_key = r["url_key"]
        return CategoryInterface.of(
            category_id=r["category_id"], title=r["title"], relative_url=_relative_url(self.url_prefix, url_key),
            position=r["position"], url_key=url_key, status=r["status"], meta_title=r["meta_title"],
            meta_description=r["meta_description"], visit_count=r["visit_count"],
            exclude_sitemap=r["exclude_sitemap"], canonical_url=r["canonical_url"] or url_key or "",
            description=r["description"], icon=r["icon"], stores=joined(r["stores"]),
            questions=joined(r["questions"]), customer_groups=r["customer_groups"],
            created_at=r["created_at"], updated_at=r["updated_at"], noindex=False, nofollow=False)


@lru_cache(maxsize=8)
def _category_keys(prefix: str) -> dict[str, SearchField]:
    """Every key of a category as searchCriteria sees it (one map per URL prefix)."""
    never = literal(False, Boolean)
    return {**CategoryRepository._search, **CategoryRepository.page_keys(prefix),
            "noindex": SearchField(never, "bool"), "nofollow": SearchField(never, "bool")}


# --------------------------------------------------------------------------- tags

class TagRepository(Repository[TagInterface, TagSearchResultsInterface]):
    interface = "Vendor\\Faq\\Api\\TagRepositoryInterface"
    summary = "FAQ tags"
    entity = "tag"
    table = tag_table
    data = TagInterface
    results = TagSearchResultsInterface
    not_found = 'Tag with specified ID "%1" not found.'
    could_not_save = True
    required = ("title",)

    def save(self, tag: TagInterface) -> TagInterface:
        return self.save_record(tag)

    def get_by_id(self, tag_id: int) -> TagInterface:
        return self.get_record(tag_id)

    def delete_by_id(self, tag_id: int) -> bool:
        return self.delete_record(tag_id)

    def delete(self, tag: TagInterface) -> bool:
        return self.delete_record(tag.tag_id)

    def get_list(self, search_criteria: SearchCriteria) -> TagSearchResultsInterface:
        return self.list_records(search_criteria)

    def convert(self, sent: Record, stored: Record | None) -> Record:
        values = super().convert(sent, stored)
        if "title" in values:
            values["title"] = (values["title"] or "").strip()
        return values

    def check(self, record: Record, stored: Record | None) -> None:
        super().check(record, stored)
        taken = select(tag_table.c.tag_id).where(tag_table.c.title == record["title"])
        if stored is not None:
            taken = taken.where(tag_table.c.tag_id != stored["tag_id"])
        if self.conn.execute(taken).first() is not None:
            raise LocalizedException('Tag "%1" already exists.', [record["title"]])
