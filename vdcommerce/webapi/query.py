"""Query strings in PHP bracket syntax."""
from __future__ import annotations

import re
from typing import Any
from urllib.parse import unquote_plus

from ..framework.data import digits
from .errors import WebapiException

_KEY = re.compile(r"\[([^\[\]]*)\]")


MAX_DEPTH = 64  # the default of VDC_MAX_JSON_DEPTH, the body's limit


def parse_query(qs: str, max_depth: int = MAX_DEPTH) -> dict[str, Any]:
    """``a[b][0][c]=v&a[]=x`` -> nested dicts; dicts whose keys are all integers become lists.
    A name nested deeper than ``max_depth`` (counted as a JSON body is, the top level being 1) is
    refused as a body that deep is: 400 ``Decoding error.``"""
    if not qs:
        return {}
    root: dict[str, Any] = {}
    for pair in qs.split("&"):
        if not pair:
            continue
        name, _, value = pair.partition("=")
        name = unquote_plus(name)
        value = unquote_plus(value)
        bracket = name.find("[")
        if bracket <= 0:
            if name:
                root[name] = value
            continue
        keys = [name[:bracket]]
        rest = name[bracket:]
        pos = 0
        for m in _KEY.finditer(rest):
            if m.start() != pos:
                break
            keys.append(m.group(1))
            pos = m.end()
            if len(keys) > max_depth:
                raise WebapiException("Decoding error.")
        node = root
        for i, key in enumerate(keys[:-1]):
            child = node.get(key) if isinstance(node, dict) else None
            if not isinstance(child, dict):
                child = {}
                node[key if key != "" else _next_index(node)] = child
            node = child
        last = keys[-1]
        node[last if last != "" else _next_index(node)] = value
    # the top level stays a map of parameter names, even when they all look like indexes (``?0=x``)
    return {k: _listify(v) for k, v in root.items()}


def _next_index(node: dict[str, Any]) -> str:
    n = 0
    for k in node:
        if isinstance(k, str) and digits(k):
            n = max(n, int(k) + 1)
    return str(n)


def _listify(node: Any) -> Any:
    if not isinstance(node, dict):
        return node
    converted = {k: _listify(v) for k, v in node.items()}
    if converted and all(isinstance(k, str) and digits(k) for k in converted):
        return [converted[k] for k in sorted(converted, key=int)]
    return converted
