"""The repository: get, save, delete and list one kind of record, the same way for every package.

A package declares a repository as a class: the table, the data object it returns, the search
results type and what "not found" says; optionally the link sets of a record (other tables of ids
that belong to it: store views, categories, websites), a URL-key rule, the keys a record needs and
the values a key allows. The routed methods are one-liners, so that their parameters carry the wire
names and their types:

    class TagRepository(Repository[TagInterface, TagSearchResultsInterface]):
        interface = "Vendor\\Faq\\Api\\TagRepositoryInterface"
        table = tag_table
        data = TagInterface
        results = TagSearchResultsInterface
        not_found = 'Tag with specified ID "%1" not found.'
        required = ("title",)

        def get_by_id(self, tag_id: int) -> TagInterface:
            return self.get_record(tag_id)

        def save(self, tag: TagInterface) -> TagInterface:
            return self.save_record(tag)
        ...

What every repository does:

- **get**: the record, or a 404 with ``not_found`` and the identifier.
- **save**: an object without identifier is created. With one (a PUT's path identifier has been
  written into the object by the framework, so the path decides), the stored record is loaded (404
  when missing, unless ``create_missing``: a natural key such as a SKU), the keys the client sent are
  merged over it, the result is checked (required keys, allowed values, URL key) and written: the row,
  then each link set the client sent.
- **delete**: 404 when missing, ``true`` otherwise.
- **list**: searchCriteria over every column that is a field of the data object and every link set
  (``search_fields`` adds computed keys), each item serialised in full.
- **store values** (``store_values``, framework/storevalues.py): fields kept per store view are read
  for the repository's store view with fallback to store 0, and a save writes them for it: the
  request's store view (store 0 under ``all``), or the one the record names in ``store_key``. A new
  record's values are its defaults (store 0), whatever the store view.

A record travels inside the repository as a dict by wire key (the data object's field names); link
sets are lists. What is special about a package goes into the hooks: ``convert`` (sent values to
record values), ``check``, ``to_row`` / ``from_row`` (record <-> columns), ``write`` (further
tables), ``after_save`` / ``before_delete`` / ``after_delete`` (events), ``to_data`` (the output).
Statements that do not depend on a request are built once, when the class is declared.
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, ClassVar, Generic, TypeVar, cast

from sqlalchemy import (Boolean, Column, ColumnElement, Date, DateTime, Float, Integer, Numeric, Select, String, Table,
                        bindparam, delete, exists, false, func, insert, literal, select, union_all, update)
from sqlalchemy import cast as sql_cast
from sqlalchemy.sql.type_api import TypeEngine

from . import extensions
from .context import Service
from .data import DataObject
from .db import Query, Write
from .exceptions import CouldNotSaveException, InputException, LocalizedException, NoSuchEntityException
from .limits import number_limits, out_of_range, text_limits, too_long

from .search import SearchCriteria, SearchField, SearchResults, search, search_limits
from .storevalues import ADMIN_STORE_ID, SCOPE_PARAM, StoreValues, scoped_select

D = TypeVar("D", bound=DataObject)
R = TypeVar("R", bound=SearchResults[Any])
Record = dict[str, Any]

_ID = re.compile(r"\d+")
#: records whose link sets one statement reads (each link set binds their ids: within SQLite's
#: 32,766 parameters for a few link sets)
_LINK_BATCH = 2_000
_URL_KEY = re.compile(r"[a-z0-9_-]+(\.[a-z0-9_-]+)?")


# --------------------------------------------------------------------------- values

def parse_ids(value: Any, key: str) -> list[int]:
    """A set of ids as a client sends it: a comma-separated string (``"1, 2,,3"``) or a list; without
    repeats, in the order given. Anything else is an invalid value of ``key``."""
    parts: Sequence[Any]
    if isinstance(value, str):
        parts = value.split(",")
    elif isinstance(value, list):
        parts = value
    elif isinstance(value, int) and not isinstance(value, bool):
        parts = [value]
    else:
        raise InputException.invalid_value(key, value)
    out: list[int] = []
    for part in parts:
        text = str(part).strip()
        if not text:
            continue
        if not _ID.fullmatch(text):
            raise InputException.invalid_value(key, value)
        if int(text) not in out:
            out.append(int(text))
    return out


def joined(ids: Sequence[Any]) -> str:
    """Ids as a comma-separated string (the wire form of many id sets)."""
    return ",".join(str(i) for i in ids)


def search_type(sql_type: TypeEngine[Any]) -> str:
    """The searchCriteria type of a column type."""
    if isinstance(sql_type, Boolean):
        return "bool"
    if isinstance(sql_type, Integer):
        return "int"
    if isinstance(sql_type, (Numeric, Float)):
        return "float"
    if isinstance(sql_type, (DateTime, Date)):
        return "datetime"
    return "string"


def column_defaults(table: Table) -> dict[str, Any]:
    """Column name -> the value of a new row (None where the column has no scalar default)."""
    out: dict[str, Any] = {}
    for c in table.c:
        if c.primary_key and c.autoincrement is not False:
            continue
        default = c.default
        out[c.name] = getattr(default, "arg", None) if default is not None and default.is_scalar else None
    return out


# --------------------------------------------------------------------------- link sets

class LinkSet:
    """A link table seen from one side: the ``target`` ids linked to each ``owner`` id.

    On the wire a link set is a comma-separated string (``csv=True``, the vendor modules' habit) or a
    list of ids. A subclass may link richer values (the target's id with its title, say) by
    overriding ``query``, ``value`` and ``target_id``."""

    def __init__(self, owner: Column[Any], target: Column[Any], *, csv: bool = True,
                 query: Select[Any] | None = None):
        self.owner, self.target, self.csv = owner, target, csv
        base = query if query is not None else select(owner, target)
        self.query = base.where(owner.in_(bindparam("ids", expanding=True))).order_by(owner, target)
        self.cascades = any(fk.ondelete == "CASCADE" for fk in owner.foreign_keys)
        owner_table = owner.table
        assert isinstance(owner_table, Table)
        self._delete = Write(delete(owner_table).where(owner == bindparam("owner_id")))
        self._insert = Write(insert(owner_table))

    # --- values

    def parse(self, value: Any, key: str) -> list[Any]:
        """The sent wire value as the list of linked values."""
        return parse_ids(value, key) if value is not None else []

    def wire(self, values: list[Any]) -> Any:
        return joined(values) if self.csv else list(values)

    def value(self, row: Sequence[Any]) -> Any:
        """The linked value of one row of ``query`` (owner first)."""
        return row[1]

    def target_id(self, value: Any) -> Any:
        return value

    # --- statements

    def part(self, name: str) -> Select[Any]:
        """This link set as a part of the record's link query: (kind, id, title) rows, of every owner
        (the repository adds the owner column and condition: one record, or the records of a page)."""
        return select(literal(name).label("kind"), self.target.label("id"), literal(None, String).label("title"))

    def of(self, conn: Any, ids: list[Any]) -> dict[Any, list[Any]]:
        """``{owner id: [linked values, ascending]}`` for every id, in one query."""
        out: dict[Any, list[Any]] = {i: [] for i in ids}
        if ids:
            for row in conn.execute(self.query, {"ids": ids}):
                out[row[0]].append(self.value(row))
        return out

    def replace(self, conn: Any, owner_id: Any, values: list[Any], new: bool = False) -> None:
        """Make ``values`` the whole link set of ``owner_id`` (``new``: it has no links yet)."""
        if not new:
            self._delete.run(conn, {"owner_id": owner_id})
        if values:
            self._insert.many(conn, [{self.owner.name: owner_id, self.target.name: self.target_id(v)}
                                     for v in values])

    def remove(self, conn: Any, owner_id: Any) -> None:
        """Drop the links of a deleted owner (a cascading foreign key does it by itself)."""
        if not self.cascades:
            self._delete.run(conn, {"owner_id": owner_id})

    def search_field(self, pk: ColumnElement[Any]) -> SearchField:
        """The link set as a searchCriteria key: eq/in/finset (and their negations) test membership,
        null/notnull test for an empty set, like sees the comma-separated ids."""
        text = select(func.aggregate_strings(sql_cast(self.target, String), ",")).where(self.owner == pk)

        def members(values: list[Any]) -> ColumnElement[bool]:
            ids = [int(v) for v in values if _ID.fullmatch(str(v).strip())]
            return exists().where(self.owner == pk, self.target.in_(ids)) if ids else false()

        return SearchField(text.scalar_subquery(), sortable=False, members=members)


class StoreLinks(LinkSet):
    """The store views of a record (store 0: every store view), with the check that a URL key is
    free in each of them."""

    def taken(self, conn: Any, url_key: Column[Any], key: str, stores: list[int], own_id: Any) -> bool:
        """Whether another owner with this URL key shares a store view with ``stores``."""
        table = url_key.table
        pk = list(table.primary_key)[0]
        stmt = select(pk).join(self.owner.table, self.owner == pk).where(url_key == key)
        if own_id is not None:
            stmt = stmt.where(pk != own_id)
        if 0 not in stores:
            stmt = stmt.where(self.target.in_([0, *stores]))
        return conn.execute(stmt.limit(1)).first() is not None


class UrlKey:
    """The URL-key rule: lowercase letters, digits, ``-`` and ``_`` (optionally one ``.`` part), and
    unique per store view among the records of the repository (through its ``stores`` link set)."""

    def __init__(self, key: str = "url_key", stores: str = "stores"):
        self.key, self.stores = key, stores

    def check(self, repo: Repository[Any, Any], record: Record, record_id: Any) -> None:
        url_key = record.get(self.key) or None
        record[self.key] = url_key
        if url_key is None:
            return
        if not _URL_KEY.fullmatch(url_key):
            raise LocalizedException('URL key "%1" is invalid. Use lowercase letters, digits, "-" and "_" '
                                     '(optionally one "." part).', [url_key])
        links = repo.links[self.stores]
        assert isinstance(links, StoreLinks)
        column = repo.table.c[repo.columns[self.key]]
        if links.taken(repo.conn, column, url_key, record.get(self.stores) or [], record_id):
            raise LocalizedException(f'URL key "%1" is already used by another {repo.entity}.', [url_key])


# --------------------------------------------------------------------------- the repository

class Repository(Service, Generic[D, R]):
    """Get, save, delete and list the records of one table (see the module docstring)."""

    # --- declared by a subclass
    table: ClassVar[Table]
    data: ClassVar[type[DataObject]]
    results: ClassVar[type[SearchResults[Any]]]
    #: the 404 message; ``%1`` is the identifier. None: the platform's "No such entity with %fieldName = ..."
    not_found: ClassVar[str | None] = None
    #: the record's name in messages ("question")
    entity: ClassVar[str] = "entity"
    #: the column a record is looked up by (default: the primary key) and its wire key
    identifier: ClassVar[Column[Any]]
    id_key: ClassVar[str]
    #: a save naming an identifier that does not exist creates the record (natural keys such as a SKU)
    create_missing: ClassVar[bool] = False
    #: a failed save is reported as "Unable to save <entity> ..." (the vendor modules' repositories)
    could_not_save: ClassVar[bool] = False
    links: ClassVar[Mapping[str, LinkSet]] = {}
    url_key: ClassVar[UrlKey | None] = None
    required: ClassVar[tuple[str, ...]] = ()
    choices: ClassVar[Mapping[str, tuple[Any, ...]]] = {}
    #: the SELECT of a record (default: the table); a subclass may join a 1:1 table
    base: ClassVar[Select[Any]]
    #: the data interface whose declared extension attributes this repository loads and saves through
    #: their handlers (framework/extensions.py), as the record's ``extension_attributes``
    extends: ClassVar[str | None] = None
    #: the record's values kept per store view (framework/storevalues.py); their fields are fields of
    #: ``data`` (``renamed`` applies), read with fallback to store 0 and written for one store view
    store_values: ClassVar[StoreValues | None] = None
    #: the field of ``data`` that names the store view a save writes and a read shows (0 when absent);
    #: None: the request's store view is the one (store 0 under ``all``)
    store_key: ClassVar[str | None] = None

    #: during a save: the keys the client sent (hooks test ``key in self.sent``)
    sent: Record

    # --- derived once, when the class is declared
    pk: ClassVar[Column[Any]]
    #: the wire key of the primary key (the record's own id, whatever it is looked up by)
    pk_key: ClassVar[str]
    #: wire key -> column name where they differ (``show_full_answer`` -> ``is_show_full_answer``)
    renamed: ClassVar[Mapping[str, str]] = {}
    #: wire key -> column name: every column whose name is a field of ``data``, and ``renamed``
    columns: ClassVar[Mapping[str, str]]
    #: wire key -> field of ``store_values``
    scoped: ClassVar[Mapping[str, str]] = {}
    defaults: ClassVar[Record]
    _search: ClassVar[dict[str, SearchField]]
    _row: ClassVar[Query]
    _links_one: ClassVar[Query | None]
    #: every link set of many records in one statement: (kind, id, title, owner) rows
    _links_many: ClassVar[Select[Any] | None]
    #: delete loads the record first: for ``before_delete``, or link sets without a cascading key
    _load_to_delete: ClassVar[bool]
    _insert: ClassVar[Any]
    _update: ClassVar[Any]
    _delete: ClassVar[Any]
    _write_insert: ClassVar[Write]  # the three above, run on the driver (db.Write)
    _write_update: ClassVar[Write]
    _write_delete: ClassVar[Write]
    _lengths: ClassVar[dict[str, int]] = {}
    _digits: ClassVar[dict[str, int]] = {}

    def __init_subclass__(cls, **kwargs: Any):
        super().__init_subclass__(**kwargs)
        if "table" not in cls.__dict__:
            return
        table = cls.table
        cls.pk = list(table.primary_key)[0]
        if "identifier" not in cls.__dict__:
            cls.identifier = cls.pk
        if "id_key" not in cls.__dict__:
            cls.id_key = cls.identifier.name
        fields = cls.data.fields()
        if cls.store_values is not None:
            by_value = {column: key for key, column in cls.renamed.items()}
            cls.scoped = {by_value.get(f, f): f for f in cls.store_values.fields if by_value.get(f, f) in fields}
            clash = set(cls.scoped.values()) & set(table.c.keys())
            if clash:
                raise TypeError(f"{cls.__name__}: store values {sorted(clash)} are also columns of {table.name}")
        if "columns" not in cls.__dict__:
            cls.columns = {**{c.name: c.name for c in table.c if c.name in fields},
                           **{k: v for k, v in cls.renamed.items() if k not in cls.scoped}}
        by_column = {column: key for key, column in cls.columns.items()}
        cls.pk_key = by_column.get(cls.pk.name, cls.pk.name)
        row_defaults = column_defaults(table)
        cls.defaults = {cls.pk_key: None, **{by_column[c]: v for c, v in row_defaults.items() if c in by_column},
                        **{name: [] for name in cls.links}, **dict.fromkeys(cls.scoped)}
        if "base" not in cls.__dict__:
            cls.base = select(table)
        cls._lengths = text_limits(table, cls.columns)
        cls._digits = number_limits(table, cls.columns)
        cls._search = {key: SearchField(table.c[column], search_type(table.c[column].type))
                       for key, column in cls.columns.items()}
        if cls.store_values is not None:
            cls.base, values = scoped_select(cls.base, cls.store_values, cls.pk, cls.scoped.values())
            cls._search.update({key: SearchField(values[f], search_type(cls.store_values.table.c[f].type))
                                for key, f in cls.scoped.items()})
        cls._search.update({name: links.search_field(cls.pk) for name, links in cls.links.items()})
        cls._row = Query(cls.base.where(cls.identifier == bindparam("record_id")))
        cls._links_one = cls._links_many = None
        if cls.links:
            one = union_all(*(links.part(name).where(links.owner == bindparam("owner_id"))
                              for name, links in cls.links.items())).subquery()
            cls._links_one = Query(select(one.c.kind, one.c.id, one.c.title).order_by(one.c.kind, one.c.id))
            many = union_all(*(links.part(name).add_columns(links.owner.label("owner"))
                               .where(links.owner.in_(bindparam("ids", expanding=True)))
                               for name, links in cls.links.items())).subquery()
            cls._links_many = select(many.c.kind, many.c.id, many.c.title, many.c.owner) \
                .order_by(many.c.kind, many.c.owner, many.c.id)
        cls._load_to_delete = (cls.before_delete is not Repository.before_delete
                               or any(not links.cascades for links in cls.links.values())
                               or (cls.store_values is not None and not cls.store_values.cascades))
        cls._insert = insert(table)
        cls._update = update(table).where(cls.pk == bindparam("b_record_id"))
        cls._delete = delete(table).where(cls.identifier == bindparam("record_id"))
        cls._write_insert, cls._write_update = Write(cls._insert), Write(cls._update)
        cls._write_delete = Write(cls._delete)

    # --- the operations the routed methods call

    def get_record(self, record_id: Any, store_id: int | None = None) -> D:
        """The record; its store values as store view ``store_id`` sees them (default: see ``store_scope``)."""
        if store_id is not None:
            self._store = self.known_store(store_id)
        return self.to_data(self.load(record_id))

    def save_record(self, obj: DataObject) -> D:
        sent = self.sent = obj.sent()
        record_id = self.identify(sent)
        if self.store_values is not None and self.store_key is not None:
            self._store = sent.get(self.store_key) or ADMIN_STORE_ID
            if self.ctx.config is not None and self._store not in self.ctx.config.website_of:
                raise InputException.invalid_value(self.store_key, self._store)
        stored = self.find(record_id) if record_id is not None else None
        if stored is None and record_id is not None and not self.create_missing:
            raise self.missing(record_id)
        with self._saving(record_id if stored is not None else None):
            values = self.convert(sent, stored)
            record = {**(stored if stored is not None else self.new_record()), **values}
            if self.store_values is not None:
                self.fall_back(record, values, stored)
            self.check(record, stored)
            saved = self.write(stored, record, [name for name in self.links if name in values])
            if self.store_values is not None:
                self.write_store_values(saved, values, stored)
            if self.extends is not None and "extension_attributes" in sent:
                extensions.save(self.ctx, self.extends, saved[self.pk_key], sent["extension_attributes"])
                saved["extension_attributes"] = {**(saved.get("extension_attributes") or {}),
                                                 **sent["extension_attributes"].sent()}
        self.after_save(saved, stored)
        return self.to_data(saved)

    def delete_record(self, record_id: Any) -> bool:
        record = self.load(record_id) if self._load_to_delete else None
        if record is not None:
            self.before_delete(record)
            pk_value = record[self.pk_key]
            for links in self.links.values():
                links.remove(self.conn, pk_value)
            if self.store_values is not None:
                self.store_values.remove(self.conn, pk_value)
        if self._write_delete.run(self.conn, {"record_id": record_id}) == 0:
            raise self.missing(record_id)
        self.after_delete(record_id, record)
        return True

    def list_records(self, criteria: SearchCriteria, store_id: int | None = None) -> R:
        """The page of records; store values as store view ``store_id`` sees them (default: see
        ``store_scope``), also for filters and sort orders."""
        if store_id is not None:
            self._store = self.known_store(store_id)
        base = self.base if self.store_values is None else self.base.params({SCOPE_PARAM: self.store_scope()})
        page = search(self.conn, base, criteria, self.search_fields(), self.pk, search_limits(self.ctx))
        records = self.with_links([self.from_row(r._mapping) for r in page.rows])
        return cast(R, self.results.of(items=[self.to_data(r) for r in records], search_criteria=page.criteria,
                                       total_count=page.total_count))

    # --- reading

    def find(self, record_id: Any) -> Record | None:
        """The stored record with this identifier, or None."""
        if self.store_values is not None:
            rows = self._row.all(self.conn, record_id=record_id, **{SCOPE_PARAM: self.store_scope()})
        else:
            rows = self._row.all(self.conn, record_id=record_id)
        if not rows:
            return None
        return self.with_links([self.from_row(rows[0]._asdict())])[0]

    def load(self, record_id: Any) -> Record:
        """The stored record with this identifier; 404 when there is none."""
        record = self.find(record_id)
        if record is None:
            raise self.missing(record_id)
        return record

    def with_links(self, records: list[Record]) -> list[Record]:
        """The records with their link sets (one query for all the link sets of the records, a
        further one per ``_LINK_BATCH`` records) and the extension attributes that handlers load."""
        if self.extends is not None and records:
            loaded = extensions.load(self.ctx, self.extends, [r[self.pk_key] for r in records])
            for r in records:
                r["extension_attributes"] = {**(r.get("extension_attributes") or {}), **loaded.get(r[self.pk_key], {})}
        if not self.links or not records:
            return records
        pk_key = self.pk_key
        if len(records) == 1 and self._links_one is not None:
            sets: dict[str, list[Any]] = {name: [] for name in self.links}
            for row in self._links_one.all(self.conn, owner_id=records[0][pk_key]):
                sets[row.kind].append(self.links[row.kind].value(row))
            records[0].update(sets)
            return records
        assert self._links_many is not None
        by_id: dict[Any, dict[str, list[Any]]] = {}
        for r in records:
            own = by_id.get(r[pk_key])
            if own is None:
                own = by_id[r[pk_key]] = {name: [] for name in self.links}
            r.update(own)  # the lists filled below
        ids = list(by_id)
        for start in range(0, len(ids), _LINK_BATCH):
            for row in self.conn.execute(self._links_many, {"ids": ids[start:start + _LINK_BATCH]}):
                by_id[row.owner][row.kind].append(self.links[row.kind].value(row))
        return records

    def require(self, ids: list[Any]) -> None:
        """404 for the first of these primary keys that has no record."""
        if ids:
            found = set(self.conn.execute(select(self.pk).where(self.pk.in_(ids))).scalars())
            for i in ids:
                if i not in found:
                    raise self.missing(i)

    # --- hooks

    def identify(self, sent: Record) -> Any:
        """The identifier a save names (taken out of the sent keys when it is the primary key)."""
        return sent.pop(self.id_key, None) if self.identifier is self.pk else sent.get(self.id_key)

    def missing(self, record_id: Any) -> NoSuchEntityException:
        if self.not_found is None:
            return NoSuchEntityException.single_field(self.id_key, record_id)
        return NoSuchEntityException(self.not_found, [record_id])

    def new_record(self) -> Record:
        """What a new record holds before the sent keys are merged in."""
        return {k: (list(v) if isinstance(v, list) else v) for k, v in self.defaults.items()}

    def convert(self, sent: Record, stored: Record | None) -> Record:
        """The sent keys as record values: link sets parsed, unknown keys (computed, read-only) left out."""
        out: Record = {}
        for key, value in sent.items():
            links = self.links.get(key)
            if links is not None:
                out[key] = links.parse(value, key)
            elif key in self.columns or key in self.scoped:
                out[key] = value
        return out

    def check(self, record: Record, stored: Record | None) -> None:
        """The merged record's checks: text that fits its column, allowed values, required keys, the URL
        key."""
        reason = too_long(record, self._lengths) or out_of_range(record, self._digits)
        if reason is not None:
            raise reason
        for key, allowed in self.choices.items():
            if record.get(key) not in allowed:
                raise InputException.invalid_value(key, record.get(key))
        for key in self.required:
            value = record.get(key)
            if value is None or (isinstance(value, str) and not value.strip()):
                raise InputException.required(key)
        if self.url_key is not None:
            self.url_key.check(self, record, stored[self.pk_key] if stored is not None else None)

    def from_row(self, row: Mapping[Any, Any]) -> Record:
        """A stored row as a record."""
        record = {key: row[column] for key, column in self.columns.items()}
        for key, value_field in self.scoped.items():
            record[key] = row[value_field]
        return record

    def to_row(self, record: Record) -> dict[str, Any]:
        """The columns of a record (the primary key left out)."""
        pk = self.pk.name
        return {column: record.get(key) for key, column in self.columns.items() if column != pk}

    def write(self, stored: Record | None, record: Record, sent_links: list[str]) -> Record:
        """Insert or update the row and replace the link sets that ``convert`` returned; the record as
        saved."""
        row = self.to_row(record)
        if stored is None:
            record[self.pk_key] = self._write_insert.run(self.conn, row)
        else:
            record[self.pk_key] = stored[self.pk_key]
            self._write_update.run(self.conn, {"b_record_id": stored[self.pk_key], **row})
        for name in sent_links:
            self.links[name].replace(self.conn, record[self.pk_key], record[name], new=stored is None)
            record[name] = sorted(record[name])
        return record

    def after_save(self, record: Record, stored: Record | None) -> None:
        """After a save, in its transaction (events)."""

    def before_delete(self, record: Record) -> None:
        """Before a delete, in its transaction (events)."""

    def after_delete(self, record_id: Any, record: Record | None) -> None:
        """After a delete, in its transaction (events); ``record`` is None unless it was loaded."""

    def search_fields(self) -> Mapping[str, SearchField]:
        """The keys searchCriteria may filter and sort on (a subclass adds computed ones)."""
        return self._search

    def to_data(self, record: Record) -> D:
        """The record as the data object the routes return."""
        out = {key: record.get(key) for key in self.columns}
        for key in self.scoped:
            out[key] = record.get(key)
        if self.store_values is not None and self.store_key is not None:
            out[self.store_key] = self.store_scope()
        for name, links in self.links.items():
            out[name] = links.wire(record.get(name) or [])
        return self.data.of(**out)  # type: ignore[return-value]

    # --- store values

    _store: int | None = None

    def store_scope(self) -> int:
        """The store view whose values this repository reads and writes now: the one a call named
        (``store_key`` of a save, ``store_id`` of a get or a list), else 0 when the records name their
        store view (``store_key``), else the request's (0 under ``all``)."""
        if self._store is not None:
            return self._store
        return ADMIN_STORE_ID if self.store_key is not None else self.ctx.store_id

    def known_store(self, store_id: int) -> int:
        """``store_id`` when it is a store view (0 included); a 404 otherwise."""
        if self.ctx.config is not None and store_id not in self.ctx.config.website_of:
            raise NoSuchEntityException("The store that was requested wasn't found. Verify the store and try again.")
        return store_id

    def fall_back(self, record: Record, values: Record, stored: Record | None) -> None:
        """A store view's null for a value it set means "use the default" again: the merged record
        shows the default, so that the checks see what the view will read."""
        assert self.store_values is not None
        cleared = [key for key in self.scoped if key in values and values[key] is None]
        if stored is None or not cleared or self.store_scope() == ADMIN_STORE_ID:
            return
        defaults = self.store_values.read(self.conn, [stored[self.pk_key]], ADMIN_STORE_ID)[stored[self.pk_key]]
        for key in cleared:
            record[key] = defaults[self.scoped[key]]

    def write_store_values(self, record: Record, values: Record, stored: Record | None) -> None:
        """Write the store values of a save: all of them as the defaults of a new record, else the sent
        ones for the store view in scope."""
        assert self.store_values is not None
        if stored is None:
            wanted = {f: record.get(key) for key, f in self.scoped.items()}
            self.store_values.write(self.conn, record[self.pk_key], ADMIN_STORE_ID, wanted)
        else:
            wanted = {f: values[key] for key, f in self.scoped.items() if key in values}
            self.store_values.write(self.conn, record[self.pk_key], self.store_scope(), wanted)

    # --- helpers

    @contextmanager
    def _saving(self, record_id: Any) -> Iterator[None]:
        """Report a failed save as "Unable to save ..." when ``could_not_save``; a 404 stays a 404."""
        if not self.could_not_save:
            yield
            return
        try:
            yield
        except NoSuchEntityException:
            raise
        except LocalizedException as e:
            if record_id is None:
                raise CouldNotSaveException(f"Unable to save new {self.entity}. Error: %1", [e.rendered()]) from None
            raise CouldNotSaveException(f"Unable to save {self.entity} with ID %1. Error: %2",
                                        [record_id, e.rendered()]) from None

