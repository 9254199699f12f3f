"""The value holders of orders and carts ("entities") and their values, shared by the admin
repository, the checkout routes, placement and the order's extension attribute."""
from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import Connection, bindparam, delete, insert, select

from ...framework.exceptions import InputException
from .tables import attribute as attribute_t
from .tables import entity as entity_t
from .tables import value as value_t

ORDER, QUOTE = 1, 2
PARENT_TYPES = (ORDER, QUOTE)
NO_VALUE = 'The "%1" attribute code doesn\'t have a value set. Enter the value and try again.'
WRONG_TYPE = 'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.'

_VALUES = (select(value_t.c.entity_id, value_t.c.attribute_id, attribute_t.c.attribute_code,
                  attribute_t.c.frontend_label, value_t.c.value)
           .join(attribute_t, attribute_t.c.attribute_id == value_t.c.attribute_id)
           .where(value_t.c.entity_id.in_(bindparam("ids", expanding=True)))
           .order_by(value_t.c.entity_id, attribute_t.c.sort_order, attribute_t.c.attribute_id))
_OF_PARENT = select(entity_t.c.entity_id).where(entity_t.c.parent_id == bindparam("parent_id"),
                                                entity_t.c.parent_entity_type == bindparam("parent_type"))


def as_text(code: str, value: Any) -> str:
    """A sent value as it is stored: text; true/false as 1/0, a list of option ids joined by commas."""
    if value is None:
        raise InputException(NO_VALUE, [code])
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (int, Decimal)):
        return str(value)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, list) and all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in value):
        value = ",".join(str(v).strip() for v in value)
    if isinstance(value, str):
        return value
    raise InputException(WRONG_TYPE, {"value": _shown(value), "type": "string"})


def _shown(value: Any) -> str:
    return "Array" if isinstance(value, (list, dict)) else str(value)


def codes_to_ids(conn: Connection) -> dict[str, int]:
    return dict(conn.execute(select(attribute_t.c.attribute_code, attribute_t.c.attribute_id)).tuples().all())


def entity_of(conn: Connection, parent_id: int, parent_type: int) -> int | None:
    return conn.execute(_OF_PARENT, {"parent_id": parent_id, "parent_type": parent_type}).scalar()


def create_entity(conn: Connection, parent_id: int, parent_type: int) -> int:
    inserted = conn.execute(insert(entity_t), {"parent_id": parent_id, "parent_entity_type": parent_type})
    assert inserted.inserted_primary_key is not None
    return int(inserted.inserted_primary_key[0])


def values_of(conn: Connection, entity_ids: list[int]) -> dict[int, list[tuple[int, str, str, str]]]:
    """Each entity's values as (attribute_id, code, label, value), in the attributes' sort order."""
    out: dict[int, list[tuple[int, str, str, str]]] = {i: [] for i in entity_ids}
    if entity_ids:
        for r in conn.execute(_VALUES, {"ids": entity_ids}):
            out[r.entity_id].append((r.attribute_id, r.attribute_code, r.frontend_label, r.value))
    return out


def write_values(conn: Connection, entity_id: int, values: dict[int, str]) -> None:
    """Set these values of an entity (by attribute id); an empty text removes the value."""
    if not values:
        return
    conn.execute(delete(value_t).where(value_t.c.entity_id == entity_id,
                                       value_t.c.attribute_id.in_(list(values))))
    rows = [{"entity_id": entity_id, "attribute_id": a, "value": v} for a, v in values.items() if v != ""]
    if rows:
        conn.execute(insert(value_t), rows)


def delete_entity(conn: Connection, entity_id: int) -> None:
    conn.execute(delete(value_t).where(value_t.c.entity_id == entity_id))
    conn.execute(delete(entity_t).where(entity_t.c.entity_id == entity_id))


def copy_entity(conn: Connection, from_parent: tuple[int, int], to_parent: tuple[int, int]) -> int | None:
    """Copy the values of one parent's entity onto another's (created when missing); None when the
    source has no entity."""
    source = entity_of(conn, *from_parent)
    if source is None:
        return None
    target = entity_of(conn, *to_parent)
    if target is None:
        target = create_entity(conn, *to_parent)
    write_values(conn, target, {a: v for a, _, _, v in values_of(conn, [source])[source]})
    return target
