"""Extension attributes: typed keys that a package adds to another package's data interface.

A package declares them in ``etc/extension_attributes.xml``, the platform's file, naming the data
interface they extend (``for``), each key's ``code`` and ``type``, and the class that loads and saves
the values (``handler``):

    <config>
        <extension_attributes for="Magento\\Quote\\Api\\Data\\CartInterface">
            <attribute code="vdgift_note" type="string" handler="vdcommerce.modules.gift.extensions:CartNote"/>
        </extension_attributes>
    </config>

At start-up each declared code becomes a field (always nullable) of the interface's extension data
object (``...\\CartInterface`` -> ``...\\CartExtensionInterface``): requests that send it are
validated by its type, responses and the schema show it, and a code nobody declared stays a 400.
``type`` is ``string``, ``int``, ``float``, ``bool``, ``mixed``, a data interface name, or either
followed by ``[]``.

The package that owns the interface calls ``load`` when it writes records out and ``save`` when a
client sends extension attributes with a record; each handler is called once per request for all the
records at hand. Where a code has no handler, the owning package keeps the value itself (cart price
rules store their extension attributes with the rule); docs/architecture.md lists which interfaces
call handlers.
"""
from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Optional, Protocol

from .context import Context
from .data import DataObject
from .library_adapter import add_fields
from .packages import DeclarationError, Package, parse_xml, resolve

_SCALAR_TYPES: dict[str, Any] = {
    "string": str, "str": str, "int": int, "integer": int, "float": float, "double": float, "bool": bool,
    "boolean": bool, "mixed": Any,
}


class ExtensionHandler(Protocol):
    """Loads and saves the values of one extension attribute."""

    def load(self, ctx: Context, ids: list[Any]) -> dict[Any, Any]:
        """The values of these records (by record id); a record without a value may be left out."""
        ...

    def save(self, ctx: Context, record_id: Any, value: Any) -> None:
        """Store the value a client sent for this record (None: the client cleared it)."""
        ...


@dataclass(frozen=True)
class Declared:
    interface: str                  # the data interface extended (``for``)
    code: str
    type: str
    handler: ExtensionHandler | None
    package: str                    # the declaring package


def extension_interface(interface: str) -> str:
    """``Magento\\Quote\\Api\\Data\\CartInterface`` -> ``Magento\\Quote\\Api\\Data\\CartExtensionInterface``."""
    base = interface[:-len("Interface")] if interface.endswith("Interface") else interface
    return base + "ExtensionInterface"


def data_classes() -> dict[str, type[DataObject]]:
    """Every data object class by interface name (the first declared wins)."""
    out: dict[str, type[DataObject]] = {}
    stack: list[type[DataObject]] = [DataObject]
    while stack:
        cls = stack.pop()
        for sub in cls.__subclasses__():
            interface = getattr(sub, "__interface__", None)
            if interface and interface not in out:
                out[interface] = sub
            stack.append(sub)
    return out


def _annotation(type_name: str, classes: dict[str, type[DataObject]], where: str) -> Any:
    if type_name.endswith("[]"):
        return list[_annotation(type_name[:-2], classes, where)]  # type: ignore[misc]
    scalar = _SCALAR_TYPES.get(type_name.lower())
    if scalar is not None:
        return scalar
    cls = classes.get(type_name.lstrip("\\"))
    if cls is None:
        raise DeclarationError(f"{where}: unknown type {type_name!r}")
    return cls


def read(packages: Iterable[Package]) -> list[Declared]:
    """Every package's declarations, checked (a broken one stops start-up, naming its file)."""
    found: list[Declared] = []
    seen: dict[tuple[str, str], str] = {}
    for package in packages:
        path = package.etc("extension_attributes.xml")
        if path is None:
            continue
        for block in parse_xml(path).iter("extension_attributes"):
            interface = (block.get("for") or "").lstrip("\\")
            if not interface:
                raise DeclarationError(f"{path}: <extension_attributes> without 'for'")
            for attribute in block.iter("attribute"):
                code, type_name = attribute.get("code") or "", attribute.get("type") or ""
                if not code or not type_name:
                    raise DeclarationError(f"{path}: an attribute of {interface} needs 'code' and 'type'")
                key = (interface, code)
                if key in seen:
                    raise DeclarationError(f"{path}: {interface} extension attribute {code!r} is already declared "
                                           f"by {seen[key]}")
                seen[key] = package.name
                ref = attribute.get("handler")
                handler = resolve(ref, str(path))() if ref else None  # type: ignore[operator]
                found.append(Declared(interface, code, type_name, handler, package.name))
    return found


_declared: dict[str, list[Declared]] = {}


def apply(packages: Iterable[Package]) -> None:
    """Add every declared code to its extension data object (once per process, at start-up)."""
    declarations = read(packages)
    classes = data_classes()
    changed: set[type[DataObject]] = set()
    by_class: dict[type[DataObject], dict[str, Any]] = {}
    for d in declarations:
        where = f"{d.package}: etc/extension_attributes.xml"
        target = classes.get(extension_interface(d.interface))
        if target is None:
            raise DeclarationError(f"{where}: {d.interface} has no extension attributes")
        if d.code in target.fields():
            raise DeclarationError(f"{where}: {target.__interface__} already has a field {d.code!r}")
        by_class.setdefault(target, {})[d.code] = Optional[_annotation(d.type, classes, where)]
        _declared.setdefault(d.interface, []).append(d)
    for target, fields in by_class.items():
        add_fields(target, fields)
        changed.add(target)
    _rebuild_users(changed, classes.values())


def _rebuild_users(changed: set[type[DataObject]], classes: Iterable[type[DataObject]]) -> None:
    """Rebuild the validators of every data object that holds a changed one (children first)."""
    holders: dict[type[DataObject], set[type[DataObject]]] = {}
    for cls in classes:
        for f in cls.fields().values():
            spec = f.spec
            while spec.kind == "list" and spec.item is not None:
                spec = spec.item
            if spec.kind == "object" and spec.cls is not None and spec.cls is not cls:
                holders.setdefault(spec.cls, set()).add(cls)
    affected: list[type[DataObject]] = []
    todo = list(changed)
    while todo:
        cls = todo.pop(0)
        for holder in holders.get(cls, ()):
            if holder not in affected and holder not in changed:
                affected.append(holder)
                todo.append(holder)
    for cls in affected:  # breadth-first from the changed classes: what holds them comes after them
        cls.model_rebuild(force=True)


def declared(interface: str) -> list[Declared]:
    """The extension attributes other packages declared on this data interface."""
    return _declared.get(interface, [])


def load(ctx: Context, interface: str, ids: list[Any]) -> dict[Any, dict[str, Any]]:
    """``{record id: {code: value}}`` from the handlers of the interface's declared codes."""
    out: dict[Any, dict[str, Any]] = {}
    for d in _declared.get(interface, ()):
        if d.handler is None or not ids:
            continue
        for record_id, value in d.handler.load(ctx, ids).items():
            if value is not None:
                out.setdefault(record_id, {})[d.code] = value
    return out


def save(ctx: Context, interface: str, record_id: Any, extension: DataObject | None) -> dict[str, Any]:
    """Hand each sent code that has a handler to it; answer the sent codes that have none (for the
    owning package to keep)."""
    if extension is None:
        return {}
    sent = extension.sent()
    kept: dict[str, Any] = {}
    handlers = {d.code: d.handler for d in _declared.get(interface, ())}
    for code, value in sent.items():
        handler = handlers.get(code)
        if handler is not None:
            handler.save(ctx, record_id, value)
        else:
            kept[code] = value
    return kept


@functools.cache
def codes_kept_by_owner(interface: str) -> frozenset[str]:
    """The declared codes of this interface that no handler loads: the owning package keeps them."""
    return frozenset(d.code for d in _declared.get(interface, ()) if d.handler is None)
