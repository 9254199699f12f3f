"""Partial responses: ``?fields=email,addresses[city]``."""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

_ALLOWED = re.compile(r"[A-Za-z0-9_\[\],]+")

Spec = dict[str, "Spec | None"]


@lru_cache(maxsize=256)
def parse_fields(text: str) -> Spec | None:
    """The filter as a tree; None when malformed."""
    if not _ALLOWED.fullmatch(text):
        return None
    stack: list[Spec] = [{}]
    name = ""
    last: str | None = None
    for ch in text:
        if ch == ",":
            if name:
                stack[-1][name] = None
                last = name
            name = ""
        elif ch == "[":
            key = name or last
            if not key:
                return None
            child: Spec = {}
            stack[-1][key] = child
            stack.append(child)
            name = ""
            last = None
        elif ch == "]":
            if name:
                stack[-1][name] = None
            name = ""
            if len(stack) == 1:
                return None
            stack.pop()
            last = None
        else:
            name += ch
    if len(stack) != 1:
        return None
    if name:
        stack[0][name] = None
    return stack[0]


def apply_fields(value: Any, spec: Spec) -> Any:
    if isinstance(value, list):
        return [apply_fields(v, spec) for v in value]
    if not isinstance(value, dict):
        return value
    out = {}
    for key, sub in spec.items():
        if key in value:
            out[key] = value[key] if sub is None else apply_fields(value[key], sub)
    return out


def filter_output(value: Any, text: str) -> Any:
    """Apply a ``fields`` filter to a response value; ``[]`` when nothing is left."""
    if not isinstance(value, (dict, list)):
        return value
    spec = parse_fields(text)
    if not spec:
        return []
    out = apply_fields(value, spec)
    return out if out else []
