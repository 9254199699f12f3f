"""Cross-origin requests from browser pages (``VDC_CORS_ORIGINS``; off when empty).

A preflight (``OPTIONS`` with ``Origin`` and ``Access-Control-Request-Method``) from an allowed
origin is answered 204 with the methods and headers the API takes; any response to an allowed
origin carries ``Access-Control-Allow-Origin`` and exposes ``X-Request-Id``. Bearer tokens travel in
a header, not in cookies, so credentials are not allowed.
"""
from __future__ import annotations

import orjson

Headers = list[tuple[bytes, bytes]]

_METHODS = b"GET, POST, PUT, DELETE, OPTIONS"
_HEADERS = b"Authorization, Content-Type, Accept, X-Request-Id"
_MAX_AGE = b"600"


class Cors:
    def __init__(self, origins: str) -> None:
        names = {o.strip().rstrip("/") for o in origins.split(",") if o.strip()}
        self.any = "*" in names
        self.origins = frozenset(n.lower() for n in names - {"*"})
        self.enabled = bool(names)

    def allowed(self, origin: str | None) -> bool:
        return origin is not None and origin != "" and (self.any or origin.lower() in self.origins)

    @staticmethod
    def is_preflight(method: str, headers: dict[str, str]) -> bool:
        return method == "OPTIONS" and "origin" in headers and "access-control-request-method" in headers

    def preflight(self, headers: dict[str, str]) -> tuple[int, bytes, Headers]:
        origin = headers.get("origin")
        if not self.allowed(origin):
            body = orjson.dumps({"message": "Origin %1 is not allowed.", "parameters": [origin or ""]})
            return 403, body, [(b"content-type", b"application/json; charset=utf-8")]
        return 204, b"", [(b"access-control-allow-methods", _METHODS),
                          (b"access-control-allow-headers", _HEADERS),
                          (b"access-control-max-age", _MAX_AGE)]  # the origin headers follow, as on every answer

    def response_headers(self, headers: dict[str, str]) -> Headers:
        origin = headers.get("origin")
        if not self.enabled or not origin or not self.allowed(origin):
            return []
        return [(b"access-control-allow-origin", b"*" if self.any else origin.encode("latin-1")),
                (b"access-control-expose-headers", b"X-Request-Id"),
                (b"vary", b"Origin")]
