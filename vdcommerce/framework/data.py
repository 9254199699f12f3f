"""Data objects: the typed records that service methods take and return.

A data object is declared once, as a class whose annotations are its fields in wire order:

    class TagInterface(DataObject, interface="Vendor\\Faq\\Api\\Data\\TagInterface"):
        tag_id: OrNull[int]
        title: OrNull[str]
        url_key: str | None

Every field may be empty (``None``), and its declared type says so, in one of two ways that differ
on the wire:

- ``OrNull[T]`` (``T | None`` to a type checker) is written as ``null`` when it has no value;
- ``T | None`` is nullable: left out of responses when null, and an explicit ``null`` sent by a
  client clears it (``sent``).

A bare ``T`` is refused (``Any`` excepted, which admits ``None`` already). ``Out[T]`` marks a read-only
field: an empty value on input is ignored, any other value is a 400 (``Out[OrNull[str]]``,
``Out[int] | None``). Scalars are ``int``, ``float``, ``str``, ``bool``, ``Any`` (mixed); lists are
``list[T]``; nested data objects are other DataObject classes; ``CustomAttributes`` is the
platform's attribute list (nullable).

Input is validated by pydantic with the platform's conversion rules: both
snake_case and camelCase keys bind, unknown keys are refused, scalars convert leniently but never
across kinds. Every field is optional on input; which ones a service requires is its own business.
Output is produced by a serializer compiled once per class (``dump``).
"""
from __future__ import annotations

import datetime as _dt
import decimal
import math
import re
import types
import typing
from typing import Annotated, Any, Callable, ClassVar, Self, TypeVar, Union

import orjson
from pydantic import BaseModel, ConfigDict, PlainValidator, TypeAdapter, ValidationError, model_validator
from pydantic_core import PydanticCustomError

from .exceptions import InputException, LocalizedException
from .files import FileResponse
from .library_adapter import ModelMetaclass, bare_instance

# --------------------------------------------------------------------------- names

_CAMEL_SPLIT = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def camel(name: str) -> str:
    """snake_case -> camelCase (``question_id`` -> ``questionId``)."""
    head, *rest = name.split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def snake(name: str) -> str:
    """camelCase -> snake_case (``questionId`` -> ``question_id``)."""
    return _CAMEL_SPLIT.sub("_", name).lower()


def upper_camel(name: str) -> str:
    c = camel(snake(name)) if "_" in name else name
    return c[:1].upper() + c[1:]


# --------------------------------------------------------------------------- scalar conversion

_INT_RE = re.compile(r"[+-]?\d+")
_FLOAT_RE = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")
_BOOL_STRINGS = {"1": True, "0": False, "true": True, "false": False, "on": True, "off": False,
                 "yes": True, "no": False, "": False}


def type_error(value: Any, typename: str) -> PydanticCustomError:
    return PydanticCustomError("vd_type", "type", {"value": value, "type": typename})


def invalid_error(value: Any) -> PydanticCustomError:
    """A value of the right type that no field can hold (an infinite number): ``Invalid value of ...``
    naming the field it was sent for."""
    return PydanticCustomError("vd_invalid", "invalid", {"value": value})


def json_text(value: Any) -> str:
    """A value written the way the platform quotes it in error parameters."""
    if isinstance(value, str):
        return value
    try:
        return orjson.dumps(value).decode()
    except TypeError:
        return str(value)


def number_text(value: int | float) -> str:
    """A number in its shortest decimal form (``90210`` -> ``"90210"``, ``12.0`` -> ``"12"``)."""
    if isinstance(value, float):
        if value.is_integer() and abs(value) < 1e16:
            return str(int(value))
        return repr(value)
    return str(value)


INT_MIN, INT_MAX = -2 ** 31, 2 ** 31 - 1  # the databases' INTEGER


def digits(text: str) -> bool:
    """Plain ASCII digits, at least one: text ``int()`` reads as a number ``>= 0``. ``str.isdigit`` alone
    also takes characters such as ``"\u00b9"`` that ``int()`` refuses."""
    return text.isascii() and text.isdigit()


def to_int(v: Any) -> int:
    n: int
    t = type(v)
    if t is int:
        n = v
    elif t is str and _INT_RE.fullmatch(v):  # plain: an optional sign and digits, nothing around them
        n = int(v)
    elif t is float and v.is_integer():
        n = int(v)
    else:
        raise type_error(v, "int")
    if INT_MIN <= n <= INT_MAX:
        return n
    raise type_error(v, "int")


def to_float(v: Any) -> float:
    t = type(v)
    f: float
    if t is float:
        f = v
    elif t is int:
        try:
            f = float(v)
        except OverflowError:
            raise invalid_error(v) from None
    elif t is str and _FLOAT_RE.fullmatch(v.strip()):
        f = float(v)
    else:
        raise type_error(v, "float")
    if math.isfinite(f):
        return f
    raise invalid_error(v)  # 1e999 is a number no column holds


def to_str(v: Any) -> str:
    t = type(v)
    if t is str:
        return typing.cast(str, v)
    if t is int or t is float:
        return number_text(v)
    raise type_error(v, "string")


def to_bool(v: Any) -> bool:
    t = type(v)
    if t is bool:
        return typing.cast(bool, v)
    if t is int and v in (0, 1):
        return bool(v)
    if t is str:
        b = _BOOL_STRINGS.get(v.strip().lower())
        if b is not None:
            return b
    raise type_error(v, "bool")


def to_custom_attributes(v: Any) -> list[dict[str, Any]]:
    """List of {attribute_code, value}, or a {code: value} map."""
    if isinstance(v, dict):
        return [{"attribute_code": str(k), "value": val} for k, val in v.items()]
    if not isinstance(v, list):
        raise type_error(v, "Magento\\Framework\\Api\\AttributeInterface[]")
    out = []
    for element in v:
        if not element:
            raise PydanticCustomError("vd_error", "An empty custom attribute is specified. Enter the attribute and try again.", {})
        if not isinstance(element, dict):
            raise type_error(element, "Magento\\Framework\\Api\\AttributeInterface")
        code = element.get("attribute_code", element.get("attributeCode"))
        if code in (None, ""):
            raise PydanticCustomError(
                "vd_error", "A custom attribute is specified with a missing attribute code. Verify the code and try again.", {})
        if "value" not in element:
            raise PydanticCustomError(
                "vd_error", "The \"%1\" attribute code doesn't have a value set. Enter the value and try again.",
                {"parameters": [code]})
        out.append({"attribute_code": str(code), "value": element["value"]})
    return out


def to_string_array(v: Any) -> list[str] | dict[str, str]:
    """A ``string[]`` that may also come as a JSON object (a PHP associative array): a list stays a
    list, an object stays an object with its keys; every value converts as a string."""
    if isinstance(v, dict):
        return {str(k): to_str(x) for k, x in v.items()}
    if isinstance(v, list):
        return [to_str(x) for x in v]
    raise type_error(v, "string[]")


# --------------------------------------------------------------------------- type specs

T = TypeVar("T")


class _ReadOnly:
    """Marker inside Annotated[...] for read-only fields."""


class _WrittenNull:
    """Marker inside Annotated[...] for fields written as ``null`` when they have no value."""


class _CustomAttributesMarker:
    """Marker inside Annotated[...] for the platform's custom attribute list."""


READ_ONLY = _ReadOnly()
WRITTEN_NULL = _WrittenNull()

Out = Annotated[T, READ_ONLY]
"""``Out[T]``: a read-only field of type ``T``."""

OrNull = Annotated[T | None, WRITTEN_NULL]
"""``OrNull[T]``: a field of type ``T`` written as ``null`` when it has no value."""

CustomAttributes = Annotated[list[dict[str, Any]] | None, _CustomAttributesMarker()]


class _StringArrayMarker:
    """Marker inside Annotated[...] for a ``string[]`` that keeps the keys of an object."""


StringArray = Annotated[list[str] | None, _StringArrayMarker()]
"""``string[]`` (nullable) that also binds a JSON object of strings and keeps its keys, as the platform
does for payment ``additional_data``: written back as the object it was."""

_SCALARS: dict[Any, tuple[str, Callable[[Any], Any]]] = {
    int: ("int", to_int),
    float: ("float", to_float),
    str: ("string", to_str),
    bool: ("bool", to_bool),
    decimal.Decimal: ("float", to_float),
}


class TypeSpec:
    """What a declared type means on the wire: kind, name in errors/schema, converter."""

    __slots__ = ("kind", "typename", "nullable", "readonly", "cls", "item", "pyd", "_adapter")

    def __init__(self, kind: str, typename: str, pyd: Any, nullable: bool = False, readonly: bool = False,
                 cls: type[DataObject] | None = None, item: TypeSpec | None = None) -> None:
        self.kind = kind          # int float string bool mixed object list custom_attributes file
        self.typename = typename  # int, string, Vendor\...\FooInterface, int[] ...
        self.pyd = pyd            # the annotation pydantic validates with
        self.nullable = nullable  # left out of responses when null (a parameter: may be left out)
        self.readonly = readonly
        self.cls = cls            # DataObject class for kind == object
        self.item = item          # TypeSpec of the elements for kind == list
        self._adapter: TypeAdapter[Any] | None = None

    def object_class(self) -> type[DataObject]:
        """The data object class of an ``object`` spec."""
        if self.cls is None:
            raise TypeError(f"{self.typename} is not a data object")
        return self.cls

    def element(self) -> TypeSpec:
        """The spec of the elements of a ``list`` spec."""
        if self.item is None:
            raise TypeError(f"{self.typename} is not a list")
        return self.item

    def convert(self, value: Any, name: str = "") -> Any:
        """Validate a top-level value (the method parameter ``name``); raise a LocalizedException on failure."""
        if self._adapter is None:
            self._adapter = TypeAdapter(self.pyd)
        try:
            return self._adapter.validate_python(value)
        except ValidationError as e:
            raise translate_validation_error(e, self, name) from None


def _unwrap(annotation: Any) -> tuple[Any, bool, list[Any]]:
    """(the type inside, whether ``| None`` was part of it, the Annotated markers met on the way)."""
    optional = False
    markers: list[Any] = []
    while True:
        origin = typing.get_origin(annotation)
        if origin is Annotated:
            annotation, *meta = typing.get_args(annotation)
            markers.extend(meta)
        elif origin in (Union, types.UnionType):
            args = typing.get_args(annotation)
            rest = [a for a in args if a is not type(None)]
            if len(rest) != 1 or len(rest) == len(args):
                raise TypeError(f"unsupported union type {annotation!r}")
            optional = True
            annotation = rest[0]
        else:
            return annotation, optional, markers


def parse_type(annotation: Any) -> TypeSpec:
    """Turn a Python annotation into a TypeSpec (used for fields and for method parameters)."""
    annotation, optional, markers = _unwrap(annotation)
    if any(isinstance(m, _CustomAttributesMarker) for m in markers):
        return TypeSpec("custom_attributes", "Magento\\Framework\\Api\\AttributeInterface[]",
                        Annotated[list, PlainValidator(to_custom_attributes)], nullable=True)
    if any(isinstance(m, _StringArrayMarker) for m in markers):
        item = parse_type(str)
        return TypeSpec("list", "string[]", Annotated[Any, PlainValidator(to_string_array)] | None, nullable=True,
                        item=item)
    nullable = optional and not any(m is WRITTEN_NULL for m in markers)
    origin = typing.get_origin(annotation)
    spec: TypeSpec
    if annotation in _SCALARS:
        name, fn = _SCALARS[annotation]
        spec = TypeSpec(name, name, Annotated[annotation, PlainValidator(fn)])
    elif annotation is Any or annotation is object or annotation is dict or origin is dict:
        spec = TypeSpec("mixed", "mixed", Any)
    elif origin is list:
        (inner,) = typing.get_args(annotation) or (Any,)
        item = parse_type(inner)
        spec = TypeSpec("list", item.typename + "[]", list[item.pyd], item=item)  # type: ignore[name-defined]  # a runtime type
    elif isinstance(annotation, TypeVar):  # a generic data object's own parameter
        spec = TypeSpec("mixed", "mixed", Any)
    elif isinstance(annotation, type) and issubclass(annotation, DataObject):
        spec = TypeSpec("object", annotation.__interface__, annotation, cls=annotation)
    elif annotation is FileResponse:  # a download: only as a method's return type
        spec = TypeSpec("file", "file", Any)
    else:
        raise TypeError(f"unsupported type {annotation!r}")
    spec.nullable = nullable
    spec.readonly = any(m is READ_ONLY for m in markers)
    if nullable:
        spec.pyd = spec.pyd | None
    return spec


class Field:
    __slots__ = ("name", "alias", "spec")

    def __init__(self, name: str, spec: TypeSpec):
        self.name = name
        self.alias = camel(name)
        self.spec = spec


def _field(owner: str, name: str, annotation: Any) -> Field:
    """A declared field; its type must admit None, as every field may be empty."""
    if isinstance(annotation, str):
        raise TypeError(f"{owner}.{name}: use real annotations in data objects, not strings")
    base, optional, _ = _unwrap(annotation)
    if not optional and base is not Any:
        raise TypeError(f"{owner}.{name}: every field may be empty; declare it OrNull[T] (written as null "
                        f"when empty) or T | None (left out of responses when empty)")
    return Field(name, parse_type(annotation))


# --------------------------------------------------------------------------- the base class

class _DataObjectMeta(ModelMetaclass):
    """Rewrites plain annotations into pydantic ones with platform converters, all optional."""

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any],
                interface: str | None = None, **kwargs: Any) -> type:
        annotations = namespace.get("__annotations__", {})
        fields: dict[str, Field] = {}
        for base in bases:
            fields.update(getattr(base, "__fields__spec__", {}))
        if annotations and namespace.get("__module__") != __name__:
            rewritten = {}
            for key, ann in annotations.items():
                if key.startswith("_") or typing.get_origin(ann) is ClassVar:
                    rewritten[key] = ann
                    continue
                fields[key] = f = _field(name, key, ann)
                rewritten[key] = f.spec.pyd if f.spec.nullable else f.spec.pyd | None
                namespace.setdefault(key, None)
            namespace["__annotations__"] = rewritten
        cls = super().__new__(mcs, name, bases, namespace, **kwargs)
        declared: Any = cls
        declared.__fields__spec__ = fields
        if interface:
            declared.__interface__ = interface
        _derive(declared)
        return cls


def _derive(cls: Any) -> None:
    """The per-class tables worked out from the fields, once."""
    fields: dict[str, Field] = cls.__fields__spec__
    cls.__readonly_keys__ = tuple(
        (k, f.name) for f in fields.values() if f.spec.readonly for k in {f.name, f.alias})
    cls.__nullable__ = frozenset(f.name for f in fields.values() if f.spec.nullable)
    cls.__empty__ = {name: None for name in fields}
    cls._dump = None


class DataObject(BaseModel, metaclass=_DataObjectMeta):
    model_config = ConfigDict(extra="forbid", validate_by_name=True, validate_by_alias=True,
                              alias_generator=camel, arbitrary_types_allowed=True,
                              hide_input_in_errors=False, revalidate_instances="never")

    __interface__: ClassVar[str] = "Magento\\Framework\\Api\\AbstractSimpleObject"
    __fields__spec__: ClassVar[dict[str, Field]]
    __readonly_keys__: ClassVar[tuple[tuple[str, str], ...]]
    __nullable__: ClassVar[frozenset[str]]
    __empty__: ClassVar[dict[str, None]]
    _dump: ClassVar[Callable[[Any], dict[str, Any]] | None]
    # the field a PUT path identifier goes into when the path parameter names no field
    __id_field__: ClassVar[str | None] = None

    @model_validator(mode="before")
    @classmethod
    def _read_only(cls, data: Any) -> Any:
        if cls.__readonly_keys__ and isinstance(data, dict):
            for key, name in cls.__readonly_keys__:
                if key in data:
                    value = data[key]
                    if value is None or value == "" or value == [] or value == {}:
                        data = {k: v for k, v in data.items() if k != key}
                    else:
                        raise PydanticCustomError("vd_readonly", "readonly",
                                                  {"key": key, "interface": cls.__interface__})
        return data

    @classmethod
    def declare_field(cls, name: str, annotation: Any) -> Any:
        """Declare one more field (or a new type for one) on this class, as its body would;
        returns the annotation pydantic validates it with. Use ``library_adapter.add_fields``,
        which also rebuilds the pydantic model."""
        f = _field(cls.__name__, name, annotation)
        cls.__fields__spec__[name] = f
        _derive(cls)
        return f.spec.pyd if f.spec.nullable else f.spec.pyd | None

    # --- service-side helpers

    @classmethod
    def fields(cls) -> dict[str, Field]:
        return cls.__fields__spec__

    def sent(self) -> dict[str, Any]:
        """The fields the client sent, by snake_case name; a null counts as absent
        except for nullable fields, where it clears the value."""
        nullable = self.__nullable__
        return {k: getattr(self, k) for k in self.model_fields_set
                if getattr(self, k) is not None or k in nullable}

    @classmethod
    def of(cls, **values: Any) -> Self:
        """Build an instance from trusted values (service output), without validation: the
        fields not given are None. This runs for every item of every list response."""
        data = dict(cls.__empty__)
        data.update(values)
        return bare_instance(cls, data, set(values))

    def dump(self) -> dict[str, Any]:
        return dumper(type(self))(self)


Converter = Callable[[Any], Any]


# --------------------------------------------------------------------------- output

def _dt_text(v: Any) -> str:
    if isinstance(v, _dt.datetime):
        return v.isoformat(" ", "seconds")
    if isinstance(v, _dt.date):
        return v.isoformat()
    return to_str(v)


def _out_int(v: Any) -> int:
    return int(v)  # an int is itself


def _out_float(v: Any) -> int | float:
    f = float(v)
    return int(f) if f.is_integer() and abs(f) < 1e16 else f


#: a number (``int``, ``float``, ``Decimal``) as a ``float`` field writes it: a whole value as an int
json_number = _out_float


class Dumped(dict):  # type: ignore[type-arg]  # any JSON object
    """A data object already in its JSON form (what ``dump()`` would answer), for a service that builds
    many of one kind straight into that form: the output passes it on as it is."""


def _out_str(v: Any) -> str:
    return v if type(v) is str else _dt_text(v)


def _out_bool(v: Any) -> bool:
    if type(v) is bool:
        return v
    if isinstance(v, str):
        return _BOOL_STRINGS.get(v.strip().lower(), bool(v))
    return bool(v)


def _out_mixed(v: Any) -> Any:
    if isinstance(v, DataObject):
        return v.dump()
    if type(v) is Dumped:
        return v
    if isinstance(v, float):
        return _out_float(v)
    if isinstance(v, (_dt.datetime, _dt.date)):
        return _dt_text(v)
    if isinstance(v, decimal.Decimal):
        return _out_float(v)
    if isinstance(v, list):
        return [_out_mixed(x) for x in v]
    if isinstance(v, dict):
        return {k: _out_mixed(x) for k, x in v.items()}
    return v


def output_converter(spec: TypeSpec) -> Converter:
    """A function writing one value of this type to its JSON form."""
    kind = spec.kind
    if kind == "int":
        return _out_int
    if kind == "float":
        return _out_float
    if kind == "string":
        return _out_str
    if kind == "bool":
        return _out_bool
    if kind == "object":
        cls = spec.cls
        assert cls is not None
        return lambda v: v if type(v) is Dumped else dumper(cls)(v) if isinstance(v, DataObject) else _out_mixed(v)
    if kind == "list":
        assert spec.item is not None
        inner = output_converter(spec.item)
        # an associative string[] (``StringArray``) is written back as the object it was
        return lambda v: {k: inner(x) for k, x in v.items()} if isinstance(v, dict) else [inner(x) for x in v]
    if kind == "custom_attributes":
        return lambda v: [{"attribute_code": a["attribute_code"], "value": _out_mixed(a["value"])} for a in v]
    return _out_mixed


def dumper(cls: type[DataObject]) -> Callable[[Any], dict[str, Any]]:
    """The serializer of a data object class, compiled on first use."""
    fn = cls._dump
    if fn is not None:
        return fn
    plan = tuple(
        (f.name, f.spec.nullable, f.spec.kind == "custom_attributes" or f.name == "extension_attributes",
         output_converter(f.spec))
        for f in cls.__fields__spec__.values())

    def dump(obj: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        values = obj.__dict__
        for name, nullable, omit_empty, conv in plan:
            v = values.get(name)
            if v is None:
                if not nullable:
                    out[name] = None
                continue
            v = conv(v)
            if omit_empty and not v:
                continue
            out[name] = v
        return out

    cls._dump = dump
    return dump


def dump_value(value: Any, spec: TypeSpec | None) -> Any:
    """Serialise a service result by its declared return type."""
    if value is None:
        return None
    if spec is None:
        return _out_mixed(value)
    return output_converter(spec)(value)


# --------------------------------------------------------------------------- errors

def _spec_at(root: TypeSpec, loc: tuple[int | str, ...]) -> TypeSpec | None:
    spec: TypeSpec | None = root
    for part in loc:
        if spec is None:
            return None
        if spec.kind == "list" and isinstance(part, int):
            spec = spec.item
        elif spec.kind == "object" and spec.cls is not None and isinstance(part, str):
            fields = spec.cls.__fields__spec__
            f = fields.get(part) or fields.get(snake(part))
            spec = f.spec if f else None
        else:
            return None
    return spec


def translate_validation_error(error: ValidationError, root: TypeSpec, name: str = "") -> LocalizedException:
    """The first pydantic error, as the platform's error for it (``name``: the parameter validated)."""
    e = error.errors(include_url=False)[0]
    etype, loc, ctx = e["type"], tuple(e["loc"]), e.get("ctx") or {}
    if etype == "vd_invalid":
        field = next((str(p) for p in reversed(loc) if isinstance(p, str)), name)
        value = ctx["value"]
        return InputException.invalid_value(field, value if isinstance(value, str) else str(value))
    if etype == "vd_type":
        return InputException('The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.',
                               {"value": json_text(ctx["value"]), "type": ctx["type"]})
    if etype == "vd_readonly":
        return InputException('Property "%1" does not have corresponding setter in class "%2".',
                              [upper_camel(ctx["key"]), ctx["interface"]])
    if etype == "vd_error":  # a template of ours, raw (pydantic formats only {braces})
        return InputException(e["msg"], ctx.get("parameters"))
    if etype == "extra_forbidden":
        owner = _spec_at(root, loc[:-1])
        interface = owner.typename if owner is not None else "mixed"
        key = upper_camel(str(loc[-1]))
        return InputException('Property "%1" does not have accessor method "%2" in class "%3".',
                              [key, "get" + key, interface])
    spec = _spec_at(root, loc)
    typename = spec.typename if spec is not None else "mixed"
    return InputException('The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.',
                          {"value": json_text(e.get("input")), "type": typename})
