"""What the synchronous and the async/bulk processors both read from an HTTP request: headers,
scheme, Accept, and the JSON body."""
from __future__ import annotations

import re
from typing import Any

import orjson

from .errors import WebapiException

Scope = dict[str, Any]                      # the ASGI connection scope
HeaderList = list[tuple[bytes, bytes]]
Response = tuple[int, bytes, HeaderList]    # status, body, headers

JSON_HEADERS: HeaderList = [(b"content-type", b"application/json; charset=utf-8")]
_CONTENT_TYPE = re.compile(r"\s*([A-Za-z0-9!#$&^_.+-]+/[A-Za-z0-9!#$&^_.+-]+)\s*(;.*)?\Z", re.S)


def not_acceptable(accept: str) -> WebapiException:
    return WebapiException('Server cannot match any of the given Accept HTTP header media type(s) from the request: "%1" with media types from the config of response renderer.',
                           [accept], status=406)


def headers_of(scope: Scope) -> dict[str, str]:
    """The request's headers by lower-case name, read once per request (kept in the scope)."""
    headers: dict[str, str] | None = scope.get("vdc.headers")
    if headers is None:
        headers = scope["vdc.headers"] = {k.decode("latin-1").lower(): v.decode("latin-1")
                                          for k, v in scope.get("headers", ())}
    return headers


def scheme(scope: Scope, headers: dict[str, str], trust_proxy: bool) -> str:
    if trust_proxy and headers.get("x-forwarded-proto"):
        return headers["x-forwarded-proto"].split(",")[0].strip().lower()
    return str(scope.get("scheme", "http"))


def client_address(scope: Scope, headers: dict[str, str], trust_proxy: bool) -> str | None:
    """The caller's IP address: the connection's peer, or behind a trusted proxy the address that proxy
    saw (the last entry of ``X-Forwarded-For``, the one a client cannot forge)."""
    if trust_proxy:
        forwarded = headers.get("x-forwarded-for")
        if forwarded:
            return forwarded.rsplit(",", 1)[-1].strip() or None
    client = scope.get("client")
    return str(client[0]) if client else None


def accepts_json(accept: str) -> bool:
    for part in accept.split(","):
        media = part.split(";")[0].strip().lower()
        if media in ("*/*", "application/*", "application/json", ""):
            return True
    return False


def decode_body(body: bytes, content_type: str | None, too_big: bool, max_depth: int, array: bool = False) -> Any:
    """Content type, charset, JSON, object (``array``: a list, for bulk requests)."""
    if not body and not too_big:
        return [] if array else {}
    if not content_type:
        raise WebapiException("Content-Type header is empty.")
    m = _CONTENT_TYPE.match(content_type)
    if not m:
        raise WebapiException("Content-Type header is invalid.")
    media = m.group(1).lower()
    if m.group(2):
        for param in m.group(2).split(";")[1:]:
            name, _, value = param.partition("=")
            if name.strip().lower() == "charset" and value.strip().strip('"').lower() not in ("utf-8", "utf8"):
                raise WebapiException("UTF-8 is the only supported charset.")
    if media != "application/json":
        raise WebapiException("Server cannot understand Content-Type HTTP header media type %1", [media])
    if too_big:
        raise WebapiException("Decoding error.")
    try:
        data = orjson.loads(body)
    except orjson.JSONDecodeError:
        raise WebapiException("Decoding error.") from None
    if body.count(b"[") + body.count(b"{") > max_depth and _depth(data) > max_depth:
        raise WebapiException("Decoding error.")
    if array:
        if not isinstance(data, list):
            raise WebapiException("The request body must be a JSON array.")
    elif not isinstance(data, dict):
        raise WebapiException("The request body must be a JSON object.")
    return data


def _depth(value: Any) -> int:
    deepest, stack = 0, [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict):
            deepest = max(deepest, d)
            stack.extend((x, d + 1) for x in v.values())
        elif isinstance(v, list):
            deepest = max(deepest, d)
            stack.extend((x, d + 1) for x in v)
    return deepest
