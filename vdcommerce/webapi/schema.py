"""Swagger 2.0 schema of the routes the caller may use.

Everything that depends only on the route table (one operation object per route, the definitions of
the data objects each route reaches, service names and tags) is built once, at the first request.
Per request the caller is resolved, the routes are filtered by the ACL and by ``services=``, and the
document is assembled for the configured base URL (``VDC_BASE_URL``; else the server's own address),
the request's base path and scheme; the serialised body of each
distinct selection of routes is kept in a small cache.

Choices where the platform's own generator is not a guide:

- GET and DELETE take their input from the path and the query string only, so
  both describe their non-path parameters as query parameters; POST and PUT use one body parameter.
- Object parameters in the query string are flattened into PHP bracket names with camelCase field
  names, as the platform writes them (``searchCriteria[filterGroups][0][filters][0][field]``; the
  snake_case names bind as well); a list of scalars is written
  ``name[]`` with ``collectionFormat: multi``. Read-only fields are left out of query parameters.
- ``400`` is listed for operations that take client input (any POST or PUT, or a GET/DELETE with a
  parameter), ``404`` for operations that address a record (a path parameter, a required
  identifier parameter, a PUT edit or a forced cart), ``500`` and ``default`` for every operation.
- Where one document holds two routes of the same service method and HTTP method, the first keeps
  the operationId and the others get their path appended (``...GetByIdGetCustomersByCustomerId``);
  a document with only one of them (the usual case: ``/me`` for customers, ``/:customerId`` for
  admins) uses the plain operationId, as the platform does.
- ``services=all`` anywhere in the list selects every service; names are compared case-insensitively.
"""
from __future__ import annotations

import functools

import re
from collections import Counter, OrderedDict
from typing import TYPE_CHECKING, AbstractSet, Any
from urllib.parse import urlsplit

import orjson

from ..framework import db
from ..framework.context import GUEST_CALLER
from ..framework.data import DataObject, TypeSpec, camel, snake
from ..platform.asyncoperations.api import AsyncResponseInterface
from .acl import ANONYMOUS, Acl
from .binding import MethodPlan, ParamPlan
from .errors import WebapiException
from .openapi3 import to_openapi3
from .query import parse_query
from .request import Response, Scope
from .routing import Route, RouteTable

if TYPE_CHECKING:
    from ..platform.config.service import ConfigCache
    from ..platform.integration.auth import Authenticator
    from ..settings import Settings

_JSON_HEADERS = [(b"content-type", b"application/json; charset=utf-8")]
_CACHE_SIZE = 32

_SWAGGER_TYPES = {"int": "integer", "float": "number", "string": "string", "bool": "boolean", "mixed": "string"}
_SCALARS = frozenset(("int", "float", "string", "bool", "mixed"))

_TYPE_NAME = re.compile(r"\\?(.*)\\(.*)\\(?:Service|Api)\\(?:\2)?(.*)\Z")
_DASH = re.compile(r"(.)([A-Z])")
_WORD = re.compile(r"[A-Za-z0-9]+")

ERROR_REF = "#/definitions/error-response"
FILE_SCHEMA = {"type": "string", "format": "binary"}  # a download's answer

# Swagger 2.0 has no bearer scheme: the token goes in the Authorization header as "Bearer <token>"
SECURITY_DEFINITIONS = {"bearer": {"type": "apiKey", "name": "Authorization", "in": "header",
                                   "description": "An admin, customer or integration access token, sent as "
                                                  "`Bearer <token>`; operations open to guests need none."}}
ATTRIBUTE_DEFINITION = "framework-attribute-interface"

# The values that fill the message's placeholders: an object for named ones (``%fieldName`` ->
# ``{"fieldName": "sku"}``), a list for numbered ones (``%1`` -> ``["sku"]``). Swagger 2.0 has no
# "one of", so the schema gives no type: any JSON value conforms.
_ERROR_PARAMETERS = {
    "description": "Error parameters: an object of named values for named placeholders (%fieldName), "
                   "a list of values for numbered ones (%1)",
}

ERROR_RESPONSE = {
    "type": "object",
    "description": "Error body of every failed request",
    "properties": {
        "message": {"type": "string", "description": "Error message"},
        "errors": {
            "type": "array",
            "description": "Errors list",
            "items": {
                "type": "object",
                "description": "Error details",
                "properties": {
                    "message": {"type": "string", "description": "Error message"},
                    "parameters": _ERROR_PARAMETERS,
                },
            },
        },
        "code": {"type": "integer", "description": "Error code"},
        "parameters": _ERROR_PARAMETERS,
        "trace": {"type": "string", "description": "Stack trace"},
    },
    "required": ["message"],
}

ATTRIBUTE = {
    "type": "object",
    "description": "Magento\\Framework\\Api\\AttributeInterface",
    "properties": {
        "attribute_code": {"type": "string", "description": "Attribute code"},
        "value": {"description": "Attribute value"},
    },
    "required": ["attribute_code", "value"],
}


# --------------------------------------------------------------------------- names

def service_name(interface: str, version: str) -> str:
    """``Magento\\Quote\\Api\\GuestCartManagementInterface`` + V1 -> ``quoteGuestCartManagementV1``."""
    parts = [p for p in interface.split("\\") if p]
    if parts and parts[-1].endswith("Interface") and parts[-1] != "Interface":
        parts[-1] = parts[-1][:-len("Interface")]
    if len(parts) < 3:
        name = "".join(parts)
    else:
        vendor, module, *rest = parts
        if rest[0] == "Api" and len(rest) > 1:
            rest = rest[1:]
        if vendor == "Magento":
            vendor = ""
        if rest[0] == module:
            module = ""
        name = vendor + module + "".join(rest)
    name += version
    return name[:1].lower() + name[1:]


def type_name(interface: str) -> str:
    """``Magento\\SalesRule\\Api\\Data\\RuleInterface`` -> ``SalesRuleDataRuleInterface``."""
    m = _TYPE_NAME.match(interface)
    if m:
        vendor, module, rest = m.groups()
        name = ("" if vendor == "Magento" else vendor.replace("\\", "")) + module + rest.replace("\\", "")
    else:
        parts = [p for p in interface.split("\\") if p]
        if parts and parts[0] == "Magento":
            parts = parts[1:]
        name = "".join(parts)
    return name[:1].upper() + name[1:]


def definition_name(interface: str) -> str:
    """Kebab case of the type name: ``sales-rule-data-rule-interface``."""
    return _DASH.sub(r"\1-\2", type_name(interface)).lower()


def _upper_words(text: str) -> str:
    return "".join(w[:1].upper() + w[1:] for w in _WORD.findall(text))


def _sentence(name: str) -> str:
    """``createAdminAccessToken`` -> ``Create admin access token``."""
    words = snake(name).replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def _first_paragraph(doc: str | None) -> str:
    if not doc:
        return ""
    return " ".join(doc.strip().split("\n\n")[0].split())


# --------------------------------------------------------------------------- the processor

class SchemaProcessor:
    def __init__(self, routes: RouteTable, acl: Acl, authenticator: Authenticator, config: ConfigCache,
                 settings: Settings) -> None:
        self.routes, self.acl, self.authenticator, self.config, self.settings = (
            routes, acl, authenticator, config, settings)
        self._built = False
        self._cache: OrderedDict[tuple[str, tuple[int, ...]], bytes] = OrderedDict()
        self._openapi3_cache: OrderedDict[bytes, bytes] = OrderedDict()

    # ------------------------------------------------------------------ per request

    def answer(self, scope: Scope, store_code: str | None, headers: dict[str, str], kind: str = "sync") -> Response:
        """``kind``: ``sync`` (``/schema``), ``async`` (``/async/schema``) or ``bulk`` (``/async/bulk/schema``)."""
        if not self._built:
            self._build()
        caller = GUEST_CALLER
        authorization = headers.get("authorization")
        if authorization:
            with db.transaction(write=False) as conn:
                caller = self.authenticator.caller(conn, authorization, "GET", scope, headers, self.config.current())
        wanted = self._requested(scope)
        from .bulk import async_allowed
        acl = self.acl
        allowed = acl.allowed if kind == "sync" else functools.partial(async_allowed, acl)
        selection = tuple(i for i, op in enumerate(self._kinds[kind])
                          if (wanted is None or op.service_key in wanted) and allowed(caller, op.resources))
        head = orjson.dumps({
            "swagger": "2.0",
            "info": {"version": "2.4", "title": "vdcommerce"},
            "host": self._host(scope),
            "basePath": _base_path(scope),
            "schemes": [self._scheme(scope, headers)],
            "securityDefinitions": SECURITY_DEFINITIONS,
        })
        document = head[:-1] + b"," + self._document(kind, selection)[1:]
        if self._format(scope) == "openapi3":
            document = self._openapi3(document)
        return 200, document, _JSON_HEADERS

    def _format(self, scope: Scope) -> str:
        value = parse_query(scope.get("query_string", b"").decode("latin-1")).get("format")
        if value in (None, "", "swagger2", "swagger"):
            return "swagger2"
        if value in ("openapi3", "openapi"):
            return "openapi3"
        raise WebapiException('Unknown schema format "%1": use swagger2 or openapi3.', [str(value)])

    def _openapi3(self, swagger: bytes) -> bytes:
        """The OpenAPI 3.1 rendition of a Swagger document (cached by the document it renders)."""
        body = self._openapi3_cache.get(swagger)
        if body is None:
            body = orjson.dumps(to_openapi3(orjson.loads(swagger)))
            self._openapi3_cache[swagger] = body
            if len(self._openapi3_cache) > _CACHE_SIZE:
                self._openapi3_cache.popitem(last=False)
        else:
            self._openapi3_cache.move_to_end(swagger)
        return body

    def _requested(self, scope: Scope) -> frozenset[str] | None:
        """The services asked for (lower-cased), or None for all."""
        value = parse_query(scope.get("query_string", b"").decode("latin-1")).get("services")
        if isinstance(value, list):
            value = ",".join(v for v in value if isinstance(v, str))
        if not isinstance(value, str) or not value.strip():
            return None
        names = frozenset(n.strip().lower() for n in value.split(",") if n.strip())
        return None if "all" in names or not names else names

    def _host(self, scope: Scope) -> str:
        """The configured base URL's host, else the address the server is bound to; never a request
        header, which any client can set."""
        base = urlsplit(self.settings.base_url)
        if base.netloc:
            return base.netloc
        server = scope.get("server")
        if server:
            return f"{server[0]}:{server[1]}" if server[1] else str(server[0])
        return "localhost"

    def _scheme(self, scope: Scope, headers: dict[str, str]) -> str:
        base = urlsplit(self.settings.base_url)
        if base.scheme in ("http", "https"):
            return base.scheme
        if self.settings.trusted_proxy and headers.get("x-forwarded-proto"):
            scheme = headers["x-forwarded-proto"].split(",")[0].strip().lower()
        else:
            scheme = scope.get("scheme", "http")
        return "https" if scheme == "https" else "http"

    def _document(self, kind: str, selection: tuple[int, ...]) -> bytes:
        """tags, paths and definitions of a selection of operations, serialised (cached)."""
        key = (kind, selection)
        body = self._cache.get(key)
        if body is not None:
            self._cache.move_to_end(key)
            return body
        tags: dict[str, dict[str, Any]] = {}
        paths: dict[str, dict[str, Any]] = {}
        needed: set[str] = set()
        ids: set[str] = set()
        for i in selection:
            op = self._kinds[kind][i]
            if op.service not in tags:
                tags[op.service] = {"name": op.service, "description": self._tag_descriptions[op.service]}
            operation = op.operation
            if operation["operationId"] in ids and op.alternate is not None:  # a shared id: the other one
                operation = op.alternate
            ids.add(operation["operationId"])
            paths.setdefault(op.path, {})[op.method] = operation
            needed |= op.definitions
        definitions = {name: self._definitions[name] for name in sorted(needed)}
        definitions["error-response"] = ERROR_RESPONSE
        body = orjson.dumps({"tags": list(tags.values()), "paths": paths, "definitions": definitions})
        self._cache[key] = body
        if len(self._cache) > _CACHE_SIZE:
            self._cache.popitem(last=False)
        return body

    # ------------------------------------------------------------------ built once

    def _build(self) -> None:
        self._definitions: dict[str, dict[str, Any]] = {}
        self._class_names: dict[type, str] = {}
        self._refs: dict[str, set[str]] = {}
        self._tag_descriptions: dict[str, str] = {}
        routes = list(self.routes)
        base_ids = []
        for route in routes:
            version = route.decl.url.strip("/").split("/", 1)[0]
            service = service_name(route.decl.interface, version)
            base_ids.append(service + route.decl.service_method[:1].upper() + route.decl.service_method[1:]
                            + route.decl.method.capitalize())
            if service not in self._tag_descriptions:
                self._tag_descriptions[service] = self._tag_description(route)
        shared = {b for b, n in Counter(base_ids).items() if n > 1}
        taken = set(base_ids)
        ops = []
        for route, base in zip(routes, base_ids):
            op = self._operation(route, base)
            if base in shared:
                alternate = base + _path_suffix(route.decl.url)
                n = 2
                while alternate in taken:
                    alternate, n = f"{base}{_path_suffix(route.decl.url)}{n}", n + 1
                taken.add(alternate)
                op.alternate = self._operation(route, alternate).operation
            ops.append(op)
        for op in ops:
            op.definitions = self._closure(op.definitions)
        from .bulk import offered
        accepted = self._define(AsyncResponseInterface)
        offered_ops = [(route, op) for route, op in zip(routes, ops) if offered(route)]
        self._kinds: dict[str, list[_Op]] = {
            "sync": ops,
            "async": [self._async_op(route, op, accepted, bulk=False) for route, op in offered_ops],
            "bulk": [self._async_op(route, op, accepted, bulk=True) for route, op in offered_ops],
        }
        self._built = True

    def _async_op(self, route: Route, op: _Op, accepted: str, bulk: bool) -> _Op:
        """A route's operation as the async processor offers it (answered 202 with the bulk's
        status), or as the bulk processor does: on the converted path (``:sku`` -> ``bySku``), with a
        list of elements as the body, each holding the path values beside the synchronous body."""
        def convert(operation: dict[str, Any]) -> dict[str, Any]:
            out = dict(operation)
            responses = {k: v for k, v in operation["responses"].items() if k != "200"}
            out["responses"] = {"202": {"description": "202 Accepted.", "schema": {"$ref": f"#/definitions/{accepted}"}},
                                **responses}
            if bulk:
                params = operation["parameters"]
                body: dict[str, Any] = next((p["schema"] for p in params if p["in"] == "body"),
                                            {"type": "object", "properties": {}})
                element = dict(body)
                element["properties"] = {**{p["name"]: {"type": p.get("type", "string")}
                                            for p in params if p["in"] in ("path", "query")},
                                         **body.get("properties", {})}
                out["parameters"] = [{"name": operation["operationId"] + "Body", "in": "body", "required": True,
                                      "schema": {"type": "array", "items": element}}]
            return out

        path = op.path
        if bulk:
            path = "/" + "/".join("by" + s[1:2].upper() + s[2:] if s.startswith(":") else s
                                  for s in route.decl.url.strip("/").split("/"))
        result = _Op(op.service, op.service_key, path, op.method, op.resources, convert(op.operation),
                     op.definitions | self._closure({accepted}))
        if op.alternate is not None:
            result.alternate = convert(op.alternate)
        return result

    def _tag_description(self, route: Route) -> str:
        cls = route.plan.service_cls
        if cls.summary:
            return cls.summary
        short = route.decl.interface.rsplit("\\", 1)[-1]
        return _sentence(short[:-len("Interface")] if short.endswith("Interface") else short) + "."

    def _operation(self, route: Route, op_id: str) -> _Op:
        decl, plan = route.decl, route.plan
        version = decl.url.strip("/").split("/", 1)[0]
        service = service_name(decl.interface, version)
        refs: set[str] = set()
        forced = {f.param.name for f in plan.forced if f.field is None and f.force}
        # a default fills a parameter the client leaves out; a forced field (``customer.id``) does not
        # make its object optional: the platform lists it as required
        filled = {f.param.name for f in plan.forced if not f.force and f.field is None}
        parameters: list[dict[str, Any]] = []
        bound_by_path: set[str] = set()
        for _, name in route.params:
            pp = plan.by_name.get(name)
            if pp is not None:
                bound_by_path.add(pp.name)
                spec = pp.spec
                parameters.append({"name": name, "in": "path", "type": _query_type(spec), "required": True})
            else:  # it fills a field of the body's object: a string, as the platform's generator writes it
                parameters.append({"name": name, "in": "path", "type": "string", "required": True})
        rest = [pp for pp in plan.params if pp.name not in forced and pp.name not in bound_by_path]
        if decl.method in ("GET", "DELETE"):
            for pp in rest:
                parameters.extend(self._query_parameters(pp, pp.required and pp.name not in filled))
        elif rest:
            properties, required = {}, []
            for pp in rest:
                properties[pp.wire] = self._schema(pp.spec, refs)
                if pp.required and pp.name not in filled:
                    required.append(pp.wire)
            body: dict[str, Any] = {"type": "object", "properties": properties}
            if required:
                body["required"] = required
            parameters.append({"name": op_id + "Body", "in": "body", "schema": body})

        ok: dict[str, Any] = {"description": "200 Success."}
        if plan.returns is not None:
            ok["schema"] = self._schema(plan.returns, refs)
            if plan.returns.kind != "file" and _may_be_empty(plan.returns):
                ok["description"] = "200 Success; an empty result is answered as []."
                ok["x-empty-array"] = True
        responses: dict[str, Any] = {"200": ok}
        error = {"$ref": ERROR_REF}
        if any(r != ANONYMOUS for r in route.resources):
            responses["401"] = {"description": "401 Unauthorized", "schema": error}
        if decl.method in ("POST", "PUT") or parameters:
            responses["400"] = {"description": "400 Bad Request", "schema": error}
        if _addresses_record(route, rest):
            responses["404"] = {"description": "404 Not Found", "schema": error}
        responses["500"] = {"description": "500 Internal Server Error", "schema": error}
        responses["default"] = {"description": "Unexpected error", "schema": error}

        fn = getattr(plan.service_cls, plan.py_method)
        operation: dict[str, Any] = {
            "tags": [service],
            "description": (_first_paragraph(fn.__doc__)
                            or f"{_sentence(decl.service_method)} ({decl.interface}::{decl.service_method})."),
            "operationId": op_id,
            "parameters": parameters,
            "responses": responses,
        }
        if any(r != ANONYMOUS for r in route.resources):
            operation["security"] = [{"bearer": []}]
        return _Op(service, service.lower(), re.sub(r"(?<=/):([^/]+)", r"{\1}", decl.url), decl.method.lower(),
                   route.resources, operation, refs)

    def _query_parameters(self, pp: ParamPlan, required: bool) -> list[dict[str, Any]]:
        spec = pp.spec
        kind = spec.kind
        if kind in _SCALARS:
            return [{"name": pp.wire, "in": "query", "type": _SWAGGER_TYPES[kind], "required": required}]
        if kind == "list" and spec.element().kind in _SCALARS:
            return [{"name": pp.wire + "[]", "in": "query", "type": "array",
                     "items": {"type": _SWAGGER_TYPES[spec.element().kind]}, "collectionFormat": "multi",
                     "required": required}]
        out: list[dict[str, Any]] = []
        _flatten(pp.wire, spec, frozenset(), out)
        return out

    # ------------------------------------------------------------------ definitions

    def _schema(self, spec: TypeSpec, refs: set[str]) -> dict[str, Any]:
        kind = spec.kind
        if kind == "mixed":
            return {}
        if kind == "file":  # a download: the file's bytes
            return dict(FILE_SCHEMA)
        if kind in _SWAGGER_TYPES:
            return {"type": _SWAGGER_TYPES[kind]}
        if kind == "list":
            return {"type": "array", "items": self._schema(spec.element(), refs)}
        if kind == "custom_attributes":
            self._attribute_definition()
            refs.add(ATTRIBUTE_DEFINITION)
            return {"type": "array", "description": "Custom attributes values.",
                    "items": {"$ref": "#/definitions/" + ATTRIBUTE_DEFINITION}}
        name = self._define(spec.object_class())
        refs.add(name)
        return {"$ref": "#/definitions/" + name}

    def _attribute_definition(self) -> None:
        if ATTRIBUTE_DEFINITION not in self._definitions:
            self._definitions[ATTRIBUTE_DEFINITION] = ATTRIBUTE
            self._refs[ATTRIBUTE_DEFINITION] = set()

    def _define(self, cls: type[DataObject]) -> str:
        """The definition name of a data-object class, adding its definition (and those it reaches)."""
        name = self._class_names.get(cls)
        if name is not None:
            return name
        base = name = definition_name(cls.__interface__)
        n = 2
        while name in self._definitions or name == "error-response":
            name, n = f"{base}-{n}", n + 1
        self._class_names[cls] = name
        self._definitions[name] = {}  # reserved: a class may reach itself
        refs: set[str] = set()
        properties: dict[str, Any] = {}
        required: list[str] = []
        for f in cls.fields().values():
            prop = self._schema(f.spec, refs)
            if f.spec.readonly and "$ref" not in prop:
                prop["readOnly"] = True
            if not f.spec.nullable:  # always written, as null when empty
                required.append(f.name)
                if prop:
                    prop["x-nullable"] = True
            properties[f.name] = prop
        definition: dict[str, Any] = {"type": "object",
                                      "description": _first_paragraph(cls.__doc__) or cls.__interface__,
                                      "properties": properties}
        if required:
            definition["required"] = required
        self._definitions[name] = definition
        self._refs[name] = refs
        return name

    def _closure(self, refs: AbstractSet[str]) -> frozenset[str]:
        """The definitions these names reach, themselves included."""
        out: set[str] = set()
        stack = list(refs)
        while stack:
            ref = stack.pop()
            if ref not in out:
                out.add(ref)
                stack.extend(self._refs[ref])
        return frozenset(out)


class _Op:
    """One route in the document: its operation, and the one with a path-qualified operationId used
    when another route of the same document already has the plain one."""

    __slots__ = ("service", "service_key", "path", "method", "resources", "operation", "alternate", "definitions")

    def __init__(self, service: str, service_key: str, path: str, method: str, resources: tuple[str, ...],
                 operation: dict[str, Any], definitions: AbstractSet[str]) -> None:
        self.alternate: dict[str, Any] | None = None
        self.service = service
        self.service_key = service_key
        self.path = path
        self.method = method
        self.resources = resources
        self.operation = operation
        self.definitions = definitions


# --------------------------------------------------------------------------- helpers

def _flatten(prefix: str, spec: TypeSpec, seen: frozenset[type[DataObject]], out: list[dict[str, Any]]) -> None:
    """Query parameters of an object parameter, in PHP bracket names."""
    kind = spec.kind
    if kind in _SCALARS:
        out.append({"name": prefix, "in": "query", "type": _SWAGGER_TYPES[kind], "required": False})
    elif kind == "list":
        if spec.element().kind in _SCALARS:
            out.append({"name": prefix + "[]", "in": "query", "type": "array",
                        "items": {"type": _SWAGGER_TYPES[spec.element().kind]}, "collectionFormat": "multi",
                        "required": False})
        else:
            _flatten(prefix + "[0]", spec.element(), seen, out)
    elif kind == "custom_attributes":
        for key in ("attribute_code", "value"):
            out.append({"name": f"{prefix}[0][{key}]", "in": "query", "type": "string", "required": False})
    elif kind == "object" and spec.object_class() not in seen:
        inner = seen | {spec.object_class()}
        for f in spec.object_class().fields().values():
            if not f.spec.readonly:
                _flatten(f"{prefix}[{camel(f.name)}]", f.spec, inner, out)


def _may_be_empty(spec: TypeSpec) -> bool:
    """Whether a result of this type can travel as ``[]``: a null result, or an object whose fields are
    all left out when empty."""
    if spec.nullable:
        return True
    return spec.kind == "object" and all(f.spec.nullable for f in spec.object_class().fields().values())


def _query_type(spec: TypeSpec | None) -> str:
    if spec is None or spec.kind not in _SCALARS:
        return "string"
    return _SWAGGER_TYPES[spec.kind]


def _addresses_record(route: Route, client_params: list[ParamPlan]) -> bool:
    if route.params or route.plan.put_target is not None:
        return True
    if any(f.value.startswith("%") and f.value != "%customer_id%" for f in route.plan.forced):
        return True
    return any(pp.required and pp.spec.kind in ("int", "string") and (pp.wire == "id" or pp.wire.endswith("Id"))
               for pp in client_params)


def _path_suffix(url: str) -> str:
    out = []
    for segment in url.strip("/").split("/")[1:]:
        if segment.startswith(":"):
            out.append("By" + _upper_words(camel(segment[1:])))
        else:
            out.append(_upper_words(segment))
    return "".join(out)


def _base_path(scope: Scope) -> str:
    """The request path before ``/schema``: ``/rest/default``, ``/rest``, ``/index.php/rest/all``."""
    raw: bytes = scope.get("raw_path") or scope["path"].encode()
    path = raw.decode("latin-1").split("?", 1)[0].rstrip("/")
    return path[:-len("/schema")] if path.endswith("/schema") else path
