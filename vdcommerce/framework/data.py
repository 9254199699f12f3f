"""Data objects: the typed records that service methods take and return.

A data object is declared once, as a class whose annotations are its fields in wire order:

    class TagInterface(DataObject, interface="Vendor\\Faq\\Api\\Data\\TagInterface"):
        tag_id: int
        title: str

- ``T | None`` marks a nullable field (left out of responses when null); a plain ``T`` is written
  as ``null`` when it has no value (platform.md 3.3).
- ``Out[T]`` marks a read-only field: an empty value on input is ignored, any other value is a 400.
- Scalars are ``int``, ``float``, ``str``, ``bool``, ``Any`` (mixed); lists are ``list[T]``; nested data
  objects are other DataObject classes; ``CustomAttributes`` is the platform's attribute list.

Input is validated by pydantic with the platform's conversion rules (platform.md 2.6, 2.9): both
snake_case and camelCase keys bind, unknown keys are refused, scalars convert leniently but never
across kinds. Every field is optional on input; which ones a service requires is its own business.
Output is produced by a serializer compiled once per class (``dump``).
"""
from __future__ import annotations

import datetime as _dt
import decimal
import re
import types
import typing
from typing import Annotated, Any, ClassVar, Union

import orjson
from pydantic import BaseModel, ConfigDict, PlainValidator, TypeAdapter, ValidationError, model_validator
from pydantic._internal._model_construction import ModelMetaclass
from pydantic_core import PydanticCustomError

from .exceptions import InputException, LocalizedException

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


def to_int(v: Any) -> int:
    t = type(v)
    if t is int:
        n = v
    elif t is str and _INT_RE.fullmatch(v.strip()):
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
    if t is float:
        return v
    if t is int:
        return float(v)
    if t is str and _FLOAT_RE.fullmatch(v.strip()):
        return float(v)
    raise type_error(v, "float")


def to_str(v: Any) -> str:
    t = type(v)
    if t is str:
        return v
    if t is int or t is float:
        return number_text(v)
    raise type_error(v, "string")


def to_bool(v: Any) -> bool:
    t = type(v)
    if t is bool:
        return v
    if t is int and v in (0, 1):
        return bool(v)
    if t is str:
        b = _BOOL_STRINGS.get(v.strip().lower())
        if b is not None:
            return b
    raise type_error(v, "bool")


def to_custom_attributes(v: Any) -> list[dict[str, Any]]:
    """platform.md 2.8: list of {attribute_code, value}, or a {code: value} map."""
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


# --------------------------------------------------------------------------- type specs

class _ReadOnly:
    """Marker inside Annotated[...] for read-only fields."""


READ_ONLY = _ReadOnly()


class Out:
    """``Out[str]``: a read-only field."""

    def __class_getitem__(cls, item):
        return Annotated[item, READ_ONLY]


class _CustomAttributesMarker:
    pass


CustomAttributes = Annotated[list, _CustomAttributesMarker()]

_SCALARS = {
    int: ("int", to_int),
    float: ("float", to_float),
    str: ("string", to_str),
    bool: ("bool", to_bool),
    decimal.Decimal: ("float", to_float),
}


class TypeSpec:
    """What a declared type means on the wire: kind, name in errors/schema, converter."""

    __slots__ = ("kind", "typename", "nullable", "readonly", "cls", "item", "pyd", "_adapter")

    def __init__(self, kind, typename, pyd, nullable=False, readonly=False, cls=None, item=None):
        self.kind = kind          # int float string bool mixed object list custom_attributes
        self.typename = typename  # int, string, Vendor\...\FooInterface, int[] ...
        self.pyd = pyd            # the annotation pydantic validates with
        self.nullable = nullable
        self.readonly = readonly
        self.cls = cls            # DataObject class for kind == object
        self.item = item          # TypeSpec of the elements for kind == list
        self._adapter = None

    def convert(self, value: Any) -> Any:
        """Validate a top-level value (a method parameter); raise a LocalizedException on failure."""
        if self._adapter is None:
            self._adapter = TypeAdapter(self.pyd)
        try:
            return self._adapter.validate_python(value)
        except ValidationError as e:
            raise translate_validation_error(e, self) from None


def parse_type(annotation: Any) -> TypeSpec:
    """Turn a Python annotation into a TypeSpec (used for fields and for method parameters)."""
    readonly = False
    if typing.get_origin(annotation) is Annotated:
        base, *meta = typing.get_args(annotation)
        if any(isinstance(m, _CustomAttributesMarker) for m in meta):
            return TypeSpec("custom_attributes", "Magento\\Framework\\Api\\AttributeInterface[]",
                            Annotated[list, PlainValidator(to_custom_attributes)], nullable=True)
        readonly = any(m is READ_ONLY for m in meta)
        annotation = base
    nullable = False
    origin = typing.get_origin(annotation)
    if origin in (Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        nullable = len(args) < len(typing.get_args(annotation))
        if len(args) != 1:
            raise TypeError(f"unsupported union type {annotation!r}")
        annotation = args[0]
        origin = typing.get_origin(annotation)
        if origin is Annotated:
            spec = parse_type(annotation)
            spec.nullable = nullable or spec.nullable
            return spec
    if annotation in _SCALARS:
        name, fn = _SCALARS[annotation]
        spec = TypeSpec(name, name, Annotated[annotation, PlainValidator(fn)])
    elif annotation is Any or annotation is object or annotation is dict:
        spec = TypeSpec("mixed", "mixed", Any)
    elif origin is list:
        (inner,) = typing.get_args(annotation) or (Any,)
        item = parse_type(inner)
        spec = TypeSpec("list", item.typename + "[]", list[item.pyd], item=item)
    elif isinstance(annotation, type) and issubclass(annotation, DataObject):
        spec = TypeSpec("object", annotation.__interface__, annotation, cls=annotation)
    else:
        raise TypeError(f"unsupported type {annotation!r}")
    spec.nullable = nullable
    spec.readonly = readonly
    if nullable:
        spec.pyd = spec.pyd | None
    return spec


class Field:
    __slots__ = ("name", "alias", "spec")

    def __init__(self, name: str, spec: TypeSpec):
        self.name = name
        self.alias = camel(name)
        self.spec = spec


# --------------------------------------------------------------------------- the base class

class _DataObjectMeta(ModelMetaclass):
    """Rewrites plain annotations into pydantic ones with platform converters, all optional."""

    def __new__(mcs, name, bases, namespace, interface: str | None = None, **kwargs):
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
                if isinstance(ann, str):
                    raise TypeError(f"{name}.{key}: use real annotations in data objects, not strings")
                spec = parse_type(ann)
                fields[key] = Field(key, spec)
                pyd = spec.pyd if spec.nullable else spec.pyd | None
                rewritten[key] = pyd
                namespace.setdefault(key, None)
            namespace["__annotations__"] = rewritten
        cls = super().__new__(mcs, name, bases, namespace, **kwargs)
        cls.__fields__spec__ = fields
        if interface:
            cls.__interface__ = interface
        cls.__readonly_keys__ = tuple(
            (k, f.name) for f in fields.values() if f.spec.readonly for k in {f.name, f.alias})
        cls.__nullable__ = frozenset(f.name for f in fields.values() if f.spec.nullable)
        cls.__empty__ = {name: None for name in fields}
        cls._dump = None
        return cls


class DataObject(BaseModel, metaclass=_DataObjectMeta):
    model_config = ConfigDict(extra="forbid", validate_by_name=True, validate_by_alias=True,
                              alias_generator=camel, arbitrary_types_allowed=True,
                              hide_input_in_errors=False, revalidate_instances="never")

    __interface__: ClassVar[str] = "Magento\\Framework\\Api\\AbstractSimpleObject"
    __fields__spec__: ClassVar[dict[str, Field]]
    __readonly_keys__: ClassVar[tuple]
    __nullable__: ClassVar[frozenset]
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
    def of(cls, **values: Any):
        """Build an instance from trusted values (service output), without validation.

        The same as pydantic's ``model_construct`` for these all-optional models, without its
        per-field default handling: this runs for every item of every list response."""
        obj = cls.__new__(cls)
        data = dict(cls.__empty__)
        data.update(values)
        setattr_ = object.__setattr__
        setattr_(obj, "__dict__", data)
        setattr_(obj, "__pydantic_fields_set__", set(values))
        setattr_(obj, "__pydantic_extra__", None)
        setattr_(obj, "__pydantic_private__", None)
        return obj

    def dump(self) -> dict[str, Any]:
        return dumper(type(self))(self)


def add_fields(cls: type[DataObject], annotations: dict[str, Any]) -> None:
    """Add fields to a data object class after its creation (declared extension attributes, a field
    whose type names its own class). Classes that hold ``cls`` must be rebuilt afterwards."""
    from pydantic.fields import FieldInfo
    for name, annotation in annotations.items():
        spec = parse_type(annotation)
        cls.__fields__spec__[name] = Field(name, spec)
        info = FieldInfo.from_annotated_attribute(spec.pyd if spec.nullable else spec.pyd | None, None)
        info.alias = info.validation_alias = info.serialization_alias = camel(name)
        info.alias_priority = 2
        cls.__pydantic_fields__[name] = info
    fields = cls.__fields__spec__
    cls.__readonly_keys__ = tuple((k, f.name) for f in fields.values() if f.spec.readonly for k in {f.name, f.alias})
    cls.__nullable__ = frozenset(f.name for f in fields.values() if f.spec.nullable)
    cls.__empty__ = {name: None for name in fields}
    cls._dump = None
    cls.model_rebuild(force=True)


# --------------------------------------------------------------------------- output

def _dt_text(v: Any) -> str:
    if isinstance(v, _dt.datetime):
        return v.isoformat(" ", "seconds")
    if isinstance(v, _dt.date):
        return v.isoformat()
    return to_str(v)


def _out_int(v):
    return v if type(v) is int else int(v)


def _out_float(v):
    f = float(v)
    return int(f) if f.is_integer() and abs(f) < 1e16 else f


def _out_str(v):
    return v if type(v) is str else _dt_text(v)


def _out_bool(v):
    if type(v) is bool:
        return v
    if isinstance(v, str):
        return _BOOL_STRINGS.get(v.strip().lower(), bool(v))
    return bool(v)


def _out_mixed(v):
    if isinstance(v, DataObject):
        return v.dump()
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


def output_converter(spec: TypeSpec):
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
        return lambda v: dumper(cls)(v) if isinstance(v, DataObject) else _out_mixed(v)
    if kind == "list":
        inner = output_converter(spec.item)
        return lambda v: [inner(x) for x in v]
    if kind == "custom_attributes":
        return lambda v: [{"attribute_code": a["attribute_code"], "value": _out_mixed(a["value"])} for a in v]
    return _out_mixed


def dumper(cls: type[DataObject]):
    """The serializer of a data object class, compiled on first use."""
    fn = cls._dump
    if fn is not None:
        return fn
    plan = []
    for f in cls.__fields__spec__.values():
        omit_empty = f.spec.kind == "custom_attributes" or f.name == "extension_attributes"
        plan.append((f.name, f.spec.nullable, omit_empty, output_converter(f.spec)))
    plan = tuple(plan)

    def dump(obj) -> dict[str, Any]:
        out = {}
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

def _spec_at(root: TypeSpec, loc: tuple) -> TypeSpec | None:
    spec = root
    for part in loc:
        if spec is None:
            return None
        if spec.kind == "list" and isinstance(part, int):
            spec = spec.item
        elif spec.kind == "object" and isinstance(part, str):
            fields = spec.cls.__fields__spec__
            f = fields.get(part) or fields.get(snake(part))
            spec = f.spec if f else None
        else:
            return None
    return spec


def translate_validation_error(error: ValidationError, root: TypeSpec) -> LocalizedException:
    """The first pydantic error, as the platform's error for it."""
    e = error.errors(include_url=False)[0]
    etype, loc, ctx = e["type"], tuple(e["loc"]), e.get("ctx") or {}
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
