"""searchCriteria: the data objects of a list query and the compiler that runs one.

A module declares once which keys of its items can be filtered and sorted, as a mapping of wire name
to ``SearchField``, and runs ``search`` with the ``select()`` of its item table(s):

    FIELDS = {"tag_id": SearchField(tag.c.tag_id, "int"), "title": SearchField(tag.c.title)}
    page = search(conn, select(tag), criteria, FIELDS, identifier=tag.c.tag_id, limits=limits)

``search`` validates the criteria (6.8), adds WHERE (OR inside a filter group, AND across groups),
ORDER BY (the sort orders, then the identifier as tie-breaker) and LIMIT/OFFSET, counts the matches
and returns the page with the criteria to echo. Client values only ever travel as bound parameters;
the only SQL the criteria choose between are the column expressions of the mapping.

Sorting puts nulls first in ASC and last in DESC (6.4). On PostgreSQL that is not the default null
order of an index, so an index meant to serve sorting on a nullable column is best declared
``(column NULLS FIRST)``; it then serves both directions.
"""
import datetime as _dt
import re
import types
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Generic, Mapping, Sequence, TypeVar

from sqlalchemy import BindParameter, Connection, Row, Select, String, and_, cast, false, func, literal, not_, or_, select
from sqlalchemy import types as sqltypes
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.expression import ColumnElement, FunctionElement
from sqlalchemy.types import TypeEngine

from .context import Context
from .data import DataObject, OrNull, to_bool, to_float, to_int
from .exceptions import InputException
from .library_adapter import is_plain_select

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

__all__ = [
    "Filter", "FilterGroup", "SortOrder", "SearchCriteria", "SearchResults",
    "SearchField", "SearchLimits", "SearchPage", "search", "CONDITION_TYPES",
]


# --------------------------------------------------------------------------- data objects

class Filter(DataObject, interface="Magento\\Framework\\Api\\Filter"):
    field: OrNull[str]
    value: str | None
    condition_type: str | None


class FilterGroup(DataObject, interface="Magento\\Framework\\Api\\Search\\FilterGroup"):
    filters: list[Filter] | None


class SortOrder(DataObject, interface="Magento\\Framework\\Api\\SortOrder"):
    field: OrNull[str]
    direction: Any


class SearchCriteria(DataObject, interface="Magento\\Framework\\Api\\SearchCriteriaInterface"):
    filter_groups: OrNull[list[FilterGroup]]
    sort_orders: list[SortOrder] | None
    page_size: int | None
    current_page: int | None


ItemT = TypeVar("ItemT", bound=DataObject)


class SearchResults(DataObject, Generic[ItemT]):
    """The search results of a list query: the page of items, the criteria
    echoed, the count of all matches. A module declares its interface by parametrising it with
    the item class:

        class TagSearchResultsInterface(SearchResults[TagInterface],
                                        interface="Vendor\\Faq\\Api\\Data\\TagSearchResultsInterface"):
            \"\"\"Tags found.\"\"\"
    """

    items: OrNull[list[ItemT]]
    search_criteria: OrNull[SearchCriteria]
    total_count: OrNull[int]

    @classmethod
    def __class_getitem__(cls, item: Any) -> Any:
        return _parametrised(item)


@lru_cache(maxsize=None)
def _parametrised(item_cls: type[DataObject]) -> "type[SearchResults[Any]]":
    """``SearchResults[item_cls]``: the fields typed with the item class, one class per item class."""
    name = f"SearchResults[{item_cls.__name__}]"

    def body(ns: dict[str, Any]) -> None:
        ns["__module__"] = __name__
        ns["__qualname__"] = name
        ns["__annotations__"] = {"items": OrNull[list[item_cls]]}  # type: ignore[misc,valid-type]  # a runtime type

    cls: type[SearchResults[Any]] = types.new_class(name, (SearchResults,), {}, body)
    return cls


# --------------------------------------------------------------------------- declarations

@dataclass(frozen=True)
class SearchField:
    """One filterable/sortable key of an item.

    ``members``: for a list-typed key (a set of ids in a link table or a comma list),
    ``members(values)`` returns a boolean SQL expression "the row's set contains ANY of values";
    the values come converted to ``type``. ``eq``/``finset``/``in`` use it, ``neq``/``nfinset``/``nin``
    its negation; the other condition types apply to ``column``.
    """
    column: ColumnElement[Any]
    type: str = "string"  # "int" | "float" | "string" | "bool" | "datetime"
    sortable: bool = True
    filterable: bool = True
    members: Callable[[list[Any]], ColumnElement[bool]] | None = None


@dataclass(frozen=True)
class SearchLimits:
    enabled: bool = False
    max_page_size: int = 300
    default_page_size: int = 20


def search_limits(ctx: Context) -> SearchLimits:
    """The web API input limits as configured for the request's store view."""
    cfg, store_id = ctx.config, ctx.store_id
    if cfg is None or not cfg.input_limits_enabled(store_id):
        return SearchLimits()
    return SearchLimits(True, int(cfg.number("webapi/validation/maximum_page_size", store_id, 300)),
                        int(cfg.number("webapi/validation/default_page_size", store_id, 20)))


@dataclass
class SearchPage:
    rows: Sequence[Row[Any]]
    total_count: int
    criteria: SearchCriteria


CONDITION_TYPES = frozenset({
    "eq", "neq", "gt", "gteq", "lt", "lteq", "moreq", "from", "to", "like", "nlike",
    "in", "nin", "null", "notnull", "finset", "nfinset",
})
_FIELD_TYPES = ("int", "float", "string", "bool", "datetime")
_RESTRICTED = re.compile(r"[^A-Za-z0-9_]")
_DATE_ONLY = re.compile(r"\d{4}-\d{2}-\d{2}")
_LIKE_ESCAPE = "!"
_BIG = 2 ** 62  # beyond any row count; keeps LIMIT/OFFSET inside a signed 64-bit integer


# --------------------------------------------------------------------------- SQL helpers

class _datetime_text(FunctionElement[str]):
    """A date-time column as text ``YYYY-MM-DD HH:MM:SS`` (for like and finset)."""
    type = String()
    name = "datetime_text"
    inherit_cache = True


@compiles(_datetime_text)
def _datetime_text_default(element: _datetime_text, compiler: SQLCompiler, **kw: Any) -> str:
    return "CAST(%s AS VARCHAR)" % compiler.process(element.clauses, **kw)


@compiles(_datetime_text, "sqlite")
def _datetime_text_sqlite(element: _datetime_text, compiler: SQLCompiler, **kw: Any) -> str:
    return "strftime('%%Y-%%m-%%d %%H:%%M:%%S', %s)" % compiler.process(element.clauses, **kw)


@compiles(_datetime_text, "postgresql")
def _datetime_text_pg(element: _datetime_text, compiler: SQLCompiler, **kw: Any) -> str:
    return "to_char(%s, 'YYYY-MM-DD HH24:MI:SS')" % compiler.process(element.clauses, **kw)


def _escape_like(value: str) -> str:
    e = _LIKE_ESCAPE
    return value.replace(e, e + e).replace("%", e + "%").replace("_", e + "_")


# --------------------------------------------------------------------------- compiled fields

class _Field:
    """Everything about one SearchField that does not depend on a request."""

    __slots__ = ("name", "kind", "col", "sql_type", "members", "filterable", "sortable",
                 "lower", "fold_sqlite", "text", "set_text", "dt_mode", "bool_as_int", "asc", "desc", "convert")

    def __init__(self, name: str, field: SearchField, dialect_name: str):
        if field.type not in _FIELD_TYPES:
            raise ValueError(f"search field {name!r}: unknown type {field.type!r}")
        col = field.column
        self.name = name
        self.kind = field.type
        self.col = col
        self.sql_type = col.type
        self.members = field.members
        self.filterable = field.filterable
        self.sortable = field.sortable
        python_type = _python_type(col.type)
        self.bool_as_int = self.kind == "bool" and python_type is int
        if isinstance(col.type, sqltypes.DateTime):
            self.dt_mode = "datetime"
        elif isinstance(col.type, sqltypes.Date):
            self.dt_mode = "date"
        else:
            self.dt_mode = "text"
        # text form for like / finset
        self.text: ColumnElement[Any]
        if self.kind == "string":
            self.text = col
        elif self.kind == "datetime" and self.dt_mode != "text":
            self.text = _datetime_text(col)
        else:
            self.text = cast(col, String)
        # case-insensitive string comparison: lower() on both sides; on SQLite (whose lower() and
        # LIKE fold ASCII only) the NOCASE collation and plain LIKE do the same and can use an index
        self.fold_sqlite = dialect_name == "sqlite"
        self.lower: ColumnElement[Any]
        if self.kind != "string":
            self.lower = col  # compared with strings only
        elif self.fold_sqlite:
            self.lower = col.collate("NOCASE")
        else:
            self.lower = func.lower(col)
        self.set_text = literal(",", String) + self.text + literal(",", String)
        # null ordering of 6.4: first in ASC, last in DESC (SQLite/MySQL do that by themselves)
        nullable = getattr(col, "nullable", True)
        if nullable and dialect_name not in ("sqlite", "mysql", "mariadb"):
            self.asc, self.desc = col.asc().nulls_first(), col.desc().nulls_last()
        else:
            self.asc, self.desc = col.asc(), col.desc()
        self.convert: Callable[[str], Any] = {
            "int": _int_value, "float": _float_value, "bool": _bool_value,
            "string": _str_value, "datetime": _datetime_value,
        }[self.kind]

    # --- binding

    def bind(self, value: Any) -> BindParameter[Any]:
        """A converted value as a bound parameter of the column's SQL type."""
        if self.kind == "datetime":
            value = value[0]
            if self.dt_mode == "text":
                value = value.strftime("%Y-%m-%d %H:%M:%S")
            elif self.dt_mode == "date":
                value = value.date()
        elif self.bool_as_int:
            value = int(value)
        return literal(value, self.sql_type)

    # --- conditions

    def condition(self, ctype: str, raw: str | None) -> ColumnElement[bool]:
        col = self.col
        if ctype == "null":
            return col.is_(None)
        if ctype == "notnull":
            return col.is_not(None)
        assert raw is not None  # the compiler refuses a missing value for the other types
        expr: ColumnElement[bool]
        target: ColumnElement[Any]
        if ctype in ("like", "nlike"):
            pattern = literal(raw, String)
            expr = self.text.like(pattern) if self.fold_sqlite else self.text.ilike(pattern)
            return not_(expr) if ctype == "nlike" else expr
        if self.kind == "datetime" and not _readable_dates(raw, ctype):
            # the platform hands the value to the database, whose comparison of a date column with
            # text that is no date (clients send ``created_at gteq None`` for "since ever") holds
            # for no row: an empty page, not an error
            return false()
        if ctype in ("in", "nin"):
            values = [self.convert(v.strip()) for v in raw.split(",")]
            if self.members is not None:
                expr = self.members([self._plain(v) for v in values])
                return not_(expr) if ctype == "nin" else expr
            if self.kind == "string":
                targets = [self.fold(v) for v in values]
                return self.lower.not_in(targets) if ctype == "nin" else self.lower.in_(targets)
            targets = [self.bind(v) for v in values]
            return col.not_in(targets) if ctype == "nin" else col.in_(targets)
        value = self.convert(raw)
        if ctype in ("finset", "nfinset"):
            if self.members is not None:
                expr = self.members([self._plain(value)])
            else:
                text = raw.strip() if self.kind in ("string", "datetime") else _plain_text(value)
                pattern = literal("%," + _escape_like(text) + ",%", String)
                expr = (self.set_text.like(pattern, escape=_LIKE_ESCAPE) if self.fold_sqlite
                        else self.set_text.ilike(pattern, escape=_LIKE_ESCAPE))
            return not_(expr) if ctype == "nfinset" else expr
        if ctype in ("eq", "neq"):
            if self.members is not None:
                expr = self.members([self._plain(value)])
                return not_(expr) if ctype == "neq" else expr
            if self.kind == "string":
                target = self.fold(value)
                return self.lower != target if ctype == "neq" else self.lower == target
            if ctype == "eq" and self.kind == "datetime" and value[1] and self.dt_mode != "date":
                day = value[0]
                return and_(col >= self.bind((day, True)),
                            col < self.bind((day + _dt.timedelta(days=1), True)))
            target = self.bind(value)
            return col != target if ctype == "neq" else col == target
        if self.kind == "string":  # case-insensitive like the platform's collation
            col, target = self.lower, self.fold(value)
        else:
            target = self.bind(value)
        if ctype == "gt":
            return col > target
        if ctype in ("gteq", "moreq", "from"):
            return col >= target
        if ctype == "lt":
            return col < target
        return col <= target  # lteq, to

    def fold(self, value: str) -> ColumnElement[Any]:
        """A string value bound for a case-insensitive comparison with ``self.lower``."""
        target = literal(value, self.sql_type)
        return target if self.fold_sqlite else func.lower(target)

    def _plain(self, value: Any) -> Any:
        """A converted value as handed to ``members``."""
        if self.kind == "datetime":
            return value[0]
        if self.bool_as_int:
            return int(value)
        return value


def _python_type(sql_type: TypeEngine[Any]) -> type | None:
    try:
        python_type: type = sql_type.python_type
        return python_type
    except (NotImplementedError, AttributeError):
        return None


def _plain_text(value: Any) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _invalid_value(raw: str) -> InputException:
    return InputException.invalid_value("value", raw)


def _int_value(raw: str) -> int:
    try:
        return to_int(raw)
    except Exception:
        raise _invalid_value(raw) from None


def _float_value(raw: str) -> float:
    try:
        return to_float(raw)
    except Exception:
        raise _invalid_value(raw) from None


def _bool_value(raw: str) -> bool:
    try:
        return to_bool(raw)
    except Exception:
        raise _invalid_value(raw) from None


def _str_value(raw: str) -> str:
    return raw


def _readable_dates(raw: str, ctype: str) -> bool:
    texts = raw.split(",") if ctype in ("in", "nin") else [raw]
    try:
        for text in texts:
            _datetime_value(text.strip())
    except InputException:
        return False
    return True


def _datetime_value(raw: str) -> tuple[_dt.datetime, bool]:
    text = raw.strip()
    try:
        if _DATE_ONLY.fullmatch(text):
            return _dt.datetime.combine(_dt.date.fromisoformat(text), _dt.time()), True
        value = _dt.datetime.fromisoformat(text)
    except ValueError:
        raise _invalid_value(raw) from None
    if value.tzinfo is not None:
        value = value.astimezone(_dt.timezone.utc).replace(tzinfo=None)
    return value, False


class _Plan:
    __slots__ = ("fields_ref", "fields")

    def __init__(self, fields: Mapping[str, SearchField], dialect_name: str):
        self.fields_ref = fields
        self.fields = {name: _Field(name, f, dialect_name) for name, f in fields.items()}


_plans: dict[tuple[int, str], _Plan] = {}
_PLAN_CACHE_SIZE = 512


def _plan(fields: Mapping[str, SearchField], dialect_name: str) -> _Plan:
    key = (id(fields), dialect_name)
    plan = _plans.get(key)
    if plan is None or plan.fields_ref is not fields:
        plan = _Plan(fields, dialect_name)
        if len(_plans) >= _PLAN_CACHE_SIZE:
            _plans.pop(next(iter(_plans)))
        _plans[key] = plan
    return plan


# --------------------------------------------------------------------------- validation

def _php_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "double"
    if isinstance(value, (list, tuple, dict)):
        return "array"
    if value is None:
        return "NULL"
    return "object"


def _direction(value: Any) -> str:
    if value is None:
        return "DESC"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        raise InputException("The sort order has to be specified as a string, got %1.", [_php_type(value)])
    upper = value.upper()
    if upper not in ("ASC", "DESC"):
        raise InputException(
            "The sort order has to be specified as %1 for ascending order or %2 for descending order.",
            ["ASC", "DESC"])
    return upper


# --------------------------------------------------------------------------- the compiler

_DEFAULT_LIMITS = SearchLimits()
_EMPTY = SearchCriteria.of()


def search(conn: "Connection | Session", base: Select[Any], criteria: SearchCriteria | None, fields: Mapping[str, SearchField],
           identifier: ColumnElement[Any], limits: SearchLimits = _DEFAULT_LIMITS) -> SearchPage:
    """Run ``criteria`` over ``base``: the page of rows, the count of all matches, the echo."""
    if criteria is None:
        criteria = _EMPTY
    dialect = conn.dialect if isinstance(conn, Connection) else conn.get_bind().dialect
    plan = _plan(fields, dialect.name)
    compiled = plan.fields

    # sort orders: the checks the platform makes while binding (restricted symbols, direction)
    sort_orders = criteria.sort_orders or []
    directions = []
    for order in sort_orders:
        name = order.field
        if name is not None and _RESTRICTED.search(name):
            raise InputException("Sort order field %1 contains restricted symbols", [name])
        directions.append(_direction(order.direction))

    # paging
    page_size = criteria.page_size
    current_page = criteria.current_page
    if current_page is not None and current_page < 0:
        raise InputException.invalid_value("currentPage", current_page)
    # the platform's collections read page 0 as the first page (echoed as sent)
    read_page = current_page or 1
    if page_size is not None and page_size < 0:
        raise InputException.invalid_value("pageSize", page_size)
    echo_size = page_size
    if limits.enabled:
        if page_size is not None and page_size > limits.max_page_size:
            raise InputException("Maximum SearchCriteria pageSize is %max", {"max": limits.max_page_size})
        if not page_size:
            page_size = echo_size = limits.default_page_size

    # filters
    filter_groups = criteria.filter_groups or []
    where = []
    for group in filter_groups:
        alternatives = []
        for f in group.filters or ():
            ctype = f.condition_type
            ctype = "eq" if not ctype else ctype.lower()
            if ctype not in CONDITION_TYPES:
                raise InputException.invalid_value("condition_type", f.condition_type)
            field = compiled.get(f.field) if f.field is not None else None
            if field is None or not field.filterable:
                raise InputException.invalid_value("field", f.field if f.field is not None else "")
            if f.value is None and ctype not in ("null", "notnull"):
                raise InputException.required("value")
            alternatives.append(field.condition(ctype, f.value))
        if len(alternatives) == 1:
            where.append(alternatives[0])
        elif alternatives:
            where.append(or_(*alternatives))

    # ordering
    order_by = []
    identifier_sorted = False
    for order, direction in zip(sort_orders, directions):
        field = compiled.get(order.field) if order.field is not None else None
        if field is None or not field.sortable:
            raise InputException.invalid_value("field", order.field if order.field is not None else "")
        order_by.append(field.asc if direction == "ASC" else field.desc)
        if field.col is identifier:
            identifier_sorted = True
    if not identifier_sorted:
        order_by.append(identifier.asc())

    stmt = base.where(*where) if where else base

    # the page
    offset = 0
    rows: Sequence[Row[Any]]
    if page_size:
        limit = min(page_size, _BIG)
        offset = (read_page - 1) * page_size
        if offset >= _BIG:
            rows = []
        else:
            paged = stmt.order_by(*order_by).limit(limit)
            if offset:
                paged = paged.offset(offset)
            rows = conn.execute(paged).all()
        if rows and len(rows) < limit:
            total = offset + len(rows)
        elif not rows and offset == 0:
            total = 0
        else:
            total = conn.execute(_count(stmt)).scalar_one()
    else:
        if read_page > 1:
            rows = []  # everything is on page 1
            total = conn.execute(_count(stmt)).scalar_one()
        else:
            rows = conn.execute(stmt.order_by(*order_by)).all()
            total = len(rows)

    # the echo
    echo_orders: list[SortOrder] | None
    if sort_orders and any(o.direction != d and o.direction is not None for o, d in zip(sort_orders, directions)):
        echo_orders = [o if o.direction is None or o.direction == d else SortOrder.of(field=o.field, direction=d)
                       for o, d in zip(sort_orders, directions)]
    else:
        echo_orders = criteria.sort_orders
    echo = SearchCriteria.of(filter_groups=filter_groups, sort_orders=echo_orders,
                             page_size=echo_size, current_page=current_page)
    return SearchPage(rows=rows, total_count=total, criteria=echo)


def _count(stmt: Select[Any]) -> Select[Any]:
    """SELECT count(*) of the filtered statement (before paging)."""
    if not is_plain_select(stmt):
        return select(func.count()).select_from(stmt.order_by(None).subquery())
    return stmt.with_only_columns(func.count(), maintain_column_froms=True).order_by(None)
