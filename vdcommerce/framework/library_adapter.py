"""Every use of a private name of pydantic, SQLAlchemy or prometheus_client, in one place.

The data objects and the pre-compiled queries lean on a few internals of these libraries that have
no public equivalent. They are kept here, each behind a small function with a plain signature, so
that an upgrade that moves one breaks this file and its test (tests/framework/test_library_adapter.py)
and nothing else.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence, TypeVar

from pydantic import BaseModel
from pydantic._internal._model_construction import ModelMetaclass
from pydantic.fields import FieldInfo
from sqlalchemy import Dialect, Select
from sqlalchemy.types import TypeEngine

if TYPE_CHECKING:
    from .data import DataObject

__all__ = [
    "ModelMetaclass", "add_fields", "bare_instance", "bind_processor", "result_processor", "is_plain_select",
    "add_observations",
]

M = TypeVar("M", bound=BaseModel)

# --------------------------------------------------------------------------- pydantic


def bare_instance(cls: type[M], values: dict[str, Any], fields_set: set[str]) -> M:
    """An instance holding ``values`` as they are, without validation: pydantic's
    ``model_construct`` without its per-field default handling, which costs too much for every
    item of every list response. ``values`` must hold every field of the class."""
    obj = cls.__new__(cls)
    setattr_ = object.__setattr__
    setattr_(obj, "__dict__", values)
    setattr_(obj, "__pydantic_fields_set__", fields_set)
    setattr_(obj, "__pydantic_extra__", None)
    setattr_(obj, "__pydantic_private__", None)
    return obj


def add_fields(cls: type[DataObject], fields: Mapping[str, Any]) -> None:
    """Add fields to (or retype fields of) a data object class after its creation, as its class
    body would have declared them: for a field whose type names its own class, or for typed
    extension attributes registered at start-up. New fields come after the declared ones on the
    wire. Subclasses created before the call do not see the change."""
    model_fields = cls.model_fields
    for name, annotation in fields.items():
        pyd = cls.declare_field(name, annotation)
        info = model_fields.get(name)
        if info is None:
            info = model_fields[name] = FieldInfo.from_annotated_attribute(pyd, None)
            generate = cls.model_config.get("alias_generator")
            if callable(generate):  # the class body's fields get their alias when pydantic collects them
                info.alias = info.validation_alias = info.serialization_alias = generate(name)
                info.alias_priority = 2
        else:
            info.annotation = pyd
    cls.model_rebuild(force=True)


# --------------------------------------------------------------------------- SQLAlchemy

Processor = Callable[[Any], Any]


def bind_processor(type_: TypeEngine[Any], dialect: Dialect) -> Processor | None:
    """The conversion SQLAlchemy applies to a parameter of this type before the driver sees it
    (cached per dialect by SQLAlchemy itself)."""
    return type_._cached_bind_processor(dialect)


def result_processor(type_: TypeEngine[Any], dialect: Dialect) -> Processor | None:
    """The conversion SQLAlchemy applies to a column of this type as the driver returns it."""
    return type_._cached_result_processor(dialect, None)


def is_plain_select(stmt: Select[Any]) -> bool:
    """Whether a SELECT has no GROUP BY, DISTINCT, HAVING, LIMIT or OFFSET: its row count is then a
    ``count(*)`` over the same FROM and WHERE."""
    return not (stmt._group_by_clauses or stmt._distinct or stmt._having_criteria
                or stmt._limit_clause is not None or stmt._offset_clause is not None)


# --------------------------------------------------------------------------- prometheus_client


def add_observations(histogram: Any, total: float, per_bucket: Sequence[int]) -> None:
    """Add many observations to a labelled histogram at once: their sum, and how many fell in each
    bucket (the histogram's own bounds, ``+Inf`` last). ``observe`` adds one value at a time, a write
    to the shared file per value in multi-process mode."""
    histogram._sum.inc(total)
    for bucket, count in zip(histogram._buckets, per_bucket):
        if count:
            bucket.inc(count)
