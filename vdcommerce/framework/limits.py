"""What a column can hold, checked before a write reaches the database.

SQLite stores nearly anything in any column; PostgreSQL refuses a text longer than its ``VARCHAR(n)``,
a number beyond its ``NUMERIC(p, s)`` or ``INTEGER`` and any NUL character, by failing the statement.
So that both answer alike, and with a 400 naming the field instead of a 500, the same checks run on
every write:

- the repository kit checks a record by its wire keys before it saves it (framework/repository.py);
- every other INSERT and UPDATE of a table on the shared metadata (a module service writing its tables
  with ``conn.execute(insert(table), ...)``) is checked by ``check_write``, which the engine runs before
  it executes such a statement (framework/db.py), naming the column. A value computed in SQL from the
  column (``balance = balance + :amount``) is checked by its operands: each value the statement or
  its execution parameters give the expression must fit the column on its own (what the sum will be
  the database alone knows).

A SELECT costs nothing: the check returns on its first ``isinstance``. A write costs one dictionary
look-up per value sent (the limits of each table are worked out once, on its first write).
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from decimal import Decimal
from typing import Any

from sqlalchemy import BigInteger, Float, Integer, Numeric, SmallInteger, String, Table
from sqlalchemy.sql.dml import Insert, Update
from sqlalchemy.sql.elements import BindParameter, ClauseElement
from sqlalchemy.sql.selectable import Exists, ScalarSelect, SelectBase

from .data import number_text
from .exceptions import InputException, LocalizedException

# --------------------------------------------------------------------------- by wire key (the repository kit)


def text_limits(table: Table, columns: Mapping[str, str]) -> dict[str, int]:
    """The most characters each wire key's text column holds (``columns``: key → column name)."""
    types = {key: table.c[name].type for key, name in columns.items()}
    return {key: t.length for key, t in types.items() if isinstance(t, String) and t.length}


def too_long(record: Mapping[str, Any], limits: Mapping[str, int]) -> LocalizedException | None:
    """The first text value longer than its column holds, as the reason a save fails (checked on every
    database alike: SQLite would store it, PostgreSQL would refuse the statement)."""
    for key, limit in limits.items():
        value = record.get(key)
        if isinstance(value, str) and len(value) > limit:
            return LocalizedException('The value of "%1" is longer than %2 characters.', [key, limit])
    return None


def number_limits(table: Table, columns: Mapping[str, str]) -> dict[str, int]:
    """For each wire key of a ``Numeric(p, s)`` column, the digits it holds before the point (``p - s``)."""
    types = {key: table.c[name].type for key, name in columns.items()}
    return {key: t.precision - (t.scale or 0) for key, t in types.items()
            if isinstance(t, Numeric) and not isinstance(t, Float) and t.precision is not None}


def out_of_range(record: Mapping[str, Any], limits: Mapping[str, int]) -> LocalizedException | None:
    """The first number its column cannot hold (infinite, or too many digits before the point), as the
    reason a save fails (on every database alike: SQLite would store it, PostgreSQL would refuse it)."""
    for key, digits in limits.items():
        value = record.get(key)
        if value is None or isinstance(value, bool) or not isinstance(value, (int, float, Decimal, str)):
            continue
        try:
            number = Decimal(value) if isinstance(value, (int, Decimal)) else Decimal(str(value).strip())
        except ArithmeticError:
            continue  # not a number at all: the column's type is not this check's business
        if not number.is_finite() or abs(number) >= Decimal(10) ** digits:
            return InputException.invalid_value(key, _shown(value, number))
    return None


def _shown(value: Any, number: Decimal) -> str:
    if isinstance(value, str):
        return value
    try:
        return number_text(float(value))
    except OverflowError:  # an integer beyond any float
        return str(value)


# --------------------------------------------------------------------------- every write (by column)

_INTEGER_RANGES = ((BigInteger, 2 ** 63), (SmallInteger, 2 ** 15), (Integer, 2 ** 31))


_TEXT, _NUMBER, _INTEGER = 0, 1, 2


class WriteLimits:
    """What each column of one table holds, by column key: ``(kind, bound)`` with the most characters
    of a text column (0: no limit, NUL still refused), the power of ten a ``Numeric(p, s)`` stays below
    (``10 ** (p - s)``), the power of two an integer column stays below."""

    __slots__ = ("columns", "digits")

    def __init__(self, table: Table) -> None:
        keys = {c.key: c.key for c in table.c}
        self.digits = number_limits(table, keys)
        lengths = text_limits(table, keys)
        self.columns: dict[str, tuple[int, int]] = {}
        for c in table.c:
            if isinstance(c.type, String):
                self.columns[c.key] = (_TEXT, lengths.get(c.key, 0))
            elif c.key in self.digits:
                self.columns[c.key] = (_NUMBER, 10 ** self.digits[c.key])
            else:
                for kind, bound in _INTEGER_RANGES:
                    if isinstance(c.type, kind):
                        self.columns[c.key] = (_INTEGER, bound)
                        break

    def check(self, row: Mapping[Any, Any], params: Mapping[str, Any] | None = None) -> None:
        """Raise the reason the row cannot be written (NUL characters, text too long, a number out of
        range), naming the column. A value given to ``values()`` as a parameter takes its value from
        ``params`` when it has none of its own; a SQL expression is checked by each of its parameters."""
        columns = self.columns
        for key, value in row.items():
            if value is None:
                continue
            if not isinstance(key, str):
                key = key.key  # a Column given to values()
            limit = columns.get(key)
            if limit is None:
                continue
            if isinstance(value, BindParameter):
                value = _bound(value, params)
                if value is None:
                    continue
            elif isinstance(value, ClauseElement):   # computed: col + :amount, col || :text
                for operand in _operands(value):
                    bound_value = _bound(operand, params)
                    if bound_value is not None:
                        self._check_value(key, limit, bound_value)
                continue
            self._check_value(key, limit, value)

    def _check_value(self, key: str, limit: tuple[int, int], value: Any) -> None:
        kind, bound = limit
        t = type(value)
        if kind == _TEXT:
            if t is str:
                if "\x00" in value:
                    raise InputException.invalid_value(key, value.replace("\x00", "\\0"))
                if bound and len(value) > bound:
                    raise LocalizedException('The value of "%1" is longer than %2 characters.', [key, bound])
        elif t is bool:
            return
        elif kind == _INTEGER:
            if t is int and not -bound <= value < bound:
                raise InputException.invalid_value(key, str(value))
        elif t is int:
            if not -bound < value < bound:
                raise InputException.invalid_value(key, str(value))
        elif t is float:
            if not -bound < value < bound:  # also false for inf and nan
                raise InputException.invalid_value(key, _shown(value, Decimal(0)))
        elif isinstance(value, (Decimal, str)):
            reason = out_of_range({key: value}, {key: self.digits[key]})
            if reason is not None:
                raise reason


def _operands(element: ClauseElement) -> Iterator[BindParameter[Any]]:
    """The parameters of a value computed in SQL, not those of a subquery in it (a condition there is
    no value of the column)."""
    if isinstance(element, BindParameter):
        yield element
    elif not isinstance(element, (ScalarSelect, SelectBase, Exists)):
        for child in element.get_children():
            yield from _operands(child)


def _bound(param: BindParameter[Any], params: Mapping[str, Any] | None) -> Any:
    """The value a parameter will send: its own, else the execution parameter of its name (None: not
    known before the statement runs)."""
    if param.callable is not None:
        return None
    if param.value is not None:
        return param.value
    return params.get(param.key) if params else None


_TABLES: dict[Table, WriteLimits] = {}


def check_write(statement: Any, multiparams: Any, params: Any) -> None:
    """Before an INSERT or UPDATE of a table runs: every value it writes (given to ``values()`` or as
    execution parameters, one row or many) must fit its column."""
    if not isinstance(statement, (Insert, Update)):
        return
    table = statement.table
    if not isinstance(table, Table):
        return
    limits = _TABLES.get(table)
    if limits is None:
        limits = _TABLES[table] = WriteLimits(table)
    values = statement._values
    if values:
        if multiparams:   # an executemany: the values' parameters take each row's values
            for row in multiparams:
                limits.check(values, row if isinstance(row, Mapping) else None)
        else:
            limits.check(values, params)
    multi = getattr(statement, "_multi_values", ())
    for rows in multi:
        for row in rows:
            if isinstance(row, Mapping):
                limits.check(row)
            else:  # a positional row: the table's columns in order
                limits.check(dict(zip(table.c.keys(), row)))
    if params:
        limits.check(params)
    for row in multiparams or ():
        if isinstance(row, Mapping):
            limits.check(row)
