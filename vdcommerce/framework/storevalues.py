"""Values of a record kept per store view, with store 0 holding the defaults.

A package keeps such values in a table of its own: the record's id, the store view id and one column
per store-scoped value, unique on (record id, store view id)::

    wrap_store = Table(
        "vendor_giftwrap_wrap_store", metadata,
        Column("wrap_id", Integer, ForeignKey("vendor_giftwrap_wrap.wrap_id", ondelete="CASCADE"), primary_key=True),
        Column("store_id", Integer, ForeignKey("store.store_id", ondelete="CASCADE"), primary_key=True),
        Column("name", String(255)),
        Column("price", Numeric(12, 2)),
    )
    WRAP_VALUES = StoreValues(wrap_store)

The row of store 0 holds the default values; the row of a store view holds only what that view sets
itself, NULL meaning "use the default". So:

- **reading** for a store view gives, value by value, the view's own value where it has one and the
  default otherwise (for store 0: the defaults);
- **writing** for store 0 sets defaults; writing for a store view sets its own values, and a null
  value sent for a store view goes back to the default (the row disappears once it sets nothing).

A repository declares ``store_values = WRAP_VALUES`` (framework/repository.py) and gets all of it in
its get, save, delete and list; ``StoreValues`` also works alone, on a connection.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from sqlalchemy import Column, ColumnElement, Connection, Integer, Label, Select, Table, and_, bindparam, delete, func, \
    insert, select, update

ADMIN_STORE_ID = 0

#: the bound parameter of the store view a repository's SELECT reads values for
SCOPE_PARAM = "scope_store_id"


class StoreValues:
    """The store-scoped values of one kind of record, in ``table`` (see the module docstring).

    ``owner`` names the column of the record's id (default: the table's first column that is not the
    store column) and ``store`` the store view column; every other column is a value."""

    def __init__(self, table: Table, owner: str | None = None, store: str = "store_id"):
        self.table = table
        self.store: Column[Any] = table.c[store]
        self.owner: Column[Any] = table.c[owner] if owner else next(c for c in table.c if c is not self.store)
        self.values: tuple[Column[Any], ...] = tuple(c for c in table.c if c is not self.store and c is not self.owner)
        if not self.values:
            raise ValueError(f"{table.name}: a table of store values needs at least one value column")
        self.fields: tuple[str, ...] = tuple(c.name for c in self.values)
        self.cascades = any(fk.ondelete == "CASCADE" for fk in self.owner.foreign_keys)
        self._read = (select(self.owner, self.store, *self.values)
                      .where(self.owner.in_(bindparam("ids", expanding=True)), self.store.in_([ADMIN_STORE_ID, bindparam("store_id")]))
                      .order_by(self.owner, self.store))
        self._own = select(*self.values).where(self.owner == bindparam("owner_id"), self.store == bindparam("store_id"))
        self._stores = (select(self.store).where(self.owner == bindparam("owner_id"), self.store != ADMIN_STORE_ID)
                        .order_by(self.store))
        one = and_(self.owner == bindparam("b_owner_id"), self.store == bindparam("b_store_id"))
        self._update = update(table).where(one)
        self._insert = insert(table)
        self._delete_one = delete(table).where(one)
        self._delete_all = delete(table).where(self.owner == bindparam("owner_id"))

    # --------------------------------------------------------------- reading

    def read(self, conn: Connection, ids: Iterable[Any], store_id: int) -> dict[Any, dict[str, Any]]:
        """``{record id: {field: value}}`` as store view ``store_id`` sees them (its own value, else the
        default); every field is present, None where neither sets it."""
        wanted = list(ids)
        out: dict[Any, dict[str, Any]] = {i: dict.fromkeys(self.fields) for i in wanted}
        if not wanted:
            return out
        for row in conn.execute(self._read, {"ids": wanted, "store_id": store_id}):  # store 0 first
            values = out[row[0]]
            for name, value in zip(self.fields, row[2:]):
                if value is not None or row[1] == ADMIN_STORE_ID:
                    values[name] = value
        return out

    def own(self, conn: Connection, owner_id: Any, store_id: int) -> dict[str, Any]:
        """What store view ``store_id`` sets itself (no fallback): the fields it sets, with their
        values; empty when it sets nothing."""
        row = conn.execute(self._own, {"owner_id": owner_id, "store_id": store_id}).first()
        if row is None:
            return {}
        return {name: value for name, value in zip(self.fields, row) if value is not None}

    def stores(self, conn: Connection, owner_id: Any) -> list[int]:
        """The store views (never 0) that set values of their own for this record."""
        return list(conn.execute(self._stores, {"owner_id": owner_id}).scalars())

    # --------------------------------------------------------------- writing

    def write(self, conn: Connection, owner_id: Any, store_id: int, values: Mapping[str, Any]) -> None:
        """Write the fields in ``values`` (others are kept) for ``store_id``: defaults for store 0, the
        view's own values otherwise (None: back to the default)."""
        sent = {k: v for k, v in values.items() if k in self.fields}
        if not sent:
            return
        key = {"b_owner_id": owner_id, "b_store_id": store_id}
        if conn.execute(self._update.values(**sent), key).rowcount == 0:
            if store_id != ADMIN_STORE_ID and all(v is None for v in sent.values()):
                return  # nothing to set for the view
            conn.execute(self._insert, {self.owner.name: owner_id, self.store.name: store_id, **sent})
        elif store_id != ADMIN_STORE_ID and None in sent.values() and not self.own(conn, owner_id, store_id):
            conn.execute(self._delete_one, key)

    def remove(self, conn: Connection, owner_id: Any) -> None:
        """Drop every store's values of a deleted record (a cascading foreign key does it by itself)."""
        if not self.cascades:
            conn.execute(self._delete_all, {"owner_id": owner_id})

    # --------------------------------------------------------------- for lists

    def columns_for(self, owner_id: ColumnElement[Any]) -> tuple[list[Any], dict[str, Label[Any]]]:
        """For a SELECT of the records: the outer joins of the default and the store view's rows (the
        store view is the bound parameter ``SCOPE_PARAM``) and, by field, the value as that view sees it.
        Used by the repository to build its SELECT once."""
        default = self.table.alias(f"{self.table.name}_default")
        scoped = self.table.alias(f"{self.table.name}_scope")
        joins = [(default, and_(default.c[self.owner.name] == owner_id, default.c[self.store.name] == ADMIN_STORE_ID)),
                 (scoped, and_(scoped.c[self.owner.name] == owner_id,
                               scoped.c[self.store.name] == bindparam(SCOPE_PARAM, type_=Integer)))]
        values = {name: func.coalesce(scoped.c[name], default.c[name]).label(name) for name in self.fields}
        return joins, values


def scoped_select(base: Select[Any], values: StoreValues, owner_id: ColumnElement[Any],
                  only: Iterable[str] | None = None) -> tuple[Select[Any], dict[str, ColumnElement[Any]]]:
    """``base`` with the store values ``only`` (default: all) added as columns, as the store view of the
    bound parameter ``SCOPE_PARAM`` sees them; and those column expressions by field (for searchCriteria)."""
    joins, columns = values.columns_for(owner_id)
    if only is not None:
        wanted = set(only)
        columns = {k: v for k, v in columns.items() if k in wanted}
    froms = base.get_final_froms()
    joined = froms[0]
    for target, on in joins:
        joined = joined.outerjoin(target, on)
    stmt = base.add_columns(*columns.values()).select_from(joined)
    return stmt, {name: col.element for name, col in columns.items()}
