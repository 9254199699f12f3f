"""Reading the packages' declarations: etc/webapi.xml, etc/acl.xml, etc/config.xml.

The packages are the platform's (``vdcommerce/platform/*``) and the vendor modules'
(``vdcommerce/modules/*``), in that order, so that a module route replaces the platform's one with the
same method and path. A broken declaration raises ``DeclarationError`` at start-up.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

from ..framework.packages import DeclarationError, Package, discover_packages, load_packages, read_config_defaults
from ..framework.packages import parse_xml as _parse

__all__ = [
    "DeclarationError", "Package", "discover_packages", "load_packages", "read_config_defaults",
    "ParamDecl", "RouteDecl", "read_routes", "AclNode", "read_acl",
]


# --------------------------------------------------------------------------- webapi.xml

@dataclass
class ParamDecl:
    name: str
    value: str
    force: bool


@dataclass
class RouteDecl:
    method: str
    url: str
    interface: str
    service_method: str
    resources: list[str]
    params: list[ParamDecl] = field(default_factory=list)
    secure: bool = False
    input_array_limit: int | None = None
    source: str = ""
    #: an anonymous route that a guest (no token) may call only while this configuration flag is on
    #: (``guest-access="webapi/webapisecurity/allow_insecure"``); any token always may
    guest_access: str | None = None
    #: on PUT: the field of the data object that the last path parameter identifies, where it is not
    #: the field of the same name (``id-field="id"`` on ``/V1/x/item/:entityId`` when ``entity_id`` is
    #: a reference to another record)
    id_field: str | None = None


def read_routes(package: Package) -> list[RouteDecl]:
    path = package.etc("webapi.xml")
    if path is None:
        return []
    root = _parse(path)
    if root.tag != "routes":
        raise DeclarationError(f"{path}: the root element must be <routes>")
    routes: list[RouteDecl] = []
    for i, el in enumerate(root.findall("route"), 1):
        where = f"{path}: route #{i}"
        url, method = el.get("url"), (el.get("method") or "").upper()
        if not url or method not in ("GET", "POST", "PUT", "DELETE"):
            raise DeclarationError(f"{where}: needs url and a method of GET, POST, PUT, DELETE")
        svc = el.find("service")
        interface = svc.get("class") if svc is not None else None
        service_method = svc.get("method") if svc is not None else None
        if not interface or not service_method:
            raise DeclarationError(f"{where} ({method} {url}): needs <service class=... method=...>")
        resources = [r.get("ref") or "" for r in el.findall("resources/resource")]
        if not resources or not all(resources):
            raise DeclarationError(f"{where} ({method} {url}): needs at least one <resource ref=...>")
        params = []
        for p in el.findall("data/parameter"):
            name = p.get("name")
            if not name:
                raise DeclarationError(f"{where} ({method} {url}): <parameter> without name")
            params.append(ParamDecl(name, (p.text or "").strip(), p.get("force", "false").lower() == "true"))
        limit = el.get("input-array-size-limit")
        routes.append(RouteDecl(method, "/" + url.strip().lstrip("/"), interface, service_method,
                                resources, params, el.get("secure", "false").lower() == "true",
                                int(limit) if limit else None, f"{path}", el.get("guest-access") or None,
                                el.get("id-field") or None))
    return routes


# --------------------------------------------------------------------------- acl.xml

@dataclass
class AclNode:
    id: str
    title: str
    parent: str | None
    children: list[str] = field(default_factory=list)


def read_acl(packages: list[Package]) -> dict[str, AclNode]:
    """Merge every package's ACL tree into one (a node may be repeated to hang children on it)."""
    nodes: dict[str, AclNode] = {}

    def walk(el: ET.Element, parent: str | None, path: Path) -> None:
        rid = el.get("id")
        if not rid:
            raise DeclarationError(f"{path}: <resource> without id")
        node = nodes.get(rid)
        if node is None:
            node = nodes[rid] = AclNode(rid, el.get("title", rid), parent)
            if parent:
                nodes[parent].children.append(rid)
        elif parent and node.parent != parent:
            raise DeclarationError(f"{path}: resource {rid} is declared under {parent} and under {node.parent}")
        elif title := el.get("title"):
            node.title = title
        for child in el.findall("resource"):
            walk(child, rid, path)

    for package in packages:
        path = package.etc("acl.xml")
        if path is None:
            continue
        root = _parse(path)
        top = root.find("acl/resources")
        if top is None:
            raise DeclarationError(f"{path}: expected <config><acl><resources>")
        for el in top.findall("resource"):
            walk(el, None, path)
    return nodes
