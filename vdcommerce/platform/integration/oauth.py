"""OAuth 1.0a request signatures of integrations (RFC 5849)."""
from __future__ import annotations

import base64
import hashlib
import hmac
import re
from urllib.parse import quote, unquote

_PARAM = re.compile(r'(\w+)="([^"]*)"')
_ALGORITHMS = {"HMAC-SHA1": hashlib.sha1, "HMAC-SHA256": hashlib.sha256}


def parse_header(header: str) -> dict[str, str] | None:
    scheme, _, rest = header.partition(" ")
    if scheme.lower() != "oauth":
        return None
    return {k: unquote(v) for k, v in _PARAM.findall(rest)}


def _enc(s: str) -> str:
    return quote(s, safe="~-._")


def base_string(method: str, base_url: str, query_pairs: list[tuple[str, str]], oauth_params: dict[str, str]) -> str:
    pairs = [(k, v) for k, v in query_pairs]
    pairs += [(k, v) for k, v in oauth_params.items() if k not in ("oauth_signature", "realm")]
    # RFC 5849 3.4.1.3.2: the encoded (name, value) pairs sort by name, then by value; sorting the
    # joined "name=value" strings would put "a%5Bb%5D=1" before "a=" ("%" sorts before "=")
    normalized = "&".join(f"{k}={v}" for k, v in sorted((_enc(k), _enc(v)) for k, v in pairs))
    return "&".join((method.upper(), _enc(base_url), _enc(normalized)))


def signature(method_name: str, base: str, consumer_secret: str, token_secret: str) -> str | None:
    algo = _ALGORITHMS.get(method_name.upper())
    if algo is None:
        return None
    key = f"{_enc(consumer_secret)}&{_enc(token_secret)}".encode()
    return base64.b64encode(hmac.new(key, base.encode(), algo).digest()).decode()


def base_url(scheme: str, host: str, path: str) -> str:
    scheme = scheme.lower()
    host = host.lower()
    if (scheme == "http" and host.endswith(":80")) or (scheme == "https" and host.endswith(":443")):
        host = host.rsplit(":", 1)[0]
    return f"{scheme}://{host}{path}"
