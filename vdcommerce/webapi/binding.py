"""Binding: from the input map of a request to the arguments of a service method.

A ``MethodPlan`` is compiled once per route at start-up from the service method's signature;
``bind`` then does only dictionary work and type conversion per request.
"""
from __future__ import annotations

import inspect
import typing
from dataclasses import dataclass
from typing import Any

from ..framework.context import PLACEHOLDERS, Context, Service
from ..framework.data import TypeSpec, camel, json_text, parse_type, snake
from ..framework.exceptions import InputException, LocalizedException
from .declarations import DeclarationError, RouteDecl



@dataclass
class ParamPlan:
    name: str            # snake_case, the Python parameter
    wire: str            # camelCase, the declared name used in messages
    spec: TypeSpec
    required: bool
    default: Any


@dataclass
class ForcedPlan:
    param: ParamPlan
    field: str | None    # snake_case field of a data-object parameter, for dotted names
    value: str
    force: bool


class MethodPlan:
    def __init__(self, decl: RouteDecl, service_cls: type[Service], path_params: list[str]) -> None:
        self.decl = decl
        self.service_cls = service_cls
        self.py_method = snake(decl.service_method)
        fn = getattr(service_cls, self.py_method, None)
        where = f"{decl.source}: {decl.method} {decl.url} ({decl.interface}::{decl.service_method})"
        if fn is None:
            raise DeclarationError(f"{where}: {service_cls.__name__} has no method {self.py_method}")
        try:
            hints = typing.get_type_hints(fn, include_extras=True)
        except Exception as e:  # noqa: BLE001 - report any annotation problem at start-up
            raise DeclarationError(f"{where}: cannot read annotations: {e}") from None
        self.params: list[ParamPlan] = []
        for p in list(inspect.signature(fn).parameters.values())[1:]:
            if p.name not in hints:
                raise DeclarationError(f"{where}: parameter {p.name} has no type annotation")
            spec = parse_type(hints[p.name])
            required = p.default is inspect.Parameter.empty
            self.params.append(ParamPlan(p.name, camel(p.name), spec, required, None if required else p.default))
        ret = hints.get("return", type(None))
        self.returns: TypeSpec | None = None if ret in (None, type(None)) else parse_type(ret)
        self.by_name: dict[str, ParamPlan] = {}
        for pp in self.params:
            self.by_name[pp.name] = pp
            self.by_name[pp.wire] = pp

        # path parameters bind to the method parameter they name (D7)
        self.path_params = path_params
        # PUT: the last path parameter goes into the data object's identifier field (2.5)
        self.put_target: tuple[ParamPlan, str] | None = None
        if decl.method == "PUT" and path_params:
            obj = next((pp for pp in self.params if pp.spec.kind == "object"), None)
            if obj is not None:
                last = path_params[-1]
                obj_cls = obj.spec.object_class()
                fields = obj_cls.fields()
                if decl.id_field is not None:
                    if decl.id_field not in fields:
                        raise DeclarationError(f"{where}: id-field {decl.id_field} is not a field of "
                                               f"{obj.spec.typename}")
                    id_field: str | None = decl.id_field
                else:
                    id_field = snake(last) if snake(last) in fields else obj_cls.__id_field__
                if id_field is not None and id_field in fields:
                    self.put_target = (obj, id_field)
                elif last not in self.by_name and snake(last) not in self.by_name:
                    raise DeclarationError(f"{where}: cannot tell which field of {obj.spec.typename} the path "
                                           f"parameter :{last} identifies (declare __id_field__)")
                # else: the object has no such field and the path value binds to the method
                # parameter it names (``PUT /V1/carts/:cartId/order`` with a payment object, 2.5 step 3)

        self.forced: list[ForcedPlan] = []
        for fp in decl.params:
            outer, _, inner = fp.name.partition(".")
            target = self.by_name.get(outer) or self.by_name.get(camel(outer))
            if target is None:
                raise DeclarationError(f"{where}: forced parameter {fp.name} names no method parameter")
            field = None
            if inner:
                if target.spec.kind != "object" or (snake(inner) not in target.spec.object_class().fields()):
                    raise DeclarationError(f"{where}: forced parameter {fp.name}: {inner} is not a field of "
                                           f"{target.wire}")
                field = snake(inner)
            if fp.value.startswith("%") and fp.value not in PLACEHOLDERS:
                raise DeclarationError(f"{where}: unknown placeholder {fp.value}")
            self.forced.append(ForcedPlan(target, field, fp.value, fp.force))
        self.forced_names = {f.param.name for f in self.forced if f.field is None}

    # ------------------------------------------------------------------ per request

    def bind(self, ctx: Context, body: dict[str, Any] | None, query: dict[str, Any], path_values: dict[str, Any],
             array_limit: int | None) -> dict[str, Any]:
        inp = dict(body) if body else {}
        if query:
            inp.update(query)
        if path_values:
            inp.update(path_values)
        refuse_nul(inp)
        if self.put_target is not None:
            value = path_values[self.path_params[-1]]
            if value != "me":
                pp, id_field = self.put_target
                key = _key_of(inp, pp)
                obj = inp.get(key) if key else None
                if key and isinstance(obj, dict):
                    obj = {k: v for k, v in obj.items() if k != id_field and k != camel(id_field)}
                    obj[id_field] = value
                    inp[key] = obj
        for fp in self.forced:
            value = _placeholder(ctx, fp.value)
            pp = fp.param
            key = _key_of(inp, pp)
            if fp.field is None:
                if fp.force or key is None or inp.get(key) is None:
                    if key and key != pp.wire:
                        del inp[key]
                    inp[pp.wire] = value
                continue
            obj = inp.get(key) if key else None
            if obj is None:
                obj = {}
            if isinstance(obj, dict):
                has = obj.get(fp.field) is not None or obj.get(camel(fp.field)) is not None
                if fp.force or not has:
                    obj = {k: v for k, v in obj.items() if k != fp.field and k != camel(fp.field)}
                    obj[fp.field] = value
                if key and key != pp.wire:
                    del inp[key]
                inp[pp.wire] = obj

        args: dict[str, Any] = {}
        missing: list[LocalizedException] = []
        for pp in self.params:
            key = _key_of(inp, pp)
            value = inp.get(key) if key else None
            if value is None:
                if pp.required:
                    missing.append(InputException.required(pp.wire))
                else:
                    args[pp.name] = pp.default
                continue
            if missing:
                continue
            if pp.spec.kind == "object" and value == "" and body is None:
                value = {}  # `searchCriteria=` in a query string: empty criteria
            if array_limit is not None:
                check_array_limit(pp.spec, value, array_limit)
            args[pp.name] = pp.spec.convert(value, pp.wire)
        if missing:
            raise InputException.aggregate(missing)
        return args


def refuse_nul(inp: dict[str, Any]) -> None:
    """No string the client sent (a value or a key, at any depth) may hold a NUL character: PostgreSQL
    cannot store one, and no field needs one. 400 naming the field, the NUL shown as ``\\0`` in the value."""
    stack: list[tuple[str, Any]] = [(k, v) for k, v in inp.items()]
    while stack:
        field, value = stack.pop()
        if isinstance(value, str):
            if "\x00" in value or "\x00" in field:
                raise nul_refused(field, value)
        elif isinstance(value, dict):
            stack.extend((str(k), v) for k, v in value.items())
            if "\x00" in field:
                raise nul_refused(field, "")
        elif isinstance(value, list):
            stack.extend((field, v) for v in value)
        elif "\x00" in field:
            raise nul_refused(field, value)


def nul_refused(field: str, value: Any) -> InputException:
    return InputException.invalid_value(field.replace("\x00", "\\0"), json_text(value).replace("\x00", "\\0"))


def _key_of(inp: dict[str, Any], pp: ParamPlan) -> str | None:
    """Which spelling of a parameter the input uses; the earlier one wins when both are there."""
    has_wire = pp.wire in inp
    if pp.name == pp.wire:
        return pp.wire if has_wire else None
    has_snake = pp.name in inp
    if has_wire and has_snake:
        keys = list(inp)
        return pp.wire if keys.index(pp.wire) < keys.index(pp.name) else pp.name
    return pp.wire if has_wire else (pp.name if has_snake else None)


def _placeholder(ctx: Context, value: str) -> Any:
    resolver = PLACEHOLDERS.get(value)
    return resolver(ctx) if resolver else value


def check_array_limit(spec: TypeSpec, value: Any, limit: int) -> None:
    """No list of objects in the input may be longer than the limit."""
    if spec.kind == "list" and isinstance(value, list):
        item = spec.element()
        if item.kind == "object" and len(value) > limit:
            raise InputException('Maximum items of type "%type" is %max', {"type": item.typename, "max": limit})
        if item.kind in ("object", "list"):
            for v in value:
                check_array_limit(item, v, limit)
    elif spec.kind == "object" and isinstance(value, dict):
        fields = spec.object_class().fields()
        for k, v in value.items():
            f = fields.get(k) or fields.get(snake(k))
            if f is not None and f.spec.kind in ("object", "list"):
                check_array_limit(f.spec, v, limit)
