"""The Swagger 2.0 schema rewritten as OpenAPI 3.1 (``/rest/<store>/schema?format=openapi3``), for
the code generators that no longer read Swagger 2.0. The same operations, parameters and
definitions; only the document's shape changes:

- ``host``, ``basePath`` and ``schemes`` become one ``servers`` entry;
- ``definitions`` become ``components/schemas`` (and every ``$ref`` follows);
- a ``body`` parameter becomes the ``requestBody`` (``application/json``);
- query and path parameters carry their type in ``schema``; ``collectionFormat: multi`` is
  ``style: form, explode: true``;
- the bearer token is an ``http`` ``bearer`` security scheme;
- a field marked ``x-nullable`` admits ``null`` (``"type": ["string", "null"]``, or ``anyOf`` a
  reference and ``null``); a ``200`` marked ``x-empty-array`` admits ``[]`` besides its schema.
"""
from __future__ import annotations

from typing import Any

_JSON = "application/json"
_PARAMETER_TYPE_KEYS = ("type", "items", "enum", "format", "default")
_EMPTY_ARRAY = {"type": "array", "maxItems": 0}


def _refs(value: Any) -> Any:
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if k == "$ref" and isinstance(v, str) and v.startswith("#/definitions/"):
                out[k] = "#/components/schemas/" + v[len("#/definitions/"):]
            elif k != "x-nullable":
                out[k] = _refs(v)
        if value.get("x-nullable") is True:
            return _or_null(out)
        return out
    if isinstance(value, list):
        return [_refs(v) for v in value]
    return value


def _or_null(schema: dict[str, Any]) -> dict[str, Any]:
    """A schema that admits null too (Swagger 2.0's ``x-nullable``)."""
    if "$ref" in schema:
        rest = {k: v for k, v in schema.items() if k != "$ref"}
        return {"anyOf": [{"$ref": schema["$ref"]}, {"type": "null"}], **rest}
    if isinstance(schema.get("type"), str):
        return {**schema, "type": [schema["type"], "null"]}
    return schema


def _parameter(p: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"name": p["name"], "in": p["in"], "required": bool(p.get("required", False))}
    if "description" in p:
        out["description"] = p["description"]
    out["schema"] = {k: p[k] for k in _PARAMETER_TYPE_KEYS if k in p}
    if p.get("collectionFormat") == "multi":
        out["style"], out["explode"] = "form", True
    return out


def _operation(op: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {k: op[k] for k in ("tags", "description", "operationId") if k in op}
    parameters = []
    for p in op.get("parameters", []):
        if p["in"] == "body":
            out["requestBody"] = {"required": True, "content": {_JSON: {"schema": _refs(p["schema"])}}}
        else:
            parameters.append(_parameter(p))
    if parameters:
        out["parameters"] = parameters
    responses = {}
    for code, response in op.get("responses", {}).items():
        r: dict[str, Any] = {"description": response.get("description", "")}
        if response.get("schema") == {"type": "string", "format": "binary"}:  # a download
            r["content"] = {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}
        elif "schema" in response:
            schema = _refs(response["schema"])
            if response.get("x-empty-array"):  # an empty result travels as []
                schema = {"anyOf": [schema, _EMPTY_ARRAY]}
            r["content"] = {_JSON: {"schema": schema}}
        responses[code] = r
    out["responses"] = responses
    if "security" in op:
        out["security"] = op["security"]
    return out


def to_openapi3(doc: dict[str, Any]) -> dict[str, Any]:
    scheme = (doc.get("schemes") or ["http"])[0]
    return {
        "openapi": "3.1.0",
        "info": doc["info"],
        "servers": [{"url": f"{scheme}://{doc['host']}{doc.get('basePath', '')}"}],
        "security": doc.get("security", []),
        "tags": doc.get("tags", []),
        "paths": {path: {method: _operation(op) for method, op in ops.items()}
                  for path, ops in doc.get("paths", {}).items()},
        "components": {
            "schemas": _refs(doc.get("definitions", {})),
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer",
                                           "description": "An admin, customer or integration access token."}},
        },
    }
